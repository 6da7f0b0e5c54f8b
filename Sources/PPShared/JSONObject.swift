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

    /// One member, with its key's first bytes as a number (`JSONKeyOrder.head`): comparing those settles
    /// nearly every ordering with one integer comparison. A struct, not a tuple, so copying and freeing
    /// members runs compiled code instead of the runtime's generic tuple handling.
    /// `shortKey` is the key's length when the head holds all of it and nothing in it needs an escape
    /// (most keys): encoding then writes the head as the key, without looking at the String.
    struct Member: Sendable {
        var key: String
        var head: UInt64
        var value: JSON
        var shortKey: UInt8

        init(_ key: String, _ value: JSON) {
            self.key = key
            (head, shortKey) = JSONKeyOrder.describe(key)
            self.value = value
        }

        init(key: String, head: UInt64, shortKey: UInt8, value: JSON) {
            self.key = key
            self.head = head
            self.shortKey = shortKey
            self.value = value
        }
    }

    /// Sorted by key bytes, each key once (JSONObjectShape.swift reads them in place too).
    var members: [Member]

    public init() { members = [] }

    public init(_ dictionary: [String: JSON]) {
        members = dictionary.map { Member($0.key, $0.value) }
        members.sort { JSONKeyOrder.compare($0, $1) < 0 }
    }

    public init(dictionaryLiteral elements: (String, JSON)...) {
        members = []
        members.reserveCapacity(elements.count)
        for (key, value) in elements { members.append(Member(key, value)) }
        JSONObject.sortKeepingLast(&members)
    }

    /// An object of a fixed shape whose members are each there or not: `values` in the order `keys`
    /// were given, nil for a member that is absent.
    public init(_ keys: JSONKeys, present values: JSON?...) { self.init(keys, presentValues: values) }

    /// An object of a fixed shape: `values` in the order `keys` were given. The keys were sorted and
    /// measured once, when `keys` was made, so building one costs copying the shape and setting values.
    public init(_ keys: JSONKeys, _ values: JSON...) {
        precondition(values.count == keys.slots.count, "one value per key")
        members = keys.shape
        for i in values.indices { members[keys.slots[i]].value = values[i] }
    }

    /// Builds from pairs in any order; a repeated key keeps its last value (as JSON parsers do).
    public init(pairs: [Element]) {
        self.init(unsortedMembers: pairs.map { Member($0.key, $0.value) })
    }

    init(unsortedMembers: [Member]) {
        members = unsortedMembers
        JSONObject.sortKeepingLast(&members)
    }

    /// Sorts members by key bytes in place, stable, then keeps only the last of each repeated key.
    /// Records have a handful of keys, usually almost in order: an insertion sort moves each member
    /// once, where inserting one by one searched and shifted for every member.
    static func sortKeepingLast(_ members: inout [Member]) {
        let n = members.count
        var firstOutOfOrder = 1
        while firstOutOfOrder < n, JSONKeyOrder.compare(members[firstOutOfOrder - 1], members[firstOutOfOrder]) < 0 {
            firstOutOfOrder += 1
        }
        if firstOutOfOrder >= n { return }  // already sorted, no repeats: the common case for built records
        if n <= 32 {
            members.withUnsafeMutableBufferPointer { m in
                for i in firstOutOfOrder..<n {
                    var j = i
                    while j > 0, JSONKeyOrder.compare(m[j - 1], m[j]) > 0 {
                        m.swapAt(j - 1, j)
                        j -= 1
                    }
                }
            }
        } else {
            members = members.enumerated().sorted {
                let c = JSONKeyOrder.compare($0.element, $1.element)
                return c != 0 ? c < 0 : $0.offset < $1.offset
            }.map(\.element)
        }
        // Equal keys are now adjacent in input order: keep the last of each run.
        var kept = 0
        for i in 1..<n {
            if JSONKeyOrder.compare(members[kept], members[i]) == 0 {
                members[kept].value = members[i].value
            } else {
                kept += 1
                if kept != i { members[kept] = members[i] }
            }
        }
        if kept + 1 < n { members.removeSubrange((kept + 1)..<n) }
    }

    /// The index of `key`, or where it would be inserted.
    private func position(of key: String, head: UInt64) -> (index: Int, found: Bool) {
        members.withUnsafeBufferPointer { m in
            var low = 0
            var high = m.count
            while low < high {
                let mid = (low + high) / 2
                let order = JSONKeyOrder.compare(m[mid].key, m[mid].head, key, head)
                if order == 0 { return (mid, true) }
                if order < 0 { low = mid + 1 } else { high = mid }
            }
            return (low, false)
        }
    }

    public subscript(key: String) -> JSON? {
        get {
            let (i, found) = position(of: key, head: JSONKeyOrder.head(of: key))
            guard found else { return Optional<JSON>.none }  // not `nil`: JSON itself is nil-literal expressible
            return members[i].value
        }
        set {
            let head = JSONKeyOrder.head(of: key)
            let (i, found) = position(of: key, head: head)
            switch (found, newValue) {
            case (true, let value?): members[i].value = value
            case (true, nil): members.remove(at: i)
            case (false, let value?): members.insert(Member(key, value), at: i)
            case (false, nil): break
            }
        }
    }

    /// These members with `other`'s added, `other`'s value kept for a key both have: one pass over the
    /// two sorted lists into one array of the final size, where setting keys one by one searched, shifted
    /// and grew the array for each.
    public func merging(_ other: JSONObject) -> JSONObject {
        if other.members.isEmpty { return self }
        if members.isEmpty { return other }
        var merged: [Member] = []
        merged.reserveCapacity(members.count + other.members.count)
        var i = 0
        var j = 0
        while i < members.count, j < other.members.count {
            let order = JSONKeyOrder.compare(members[i], other.members[j])
            if order < 0 {
                merged.append(members[i])
                i += 1
            } else {
                merged.append(other.members[j])
                if order == 0 { i += 1 }
                j += 1
            }
        }
        merged.append(contentsOf: members[i...])
        merged.append(contentsOf: other.members[j...])
        var result = JSONObject()
        result.members = merged
        return result
    }

    /// A copy without `keys`, made in one pass.
    public func removingValues(forKeys keys: [String]) -> JSONObject { removingValues(forKeys: JSONKeys(keys)) }

    /// A copy without `keys`, made in one pass.
    public func removingValues(forKeys keys: JSONKeys) -> JSONObject {
        func isRemoved(_ member: Member) -> Bool { keys.shape.contains { JSONKeyOrder.compare($0, member) == 0 } }
        guard members.contains(where: isRemoved) else { return self }
        var kept: [Member] = []
        kept.reserveCapacity(members.count)
        for member in members where !isRemoved(member) { kept.append(member) }
        var copy = JSONObject()
        copy.members = kept
        return copy
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
    public var dictionary: [String: JSON] {
        Dictionary(members.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Member]>
        public mutating func next() -> Element? { base.next().map { ($0.key, $0.value) } }
    }

    public func makeIterator() -> Iterator { Iterator(base: members.makeIterator()) }

    public var underestimatedCount: Int { members.count }

    public func mapValues(_ transform: (JSON) throws -> JSON) rethrows -> JSONObject {
        var copy = self
        for i in copy.members.indices { copy.members[i].value = try transform(copy.members[i].value) }
        return copy
    }

    /// A copy with each value replaced by `transform(key, value)`; keys and their order stay.
    public func mapMembers(_ transform: (String, JSON) throws -> JSON) rethrows -> JSONObject {
        var copy = self
        for i in copy.members.indices { copy.members[i].value = try transform(copy.members[i].key, copy.members[i].value) }
        return copy
    }

    /// Writes the members as JSON text, in key order, reading them in place.
    func writeMembers(to writer: inout JSONByteWriter) {
        members.withUnsafeBufferPointer { m in
            for i in m.indices {
                if i > 0 { writer.byte(UInt8(ascii: ",")) }
                if m[i].shortKey <= 8 {
                    writer.shortString(head: m[i].head, count: Int(m[i].shortKey))
                } else {
                    writer.string(m[i].key)
                }
                writer.byte(UInt8(ascii: ":"))
                m[i].value.write(to: &writer)
            }
        }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count
            && zip(a.members, b.members).allSatisfy { JSONKeyOrder.compare($0, $1) == 0 && $0.value == $1.value }
    }
}

/// The member names of objects built again and again (`JSONObject(keys, values...)`), sorted once.
public struct JSONKeys: Sendable {
    let shape: [JSONObject.Member]
    /// For each key as given, its place in `shape`.
    let slots: [Int]
    /// For each place in `shape`, which key as given it holds.
    let given: [Int]

    public init(_ keys: [String]) {
        precondition(Set(keys).count == keys.count, "keys must differ")
        let sorted = keys.indices.sorted { JSONKeyOrder.bytes(keys[$0], keys[$1]) < 0 }
        shape = sorted.map { JSONObject.Member(keys[$0], .null) }
        var slots = Array(repeating: 0, count: keys.count)
        for (place, given) in sorted.enumerated() { slots[given] = place }
        self.slots = slots
        given = sorted
    }
}
