import Foundation
import Lexicons

/// A total with a second total under it: a receipt that prints a total per tax rate ("Total 6% supplies
/// 28.28", "Total 0% supplies 6.01") pays neither alone, and one of two totals that differ was misread.
extension AmountArithmetic {
    /// A total (labelled as a total, not as due) with a total row of another value under it (a total caption on the amount's line)
    /// within `amount.block_reach` rows, with no payment line between them, carries `total-below` and is never confident,
    /// unless the page labels its value as due, prints it again as a total further down, or the lower total is
    /// one of its own sum's parts.
    func applyTotalBelow(_ list: inout [Candidate]) {
        let totals = list.indices.compactMap { i -> Term? in
            let e = list[i].evidence
            guard e.has(label: .amountTotal), !e.has(label: .amountDue), !e.contains(.lineItem), !e.contains(.noDecimals),
                !e.contains(.afterPayment), let box = list[i].box, let v = Self.cents(list[i].value), v > 0
            else { return nil }
            return Term(index: i, cents: v, page: list[i].page, box: box)
        }
        let due = Set(list.filter { $0.evidence.has(label: .amountDue) }.map(\.value))
        let payments = labels.filter { $0.category == .amountTendered || $0.category == .amountChange }
        // A payment line between the two: the lower one is a summary under what was paid ("GST included in total").
        func paymentBetween(_ a: Term, _ b: Term) -> Bool {
            payments.contains { $0.page == a.page && $0.box.y0 >= a.box.y1 && $0.box.y1 <= b.box.y0 }
        }
        var doubted: Set<String> = []
        for a in totals where !due.contains(list[a.index].value) {
            let lower = totals.filter { $0.page == a.page && !sameRow($0.box, a.box) && $0.box.y0 > a.box.y0 }
            guard !lower.contains(where: { $0.cents == a.cents }) else { continue }
            let parts = Ranker.arithmeticParts(of: list[a.index])
            let other = lower.contains {
                $0.box.y0 - a.box.y1 <= weights.blockReach * height(a.box) && !parts.contains(list[$0.index].value)
                    && !paymentBetween(a, $0) && ownCaption($0.box, page: $0.page)
            }
            if other { doubted.insert(list[a.index].value) }
        }
        for i in list.indices where doubted.contains(list[i].value) { list[i].noteOnce(.totalBelow) }
    }

    /// A total row of its own: a total caption on the amount's text line, not one reaching down from the line
    /// above (on a photo's slant a tall caption shares height with the row under it), nor a column's header.
    /// Or a caption OCR read as a line of its own left of the amount, on its row along the page's slant.
    func ownCaption(_ box: Box, page: Int) -> Bool {
        labels.contains { l in
            guard l.category == .amountTotal, l.page == page else { return false }
            if view.tokens[l.line].contains(where: { lines[l.line].box(of: $0.range) == box }) { return true }
            return sameRow(l.box, box, page: page) && l.box.x0 < box.x0
                && !view.tokens[l.line].contains { $0.decimalMark != nil }
        }
    }

    /// A total one digit away from another total row of the page ("Total 10.40" over "Total Inclusive GST
    /// 40.40", a 1 read as 4, the cash line under it misread alike): one of the two was misread, and a label
    /// or a currency says nothing of which. Unless a sum of its own parts confirms it (or the other is one of
    /// them), its occurrences carry `digit-rival` and are never confident. Only on what OCR read, and not
    /// against a summary printed under the payment lines.
    func applyDigitRival(_ list: inout [Candidate]) {
        let readByOCR = Set(lines.filter { $0.conf != nil }.map(\.page))
        let rows = list.indices.filter { i in
            let e = list[i].evidence
            guard readByOCR.contains(list[i].page), let b = list[i].box else { return false }
            return e.has(label: .amountTotal) && !e.contains(.noDecimals) && !e.contains(.afterPayment)
                && ownCaption(b, page: list[i].page)
        }
        var doubted: Set<String> = []
        for a in rows where !list[a].evidence.contains(.lineItem) {
            guard let ac = Self.cents(list[a].value), ac > 0, !list[a].evidence.contains(where: Self.isSumOfParts) else {
                continue
            }
            let parts = Ranker.arithmeticParts(of: list[a])
            let rival = rows.contains { b in
                guard list[b].page == list[a].page, let bc = Self.cents(list[b].value) else { return false }
                return !parts.contains(list[b].value) && Self.oneDigitApart(ac, bc)
            }
            if rival { doubted.insert(list[a].value) }
        }
        for i in list.indices where doubted.contains(list[i].value) { list[i].noteOnce(.digitRival) }
    }
}
