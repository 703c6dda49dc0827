import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The to-do list as an SDK whose models are classes declares it: `[Item]`, where an item is
    /// `Codable`, not `Sendable`, and `Hashable` by its identity (as MastodonKit's `Status` is), so
    /// no two decodes are `==` and replay holds the client to the response by the value's encoded
    /// JSON; with a client that has a bug.
    package enum Classes {
        /// A to-do, as a class.
        package final class Item: Codable, Hashable {
            package let id: Int
            package let title: String
            /// Optional: its mutants (removed, `null`) still decode.
            package let note: String?

            init(id: Int, title: String, note: String?) {
                self.id = id
                self.title = title
                self.note = note
            }

            package static func == (lhs: Item, rhs: Item) -> Bool {
                ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
            }

            package func hash(into hasher: inout Hasher) {
                hasher.combine(ObjectIdentifier(self))
            }
        }

        /// `[Item]`, named as the list's model.
        package static let items = ModelDescriptor(
            [Item].self, name: "[Todo]", makeDecoder: makeDecoder, makeEncoder: makeEncoder)

        /// `GET todos` into `[Item]`; `shouts` is the bug of a client that upper-cases every title.
        package static func list(shouts: Bool = false) -> Endpoint {
            Endpoint(
                name: TodoApp.list.name, model: items, baseURL: serverURL,
                mapError: { (_: any Error) in APIError.invalidData },
                call: { call in
                    let url = (call.baseURL ?? serverURL).appendingPathComponent("todos")
                    let (data, _) = try await call.data(for: URLRequest(url: url))
                    let read = try makeDecoder().decode([Item].self, from: data)
                    return shouts ? read.map { Item(id: $0.id, title: $0.title.uppercased(), note: $0.note) } : read
                })
        }

        /// The catalogue of the list over a client of it.
        package static func catalogue(shouts: Bool = false) -> Catalogue {
            Catalogue(name: "todo", endpoints: [list(shouts: shouts)], models: [items])
        }
    }
}
