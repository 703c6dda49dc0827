import Foundation

/// One pass over a body's bytes, before any parser sees it: finds nesting deeper than the limit,
/// the object keys by where they sit (array elements collapsed), and the byte ranges of the
/// elements of a top-level array.
///
/// Foundation's parser and decoder recurse per level, and on some platforms a body nested a few
/// hundred thousand levels deep exhausts the stack; this scan keeps its own stack on the heap.
/// It builds no tree and, on bytes that are not JSON, returns some answer without crashing or
/// looping.
struct BodyScan {
    /// A place in the body's shape: the root, the elements of an array, or a key of an object.
    struct Node: Equatable {
        /// The node this one sits in; `nil` for the root.
        var parent: Int?
        /// The key, with escapes resolved; `nil` for the root and for array elements.
        var key: String?
        /// The byte offset of the key's first occurrence (its opening quote).
        var firstOffset: Int
        /// The top-level array element the key first occurs in; 0 when the root is not an array.
        var firstElement: Int
        /// How many times the key occurs.
        var occurrences: Int
        /// The key's hash with the process's seed, the same for the same key in every body;
        /// 0 for the root and for array elements.
        var keyHash: Int = 0
    }

    /// Every node, parents before their children; node 0 is the root.
    private(set) var nodes: [Node] = []
    /// How a body refused for its nesting is reported.
    static let tooDeepMessage =
        "body nests arrays and objects deeper than \(JSONParser.defaultMaxDepth) levels; refused before decoding"

    /// Where the first bracket deeper than the limit is, if one is.
    private(set) var tooDeep: SourcePosition?
    /// When the root is an array, the offsets of its `[`, of each `,` between its elements, and of
    /// its `]`: element `i` lies between separators `i` and `i + 1`.
    private(set) var rootSeparators: [Int] = []

    /// What the scan keeps of each node while it runs, in one array so that a small body costs
    /// few allocations. Records in an array repeat their keys in the same order, so each node
    /// remembers the key that followed it last time and a lookup is usually one comparison, not
    /// a hash.
    private struct Record {
        var parent: Int
        var keyStart: Int  // the raw key bytes in `keyBytes`
        var keyEnd: Int
        var offset: Int
        var element: Int
        var elementNode = -1  // the node of this one's elements, once an array is seen
        var firstKey = -1  // guess for the first key of an object here
        var nextKey = -1  // guess for the key after this one
        var occurrences = 0
        var keyHash = 0  // the key bytes hashed with the process's seed
    }
    private var records: [Record] = []
    private var keyBytes: [UInt8] = []
    /// The key nodes by parent and key bytes: an open-addressing table of node indices plus one
    /// (0 is empty). A key's bytes are hashed once, with the process's seeded `Hasher`, so a lookup
    /// copies nothing and hostile keys cannot be made to collide; the parent is mixed in after.
    private var childSlots: [Int] = []
    private var keyNodes: [Int] = []

    private struct Frame {
        let node: Int
        let isObject: Bool
        var lastKey: Int
        var expectingKey: Bool
    }

