import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The page's to-do list as an SDK whose models are classes declares it: `[Item]`, where an
    /// item is the page's `Todo` as a class, `Codable`, not `Sendable`, and `Hashable` by its
    /// identity (as MastodonKit's `Status` is), so no two decodes are `==` and replay holds the
    /// client to the response by the value's encoded JSON; with a client that has a bug.
    package enum Classes {
        /// A to-do, as a class: the page's `Todo`'s fields.
        package final class Item: Codable, Hashable {
            package let id: Int
            package let title: String
            package let done: Bool
            package let dueAt: Date
            /// Optional: its mutants (removed, `null`) still decode.
            package let notes: String?

            init(id: Int, title: String, done: Bool, dueAt: Date, notes: String?) {
                self.id = id
                self.title = title
                self.done = done
                self.dueAt = dueAt
                self.notes = notes
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

        /// `GET lists/NAME/todos`, the page's list, into `[Item]`; `shouts` is the bug of a client
        /// that upper-cases every title.
        package static func list(shouts: Bool = false) -> Endpoint {
            Endpoint(
                name: TodoApp.list.name, model: items, parameters: TodoApp.list.parameters, baseURL: serverURL,
                mapError: { (_: any Error) in APIError.invalidData },
                call: { call in
                    let path = "lists/\(call.string("list") ?? "")/todos"
                    let (data, _) = try await call.data(
                        for: URLRequest(url: (call.baseURL ?? serverURL).appendingPathComponent(path)))
                    let read = try makeDecoder().decode([Item].self, from: data)
                    return shouts
                        ? read.map {
                            Item(
                                id: $0.id, title: $0.title.uppercased(), done: $0.done, dueAt: $0.dueAt, notes: $0.notes
                            )
                        } : read
                })
        }

        /// The catalogue of the list over a client of it.
        package static func catalogue(shouts: Bool = false) -> Catalogue {
            Catalogue(name: "todo", endpoints: [list(shouts: shouts)], models: [items])
        }
    }
}
