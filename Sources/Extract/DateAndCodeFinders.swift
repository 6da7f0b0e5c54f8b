import Foundation
import PPShared

/// Due dates, payment codes and currencies.
extension Extractor {
    static let monthNames: [String: Int] = [
        "januar": 1, "january": 1, "jan": 1, "janvier": 1, "februar": 2, "february": 2, "feb": 2, "fevrier": 2, "marz": 3,
        "maerz": 3, "march": 3, "mart": 3, "mars": 3, "april": 4, "apr": 4, "avril": 4, "mai": 5, "may": 5, "maj": 5,
        "juni": 6, "june": 6, "jun": 6, "juin": 6, "juli": 7, "july": 7, "jul": 7, "juillet": 7, "august": 8, "aug": 8,
        "avgust": 8, "aout": 8, "september": 9, "sep": 9, "septembar": 9, "septembre": 9, "oktober": 10, "october": 10,
        "okt": 10, "oct": 10, "oktobar": 10, "octobre": 10, "november": 11, "nov": 11, "novembar": 11, "novembre": 11,
        "dezember": 12, "december": 12, "dec": 12, "dez": 12, "decembar": 12, "decembre": 12,
    ]

    /// Dates in a piece of text: dd.mm.yyyy, dd.mm.yy, dd/mm/yyyy, yyyy-mm-dd, "15. März 2024".
    static let dateExpressions: [NSRegularExpression] = [
        #"(?<![\d])(\d{1,2})\s?[./]\s?(\d{1,2})\s?[./]\s?(\d{4}|\d{2})(?![\d])"#,
        #"(?<![\d])(\d{4})-(\d{2})-(\d{2})(?![\d])"#,
        #"(?<![\d])(\d{1,2})\.?\s+([A-Za-zäÄéû]{3,9})\.?\s+(\d{4})(?![\d])"#,
        #"(?<![\w])([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?![\d])"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    public static func dates(in text: String) -> [(iso: String, range: Range<String.Index>)] {
        var out: [(String, Range<String.Index>)] = []
        guard text.contains(where: \.isNumber) else { return [] }
        for (pi, re) in dateExpressions.enumerated() {
            let ns = text as NSString
            for m in re.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let g = (1...3).map { ns.substring(with: m.range(at: $0)) }
                var y = 0
                var mo = 0
                var d = 0
                switch pi {
                case 0:
                    d = Int(g[0]) ?? 0
                    mo = Int(g[1]) ?? 0
                    y = Int(g[2]) ?? 0
                case 1:
                    y = Int(g[0]) ?? 0
                    mo = Int(g[1]) ?? 0
                    d = Int(g[2]) ?? 0
                case 2:
                    d = Int(g[0]) ?? 0
                    y = Int(g[2]) ?? 0
                    mo = monthNames[TextFold.fold(g[1])] ?? 0
                default:  // "April 9, 2026"
                    mo = monthNames[TextFold.fold(g[0])] ?? 0
                    d = Int(g[1]) ?? 0
                    y = Int(g[2]) ?? 0
                }
                if y < 100 { y += 2000 }
                // 04/30/2026 (US order) when the day-first reading is impossible.
                if pi == 0, mo > 12, d <= 12 { swap(&mo, &d) }
                guard (1...12).contains(mo), (1...31).contains(d), (1990...2100).contains(y),
                    let r = Range(m.range, in: text)
                else { continue }
                let iso = "\(y)-" + (mo < 10 ? "0\(mo)" : "\(mo)") + "-" + (d < 10 ? "0\(d)" : "\(d)")
                out.append((iso, r))
            }
        }
        return out
    }

    func findDueDates(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        for l in labels where l.category == "due_date" || l.category == "due_date_weak" {
            // "01.10.2018 bis 31.10.2018" is a period, and a Skonto date is not the due date.
            let before = String(lines[l.line].chars[0..<l.range.lowerBound]).trimmingCharacters(in: .whitespaces)
            if l.category == "due_date_weak", let last = Self.dates(in: before).last, last.range.upperBound == before.endIndex {
                continue
            }
            if labels.contains(where: { $0.line == l.line && $0.category == "amount_discount" }) { continue }
            guard let (vli, vr) = valueText(after: l, labels: labels, lines: lines, accept: { !Self.dates(in: $0).isEmpty })
            else { continue }
            let line = lines[vli]
            let text = String(line.chars[vr])
            guard let d = Self.dates(in: text).first else { continue }
            let off = text.distance(from: text.startIndex, to: d.range.lowerBound)
            let len = text.distance(from: d.range.lowerBound, to: d.range.upperBound)
            let r = (vr.lowerBound + off)..<(vr.lowerBound + off + len)
            let weak = l.category == "due_date_weak"
            var c = Candidate(
                field: "due_date", value: d.iso, display: String(text[d.range]),
                score: w(weak ? "due_date.weak_label" : "due_date.label"),
                page: line.page, box: line.box(of: r), evidence: ["label:\(l.category)", "date"])
            if vli != l.line { c.score -= 100 }
            applyOCRPenalty(to: &c, line, r, verified: false)
            out.append(c)
        }
        return out
    }

    func findPaymentCodes(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        for l in labels where l.category == "payment_code" {
            let hasCode: (String) -> Bool = { t in
                let a = Array(t)
                guard a.count >= 3 else { return false }
                for i in 0...(a.count - 3) where "1239".contains(a[i]) && a[i + 1].isNumber && a[i + 2].isNumber {
                    if (i == 0 || !a[i - 1].isNumber) && (i + 3 == a.count || !a[i + 3].isNumber) { return true }
                }
                return false
            }
            guard let (vli, vr) = valueText(after: l, labels: labels, lines: lines, accept: hasCode) else { continue }
            let line = lines[vli]
            let text = String(line.chars[vr])
            guard let m = text.range(of: #"(?<!\d)[1239]\d\d(?!\d)"#, options: .regularExpression) else { continue }
            let off = text.distance(from: text.startIndex, to: m.lowerBound)
            let r = (vr.lowerBound + off)..<(vr.lowerBound + off + 3)
            var c = Candidate(
                field: "payment_code", value: String(text[m]), display: String(text[m]), score: w("payment_code.label"),
                page: line.page, box: line.box(of: r), evidence: ["label:payment_code", "code-pattern"])
            applyOCRPenalty(to: &c, line, r, verified: false)
            out.append(c)
        }
        return out
    }

    /// Currency names that stand for themselves on a line (codes, symbols, "din."), as characters.
    static let lineCurrencyTokens: [([Character], String, String)] = Amounts.currencyTokens.compactMap { tok, iso in
        tok.count >= 3 && tok.first!.isUppercase || ["€", "£", "din.", "дин."].contains(tok) ? (Array(tok), tok, iso) : nil
    }

    /// Where `needle` first occurs in `chars` (plain comparison; lines are short).
    static func firstOffset(of needle: [Character], in chars: [Character]) -> Int? {
        guard let first = needle.first, needle.count <= chars.count else { return nil }
        var i = 0
        while i + needle.count <= chars.count {
            if chars[i] == first {
                var k = 1
                while k < needle.count, chars[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// The currency of a confident amount is as sure as the amount's final confidence (the model's, which
    /// the currency's rule score could not know): the one printed with the amount, or else the only one the
    /// page names, rises to `currency.confident_amount`.
    func currencyOfTheAmount(_ amounts: [Candidate], _ currencies: [Candidate]) -> [Candidate] {
        guard let top = amounts.first, top.confidence >= 1500 else { return currencies }
        let named = Set(currencies.filter { $0.evidence.contains("currency-token") }.map(\.value))
        guard let cur = top.extra["currency"]?.stringValue ?? (named.count == 1 ? named.first : nil),
            let i = currencies.firstIndex(where: { $0.value == cur })
        else { return currencies }
        var list = currencies
        list[i].score = max(list[i].score, w("currency.confident_amount"))
        return list.enumerated().sorted { a, b in
            a.element.confidence != b.element.confidence ? a.element.confidence > b.element.confidence : a.offset < b.offset
        }.map(\.element)
    }

    func findCurrencies(_ lines: [TextLine], _ amounts: [Candidate]) -> [Candidate] {
        var out: [Candidate] = []
        if let top = amounts.filter({ $0.extra["currency"] != nil }).max(by: { $0.score < $1.score }),
            let cur = top.extra["currency"]?.stringValue,
            top.score >= 900
        {
            // The currency printed with a confident amount is as sure as the amount.
            out.append(
                Candidate(
                    field: "currency", value: cur, display: cur,
                    score: top.score >= 1500 ? w("currency.confident_amount") : w("currency.amount"), page: top.page,
                    box: top.box, evidence: ["amount-currency"]))
        }
        var counts: [String: (Int, Candidate)] = [:]
        for line in lines {
            // Only lines with a currency sign or an upper-case word of three letters can name a currency.
            guard line.chars.contains(where: { $0 == "€" || $0 == "£" || $0 == "$" || $0 == "d" || $0 == "д" || $0.isUppercase })
            else { continue }
            let chars = line.chars
            for (t, tok, iso) in Self.lineCurrencyTokens {
                if let s = Self.firstOffset(of: t, in: chars) {
                    let before: Character = s == 0 ? " " : chars[s - 1]
                    let after: Character = s + t.count == chars.count ? " " : chars[s + t.count]
                    if before.isLetter || (after.isLetter && tok.last!.isLetter) { continue }
                    let c = Candidate(
                        field: "currency", value: iso, display: tok, score: w("currency.token"), page: line.page,
                        box: line.box, evidence: ["currency-token"])
                    counts[iso] = (counts[iso]?.0 ?? 0) + 1 == 1 ? (1, c) : ((counts[iso]!.0) + 1, counts[iso]!.1)
                }
            }
        }
        for (iso, (n, c)) in counts where !out.contains(where: { $0.value == iso }) {
            var c = c
            c.score += min(200, (n - 1) * 40)
            c.evidence.append("count:\(n)")
            out.append(c)
        }
        if out.isEmpty, let d = profile.defaultCurrency {
            out.append(
                Candidate(
                    field: "currency", value: d, display: d, score: w("currency.default"), page: 1, box: nil,
                    evidence: ["profile-default"]))
        }
        if out.count > 1 {
            // Several currencies on one page: the amount's currency leads, others are less sure.
            for i in out.indices.dropFirst() { out[i].score -= 200 }
        }
        return out
    }
}