    /// What the scan does with each byte: most bytes (whitespace, digits, letters) are skipped.
    private static let byteClass: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "\""): 1
        case UInt8(ascii: "{"): 2
        case UInt8(ascii: "["): 3
        case UInt8(ascii: ","): 4
        case UInt8(ascii: "}"), UInt8(ascii: "]"): 5
        default: 0
        }
    }

    /// Scans a body.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - maxDepth: The deepest nesting allowed.
    init(_ data: Data, maxDepth: Int = JSONParser.defaultMaxDepth) {
        records.reserveCapacity(32)
        keyBytes.reserveCapacity(256)
        addNode(parent: -1, key: 0..<0, offset: 0, element: 0)
        data.withUnsafeBytes { scan($0, maxDepth: maxDepth) }
        // Only keys are counted; the root and element nodes never are.
        nodes = records.indices.map { index in
            let record = records[index]
            guard record.occurrences > 0 else {
                return Node(
                    parent: record.parent < 0 ? nil : record.parent, key: nil, firstOffset: record.offset,
                    firstElement: record.element, occurrences: 0)
            }
            let (key, hash) = keyText(record)
            return Node(
                parent: record.parent, key: key, firstOffset: record.offset, firstElement: record.element,
                occurrences: record.occurrences, keyHash: hash
            )
        }
    }

    /// Whether the root is an array whose elements were all found.
    var rootIsArray: Bool { rootSeparators.count >= 2 }

    private mutating func scan(_ buffer: UnsafeRawBufferPointer, maxDepth: Int) {
        let bytes = buffer.bindMemory(to: UInt8.self)
        let count = bytes.count
        // The innermost container lives in locals; the stack holds the ones around it.
        var stack: [Frame] = []
        var top = Frame(node: -1, isObject: false, lastKey: -1, expectingKey: false)
        var depth = 0
        var pending = 0
        var index = 0
        var element = 0
        Self.byteClass.withUnsafeBufferPointer { classes in
            while index < count {
                let kind = classes[Int(bytes[index])]
                if kind == 0 {
                    index += 1
                    // A run of plain bytes (indentation, a number) is skipped eight at a time.
                    if index < count, classes[Int(bytes[index])] == 0 {
                        index = Self.nextStructural(bytes, from: index, classes: classes)
                    }
                    continue
                }
                switch kind {
                case 1:
                    let start = index + 1
                    if top.expectingKey {
                        let guess = top.lastKey < 0 ? records[top.node].firstKey : records[top.lastKey].nextKey
                        let node: Int
                        if guess >= 0, let end = guessedKeyEnd(guess, bytes, from: start) {
                            node = guess
                            records[node].occurrences += 1
                            index = end
                        } else {
                            guard let end = Self.closingQuote(bytes, from: start, short: true) else { return }
                            node = child(
                                of: top.node, after: top.lastKey,
                                key: UnsafeBufferPointer(rebasing: bytes[start..<end]), offset: index, element: element)
                            index = end
                        }
                        top.lastKey = node
                        top.expectingKey = false
                        pending = node
                    } else {
                        guard let end = Self.closingQuote(bytes, from: start, short: false) else { return }
                        index = end
                    }
                case 2, 3:
                    if depth >= maxDepth {
                        tooDeep = SourcePosition.positions(of: [index], in: buffer)[0]
                        return
                    }
                    if depth > 0 { stack.append(top) }
                    depth += 1
                    if kind == 2 {
                        top = Frame(node: pending, isObject: true, lastKey: -1, expectingKey: true)
                    } else {
                        if depth == 1, pending == 0 { rootSeparators.append(index) }
                        top = Frame(node: pending, isObject: false, lastKey: -1, expectingKey: false)
                        pending = elementNode(of: top.node)
                    }
                case 4:
                    if top.isObject {
                        top.expectingKey = true
                    } else if top.node >= 0 {
                        pending = records[top.node].elementNode
                        if depth == 1, !rootSeparators.isEmpty {
                            rootSeparators.append(index)
                            element += 1
                        }
                    }
                default:
                    if depth == 1, !top.isObject, !rootSeparators.isEmpty { rootSeparators.append(index) }
                    if depth > 0 { depth -= 1 }
                    top = stack.popLast() ?? Frame(node: -1, isObject: false, lastKey: -1, expectingKey: false)
                }
                index += 1
            }
        }
    }

    /// The index of the first byte at or after `start` that the scan acts on, or the end.
    private static func nextStructural(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, classes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let found = structuralBytes(in: word)
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count, classes[Int(bytes[index])] == 0 { index += 1 }
        return index
    }

    /// A word with the high bit set in each byte that is `"`, `{`, `}`, `[`, `]` or `,`: exact for
    /// the lowest such byte, the one the scan wants (a borrow can only flag bytes above it).
    @inline(__always)
    private static func structuralBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & (ones &* 0x80) }
        return zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x2C))
            | zeroBytes(word ^ (ones &* 0x5B)) | zeroBytes(word ^ (ones &* 0x5D))
            | zeroBytes(word ^ (ones &* 0x7B)) | zeroBytes(word ^ (ones &* 0x7D))
    }

    /// The index of the quote that closes a string starting at `start`, skipping escaped quotes.
    /// Values are most of a body, so it jumps from quote to quote with `memchr`; for keys, which
    /// are short, a plain loop is faster than the call.
    private static func closingQuote(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, short: Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var end = start
        let shortEnd = short ? min(bytes.count, start + 32) : start
        while end < shortEnd {
            switch bytes[end] {
            case UInt8(ascii: "\""): return end
            case UInt8(ascii: "\\"): end += 2
            default: end += 1
            }
        }
        while end < bytes.count {
            guard let found = memchr(base + end, Int32(UInt8(ascii: "\"")), bytes.count - end) else { return nil }
            end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while end - backslashes - 1 >= start, bytes[end - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return end }
            end += 1
        }
        return nil
    }

    /// A key as the decoder sees it, escapes resolved, and its hash: a key that reads otherwise
    /// than its bytes (escaped, or repaired) is hashed again as it reads, so `"c\u0063a3"` and
    /// `"cca3"` hash alike.
    private func keyText(_ record: Record) -> (String, Int) {
        let raw = keyBytes[record.keyStart..<record.keyEnd]
        var text = String(decoding: raw, as: UTF8.self)
        if raw.contains(UInt8(ascii: "\\")) {
            let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
            if let node = try? JSONParser.parse(quoted), case .string(let unescaped) = node.value { text = unescaped }
        }
        return (text, text.utf8.elementsEqual(raw) ? record.keyHash : Array(text.utf8).withUnsafeBytes(Self.hash))
    }

    /// Key bytes hashed with the process's seed.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    /// A key node's place in the table: the key's hash mixed with its parent. The multiplier is
    /// odd, so one key under different parents lands in different slots.
    private static func slotHash(keyHash: Int, parent: Int) -> Int {
        keyHash ^ (parent &* -0x61C8_8646_80B5_83EB)
    }

    private mutating func elementNode(of node: Int) -> Int {
        if records[node].elementNode < 0 {
            records[node].elementNode = addNode(parent: node, key: 0..<0, offset: 0, element: 0)
        }
        return records[node].elementNode
    }

    /// Where the key starting at `start` ends when it is the guessed node's key: records repeat
    /// their keys in order, so this answers most keys with one comparison and no search.
    private func guessedKeyEnd(_ node: Int, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let record = records[node]
        let end = start + record.keyEnd - record.keyStart
        // A stored key ending in a backslash could match the start of a longer escaped key.
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""),
            record.keyEnd == record.keyStart || keyBytes[record.keyEnd - 1] != UInt8(ascii: "\\")
        else { return nil }
        return sameKey(record, UnsafeBufferPointer(rebasing: bytes[start..<end])) ? end : nil
    }

    /// Whether a node's key is these bytes, which are as many as the key's.
    private func sameKey(_ record: Record, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let keyBase = key.baseAddress else { return true }
        return keyBytes.withUnsafeBufferPointer { stored in
            stored.baseAddress.map { memcmp($0 + record.keyStart, keyBase, key.count) == 0 } ?? false
        }
    }

    private mutating func child(
        of parent: Int, after previous: Int, key: UnsafeBufferPointer<UInt8>, offset: Int, element: Int
    ) -> Int {
        let keyHash = Self.hash(UnsafeRawBufferPointer(key))
        let node: Int
        if let found = existingChild(of: parent, key: key, keyHash: keyHash) {
            node = found
        } else {
            let start = keyBytes.count
            keyBytes.append(contentsOf: key)
            node = addNode(parent: parent, key: start..<keyBytes.count, offset: offset, element: element)
            records[node].keyHash = keyHash
            keyNodes.append(node)
            if keyNodes.count * 2 > childSlots.count {
                growChildSlots()
            } else {
                insertChildSlot(node)
            }
        }
        if previous < 0 { records[parent].firstKey = node } else { records[previous].nextKey = node }
        records[node].occurrences += 1
        return node
    }

    private func existingChild(of parent: Int, key: UnsafeBufferPointer<UInt8>, keyHash: Int) -> Int? {
        guard !childSlots.isEmpty else { return nil }
        let mask = childSlots.count - 1
        var slot = Self.slotHash(keyHash: keyHash, parent: parent) & mask
        while childSlots[slot] != 0 {
            let node = childSlots[slot] - 1
            let record = records[node]
            if record.keyHash == keyHash, record.parent == parent, record.keyEnd - record.keyStart == key.count,
                sameKey(record, key)
            {
                return node
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func insertChildSlot(_ node: Int) {
        let mask = childSlots.count - 1
        var slot = Self.slotHash(keyHash: records[node].keyHash, parent: records[node].parent) & mask
        while childSlots[slot] != 0 { slot = (slot + 1) & mask }
        childSlots[slot] = node + 1
    }

    /// Doubles the table (at least 64 slots) and puts every key node back, so it stays at most half full.
    private mutating func growChildSlots() {
        childSlots = Array(repeating: 0, count: max(64, childSlots.count * 2))
        for node in keyNodes { insertChildSlot(node) }
    }

    @discardableResult
    private mutating func addNode(parent: Int, key: Range<Int>, offset: Int, element: Int) -> Int {
        records.append(
            Record(parent: parent, keyStart: key.lowerBound, keyEnd: key.upperBound, offset: offset, element: element))
        return records.count - 1
    }
}
