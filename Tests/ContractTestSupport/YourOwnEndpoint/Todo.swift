// The to-do app of docs/your-own-endpoint.md, `Sources/Todo/Todo.swift`, as the page shows it
// (`public` is `package` here). ExampleAppTests holds the two to each other.

import Foundation

/// One thing to do, as the to-do API sends it.
package struct Todo: Codable, Equatable, Sendable {
    package var id: Int
    package var title: String
    package var done: Bool
    /// When it is due (`due_at`, ISO 8601: `2026-12-01T09:00:00Z`).
    package var dueAt: Date
    /// Free text, when there is some.
    package var notes: String?
}

/// A to-do to create, as the client sends it (`POST lists/NAME/todos`).
package struct NewTodo: Codable, Equatable, Sendable {
    package var title: String
    package var dueAt: Date
    package var notes: String?

    package init(title: String, dueAt: Date, notes: String? = nil) {
        self.title = title
        self.dueAt = dueAt
        self.notes = notes
    }
}

/// The to-do API's address and coding, shared by the client and the contract tool.
package enum TodoAPI {
    package static let baseURL = URL(string: "https://todo.example.com/v1/")!

    @Sendable package static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    @Sendable package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
