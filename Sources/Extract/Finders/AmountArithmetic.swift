import Foundation
import Lexicons

/// Evidence about amounts that needs no language: the arithmetic between the numbers of a page (net + VAT =
/// total, line items = subtotal, total − discount = amount due, cash − total = change), a rounding line, and
/// where on the page a labelled amount stands. Runs over every occurrence before occurrences are merged.
struct AmountArithmetic {
    struct Weights: Sendable {
        let sumOf, sumOfItems, tendered, tenderedCheck, labelDistractor, labelTendered: Int
        let afterRounding, roundedSum, roundingMax, position, afterPayment, ocrCorrected: Int
        let taxShareMax, arithmeticValues, arithmeticTerms: Int
        /// Rows (line heights) within which cash follows its total, change its cash, a rounded total its
        /// rounding line, and a totals block's next row its last.
        let totalAbove, changeBelow, roundingReach, blockReach: Double
        /// Payment lines: the change line stands at least `changeOffset` and at most `changeReach` rows below.
        let changeOffset, changeReach: Double
        /// Rows summed upwards for line items at most; VAT rates read from the page, the highest and how many.
        let itemRows, taxRateMax, taxRates: Int
        /// From this many cents on, a sum may be off by a cent (VAT rounded per line).
        let centSlackFrom: Int

        init(_ w: (String) -> Int) {
            sumOf = w("amount.sum_of")
            sumOfItems = w("amount.sum_of_items")
            tendered = w("amount.tendered")
            tenderedCheck = w("amount.tendered_check")
            labelDistractor = w("amount.label_distractor")
            labelTendered = w("amount.label_tendered")
            afterRounding = w("amount.after_rounding")
            roundedSum = w("amount.rounded_sum")
            roundingMax = w("amount.rounding_max")
            position = w("amount.position")
            afterPayment = w("amount.after_payment")
            ocrCorrected = w("amount.ocr_corrected")
            taxShareMax = w("amount.tax_share_max")
            arithmeticValues = w("amount.arithmetic_values")
            arithmeticTerms = w("amount.arithmetic_terms")
            totalAbove = Double(w("amount.total_above")) / 100
            changeBelow = Double(w("amount.change_below")) / 100
            roundingReach = Double(w("amount.rounding_reach")) / 100
            blockReach = Double(w("amount.block_reach")) / 100
            changeOffset = Double(w("amount.change_offset")) / 100
            changeReach = Double(w("amount.change_reach")) / 100
            itemRows = w("amount.item_rows")
            taxRateMax = w("amount.tax_rate_max")
            taxRates = w("amount.tax_rates")
            centSlackFrom = w("amount.cent_slack_from")
        }
    }

    let weights: Weights
    let view: DocumentView
    var labels: [LabelHit] { view.labels }
    var lines: [TextLine] { view.lines }
    var reach: LabelReach { view.reach }

    /// The height distances around a box are measured in.
    func height(_ box: Box) -> Double { max(reach.minHeight, box.height) }

    /// Whether two boxes stand on one row.
    func sameRow(_ a: Box, _ b: Box) -> Bool { a.verticalOverlap(b) >= reach.rowShare }

    /// One amount occurrence taking part in the arithmetic.
    struct Term {
        let index: Int  // into the candidate list
        let cents: Int
        let page: Int
        let box: Box
    }

    static func isTotalLabel(_ e: Evidence) -> Bool { e == .labelled(.amountTotal) || e == .labelled(.amountDue) }
    static func isDeductionLabel(_ e: Evidence) -> Bool {
        e == .labelled(.amountDiscount) || e == .labelled(.amountPaid) || e == .labelled(.amountPrevious)
    }

    func apply(to list: inout [Candidate]) {
        applyRounding(&list)
        applyRoundingSum(&list)
        let terms = arithmeticTerms(list)
        let summands = applySums(&list, terms)
        applyTaxRates(&list, terms, summands: summands)
        applyTendered(&list, terms)
        applyDeductions(&list, terms)
        applyItemSums(&list, terms)
        applyPosition(&list)
        applyPayment(&list)
        applyTotalCorrection(&list)
    }

    /// Whether `a` is printed before `b`: same page, and on the same row to its left, or on a row above.
    func before(_ a: Term, _ b: Term) -> Bool {
        guard a.page == b.page else { return false }
        if sameRow(a.box, b.box) { return a.box.x1 <= b.box.x0 + 1 }
        return a.box.y0 < b.box.y0
    }

