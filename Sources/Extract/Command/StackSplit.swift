import Foundation
import Lexicons
import PPShared
import Records

/// `pp-extract --split auto`: several bills scanned into one PDF become one document each.
///
/// Where one bill ends and the next begins is told by the pages themselves: page numbering that
/// restarts ("Seite 1 von 2", "1/3", "strana 1/2") or that ended on the page before, a letterhead in
/// large type, an invoice title near the top, an account or invoice number the bill so far did not show,
/// and a payment slip or payment code closing the page before. Numbering that goes on ("2/3") holds pages
/// together, and so, a little, does the bill's own invoice number again.
public enum SplitMode: String, Sendable, CaseIterable {
    case none, auto
}

public enum StackSplit {
    /// Points a page needs to start a new bill (see `evidence`).
    static let threshold = 3

    /// One bill of the stack: its pages (indices into the input) and why it starts where it does.
    public struct Part: Sendable, Equatable {
        public let pages: Range<Int>
        public let why: [String]
    }

    /// The bills of one input's pages, in order; one part when nothing says the input holds more.
    /// `parts(of:)` of page records as lines hold them.
    public static func parts(of pages: [JSON]) -> [Part] { parts(of: pages.compactMap { PageRecord($0) }) }

    public static func parts(of pages: [PageRecord]) -> [Part] {
        guard pages.count > 1 else { return [Part(pages: 0..<pages.count, why: [])] }
        let signals = pages.map(PageSignals.init)
        var parts: [Part] = []
        var start = 0
        var why: [String] = []
        var accounts = signals[0].accounts
        var number = signals[0].invoiceNumber
        for i in 1..<pages.count {
            let (score, reasons) = evidence(
                signals[i], previous: signals[i - 1], first: signals[start], accountsSoFar: accounts, numberSoFar: number)
            if score >= threshold {
                parts.append(Part(pages: start..<i, why: why))
                start = i
                why = reasons
                accounts = []
                number = nil
            }
            accounts.formUnion(signals[i].accounts)
            number = number ?? signals[i].invoiceNumber
        }
        parts.append(Part(pages: start..<pages.count, why: why))
        return parts
    }

    /// The points for "a new bill starts on this page", and their names.
    static func evidence(
        _ page: PageSignals, previous: PageSignals, first: PageSignals, accountsSoFar: Set<String>, numberSoFar: String? = nil
    ) -> (Int, [String]) {
        var score = 0
        var why: [String] = []
        func add(_ points: Int, _ name: String) {
            score += points
            why.append(name)
        }
        if let (k, _) = page.numbering { k == 1 ? add(4, "numbering-restarts") : add(-4, "numbering-continues") }
        if let (k, n) = previous.numbering { k == n ? add(2, "previous-page-last") : add(-4, "previous-page-not-last") }
        if !page.letterhead.isEmpty {
            add(1, "letterhead")
            // Large type unlike the first page's: another issuer (the same letterhead again may be the same one's next bill).
            if !first.letterhead.isEmpty, page.letterhead != first.letterhead { add(1, "other-letterhead") }
        }
        if page.title { add(1, "invoice-title") }
        if !page.accounts.isEmpty, !accountsSoFar.isEmpty, page.accounts.isDisjoint(with: accountsSoFar) {
            add(2, "other-account")
        }
        if previous.slip { add(1, "previous-slip") }
        // The same issuer's next bill has the same letterhead and account, but another number; a page
        // that repeats the number (a header printed on every page, or a second copy) belongs to the bill.
        if let number = page.invoiceNumber, let known = numberSoFar {
            number == known ? add(-1, "same-invoice-number") : add(2, "other-invoice-number")
        }
        return (score, why)
    }

    /// Marks the page records of each part (`split` on every page, read back by `DocumentProcessor`);
    /// an input of one part is returned unchanged.
    public static func split(_ pages: [PageRecord]) -> [[PageRecord]] {
        let found = parts(of: pages)
        guard found.count > 1 else { return [pages] }
        return found.enumerated().map { index, part in
            var split = StackPart()
            split.part = index + 1
            split.parts = found.count
            split.pageRange = [
                pages[part.pages.lowerBound].pageNumber ?? part.pages.lowerBound + 1,
                pages[part.pages.upperBound - 1].pageNumber ?? part.pages.upperBound,
            ]
            split.pages = part.pages.count
            split.why = part.why
            return pages[part.pages].map { page in
                var page = page
                page.split = split
                return page
            }
        }
    }
}

/// What one page says about where it stands in a bill.
struct PageSignals {
    /// "k of n" printed in the header or footer (or anywhere after a word such as "Seite").
    var numbering: (Int, Int)?
    /// The lines near the top in type much larger than the page's own (letters only, folded), or "".
    var letterhead = ""
    /// An invoice title ("Rechnung", "Invoice", "Račun", …) in the upper part of the page.
    var title = false
    /// Accounts whose checksum holds (IBAN, Serbian domestic).
    var accounts: Set<String> = []
    /// A payment slip or a payment code on the page.
    var slip = false
    /// The first invoice number in the upper part ("Rechnungs-Nr. 400918", "Invoice INV-2026-0117"), folded.
    var invoiceNumber: String?

