import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// `ByteSpool` on its own, and the writes planned from it: what `mutate --mutants` promises about
/// the bodies it keeps on disk until the run writes them.
@Suite("byte spool")
struct ByteSpoolTests {
    @Test("pieces kept from several threads read back as they were, in any order")
    func readsBack() async {
        let spool = ByteSpool()
        let pieces = (0..<200).map { index in Data(String(repeating: "body \(index) ", count: index % 37 + 1).utf8) }
        let slices = await withTaskGroup(of: (Int, ByteSpool.Slice).self) { group in
            for (index, piece) in pieces.enumerated() { group.addTask { (index, spool.append(piece)) } }
            var slices: [Int: ByteSpool.Slice] = [:]
            for await (index, slice) in group { slices[index] = slice }
            return slices
        }
        for index in pieces.indices.reversed() {
            #expect(slices[index]?.bytes() == pieces[index])
        }
        #expect(spool.append(Data()).bytes() == Data())
    }

    @Test("a plan of spooled files writes their bytes, and a second run finds nothing to change")
    func writesSpooledFiles() throws {
        let folder = try SuiteFolder()
        let spool = ByteSpool()
        var changes = FileChanges()
        for index in 0..<3 {
            changes.write(
                spool.append(Data("{\"n\": \(index)}".utf8)),
                to: folder.url.appendingPathComponent("mutants/000\(index).body"), display: "mutants/000\(index).body")
        }
        let writer = SuiteWriter(root: folder.url, temporaries: .init(), waiting: {})
        #expect(try writer.write(changes) == ["mutants/0000.body", "mutants/0001.body", "mutants/0002.body"])
        #expect(String(decoding: try folder.read("mutants/0002.body"), as: UTF8.self) == "{\"n\": 2}")
        #expect(try writer.write(changes).isEmpty)
    }
}