    static func cents(_ value: String) -> Int? { Amounts.cents(value) }

    func arithmeticTerms(_ list: [Candidate]) -> [Term] {
        var all: [Term] = []
        for (i, c) in list.enumerated() where !c.evidence.contains(.noDecimals) {
            guard let box = c.box, let v = Self.cents(c.value), v != 0 else { continue }
            all.append(Term(index: i, cents: v, page: c.page, box: box))
        }
        let largest = Set(Set(all.map { abs($0.cents) }).sorted(by: >).prefix(weights.arithmeticValues))
        func labelled(_ t: Term) -> Bool { list[t.index].evidence.isLabelled }
        let terms = all.filter { largest.contains(abs($0.cents)) || labelled($0) }
        // The sums and balances compare terms in pairs and triples: a page of a thousand labelled numbers
        // (a hostile or broken one; bills print dozens) keeps its largest labelled ones, in page order.
        let limit = weights.arithmeticTerms
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
        var sumOf: [Int: (parts: [String], items: Bool)] = [:]  // term position → its summands
        var summand: Set<Int> = []  // values (cents) that are a part of some sum
        // A negative sum counts too: gross − prepayments = a negative amount due ("nothing to pay").
        for (si, s) in terms.enumerated() where !list[s.index].evidence.contains(.lineItem) {
            let prior = terms.indices.filter { before(terms[$0], s) }
            guard prior.count >= 2 else { continue }
            var byCents: [Int: [Int]] = [:]
            for p in prior { byCents[terms[p].cents, default: []].append(p) }
            // Exact to the cent; a cent either way only between larger amounts (VAT rounded per line).
            func find(_ cents: Int, after j: Int, _ others: Int...) -> Int? {
                let slack =
                    others.allSatisfy { abs($0) >= weights.centSlackFrom } && abs(cents) >= weights.centSlackFrom
                    ? [0, -1, 1] : [0]
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
                parts.map { list[terms[$0].index].value },
                parts.allSatisfy { list[terms[$0].index].evidence.contains(.lineItem) }
            )
            summand.formUnion(parts.map { terms[$0].cents })
        }
        for (si, parts) in sumOf where !summand.contains(terms[si].cents) {
            // Line items adding up make a subtotal as often as a total.
            list[terms[si].index].credit(.sumOf(.values(parts.parts)), parts.items ? weights.sumOfItems : weights.sumOf)
        }
        return summand
    }

    /// A total that is an amount printed before it plus a tax rate the page prints ("27%"), to the cent:
    /// net + VAT = total where OCR lost the VAT amount. Counted as a sum (`sum-of:net+rate%`).
    func applyTaxRates(_ list: inout [Candidate], _ terms: [Term], summands: Set<Int>) {
        let rates = Self.taxRates(lines, max: weights.taxRateMax, count: weights.taxRates)
        guard !rates.isEmpty else { return }
        let byCents = Dictionary(grouping: terms.indices, by: { terms[$0].cents })
        // As in applySums: a part of a sum found already (a subtotal on the way to the total) gets nothing.
        for n in terms where n.cents >= weights.centSlackFrom && !list[n.index].evidence.contains(.lineItem) {
            for r in rates {
                let total = Int((Double(n.cents) * (100 + r) / 100).rounded())
                for si in byCents[total] ?? [] where before(n, terms[si]) {
                    let i = terms[si].index
                    guard !list[i].evidence.isSum, !list[i].evidence.contains(.lineItem),
                        !summands.contains(terms[si].cents)
                    else { continue }
                    let rate = r == r.rounded() ? "\(Int(r))" : "\(r)"
                    list[i].credit(.sumOf(.netAndRate(net: list[n.index].value, rate: rate)), weights.sumOf)
                }
            }
        }
    }

    /// Percentages from 1 to 30 printed on the page (VAT rates), at most eight.
    static func taxRates(_ lines: [TextLine], max highest: Int, count: Int) -> [Double] {
        var rates: [Double] = []
        for line in lines {
            let c = line.chars
            for (i, ch) in c.enumerated() where ch == "%" {
                var e = i
                while e > 0, c[e - 1] == " " { e -= 1 }
                var b = e
                while b > 0, c[b - 1].isASCII, c[b - 1].isNumber || c[b - 1] == "." || c[b - 1] == "," { b -= 1 }
                guard b < e, let r = Double(String(c[b..<e]).replacingOccurrences(of: ",", with: ".")), r >= 1,
                    r <= Double(highest)
                else { continue }
                if !rates.contains(r) { rates.append(r) }
                if rates.count == count { return rates }
            }
        }
        return rates
    }

