import Foundation
import Lexicons

/// Sums: a total that is the sum of amounts printed before it (two or three of them, or a net and a VAT rate the
/// page prints), or of the line items above it.
extension AmountArithmetic {
    /// A total printed below (or right of) two or three amounts it is the sum of, within a cent. An amount that is
    /// itself a summand of a later sum (a subtotal on the way to the total) gets nothing. Returns the values
    /// (cents) that are a part of some sum.
    func applySums(_ list: inout [Candidate], _ terms: [Term], runs: [ItemRun]) -> Set<Int> {
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
        let partial = partialSums(runs, list)
        let misread = misreadParts(list, terms, sums: Set(sumOf.keys))
        for (si, parts) in sumOf where !summand.contains(terms[si].cents) {
            let cents = parts.parts.compactMap(Self.cents)
            if partial.contains(where: { $0.total > terms[si].cents && cents.allSatisfy($0.parts.contains) }) { continue }
            if cents.contains(where: misread.contains) { continue }
            // Line items adding up make a subtotal as often as a total.
            list[terms[si].index].credit(.sumOf(.values(parts.parts)), parts.items ? weights.sumOfItems : weights.sumOf)
        }
        return summand
    }

    /// Values (cents) OCR likely misread from another: printed on an OCR'd line, confirmed by no sum of their
    /// own, with the same label as an amount one digit away that is ("Total 0% supplies: 6.04" under "Total 0%
    /// supplies: 6.01" = 6.39 + 5.56 - 5.94). A sum built on such a part checks nothing: OCR misreads a digit
    /// alike in a part and its total ("34.24" = 28.20 + 6.04 for 34.21 = 28.20 + 6.01).
    func misreadParts(_ list: [Candidate], _ terms: [Term], sums: Set<Int>) -> Set<Int> {
        let confirmed = sums.map { terms[$0] }
        var out: Set<Int> = []
        for (ti, t) in terms.enumerated() where !sums.contains(ti) {
            let c = list[t.index]
            guard c.evidence.contains(where: \.isOCRConfidence), let label = c.evidence.firstLabel else { continue }
            if confirmed.contains(where: {
                list[$0.index].evidence.firstLabel == label && Self.oneDigitApart(abs($0.cents), abs(t.cents))
            }) {
                out.insert(t.cents)
            }
        }
        return out
    }

    /// A total that is an amount printed before it plus a tax rate the page prints ("27%"), to the cent:
    /// net + VAT = total where OCR lost the VAT amount. Counted as a sum (`sum-of:net+rate%`).
    func applyTaxRates(_ list: inout [Candidate], _ terms: [Term], summands: Set<Int>, runs: [ItemRun]) {
        let rates = Self.taxRates(lines, max: weights.taxRateMax, count: weights.taxRates)
        guard !rates.isEmpty else { return }
        let byCents = Dictionary(grouping: terms.indices, by: { terms[$0].cents })
        let partial = partialSums(runs, list)
        // As in applySums: a part of a sum found already (a subtotal on the way to the total) gets nothing.
        for n in terms where n.cents >= weights.centSlackFrom && !list[n.index].evidence.contains(.lineItem) {
            for r in rates {
                let total = Int((Double(n.cents) * (100 + r) / 100).rounded())
                for si in byCents[total] ?? [] where before(n, terms[si]) {
                    let i = terms[si].index
                    guard !list[i].evidence.isSum, !list[i].evidence.contains(.lineItem),
                        !summands.contains(terms[si].cents),
                        !partial.contains(where: { $0.total > total && $0.parts.isSuperset(of: [n.cents, total - n.cents]) })
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

    /// Line items adding up to the amount below them: the right-most amount of each row, summed upwards from the
    /// row above. Only for an amount that no pair or triple explained, and with a smaller bonus: it is as often
    /// a subtotal as the total.
    func applyItemSums(_ list: inout [Candidate], _ runs: [ItemRun]) {
        for run in runs {
            let c = list[run.total.index]
            guard !c.evidence.isSum, !c.evidence.contains(where: Self.isDifference), !c.evidence.contains(.lineItem)
            else { continue }
            list[run.total.index].credit(.sumOf(.items(run.rows.count)), weights.sumOfItems)
        }
    }

    /// An amount and the rows above it that add up to it.
    typealias ItemRun = (total: Term, rows: [Term])

    /// Rows of amounts that add up to the amount below them: the right-most amount of each row, summed upwards
    /// from the row above, at least four rows and at most `amount.item_rows`, within a cent.
    func itemRuns(_ terms: [Term]) -> [ItemRun] {
        // The right-most amount per row, in page order.
        var rows: [Term] = []
        for t in terms.sorted(by: { ($0.page, $0.box.y0, $0.box.x0) < ($1.page, $1.box.y0, $1.box.x0) }) {
            if let last = rows.last, last.page == t.page, sameRow(last.box, t.box) {
                if t.box.x0 > last.box.x0 { rows[rows.count - 1] = t }
            } else {
                rows.append(t)
            }
        }
        var runs: [ItemRun] = []
        for (ri, s) in rows.enumerated() where s.cents > 0 {
            var total = 0
            var summed: [Term] = []
            for r in rows[..<ri].reversed().prefix(weights.itemRows) where r.page == s.page {
                total += r.cents
                summed.append(r)
                if summed.count >= 4, abs(total - s.cents) <= 1 {
                    runs.append((s, summed))
                    break
                }
                if total > s.cents + 1 { break }
            }
        }
        return runs
    }

    /// The values (cents) that are the parts of a larger amount's run of rows: a sum of two or three of them is
    /// a step on the way to that amount ("Sub total 295.00 + service 29.50" printed again under the receipt's
    /// total 343.95 = 295.00 + 29.50 + GST 19.47 − rounding 0.02), not the total.
    func partialSums(_ runs: [ItemRun], _ list: [Candidate]) -> [(total: Int, parts: Set<Int>)] {
        runs.filter { !list[$0.total.index].evidence.contains(.lineItem) }.map {
            ($0.total.cents, Set($0.rows.map(\.cents)))
        }
    }
}
