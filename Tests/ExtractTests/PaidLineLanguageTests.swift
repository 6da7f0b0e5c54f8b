import Foundation
import Testing

@testable import Extract

/// "Nothing to pay is nothing to pay" in every lexicon language: each paid phrase of a lexicon
/// (`no_payment_paid`, those without a negation word of the same lexicon) printed as the bold line that ends
/// the totals, and as the status that ends the amount due's line, leaves the page with nothing confident.
/// The page is built as a case of Tests/ExtractTests/Cases (README there) from the lexicon's own labels.
@Suite struct PaidLineLanguageTests {
    struct Phrase: Sendable, CustomTestStringConvertible {
        /// The phrase and the first label of the lexicon for the other lines (the page is in the language, so
        /// that detecting it picks this lexicon and not a neighbour's).
        let language, phrase, total, due, paid, invoice, account: String
        var testDescription: String { "\(language): \(phrase)" }
    }

    static func phrases() throws -> [Phrase] {
        let folder = repositoryRoot.appendingPathComponent("Sources/Extract/Lexicons")
        var out: [Phrase] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let lexicon = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let labels = lexicon["labels"] as? [String: [String]], let language = lexicon["language"] as? String,
                let total = labels["amount_total"]?.first, let due = labels["amount_due"]?.first,
                let paid = labels["amount_paid"]?.first,
                let invoice = labels["invoice_number"]?.first(where: { !$0.hasPrefix("*") }),
                let account = labels["account"]?.first(where: { $0 != "iban" })
            else { continue }
            let negations = Set(labels["negation"] ?? [])
            for p in labels["no_payment_paid"] ?? [] {
                let words = p.split(separator: " ").map(String.init)
                guard !words.contains(where: { w in negations.contains { w.hasPrefix($0) } }) else { continue }
                out.append(
                    Phrase(language: language, phrase: p, total: total, due: due, paid: paid, invoice: invoice, account: account))
            }
        }
        return out
    }

    static func capitalised(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    @Test(arguments: try phrases())
    func paidLineMeansNothingToPay(_ p: Phrase) throws {
        for (shape, lines) in [
            (
                "a line under the totals",
                "300 300 \(Self.capitalised(p.due)): 1.234,56 EUR\n300 320 \(Self.capitalised(p.phrase)) 12.03.2026"
            ),
            ("the end of the amount due's line", "300 300 \(Self.capitalised(p.due)): 1.234,56 EUR   \(p.phrase.uppercased())"),
            ("an exclaimed line ending the totals", "300 320 \(Self.capitalised(p.phrase))!"),
            ("a line of its own ending the totals", "300 320 \(Self.capitalised(p.phrase))"),
            (
                "a receipt's closing sentence",
                "40 300 \(Self.capitalised(p.paid)): 1.234,56 EUR\n40 330 \(Self.capitalised(p.phrase))."
            ),
        ] {
            var parser = CaseParser(file: "paid-\(p.language).cases")
            let text = """
                case \(p.language) \(p.phrase) as \(shape)
                profile sepa
                languages detected
                40 40 \(Self.capitalised(p.invoice)): 2026-117
                300 280 \(Self.capitalised(p.total)): 1.234,56 EUR
                \(lines)
                40 650 Reference: RF18539007547034
                40 700 \(Self.capitalised(p.account)): DE89 3704 0044 0532 0130 00
                no payment
                account,amount,reference top if any not confident
                """
            let c = try #require(try parser.parse(text).first)
            let e = try c.run(.rules)
            let misses = c.misses(in: e)
            #expect(misses.isEmpty, "\(p.testDescription) as \(shape): \(c.report(misses, e, ranking: .rules))")
        }
    }
}
