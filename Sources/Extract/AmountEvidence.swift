import Foundation

/// Evidence about amounts that needs no language: the arithmetic between the numbers of a page (net + VAT =
/// total, line items = subtotal, total − discount = amount due, cash − total = change), a rounding line, and
/// where on the page a labelled amount stands. Runs over every occurrence before occurrences are merged.
extension Extractor {
    /// One amount occurrence taking part in the arithmetic.
    struct Term {
        let index: Int  // into the candidate list
        let cents: Int
        let page: Int
        let box: Box
    }

    static let totalLabels: Set<String> = ["label:total", "label:due"]
    static let deductionLabels: Set<String> = ["label:discount", "label:paid", "label:previous"]

    func amountEvidence(_ input: [Candidate], labels: [LabelHit], lines: [TextLine]) -> [Candidate] {
        var list = input
        applyRounding(&list, labels: labels, lines: lines)
        applyRoundingSum(&list, labels: labels)
        let terms = arithmeticTerms(list)
        let summands = applySums(&list, terms)
        applyTaxRates(&list, terms, summands: summands, lines: lines)
        applyTendered(&list, terms, labels: labels)
        applyDeductions(&list, terms)
        applyItemSums(&list, terms)
        applyPosition(&list, lines: lines)
        applyPayment(&list, labels: labels, lines: lines)
        applyTotalCorrection(&list, labels: labels, lines: lines)
        return list
    }

    /// Whether `a` is printed before `b`: same page, and on the same row to its left, or on a row above.
    static func before(_ a: Term, _ b: Term) -> Bool {
        guard a.page == b.page else { return false }
        if a.box.verticalOverlap(b.box) >= 0.5 { return a.box.x1 <= b.box.x0 + 1 }
        return a.box.y0 < b.box.y0
    }

    static func cents(_ value: String) -> Int? { Amounts.cents(value) }

    func arithmeticTerms(_ list: [Candidate]) -> [Term] {
        var all: [Term] = []
        for (i, c) in list.enumerated() where !c.evidence.contains("no-decimals") {
            guard let box = c.box, let v = Self.cents(c.value), v != 0 else { continue }
            all.append(Term(index: i, cents: v, page: c.page, box: box))
        }
        let largest = Set(Set(all.map { abs($0.cents) }).sorted(by: >).prefix(w("amount.arithmetic_values")))
        func labelled(_ t: Term) -> Bool { list[t.index].evidence.contains { $0.hasPrefix("label:") } }
        let terms = all.filter { largest.contains(abs($0.cents)) || labelled($0) }
        // The sums and balances compare terms in pairs and triples: a page of a thousand labelled numbers
        // (a hostile or broken one; bills print dozens) keeps its largest labelled ones, in page order.
        let limit = w("amount.arithmetic_terms")
        guard terms.count > limit else { return terms }
        let ranked = terms.map { ($0, labelled($0)) }.sorted { a, b in
            a.1 != b.1 ? a.1 : abs(a.0.cents) > abs(b.0.cents)
        }
        let kept = Set(ranked.prefix(limit).map(\.0.index))
        return terms.filter { kept.contains($0.index) }
    }

