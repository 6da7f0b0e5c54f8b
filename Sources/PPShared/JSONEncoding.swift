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
        case .null: JSON.append("null", to: &out)
        case .bool(let b): JSON.append(b ? "true" : "false", to: &out)
        case .number(let text):
            var text = text
            text.withUTF8 { out.append(contentsOf: $0) }
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
            var first = true
            for member in members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSON.encodeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                member.value.encode(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func append(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends `s` as a JSON string: quotes, backslashes and control characters escaped, UTF-8 as is.
    public static func encodeString(_ s: String, into out: inout [UInt8]) {
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
