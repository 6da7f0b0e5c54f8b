import PPShared

/// The members of a card record that pass to the output beside its verdict: raw key bytes and value
/// bytes already encoded as JSON, in key order. Their bytes are its own (a record read the general way)
/// or the input line's own (`FlatCardRecord`: valid only while that line's buffer is). Reused from
/// record to record.
struct KeptMembers {
    struct Member {
        var keyStart: Int
        var keyEnd: Int
        var valueStart: Int
        var valueEnd: Int
    }
    private var bytes: [UInt8] = []
    /// The input line the members point into, instead of `bytes`.
    private var line: UnsafeBufferPointer<UInt8>?
    private(set) var members: [Member] = []

    init() {
        bytes.reserveCapacity(512)
        members.reserveCapacity(16)
    }

    /// The members of an object read the general way (already redacted and in key order).
    init(_ object: JSONObject) {
        self.init()
        for (key, value) in object {
            let keyStart = bytes.count
            bytes.append(contentsOf: key.utf8)
            let valueStart = bytes.count
            value.encode(into: &bytes)
            members.append(Member(keyStart: keyStart, keyEnd: valueStart, valueStart: valueStart, valueEnd: bytes.count))
        }
    }

    /// The one member a bare number's record keeps: its line number.
    init(line: Int) { self.init(JSONObject(["line": .int(line)])) }

    /// Starts again for members that point into `line`.
    mutating func removeAll(pointingInto line: UnsafeBufferPointer<UInt8>) {
        bytes.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        self.line = line
    }

    /// Adds a member of the line: a key that needs no escaping and a value that is JSON text as it stands.
    mutating func append(key: Range<Int>, value: Range<Int>) {
        members.append(
            Member(keyStart: key.lowerBound, keyEnd: key.upperBound, valueStart: value.lowerBound, valueEnd: value.upperBound))
    }

    /// Calls `body` with the bytes the members point into.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { Self.withBytes(line, bytes, body) }

    private static func withBytes<R>(
        _ line: UnsafeBufferPointer<UInt8>?, _ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        if let line { return body(line) }
        return bytes.withUnsafeBufferPointer(body)
    }

    /// Puts the members in key order (by bytes, as `JSONObject` does); false when a key is repeated.
    mutating func sortByKey() -> Bool {
        guard members.count > 1 else { return true }
        return Self.withBytes(line, bytes) { b in
            var i = 1
            while i < members.count {
                let member = members[i]
                var j = i
                while j > 0 {
                    let order = Self.compare(b, members[j - 1], member)
                    if order == 0 { return false }
                    if order < 0 { break }
                    members[j] = members[j - 1]
                    j -= 1
                }
                members[j] = member
                i += 1
            }
            return true
        }
    }

    private static func compare(_ b: UnsafeBufferPointer<UInt8>, _ x: Member, _ y: Member) -> Int {
        compare(UnsafeBufferPointer(rebasing: b[x.keyStart..<x.keyEnd]), UnsafeBufferPointer(rebasing: b[y.keyStart..<y.keyEnd]))
    }

    /// Negative, 0 or positive, as the bytes of `a` order against those of `b`.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        for i in 0..<common where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        return a.count - b.count
    }
}
