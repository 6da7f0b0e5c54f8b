import Testing

@testable import Extract

/// A line's characters mapped to its words: the walk beside the words' bytes gives what the string comparison
/// and per-word character counts give, and no map where the words do not spell the line.
@Suite struct WordIndexTests {
    /// The map as the string comparison makes it.
    static func byComparison(_ text: String, _ words: [String]) -> [Int?]? {
        guard !words.isEmpty, words.joined(separator: " ") == text else { return nil }
        var map: [Int?] = []
        for (wi, w) in words.enumerated() {
            if wi > 0 { map.append(nil) }
            map.append(contentsOf: Array(repeating: wi, count: w.count))
        }
        return map
    }

    static let cases: [(text: String, words: [String])] = [
        ("IBAN DE89 3704", ["IBAN", "DE89", "3704"]),
        ("Straße 12 Ærø", ["Straße", "12", "Ærø"]),
        ("Σύνολο: 1.234,00 €", ["Σύνολο:", "1.234,00", "€"]),
        ("e\u{301}te\u{301} x", ["e\u{301}te\u{301}", "x"]),  // combining marks: one character each
        ("\u{E9}t\u{E9}", ["e\u{301}t\u{E9}"]),  // canonically equal, other bytes
        ("a\r\nb c", ["a\r\nb", "c"]),  // "\r\n" is one character of two bytes
        ("🇩🇪🇦🇹 ok", ["🇩🇪🇦🇹", "ok"]),
        ("x \u{301}y", ["x", "\u{301}y"]),  // the space and the mark are one character
        ("Total  9,50", ["Total", "", "9,50"]),
        ("Total 9,50", ["Total", "9,5"]),
        ("Total 9,50", ["Total", "9,50", "EUR"]),
        ("Total9,50", ["Total", "9,50"]),
        ("", []),
        ("lone", []),
    ]

    @Test(arguments: cases)
    func walkMatchesTheComparison(_ c: (text: String, words: [String])) {
        let words = c.words.map { Word(text: $0, box: Box(0, 0, 1, 1), conf: nil) }
        let line = TextLine(page: 1, text: c.text, box: Box(0, 0, 100, 10), conf: nil, words: words)
        #expect(line.wordAt == Self.byComparison(c.text, c.words))
    }
}
