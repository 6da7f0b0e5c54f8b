import Foundation
import Lexicons

/// A rounding line, the totals around it, and where on its page a labelled total stands.
extension AmountArithmetic {
    /// A rounding line (category `amount_rounding`): its own number is an adjustment, not the amount; the total
    /// printed just below it is the rounded amount due, the one just above it the amount before rounding.
    func applyRounding(_ list: inout [Candidate]) {
        for l in labels where l.category == .amountRounding {
            let lb = l.box
            let h = height(lb)
            for i in list.indices where list[i].page == l.page {
                guard let b = list[i].box else { continue }
                if sameRow(lb, b, page: l.page), b.x0 >= lb.x0 {
                    if !list[i].evidence.has(label: .amountRounding) {
                        list[i].credit(.labelled(.amountRounding), weights.labelDistractor)
                    }
                } else if list[i].evidence.contains(where: Self.isTotalLabel) {
                    if b.y0 >= lb.y1 - reach.touching * h, b.y0 - lb.y1 <= weights.roundingReach * h {
                        list[i].credit(.afterRounding, weights.afterRounding)
                    } else if b.y1 <= lb.y0 + reach.touching * h, lb.y0 - b.y1 <= weights.roundingReach * h {
                        list[i].credit(.beforeRounding, -weights.afterRounding)
                    }
                }
            }
        }
    }

    /// A rounding line's adjustment R (its own amount, either sign: OCR drops minus signs) links the
    /// labelled total A above it to the rounded total A ± R printed below it, labelled or not: the rounded
    /// one is the amount paid (`rounded:`), the one before rounding loses as much (`rounded-away`).
    func applyRoundingSum(_ list: inout [Candidate]) {
        for l in labels where l.category == .amountRounding {
            let h = height(l.box)
            let adjustments = list.indices.filter { i in
                list[i].page == l.page && list[i].evidence.has(label: .amountRounding)
                    && (list[i].box.map { sameRow(l.box, $0, page: l.page) } ?? false)
            }
            for r in adjustments {
                guard let rc = Self.cents(list[r].value).map(abs), rc > 0, rc < weights.roundingMax else { continue }
                for a in list.indices where a != r && list[a].page == l.page {
                    guard list[a].evidence.contains(where: Self.isTotalLabel), let ab = list[a].box,
                        ab.y1 <= l.box.y0 + reach.touching * h, let ac = Self.cents(list[a].value)
                    else { continue }
                    for b in list.indices where b != r && b != a && list[b].page == l.page {
                        guard let bb = list[b].box, bb.y0 >= l.box.y1 - reach.touching * h, let bc = Self.cents(list[b].value),
                            abs(bc - ac) == rc, !list[b].evidence.contains(where: Self.isRounded)
                        else { continue }
                        list[b].credit(.rounded(from: list[a].value), weights.roundedSum)
                        if !list[a].evidence.contains(.roundedAway) { list[a].credit(.roundedAway, -weights.roundedSum) }
                    }
                }
            }
        }
    }

    /// Totals stand low on a page: a labelled total or amount due gets a small bonus by how far down its page
    /// (between the page's first and last line) it stands.
    func applyPosition(_ list: inout [Candidate]) {
        var extent: [Int: (Double, Double)] = [:]
        for l in lines where l.box.height > 0 {
            let e = extent[l.page] ?? (l.box.y0, l.box.y1)
            extent[l.page] = (min(e.0, l.box.y0), max(e.1, l.box.y1))
        }
        for i in list.indices where list[i].evidence.contains(where: Self.isTotalLabel) {
            guard let b = list[i].box, let (top, bottom) = extent[list[i].page], bottom - top > 1 else { continue }
            let rel = max(0, min(1, (b.y0 - top) / (bottom - top)))
            let bonus = Scoring.scaled(weights.position, by: rel)
            if bonus > 0 { list[i].credit(.position(down: rel), bonus) }
        }
    }
}