    static let titles = [
        "rechnung", "invoice", "faktura", "racun", "facture", "fattura", "factura", "factuur", "fatura", "szamla",
        "vorschreibung", "gutschrift", "abrechnung", "bill", "rachunek", "lasku",
    ]
    static let slipWords = [
        "zahlungsanweisung", "empfangsschein", "zahlschein", "nalog za uplatu", "nalog za placanje", "uplatnica",
        "obrazac br. 1", "remittance advice", "payment slip", "bulletin de versement", "bollettino", "potvrda o uplati",
    ]
    static let numberingWords =
        "(?:page|seite|strana|str|stranica|pagina|pag|sida|side|blatt|strona|oldal|stran|sivu|list|lap|lehekulg|puslapis)"
    static let anywhere = try! NSRegularExpression(
        pattern: "\\b\(numberingWords)\\.?\\s*(\\d{1,3})\\s*(?:/|of|von|od|de|di|van|af|z|ze|iz|sur|aus)\\s*(\\d{1,3})\\b")
    static let alone = try! NSRegularExpression(
        pattern: "^-?\\s*(\\d{1,3})\\s*(?:/|of|von|od|de|di|van|af|z|ze|iz|sur)\\s*(\\d{1,3})\\s*-?$")
    static let serbianAccount = try! NSRegularExpression(pattern: "\\b\\d{3}-\\d{1,13}-\\d{2}\\b")
    static let numberLabel = try! NSRegularExpression(
        pattern:
            "\\b(?:rechnungs?|invoice|faktur[ae]?|racuna?|facture|fattura|factura|factuur|fatura|bill|gutschrift|credit note)[\\s-]*(?:nr|no|br|number|nummer|num|broj|#)?\\.?\\s*:?\\s*([a-z0-9][a-z0-9/.-]*[0-9][a-z0-9/-]*)"
    )
    static let date = try! NSRegularExpression(pattern: "^(?:\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}|\\d{4}-\\d{2}-\\d{2})\\.?$")

    init() {}

    init(_ record: PageRecord) {
        let (lines, _) = DocumentProcessor.text(of: [record.textView])
        let height = record.size?.last ?? (lines.map(\.box.y1).max() ?? 842)
        let heights = lines.map(\.box.height).filter { $0 > 0 }.sorted()
        let median = heights.isEmpty ? 10 : heights[heights.count / 2]
        slip = !(record.codes ?? []).isEmpty
        for line in lines {
            let folded = String(line.folded).trimmingCharacters(in: .whitespaces)
            let y = line.box.y0 / max(height, 1)
            if numbering == nil { numbering = Self.numbering(folded, edge: y < 0.1 || y > 0.88) }
            // The first lines of the page only: a section heading lower down is no letterhead.
            if y < 0.1, line.box.height >= median * 1.25 { letterhead += folded.filter(\.isLetter) }
            if y < 0.4, !title {
                let tokens = folded.split { !$0.isLetter }
                title = tokens.contains { token in Self.titles.contains { token.hasPrefix($0) } }
            }
            if !slip { slip = Self.slipWords.contains { folded.contains($0) } }
            if y < 0.4, invoiceNumber == nil { invoiceNumber = Self.invoiceNumber(folded) }
            accounts.formUnion(Self.accounts(in: line.text))
        }
    }

    /// The number after an invoice title, when it is one: four characters or more, not a date.
    static func invoiceNumber(_ folded: String) -> String? {
        let range = NSRange(folded.startIndex..., in: folded)
        guard let match = numberLabel.firstMatch(in: folded, range: range), let r = Range(match.range(at: 1), in: folded)
        else { return nil }
        let number = String(folded[r]).trimmingCharacters(in: CharacterSet(charactersIn: ".-/"))
        guard number.count >= 4, date.firstMatch(in: number, range: NSRange(number.startIndex..., in: number)) == nil else {
            return nil
        }
        return number
    }

    /// "k of n" with 1 <= k <= n <= 500: after a word such as "Seite", or alone on a line at the top or bottom.
    static func numbering(_ folded: String, edge: Bool) -> (Int, Int)? {
        let range = NSRange(folded.startIndex..., in: folded)
        let match = anywhere.firstMatch(in: folded, range: range) ?? (edge ? alone.firstMatch(in: folded, range: range) : nil)
        guard let match, let a = Range(match.range(at: 1), in: folded), let b = Range(match.range(at: 2), in: folded),
            let k = Int(folded[a]), let n = Int(folded[b]), k >= 1, k <= n, n <= 500
        else { return nil }
        return (k, n)
    }

    /// IBANs (the longest run from a country code on whose checksum holds) and Serbian domestic accounts.
    static func accounts(in text: String) -> Set<String> {
        var found: Set<String> = []
        let compact = Array(text.uppercased().filter { $0.isLetter || $0.isNumber })
        var i = 0
        while i + 15 <= compact.count {
            if compact[i].isASCII, compact[i].isLetter, compact[i + 1].isASCII, compact[i + 1].isLetter, compact[i + 2].isNumber,
                compact[i + 3].isNumber
            {
                for length in stride(from: min(34, compact.count - i), through: 15, by: -1) {
                    let candidate = String(compact[i..<(i + length)])
                    if Checksums.isValidIBAN(candidate) {
                        found.insert(candidate)
                        break
                    }
                }
            }
            i += 1
        }
        let range = NSRange(text.startIndex..., in: text)
        for match in serbianAccount.matches(in: text, range: range) {
            guard let r = Range(match.range, in: text), let a18 = Checksums.serbianAccount18(text[r]),
                Checksums.isValidSerbianAccount(a18)
            else { continue }
            found.insert(a18)
        }
        return found
    }
}
