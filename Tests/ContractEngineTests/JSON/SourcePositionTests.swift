import Foundation
import Testing

@testable import ContractEngine

@Suite("byte offsets to lines and columns")
struct SourcePositionTests {
    @Test("offsets in any order get the line and column of their byte, newlines counted before it only")
    func positions() {
        let text = Data("ab\n\ncd\nef".utf8)
        let found = SourcePosition.positions(of: [8, 0, 2, 3, 4, 9, 100, -1], in: text)
        let expected: [[Int]] = [[4, 2], [1, 1], [1, 3], [2, 1], [3, 1], [4, 3], [4, 3], [1, 1]]
        #expect(found.map { [$0.line, $0.column] } == expected)
    }

    @Test("columns on the first line start after a byte-order mark, and a long line is one line")
    func markAndLongLine() {
        let text = Data([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(SourcePosition.positions(of: [4], in: text).map(\.column) == [2])
        let long = Data((String(repeating: "x", count: 5000) + "\ny").utf8)
        #expect(
            SourcePosition.positions(of: [4999, 5001], in: long).map { [$0.line, $0.column] } == [[1, 5000], [2, 1]])
    }

    @Test("an offset converts back to the same byte")
    func roundTrip() {
        let bytes = Array("one\ntwo\n\nthree".utf8)
        for offset in bytes.indices {
            let position = SourcePosition.positions(of: [offset], in: Data(bytes))[0]
            #expect(SourcePosition.offset(of: position, in: bytes) == offset)
        }
    }
}
