#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What parsing one record after another can share: the member names seen before, so the records of a
/// stream hold one String per key instead of a copy each (keys interned), and the parser's scratch stacks.
/// Owned by one reader or one worker at a time (`JSONLinesReader`, a pp-cardcheck batch); not Sendable.
public final class JSONParseReuse {
    /// A remembered key: its head and length find it (keys of up to eight bytes are their head), its bytes confirm a longer one.
    private struct Slot {
        var head: UInt64 = 0
        var count = -1
        var bytes: [UInt8] = []
        var key = ""
    }
    static let slotCount = 64
    static let longestKey = 64
    private let slots: UnsafeMutablePointer<Slot>  // not an array: no exclusivity check on each look-up
    var pendingMembers: [JSONObject.Member] = []
    var pendingItems: [JSON] = []

    public init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    private static func slot(head: UInt64, count: Int) -> Int {
        Int(truncatingIfNeeded: ((head ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)  // 64 slots
    }

    /// The remembered key with exactly these bytes (whose head is `head`), or nil.
    func key(_ bytes: UnsafeBufferPointer<UInt8>, head: UInt64) -> String? {
        let slot = slots + Self.slot(head: head, count: bytes.count)
        guard slot.pointee.head == head, slot.pointee.count == bytes.count else { return nil }
        if bytes.count > 8 {
            let same = slot.pointee.bytes.withUnsafeBufferPointer {
                memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
            if !same { return nil }
        }
        return slot.pointee.key
    }

    /// Remembers `key` (whose UTF-8 is `bytes`), replacing whatever shared its slot.
    func remember(_ key: String, bytes: UnsafeBufferPointer<UInt8>, head: UInt64) {
        guard bytes.count <= Self.longestKey else { return }
        let slot = slots + Self.slot(head: head, count: bytes.count)
        slot.pointee = Slot(head: head, count: bytes.count, bytes: bytes.count > 8 ? Array(bytes) : [], key: key)
    }
}

/// UTF-8 as RFC 3629 allows it: no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Check {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80  // the range the second byte must fall in
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard i + length <= n, bytes[i + 1] >= low, bytes[i + 1] <= high else { return false }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }

    /// Appends the UTF-8 form of a Unicode scalar value (already checked: not a surrogate, at most U+10FFFF).
    static func append(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80: out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
