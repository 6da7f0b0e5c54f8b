import Foundation
import Lexicons

/// Subtractions: cash handed over less the change is the total, a total less a discount (or what was paid) is
/// the amount due, and a utility account's balance.
extension AmountArithmetic {
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

    /// Total − discount (or already paid, or an old balance) = the amount due printed after both. A payments
    /// table's row says what it deducts by its place: "SEPA transfer 17.11.2017 623.00 €  Residual 1,453.76 €",
    /// the amount left of an amount due on its row (a row of the payments table, so taken for a line item).
    func applyDeductions(_ list: inout [Candidate], _ terms: [Term]) {
        for r in terms where r.cents > 0 {
            let prior = terms.filter { before($0, r) }
            let due = list[r.index].evidence.has(label: .amountDue)
            func byPlace(_ d: Term) -> Bool {
                due && sameRow(d.box, r.box) && !list[d.index].evidence.contains(where: Self.isTotalLabel)
            }
            for d in prior where d.cents > 0 {
                let labelled = list[d.index].evidence.contains(where: Self.isDeductionLabel)
                guard labelled || byPlace(d) else { continue }
                // A deduction told by its place only is checked against a labelled total.
                guard
                    let m = prior.first(where: {
                        $0.cents == r.cents + d.cents && $0.index != d.index
                            && (labelled || list[$0.index].evidence.has(label: .amountTotal))
                    })
                else { continue }
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

    /// A total with a part already paid printed under it ("Total 2,966.80", "Advance payment 890.04") and the
    /// rest it leaves printed nowhere on the page: the balance line, which says what is due, was not read.
    /// The total is then no answer: its occurrences carry `due-unread`, unless a label calls them due.
    func applyDeductionUnsettled(_ list: inout [Candidate], _ terms: [Term]) {
        // Every amount the page prints, not only the terms the sums compare: the rest may be a small, unlabelled one.
        let printed = Set(list.compactMap { c in Self.cents(c.value).map { [c.page, abs($0)] } })
        for t in terms where t.cents > 0 {
            let e = list[t.index].evidence
            guard e.has(label: .amountTotal), !e.has(label: .amountDue), !e.contains(.lineItem) else { continue }
            let h = height(t.box)
            let unsettled = terms.contains { d in
                let paid = abs(d.cents)
                return before(t, d) && !sameRow(t.box, d.box) && d.box.y0 - t.box.y1 <= weights.blockReach * h
                    && list[d.index].evidence.has(label: .amountPaid) && paid > 0 && paid < t.cents
                    && !printed.contains([t.page, t.cents - paid])
            }
            guard unsettled else { continue }
            for i in list.indices where list[i].value == list[t.index].value && !list[i].evidence.has(label: .amountDue) {
                list[i].noteOnce(.dueUnread)
            }
        }
    }
}
