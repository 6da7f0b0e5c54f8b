import Foundation
import Lexicons

/// Evidence from the payment lines of a till receipt: cash (or card) handed over and the change given back,
/// found by their labels (`amount_tendered`, `amount_change`). Tendered − change = the amount paid, and
/// what a receipt prints below its payment lines (a tax summary, savings, points) is no longer the total.
extension AmountArithmetic {
    /// One payment line: the row of its label, and the amount printed on that row (0 for "0.00").
    struct PaymentLine {
        let label: LabelHit
        let cents: Int
        let index: Int?  // the candidate on the row; none for a zero
    }

    func applyPayment(_ list: inout [Candidate]) {
        let tendered = paymentLines(.amountTendered, list)
        let change = paymentLines(.amountChange, list)
        applyTenderedLessChange(&list, tendered: tendered, change: change)
        applyAfterPayment(&list, tendered + change)
    }

    /// Labels of `category` with an amount on their own row, right of the label.
    func paymentLines(_ category: LabelCategory, _ list: [Candidate]) -> [PaymentLine] {
        var out: [PaymentLine] = []
        for l in labels where l.category == category {
            let onRow = list.indices.filter { i in
                // A whole number beside "cash" is a till or receipt number more often than money.
                guard list[i].page == l.page, let b = list[i].box, !list[i].evidence.contains(.noDecimals) else {
                    return false
                }
                // Along the page's slant: on a photo taken askew "CASH" and its "20.00" share no height.
                return view.slant.rowOverlap(l.box, b, page: l.page) >= reach.rowShare && b.x0 >= l.box.x1 - 1
            }
            if let i = onRow.min(by: { list[$0].box!.x0 < list[$1].box!.x0 }), let c = Self.cents(list[i].value) {
                out.append(PaymentLine(label: l, cents: c, index: i))
            } else if Self.zeroAfter(l, lines: lines) || zeroOnRow(l) {
                // "Change 0.00": zero is no candidate, but it says the tendered amount was exactly the total.
                out.append(PaymentLine(label: l, cents: 0, index: nil))
            }
        }
        return out
    }

    /// Whether another OCR line of the label's row, right of it, is a zero amount alone: "Change" and "$0.00"
    /// that OCR read as two lines of one row.
    func zeroOnRow(_ l: LabelHit) -> Bool {
        view.layout.rowLines(of: l.line).contains { i in
            guard i != l.line, lines[i].box.x0 >= l.box.x1 - 1 else { return false }
            let t = Amounts.tokens(in: lines[i].chars)
            return t.count == 1 && t[0].decimalMark != nil && t[0].raw.allSatisfy { !$0.isNumber || $0 == "0" }
        }
    }

    /// Whether the label's own line continues with a zero amount ("0.00", "0,00").
    static func zeroAfter(_ l: LabelHit, lines: [TextLine]) -> Bool {
        let chars = lines[l.line].chars
        guard l.range.upperBound < chars.count else { return false }
        let rest = Array(chars[l.range.upperBound...])
        return Amounts.tokens(in: rest).contains { t in
            t.decimalMark != nil && t.raw.allSatisfy { !$0.isNumber || $0 == "0" }
        }
    }

    /// Tendered − change (the change on a row below the tendered one) is what was paid: every other printed
    /// occurrence of it gets `tendered-less-change`. A tendered amount with no change back is the amount
    /// paid itself (`tendered-exact`): its label penalty is taken back, and it counts as checked. So is the
    /// penalty of a payment line above that prints what was paid ("Cash 8.60" over "Tendered 9.00", "Change 0.40").
    func applyTenderedLessChange(_ list: inout [Candidate], tendered: [PaymentLine], change: [PaymentLine]) {
        for (t, c) in paidPairs(tendered: tendered, change: change) {
            for i in paidAbove(t, c, in: list) where !list[i].evidence.contains(.tenderedLessChange) {
                list[i].credit(.tenderedLessChange, weights.tenderedCheck)
                if list[i].evidence.has(label: .amountTendered), !list[i].evidence.contains(.tenderedExact) {
                    list[i].credit(.tenderedExact, -weights.labelTendered)
                }
            }
            // Cash with no change back is what was paid, as checked as tendered − change.
            if c.cents == 0, let ti = t.index, list[ti].evidence.has(label: .amountTendered) {
                list[ti].credit(.tenderedExact, weights.tenderedCheck - weights.labelTendered)
            }
        }
    }

