#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The members of a JSON object, kept sorted by key.
///
/// A sorted array instead of a dictionary: records have few keys, so a binary
/// search beats hashing, and encoding needs no sort — the hot path of every tool
/// that passes records through. Keys order and match by their UTF-8 bytes, as
/// RFC 8259 compares member names, never by locale or canonical equivalence:
/// String's `<` is no strict order over keys that are not NFC ("\u{E9}'" and
/// "e\u{301}" are neither before nor after each other, yet not equal; found by
/// fuzzing, Tests/FuzzTests/Regressions/json-lines), and a binary search over it
/// misplaced keys, so a record changed when parsed again.
/// Reads like a dictionary: subscripts, `keys`, `values`, iteration.
public struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: JSON)
    private var members: [Element]

    public init() { members = [] }

    public init(_ dictionary: [String: JSON]) {
        members = dictionary.map { ($0.key, $0.value) }
        members.sort { JSONObject.order($0.key, $1.key) < 0 }
    }

    public init(dictionaryLiteral elements: (String, JSON)...) {
        members = []
        members.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// Builds from pairs in any order; a repeated key keeps its last value (as JSON parsers do).
    init(unsortedPairs pairs: [Element]) {
        var sorted = true
        for i in pairs.indices.dropFirst() where JSONObject.order(pairs[i - 1].key, pairs[i].key) >= 0 {
            sorted = false
            break
        }
        if sorted {
            members = pairs
            return
        }
        members = []
        members.reserveCapacity(pairs.count)
        for pair in pairs { self[pair.key] = pair.value }
    }

    /// The index of `key`, or where it would be inserted.
    private func position(of key: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = members.count
        while low < high {
            let mid = (low + high) / 2
            let order = JSONObject.order(members[mid].key, key)
            if order == 0 { return (mid, true) }
            if order < 0 { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }

    /// How two keys order by their UTF-8 bytes: negative, 0 (the same bytes) or positive.
    static func order(_ a: String, _ b: String) -> Int {
        let fast = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Int in
                let common = Swift.min(x.count, y.count)
                let c = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
                return c != 0 ? c : x.count - y.count
            }
        }
        if let fast, let order = fast { return order }
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }

    public subscript(key: String) -> JSON? {
        get {
            let (i, found) = position(of: key)
            guard found else { return Optional<JSON>.none }  // not `nil`: JSON itself is nil-literal expressible
            return members[i].value
        }
        set {
            let (i, found) = position(of: key)
            switch (found, newValue) {
            case (true, let value?): members[i].value = value
            case (true, nil): members.remove(at: i)
            case (false, let value?): members.insert((key, value), at: i)
            case (false, nil): break
            }
        }
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSON? {
        let old = self[key]
        self[key] = nil
        return old
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }
    public var values: [JSON] { members.map(\.value) }
    /// The members as a dictionary, for code that wants one.
    public var dictionary: [String: JSON] { Dictionary(members, uniquingKeysWith: { _, last in last }) }

    public func makeIterator() -> IndexingIterator<[Element]> { members.makeIterator() }

    public func mapValues(_ transform: (JSON) throws -> JSON) rethrows -> JSONObject {
        var copy = self
        for i in copy.members.indices { copy.members[i].value = try transform(copy.members[i].value) }
        return copy
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count
            && zip(a.members, b.members).allSatisfy { order($0.key, $1.key) == 0 && $0.value == $1.value }
    }
}
