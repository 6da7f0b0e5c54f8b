import Foundation
import Testing

@testable import Extract

/// The currency printed beside an amount, and the shortcut that rules tokens out by the character beside it.
@Suite struct AmountCurrencyTests {
    /// A line, the amount in it, and the currency found beside it.
    static let cases: [(String, String, String?)] = [
        ("Total 12,00 KM", "12,00", "BAM"),
        ("Total 12,00 \u{212A}M", "12,00", "BAM"),  // the Kelvin sign lower-cases to "k"
        ("€ 12,00", "12,00", "EUR"),
        ("€12,00", "12,00", "EUR"),
        ("Укупно 12,00 дин.", "12,00", "RSD"),
        ("Укупно 12,00 ДИН", "12,00", "RSD"),
        ("Celkem 12,00 Kč", "12,00", "CZK"),
        ("Razem 12,00 zł", "12,00", "PLN"),
        ("£12.00", "12.00", "GBP"),
        ("Ж12,00", "12,00", nil),
        ("12,00 Ж", "12,00", nil),
        ("12,00 ДИНАРА", "12,00", "RSD"),
        ("12,00\r\n", "12,00", nil),
    ]

    @Test(arguments: cases) func findsTheCurrencyBeside(_ line: String, _ amount: String, _ iso: String?) throws {
        let chars = Array(line)
        let text = String(chars)
        let r = try #require(text.range(of: amount))
        let start = text.distance(from: text.startIndex, to: r.lowerBound)
        #expect(Amounts.currency(near: start..<(start + amount.count), in: chars) == iso)
    }

    /// Every assigned scalar beyond ASCII that equals an ASCII character, canonically or lower-cased, is in
    /// `asciiEquivalents`, and nothing else is.
    @Test func asciiEquivalentsAreAllThereAre() {
        var found: Set<UInt32> = []
        for v in UInt32(0x80)...0x10FFFF {
            guard let u = Unicode.Scalar(v), u.properties.age != nil else { continue }
            let c = Character(u)
            let canonical = String(c).precomposedStringWithCanonicalMapping
            let lowered = c.isUppercase ? c.lowercased() : ""
            if canonical.utf8.count == 1 || lowered.utf8.count == 1 { found.insert(v) }
        }
        #expect(found == Amounts.asciiEquivalents)
    }
}
