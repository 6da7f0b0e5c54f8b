#if canImport(Glibc)
    import Glibc
#endif

/// Deterministic JSON text: keys sorted by UTF-8 bytes, no escaped slashes,
/// non-ASCII left as UTF-8, numbers as their literal text, no whitespace.
extension JSON {
    /// The value as compact JSON text.
    public func encoded() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        encode(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact JSON text of the value to `out`.
    public func encode(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): JSON.encodeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.encode(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in JSON.sortedMembers(members).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.encodeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                member.value.encode(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Members sorted by key. String's `<` orders by Unicode scalar values of the canonical form, which is
    /// the UTF-8 byte order for the (normalized) keys records use, independent of locale. Records have
    /// few keys, so an insertion sort beats the general sort's set-up cost.
    static func sortedMembers(_ members: [String: JSON]) -> [(key: String, value: JSON)] {
        var list: [(key: String, value: JSON)] = []
        list.reserveCapacity(members.count)
        for member in members {
            var i = list.count
            list.append(member)
            while i > 0, member.key < list[i - 1].key {
                list.swapAt(i, i - 1)
                i -= 1
            }
        }
        return list
    }

    /// Byte-order comparison of two strings' UTF-8, through contiguous storage when the strings have it.
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let n = min(x.count, y.count)
                if n > 0 {
                    let c = memcmp(x.baseAddress!, y.baseAddress!, n)
                    if c != 0 { return c < 0 }
                }
                return x.count < y.count
            }
        }
    }

    static func encodeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        let plain = s.withUTF8 { bytes in
            // Fast path: nothing to escape, copy the bytes in one go.
            for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
