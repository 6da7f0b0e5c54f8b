#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The order of member names: by their UTF-8 bytes (RFC 8259), sped up by a key's first eight bytes read
/// as one big-endian number (its head), so that most comparisons are one integer comparison.
enum JSONKeyOrder {
    /// The first eight UTF-8 bytes of `key`, big-endian, zero-padded.
    static func head(of key: String) -> UInt64 {
        if let head = key.utf8.withContiguousStorageIfAvailable(head(of:)) { return head }
        var head: UInt64 = 0
        for (i, byte) in key.utf8.prefix(8).enumerated() { head |= UInt64(byte) << (56 - 8 * i) }
        return head
    }

    static func head(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var head: UInt64 = 0
        for i in 0..<min(8, bytes.count) { head |= UInt64(bytes[i]) << (56 - 8 * i) }
        return head
    }

    /// The head of a key and its short form: its length when at most eight bytes that need no escape, else 0xFF.
    static func describe(_ key: String) -> (head: UInt64, shortKey: UInt8) {
        if let found = key.utf8.withContiguousStorageIfAvailable(describe) { return found }
        return Array(key.utf8).withUnsafeBufferPointer(describe)
    }

    static func describe(_ bytes: UnsafeBufferPointer<UInt8>) -> (head: UInt64, shortKey: UInt8) {
        let head = head(of: bytes)
        guard bytes.count <= 8, !bytes.contains(where: JSONByteWriter.needsEscape) else { return (head, 0xFF) }
        return (head, UInt8(bytes.count))
    }

    static func compare(_ a: JSONObject.Member, _ b: JSONObject.Member) -> Int { compare(a.key, a.head, b.key, b.head) }

    /// Negative, 0 (the same bytes) or positive. Different heads decide at once; equal heads with both
    /// keys at most eight bytes long decide by length (a zero byte pads the head, so "a" and "a\0" share one).
    static func compare(_ a: String, _ aHead: UInt64, _ b: String, _ bHead: UInt64) -> Int {
        if aHead != bHead { return aHead < bHead ? -1 : 1 }
        let aCount = a.utf8.count
        let bCount = b.utf8.count
        if aCount <= 8, bCount <= 8 { return aCount - bCount }
        return bytes(a, b)
    }

    /// The full comparison of two keys' bytes.
    static func bytes(_ a: String, _ b: String) -> Int {
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
}
