/// Base64 of RFC 4648 (the standard alphabet, with padding), on the standard library alone: a tool that
/// needs nothing else of Foundation need not map it for this (pp-pages reads pp-ocr's text layers).
public enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each byte's 6-bit value, or 0xFF where it is not of the alphabet.
    static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i])
            let b1 = n > 1 ? UInt32(bytes[i + 1]) : 0
            let b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            for k in 0..<4 {
                out.append(k <= n ? alphabet[Int(group >> (18 - 6 * UInt32(k)) & 0x3F)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not padded base64 of the standard alphabet (no whitespace,
    /// a length that is a multiple of four, padding only at the end, no bits left over in the last group).
    public static func decode(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            let last = i + 4 == chars.count
            let pad = last ? (chars[i + 3] == UInt8(ascii: "=") ? (chars[i + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var group: UInt32 = 0
            for k in 0..<4 {
                let v = k < 4 - pad ? values[Int(chars[i + k])] : 0
                guard v != 0xFF else { return nil }
                group = group << 6 | UInt32(v)
            }
            // The bits the padding leaves unused must be zero, as an encoder writes them.
            if pad == 1, group & 0xFF != 0 { return nil }
            if pad == 2, group & 0xFFFF != 0 { return nil }
            out.append(UInt8(group >> 16 & 0xFF))
            if pad < 2 { out.append(UInt8(group >> 8 & 0xFF)) }
            if pad < 1 { out.append(UInt8(group & 0xFF)) }
            i += 4
        }
        return out
    }
}
