import Testing

@testable import PPShared

/// The redaction's second reading: encodings undone, nested ones too, each character with the span of
/// original characters it came from.
@Suite("encoded text, decoded")
struct EncodedTextDecoderTests {
    /// The decoded text; what could not be decoded (a lone byte) as the original characters.
    static func decoded(_ text: String) -> String {
        let original = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        CardNumberFinder.forEachDecoded(of: text) { item in
            if let s = item.scalar { out.append(s) } else { out.append(contentsOf: original[item.start..<item.end]) }
        }
        return String(out)
    }

    static let cases: [(String, String)] = [
        ("%34%31", "41"), ("%u0034", "4"), ("%E2%80%8B", "\u{200B}"), ("%e2%80%8b", "\u{200B}"), ("&#52;", "4"),
        ("&#x34;&#X31;", "41"), ("&#52&#49 x", "41 x"), ("&sup1;&nbsp;&ndash;&minus;", "\u{B9}\u{A0}\u{2013}\u{2212}"),
        ("\\u0034\\x31", "41"), ("\\uD835\\uDFCE", "\u{1D7CE}"), ("%uD835%uDFCE", "\u{1D7CE}"),
        // nested
        ("%2534", "4"), ("%252534", "4"), ("&amp;#52;", "4"), ("&#38;#52;", "4"), ("%26%2352%3B", "4"), ("%26#52;", "4"),
        ("&#37;34", "4"), ("\\u0025\\u0033\\u0034", "4"), ("%25u0034", "4"), ("%%3434", "C4"),
        // left alone
        ("100% sure", "100% sure"), ("a & b; c", "a & b; c"), ("&#;", "&#;"), ("&#xZZ;", "&#xZZ;"), ("&bogus;", "&bogus;"),
        ("&#123456789;", "&#123456789;"), ("&#0;", "&#0;"), ("&#xD800;", "&#xD800;"), ("%G1", "%G1"), ("\\n\\t", "\\n\\t"),
        ("%E2%80", "%E2%80"), ("%80", "%80"), ("\\uDFCE", "\\uDFCE"), ("&amp", "&amp"),
        // cut short at the end of the text
        ("x &", "x &"), ("&#", "&#"), ("&#x", "&#x"), ("%", "%"), ("%3", "%3"), ("\\", "\\"), ("\\u00", "\\u00"), ("%E2", "%E2"),
    ]

    @Test("each encoding and its nestings", arguments: cases)
    func decodes(text: String, expected: String) {
        #expect(Self.decoded(text) == expected)
    }

    @Test("a decoded character spans the characters it came from")
    func spans() {
        var items: [(String, Range<Int>)] = []
        CardNumberFinder.forEachDecoded(of: "x%34&#x31;y%2535") { items.append((String($0.scalar!), $0.start..<$0.end)) }
        #expect(items.map(\.0) == ["x", "4", "1", "y", "5"])
        #expect(items.map(\.1) == [0..<1, 1..<4, 4..<10, 10..<11, 11..<16])
    }

    @Test("a long run of encoding starts stays bounded work")
    func manyStarts() {
        let text = String(repeating: "%", count: 3_000) + "34" + String(repeating: "&#", count: 3_000)
        #expect(Self.decoded(text) == String(repeating: "%", count: 2_999) + "4" + String(repeating: "&#", count: 3_000))
    }

    @Test("long text: what is final leaves the stack, nothing is lost or reordered")
    func longText() {
        let text = String(repeating: "ab%34 & 100% \\n &#4", count: 200) + "9;"
        // "&#4" before the next "ab" is a reference without its ";" (U+0004); the last one is "&#49;".
        let expected = String(repeating: "ab4 & 100% \\n \u{4}", count: 199) + "ab4 & 100% \\n 1"
        #expect(Self.decoded(text) == expected)
    }
}
