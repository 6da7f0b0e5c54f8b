import Foundation
import Lexicons

/// A balance that comes to a printed zero: the best amount, the amounts on the rows under it in its column, and
/// "0.00" on the next row, the rows adding up to nothing (the column ends at a gap of more than `rowGap`). Zero
/// is never an amount candidate, so the zero needs no label: a photo whose captions OCR did not read still
/// shows its balance in the arithmetic.
extension PaymentExpectation {
    /// Whether the best amount, with the rows under it, balances to a zero printed in its column.
    func balancesToZero(_ top: Candidate, occurrences: [Candidate], in view: DocumentView) -> Bool {
        guard let cents = Amounts.cents(top.value), cents > 0 else { return false }
        let zeros = Self.zeroBoxes(in: view)
        guard !zeros.isEmpty else { return false }
        return occurrences.contains { start in
            guard start.value == top.value, let box = start.box else { return false }
            return balances(from: cents, at: box, page: start.page, occurrences: occurrences, zeros: zeros, in: view)
        }
    }

    /// Walks the column down from the total: each row within `rowGap` line heights of the last, its right edge
    /// within `rowAlign` of the total's; a zero row that ends a balance of zero after at least one adjustment.
    private func balances(
        from total: Int, at box: Box, page: Int, occurrences: [Candidate], zeros: [(page: Int, box: Box)],
        in view: DocumentView
    ) -> Bool {
        let h = view.medianLineHeight
        func inColumn(_ b: Box) -> Bool { abs(b.x1 - box.x1) <= rowAlign * h && b.y0 >= box.y1 }
        let rows =
            occurrences.compactMap { c -> (box: Box, cents: Int?)? in
                guard c.page == page, let b = c.box, inColumn(b), let v = Self.signedCents(c) else { return nil }
                return (b, v)
            } + zeros.filter { $0.page == page && inColumn($0.box) }.map { (box: $0.box, cents: nil) }
        var balance = total
        var last = box
        var adjustments = 0
        for row in rows.sorted(by: { $0.box.y0 < $1.box.y0 }) {
            guard row.box.y0 - last.y1 <= rowGap * h else { return false }
            guard let cents = row.cents else { return adjustments > 0 && balance == 0 }
            adjustments += 1
            balance += cents
            last = row.box
        }
        return false
    }

    /// An adjustment's part in the balance: an old debt adds, a payment or a discount subtracts whatever sign
    /// it prints; an unlabelled row counts with its printed sign.
    static func signedCents(_ c: Candidate) -> Int? {
        guard let cents = Amounts.cents(c.value) else { return nil }
        if c.evidence.has(label: .amountPaid) || c.evidence.has(label: .amountDiscount) { return -abs(cents) }
        if c.evidence.has(label: .amountPrevious) { return abs(cents) }
        return cents
    }

    /// Where the page prints an amount of zero with decimals ("0,00", "-0.00").
    static func zeroBoxes(in view: DocumentView) -> [(page: Int, box: Box)] {
        view.lines.indices.flatMap { li in
            view.tokens[li].filter { t in
                t.decimalMark != nil && Amounts.value(of: t, documentMark: view.decimalMark).flatMap(Amounts.cents) == 0
            }.map { (page: view.lines[li].page, box: view.lines[li].box(of: $0.range)) }
        }
    }
}