    /// Cash handed over = total + change: the tendered amount stands between the total (above) and the change
    /// (below). The tendered amount is not the total; the total it confirms is.
    func applyTendered(_ list: inout [Candidate], _ terms: [Term]) {
        func item(_ t: Term) -> Bool { list[t.index].evidence.contains(.lineItem) }
        for s in terms where s.cents > 0 && !item(s) {
            // A total label on its own row makes it a total; one inherited from the row above does not.
            guard
                !labels.contains(where: {
                    ($0.category == .amountTotal || $0.category == .amountDue) && $0.page == s.page
                        && sameRow($0.box, s.box)
                })
            else { continue }
            // Cash and change follow the total within a few rows.
            let h = height(s.box)
            let above = terms.filter {
                before($0, s) && !item($0) && s.box.y0 - $0.box.y1 <= weights.totalAbove * h
                    && list[$0.index].evidence.contains(where: Self.isTotalLabel)
            }
            let below = terms.filter {
                before(s, $0) && $0.cents > 0 && !item($0) && $0.box.y0 - s.box.y1 <= weights.changeBelow * h
            }
            guard let total = above.first(where: { a in below.contains { a.cents + $0.cents == s.cents } }) else { continue }
            list[s.index].credit(.tendered, -weights.tendered)
            if !list[total.index].evidence.contains(.tenderedLessChange) {
                list[total.index].credit(.tenderedLessChange, weights.tenderedCheck)
            }
        }
    }

    /// Total − discount (or already paid, or an old balance) = the amount due printed after both.
    func applyDeductions(_ list: inout [Candidate], _ terms: [Term]) {
        for r in terms where r.cents > 0 {
            let prior = terms.filter { before($0, r) }
            for d in prior where d.cents > 0 && list[d.index].evidence.contains(where: Self.isDeductionLabel) {
                guard let m = prior.first(where: { $0.cents == r.cents + d.cents && $0.index != d.index }) else { continue }
                list[r.index].credit(.differenceOf(total: list[m.index].value, deducted: list[d.index].value), weights.sumOf)
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
            if e.has(label: .amountPrevious) { return 1 }
            if e.has(label: .amountPaid) || e.has(label: .amountDiscount) { return -1 }
            return nil
        }
        for r in terms where r.cents > 0 && !list[r.index].evidence.contains(where: Self.isDifference) {
            for m in terms where before(m, r) && list[m.index].evidence.has(label: .amountTotal) {
                let adjustments = terms.filter { before(m, $0) && before($0, r) && sign($0) != nil }
                guard (2...4).contains(adjustments.count) else { continue }
                let balance = m.cents + adjustments.reduce(0) { $0 + sign($1)! * abs($1.cents) }
                guard balance == r.cents else { continue }
                list[r.index].credit(.balanceOf(total: list[m.index].value), weights.sumOf)
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
            if let last = rows.last, last.page == t.page, sameRow(last.box, t.box) {
                if t.box.x0 > last.box.x0 { rows[rows.count - 1] = t }
            } else {
                rows.append(t)
            }
        }
        for (ri, s) in rows.enumerated() where s.cents > 0 {
            let c = list[s.index]
            guard !c.evidence.isSum, !c.evidence.contains(where: Self.isDifference),
                !c.evidence.contains(.lineItem)
            else { continue }
            var total = 0
            var n = 0
            for r in rows[..<ri].reversed().prefix(weights.itemRows) where r.page == s.page {
                total += r.cents
                n += 1
                if n >= 4, abs(total - s.cents) <= 1 {
                    list[s.index].credit(.sumOf(.items(n)), weights.sumOfItems)
                    break
                }
                if total > s.cents + 1 { break }
            }
        }
    }
}

extension AmountArithmetic {
    static func isDifference(_ e: Evidence) -> Bool {
        if case .differenceOf = e { return true }
        return false
    }

    static func isRounded(_ e: Evidence) -> Bool {
        if case .rounded = e { return true }
        return false
    }
}