    /// Each tendered line with the change given back on a row below it, no other tendered line between
    /// ("Cash 8.60 / Tendered 9.00 / Change 0.40": the change is of the 9.00).
    func paidPairs(tendered: [PaymentLine], change: [PaymentLine]) -> [(PaymentLine, PaymentLine)] {
        tendered.filter { $0.cents > 0 }.compactMap { t in
            let h = height(t.label.box)
            let below = change.filter {
                $0.label.page == t.label.page && $0.label.box.y0 > t.label.box.y0 + weights.changeOffset * h
                    && $0.label.box.y0 - t.label.box.y1 <= weights.changeReach * h
            }
            guard let c = below.min(by: { $0.label.box.y0 < $1.label.box.y0 }), c.cents < t.cents else { return nil }
            let between = tendered.contains {
                $0.label.page == t.label.page && $0.label.box.y0 > t.label.box.y0 + weights.changeOffset * h
                    && $0.label.box.y0 < c.label.box.y0
            }
            return between ? nil : (t, c)
        }
    }

    /// The occurrences above tendered line `t` of what was paid (`t` − `c`).
    func paidAbove(_ t: PaymentLine, _ c: PaymentLine, in list: [Candidate]) -> [Int] {
        let paid = t.cents - c.cents
        return list.indices.filter { i in
            guard i != t.index, i != c.index, Self.cents(list[i].value) == paid, let b = list[i].box else { return false }
            return list[i].page == t.label.page && b.y0 < t.label.box.y1
        }
    }

    /// What was paid printed nowhere above its payment lines, once OCR's misread totals are put right: the
    /// total read is not what was paid ("Total 4.00" where 4.30 − 0.05 was paid); every amount of the page
    /// that no arithmetic of its own confirms (a sum of its items) carries `paid-differs` and is never confident.
    /// Where it is printed above them, a total of another value above the tendered line that no arithmetic of
    /// its own confirms carries `paid-differs` too: "Total Sales (Excluding GST) 22.00" read as a total (its
    /// label's "Excluding" garbled) over "Total Sales (Inclusive of GST) 23.32", "Cash 23.32", "Change 0.00".
    func applyPaidDiffers(_ list: inout [Candidate]) {
        let tendered = paymentLines(.amountTendered, list)
        for (t, c) in paidPairs(tendered: tendered, change: paymentLines(.amountChange, list)) {
            guard paidAbove(t, c, in: list).isEmpty else {
                notePaidDiffersTotals(&list, paid: t.cents - c.cents, above: t)
                continue
            }
            // Cash with no change back prints what was paid on its own line.
            let printed = c.cents == 0 && t.index != nil
            // A sum confirms a summary printed under the payment lines, not what was paid.
            for i in list.indices
            where i != t.index && i != c.index && list[i].page == t.label.page
                && (!list[i].evidence.contains(where: \.confirmsAmount) || list[i].evidence.contains(.afterPayment))
            {
                notePaidDiffers(&list[i], paidPrinted: printed)
            }
        }
    }

    /// Every occurrence of a value labelled as a total above tendered line `t` that is not what was paid, where
    /// no occurrence of it is confirmed by arithmetic.
    func notePaidDiffersTotals(_ list: inout [Candidate], paid: Int, above t: PaymentLine) {
        let totals = Set(
            list.indices.filter { i in
                guard list[i].page == t.label.page, let b = list[i].box, b.y1 < t.label.box.y0 else { return false }
                return list[i].evidence.contains(where: Self.isTotalLabel) && Self.cents(list[i].value) != paid
            }.map { list[$0].value })
        for v in totals where !list.contains(where: { $0.value == v && $0.evidence.contains(where: \.confirmsAmount) }) {
            for i in list.indices where list[i].value == v { notePaidDiffers(&list[i], paidPrinted: true) }
        }
    }

    /// `paid-differs` once. Where what was paid is printed (above the payment lines, or as cash with no change
    /// back) a total's label is wrong about the value it stands by: it loses `amount.paid_differs`, and the
    /// amount paid leads ("Total 9.91" misread over "Cash 9.90", "Change 0.00").
    func notePaidDiffers(_ c: inout Candidate, paidPrinted: Bool) {
        guard !c.evidence.contains(.paidDiffers) else { return }
        c.credit(.paidDiffers, paidPrinted && c.evidence.contains(where: Self.isTotalLabel) ? -weights.paidDiffers : 0)
    }

    /// Below the last payment line of a page (the change, else the tendered amount) a receipt prints
    /// summaries: tax tables, savings, loyalty points. Their amounts lose `after-payment`.
    func applyAfterPayment(_ list: inout [Candidate], _ payments: [PaymentLine]) {
        var bottom: [Int: Double] = [:]  // page → lower edge of its last payment line
        for p in payments {
            bottom[p.label.page] = max(bottom[p.label.page] ?? -Double.infinity, p.label.box.y1)
        }
        for i in list.indices {
            guard let b = list[i].box, let y = bottom[list[i].page] else { continue }
            if b.y0 > y + reach.touching * height(b) {
                list[i].credit(.afterPayment, -weights.afterPayment)
            }
        }
    }
}
