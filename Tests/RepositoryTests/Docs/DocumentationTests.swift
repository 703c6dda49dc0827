import ContractTestSupport
import Foundation
import Testing

/// The README is a front door into `docs/`: short, and every link in it and in the docs resolves.
@Suite("documentation")
struct DocumentationTests {
    static let root = Repository.root

    /// README.md and every Markdown file under docs/.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    /// The targets of `[text](target)` links outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        var links: [String] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard !inBlock else { continue }
            // Code spans may hold brackets and parentheses that are not links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let close = rest.range(of: "](") {
                let after = rest[close.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                links.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        return links
    }

    /// GitHub's anchor for a heading: lowercased, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_"
                    ? character : nil
            })
    }

    @Test("every relative link in the README and docs/ names a file that exists, and an anchor a heading in it")
    func linksResolve() throws {
        var broken: [String] = []
        var checked = 0
        for document in try Self.documents() {
            let folder = (document as NSString).deletingLastPathComponent
            for link in Self.links(in: try Self.text(document))
            where !link.contains("://") && !link.hasPrefix("mailto:") {
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? document : ((folder.isEmpty ? "" : folder + "/") + parts[0])
                let normalized = URL(fileURLWithPath: file, relativeTo: Self.root).standardizedFileURL
                guard FileManager.default.fileExists(atPath: normalized.path) else {
                    broken.append("\(document): \(link): no such file")
                    continue
                }
                if parts.count == 2, normalized.pathExtension == "md" {
                    let headings = String(decoding: try Data(contentsOf: normalized), as: UTF8.self).split(
                        separator: "\n"
                    )
                    .filter { $0.hasPrefix("#") }.map {
                        Self.anchor($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
                    }
                    if !headings.contains(parts[1]) { broken.append("\(document): \(link): no such heading") }
                }
            }
        }
        #expect(checked >= 20, "the links were found: \(checked)")
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    @Test("the link reader finds links in prose and not in code")
    func readerSelfCheck() {
        let text = "See [a](docs/a.md) and `[b](c)`.\n```\n[d](e)\n```\n[f](g.md#h)"
        #expect(Self.links(in: text) == ["docs/a.md", "g.md#h"])
        #expect(Self.anchor("What `verify` checks") == "what-verify-checks")
    }

    @Test("the README is a front door: at most 200 lines")
    func readmeShort() throws {
        #expect(try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count <= 200)
    }

    @Test("the README says why swift test prints known issues and XCTest's Executed 0 tests, while both are true")
    func readmeExplainsTestOutput() throws {
        let readme = try Self.text("README.md")
        let tests = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Tests").path)
            .filter { $0.hasSuffix(".swift") }.map { try Self.text("Tests/" + $0) }.joined(separator: "\n")
        #expect(tests.contains("withKnownIssue"))
        #expect(readme.contains("known issues") && readme.contains("`withKnownIssue`"))
        #expect(!tests.contains(": XCTest" + "Case"))
        #expect(readme.contains("\"Executed 0 tests\""))
    }

    @Test("the folder the docs export into is one git ignores, so following them leaves a clean checkout")
    func exportsIgnored() throws {
        let ignored = Set(try Self.text(".gitignore").split(separator: "\n").map(String.init))
        var folders: Set<String> = []
        for document in try Self.documents() {
            for line in try Self.text(document).split(separator: "\n") {
                var words = line.split(separator: " ")[...]
                while let word = words.popFirst() {
                    // `--out DIR` in a synopsis names no folder; `--out build/pacts` does.
                    guard word == "--out", let path = words.first, path.contains("/"), path.first != "$" else {
                        continue
                    }
                    folders.insert(String(path.prefix { $0 != "/" }))
                }
            }
        }
        #expect(folders == ["build"], "the docs export into \(folders.sorted())")
        for folder in folders {
            #expect(ignored.contains(folder + "/") || ignored.contains("/" + folder + "/"), "\(folder)/ in .gitignore")
        }
    }
}
