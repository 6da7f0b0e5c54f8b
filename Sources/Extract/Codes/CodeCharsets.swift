import Lexicons

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a decoded payload's text fits the character set its format names (EPC character sets 2–8,
/// ISO 8859-2 for HUB-3 and UPN): the C library's iconv converts it, character by character.
enum CodeCharsets {
    /// EPC069-12 character-set numbers.
    static let epc: [String: String] = [
        "1": "UTF-8", "2": "ISO-8859-1", "3": "ISO-8859-2", "4": "ISO-8859-4", "5": "ISO-8859-5",
        "6": "ISO-8859-7", "7": "ISO-8859-10", "8": "ISO-8859-15",
    ]

    /// The first character of `text` that `charset` cannot encode, or nil when all can. A text holding
    /// U+FFFD (what a decoder leaves for bytes that were no valid UTF-8) fails every character set.
    static func firstUnencodable(_ text: String, charset: String) -> Character? {
        if let bad = text.first(where: { $0 == "\u{FFFD}" }) { return bad }
        if charset == "UTF-8" { return nil }
        let cd = iconv_open(charset, "UTF-8")
        guard cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        for ch in text where !ch.isASCII {
            var input = Array(String(ch).utf8).map { CChar(bitPattern: $0) }
            var output = [CChar](repeating: 0, count: 16)
            let ok = input.withUnsafeMutableBufferPointer { inBuf -> Bool in
                output.withUnsafeMutableBufferPointer { outBuf -> Bool in
                    var inPtr: UnsafeMutablePointer<CChar>? = inBuf.baseAddress
                    var inLeft = inBuf.count
                    var outPtr: UnsafeMutablePointer<CChar>? = outBuf.baseAddress
                    var outLeft = outBuf.count
                    return iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft) != -1 && inLeft == 0
                }
            }
            if !ok { return ch }
        }
        return nil
    }

    /// Text that UTF-8 bytes became when read as ISO 8859 ("Ã¼" for "ü"): the sign of a wrong
    /// character-set number.
    static func looksLikeMisreadUTF8(_ text: String) -> Bool {
        let s = Array(text.unicodeScalars)
        return zip(s, s.dropFirst()).contains { a, b in (0xC2...0xDF).contains(a.value) && (0x80...0xBF).contains(b.value) }
    }
}