    /// A total printed below (or right of) two or three amounts it is the sum of, within a cent. An amount that is
    /// itself a summand of a later sum (a subtotal on the way to the total) gets nothing. Returns the values
    /// (cents) that are a part of some sum.
    func applySums(_ list: inout [Candidate], _ terms: [Term]) -> Set<Int> {
        var sumOf: [Int: (text: String, items: Bool)] = [:]  // term position → its summands
        var summand: Set<Int> = []  // values (cents) that are a part of some sum
        // A negative sum counts too: gross − prepayments = a negative amount due ("nothing to pay").
        for (si, s) in terms.enumerated() where !list[s.index].evidence.contains("line-item") {
            let prior = terms.indices.filter { Self.before(terms[$0], s) }
            guard prior.count >= 2 else { continue }
            var byCents: [Int: [Int]] = [:]
            for p in prior { byCents[terms[p].cents, default: []].append(p) }
            // Exact to the cent; a cent either way only between larger amounts (VAT rounded per line).
            func find(_ cents: Int, after j: Int, _ others: Int...) -> Int? {
                let slack = others.allSatisfy { abs($0) >= 100 } && abs(cents) >= 100 ? [0, -1, 1] : [0]
                for d in slack { if let k = byCents[cents + d]?.first(where: { $0 > j }) { return k } }
                return nil
            }
            // Pairs first: "net + VAT" explains a total better than three numbers that happen to add up.
            var found: [Int]?
            for i in prior {
                if let k = find(s.cents - terms[i].cents, after: i, terms[i].cents) {
                    found = [i, k]
                    break
                }
            }
            if found == nil {
                outer: for (x, i) in prior.enumerated() {
                    for j in prior[(x + 1)...] {
                        if let k = find(s.cents - terms[i].cents - terms[j].cents, after: j, terms[i].cents, terms[j].cents) {
                            found = [i, j, k]
                            break outer
                        }
                    }
                }
            }
            guard let parts = found else { continue }
            sumOf[si] = (
                parts.map { list[terms[$0].index].value }.joined(separator: "+"),
                parts.allSatisfy { list[terms[$0].index].evidence.contains("line-item") }
            )
            summand.formUnion(parts.map { terms[$0].cents })
        }
        for (si, parts) in sumOf where !summand.contains(terms[si].cents) {
            // Line items adding up make a subtotal as often as a total.
            let key = parts.items ? "amount.sum_of_items" : "amount.sum_of"
            list[terms[si].index].score += w(key)
            list[terms[si].index].evidence.append("sum-of:\(parts.text)")
        }
        return summand
    }

    /// A total that is an amount printed before it plus a tax rate the page prints ("27%"), to the cent:
    /// net + VAT = total where OCR lost the VAT amount. Counted as a sum (`sum-of:net+rate%`).
    func applyTaxRates(_ list: inout [Candidate], _ terms: [Term], summands: Set<Int>, lines: [TextLine]) {
        let rates = Self.taxRates(lines)
        guard !rates.isEmpty else { return }
        let byCents = Dictionary(grouping: terms.indices, by: { terms[$0].cents })
        // As in applySums: a part of a sum found already (a subtotal on the way to the total) gets nothing.
        for n in terms where n.cents >= 100 && !list[n.index].evidence.contains("line-item") {
            for r in rates {
                let total = Int((Double(n.cents) * (100 + r) / 100).rounded())
                for si in byCents[total] ?? [] where Self.before(n, terms[si]) {
                    let i = terms[si].index
                    guard !list[i].evidence.contains(where: { $0.hasPrefix("sum-of:") }), !list[i].evidence.contains("line-item"),
                        !summands.contains(terms[si].cents)
                    else { continue }
                    list[i].score += w("amount.sum_of")
                    let rate = r == r.rounded() ? "\(Int(r))" : "\(r)"
                    list[i].evidence.append("sum-of:\(list[n.index].value)+\(rate)%")
                }
            }
        }
    }

    /// Percentages from 1 to 30 printed on the page (VAT rates), at most eight.
    static func taxRates(_ lines: [TextLine]) -> [Double] {
        var rates: [Double] = []
        for line in lines {
            let c = line.chars
            for (i, ch) in c.enumerated() where ch == "%" {
                var e = i
                while e > 0, c[e - 1] == " " { e -= 1 }
                var b = e
                while b > 0, c[b - 1].isASCII, c[b - 1].isNumber || c[b - 1] == "." || c[b - 1] == "," { b -= 1 }
                guard b < e, let r = Double(String(c[b..<e]).replacingOccurrences(of: ",", with: ".")), r >= 1, r <= 30
                else { continue }
                if !rates.contains(r) { rates.append(r) }
                if rates.count == 8 { return rates }
            }
        }
        return rates
    }

    /// Cash handed over = total + change: the tendered amount stands between the total (above) and the change
    /// (below). The tendered amount is not the total; the total it confirms is.
    func applyTendered(_ list: inout [Candidate], _ terms: [Term], labels: [LabelHit]) {
        func item(_ t: Term) -> Bool { list[t.index].evidence.contains("line-item") }
        for s in terms where s.cents > 0 && !item(s) {
            // A total label on its own row makes it a total; one inherited from the row above does not.
            guard
                !labels.contains(where: {
                    ($0.category == "amount_total" || $0.category == "amount_due") && $0.page == s.page
                        && $0.box.verticalOverlap(s.box) >= 0.5
                })
            else { continue }
            // Cash and change follow the total within a few rows.
            let h = max(6, s.box.height)
            let above = terms.filter {
                Self.before($0, s) && !item($0) && s.box.y0 - $0.box.y1 <= 6 * h
                    && list[$0.index].evidence.contains(where: Self.totalLabels.contains)
            }
            let below = terms.filter { Self.before(s, $0) && $0.cents > 0 && !item($0) && $0.box.y0 - s.box.y1 <= 3 * h }
            guard let total = above.first(where: { a in below.contains { a.cents + $0.cents == s.cents } }) else { continue }
            list[s.index].score -= w("amount.tendered")
            list[s.index].evidence.append("tendered")
            if !list[total.index].evidence.contains("tendered-less-change") {
                list[total.index].score += w("amount.tendered_check")
                list[total.index].evidence.append("tendered-less-change")
            }
        }
    }

    /// Total − discount (or already paid, or an old balance) = the amount due printed after both.
    func applyDeductions(_ list: inout [Candidate], _ terms: [Term]) {
        for r in terms where r.cents > 0 {
            let prior = terms.filter { Self.before($0, r) }
            for d in prior where d.cents > 0 && list[d.index].evidence.contains(where: Self.deductionLabels.contains) {
                guard let m = prior.first(where: { $0.cents == r.cents + d.cents && $0.index != d.index }) else { continue }
                list[r.index].score += w("amount.sum_of")
                list[r.index].evidence.append("difference-of:\(list[m.index].value)-\(list[d.index].value)")
                break
            }
        }
        applyBalances(&list, terms)
    }

    /// Total + an old balance − what was paid (− a discount) = the amount due printed after them: a
    /// utility bill's account. An old balance adds, payments and discounts subtract, whatever sign they print.
    func applyBalances(_ list: inout [Candidate], _ terms: [Term]) {
        func sign(_ t: Term) -> Int? {
            let e = list[t.index].evidence
            if e.contains("label:previous") { return 1 }
            if e.contains("label:paid") || e.contains("label:discount") { return -1 }
            return nil
        }
        for r in terms where r.cents > 0 && !list[r.index].evidence.contains(where: { $0.hasPrefix("difference-of:") }) {
            for m in terms where Self.before(m, r) && list[m.index].evidence.contains("label:total") {
                let adjustments = terms.filter { Self.before(m, $0) && Self.before($0, r) && sign($0) != nil }
                guard (2...4).contains(adjustments.count) else { continue }
                let balance = m.cents + adjustments.reduce(0) { $0 + sign($1)! * abs($1.cents) }
                guard balance == r.cents else { continue }
                list[r.index].score += w("amount.sum_of")
                list[r.index].evidence.append("balance-of:\(list[m.index].value)")
                break
            }
        }
    }

    /// Line items adding up to the amount below them: the right-most amount of each row, summed upwards from the
    /// row above. Only for an amount that no pair or triple explained, and with a smaller bonus: it is as often
    /// a subtotal as the total.
    func applyItemSums(_ list: inout [Candidate], _ terms: [Term]) {
        // The right-most amount per row, in page order.
        var rows: [Term] = []
        for t in terms.sorted(by: { ($0.page, $0.box.y0, $0.box.x0) < ($1.page, $1.box.y0, $1.box.x0) }) {
            if let last = rows.last, last.page == t.page, last.box.verticalOverlap(t.box) >= 0.5 {
                if t.box.x0 > last.box.x0 { rows[rows.count - 1] = t }
            } else {
                rows.append(t)
            }
        }
        for (ri, s) in rows.enumerated() where s.cents > 0 {
            let c = list[s.index]
            guard !c.evidence.contains(where: { $0.hasPrefix("sum-of:") || $0.hasPrefix("difference-of:") }),
                !c.evidence.contains("line-item")
            else { continue }
            var total = 0
            var n = 0
            for r in rows[..<ri].reversed().prefix(60) where r.page == s.page {
                total += r.cents
                n += 1
                if n >= 4, abs(total - s.cents) <= 1 {
                    list[s.index].score += w("amount.sum_of_items")
                    list[s.index].evidence.append("sum-of:items(\(n))")
                    break
                }
                if total > s.cents + 1 { break }
            }
        }
    }

    /// A rounding line (category `amount_rounding`): its own number is an adjustment, not the amount; the total
    /// printed just below it is the rounded amount due, the one just above it the amount before rounding.
    func applyRounding(_ list: inout [Candidate], labels: [LabelHit], lines: [TextLine]) {
        for l in labels where l.category == "amount_rounding" {
            let lb = l.box
            let h = max(6, lb.height)
            for i in list.indices where list[i].page == l.page {
                guard let b = list[i].box else { continue }
                if b.verticalOverlap(lb) >= 0.5, b.x0 >= lb.x0 {
                    if !list[i].evidence.contains("label:rounding") {
                        list[i].score += w("amount.label_distractor")
                        list[i].evidence.append("label:rounding")
                    }
                } else if list[i].evidence.contains(where: Self.totalLabels.contains) {
                    if b.y0 >= lb.y1 - 0.3 * h, b.y0 - lb.y1 <= 3 * h {
                        list[i].score += w("amount.after_rounding")
                        list[i].evidence.append("after-rounding")
                    } else if b.y1 <= lb.y0 + 0.3 * h, lb.y0 - b.y1 <= 3 * h {
                        list[i].score -= w("amount.after_rounding")
                        list[i].evidence.append("before-rounding")
                    }
                }
            }
        }
    }

    /// A rounding line's adjustment R (its own amount, either sign: OCR drops minus signs) links the
    /// labelled total A above it to the rounded total A ± R printed below it, labelled or not: the rounded
    /// one is the amount paid (`rounded:`), the one before rounding loses as much (`rounded-away`).
    func applyRoundingSum(_ list: inout [Candidate], labels: [LabelHit]) {
        for l in labels where l.category == "amount_rounding" {
            let h = max(6, l.box.height)
            let adjustments = list.indices.filter { i in
                list[i].page == l.page && list[i].evidence.contains("label:rounding")
                    && (list[i].box.map { $0.verticalOverlap(l.box) >= 0.5 } ?? false)
            }
            for r in adjustments {
                guard let rc = Self.cents(list[r].value).map(abs), rc > 0, rc < w("amount.rounding_max") else { continue }
                for a in list.indices where a != r && list[a].page == l.page {
                    guard list[a].evidence.contains(where: Self.totalLabels.contains), let ab = list[a].box,
                        ab.y1 <= l.box.y0 + 0.3 * h, let ac = Self.cents(list[a].value)
                    else { continue }
                    for b in list.indices where b != r && b != a && list[b].page == l.page {
                        guard let bb = list[b].box, bb.y0 >= l.box.y1 - 0.3 * h, let bc = Self.cents(list[b].value),
                            abs(bc - ac) == rc, !list[b].evidence.contains(where: { $0.hasPrefix("rounded:") })
                        else { continue }
                        list[b].score += w("amount.rounded_sum")
                        list[b].evidence.append("rounded:\(list[a].value)")
                        if !list[a].evidence.contains("rounded-away") {
                            list[a].score -= w("amount.rounded_sum")
                            list[a].evidence.append("rounded-away")
                        }
                    }
                }
            }
        }
    }

    /// Totals stand low on a page: a labelled total or amount due gets a small bonus by how far down its page
    /// (between the page's first and last line) it stands.
    func applyPosition(_ list: inout [Candidate], lines: [TextLine]) {
        var extent: [Int: (Double, Double)] = [:]
        for l in lines where l.box.height > 0 {
            let e = extent[l.page] ?? (l.box.y0, l.box.y1)
            extent[l.page] = (min(e.0, l.box.y0), max(e.1, l.box.y1))
        }
        for i in list.indices where list[i].evidence.contains(where: Self.totalLabels.contains) {
            guard let b = list[i].box, let (top, bottom) = extent[list[i].page], bottom - top > 1 else { continue }
            let rel = max(0, min(1, (b.y0 - top) / (bottom - top)))
            let bonus = Scoring.scaled(w("amount.position"), by: rel)
            if bonus > 0 {
                list[i].score += bonus
                list[i].evidence.append("position:\(Scoring.scaled(100, by: rel))")
            }
        }
    }
}
