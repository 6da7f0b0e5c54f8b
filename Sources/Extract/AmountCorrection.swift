import Foundation

/// A labelled total that OCR misread by one digit ("48.00" for 18.00, "64.50" for 54.50), told by the
/// arithmetic around it: two sums (net + tax, tendered − change) give the same value one digit away from what
/// the total line reads, while nothing confirms the total as read and it is printed nowhere else. The total takes the computed value
/// (`ocr-corrected:` with the text as read). Runs after the other evidence, over every occurrence.
extension Extractor {
    func applyTotalCorrection(_ list: inout [Candidate], labels: [LabelHit], lines: [TextLine]) {
        let sources = correctionSources(list, labels: labels, lines: lines)
        guard !sources.isEmpty else { return }
        let confirmed: (Candidate) -> Bool = { c in
            c.evidence.contains {
                $0.hasPrefix("sum-of:") || $0.hasPrefix("difference-of:") || $0 == "tendered-less-change"
                    || $0.hasPrefix("rounded:")
            }
        }
        // A value printed with its own confirmation elsewhere needs no correcting to.
        let printed = Set(list.filter(confirmed).map(\.value))
        for i in list.indices where list[i].evidence.contains(where: Self.totalLabels.contains) && !confirmed(list[i]) {
            guard let tc = Self.cents(list[i].value), tc > 0 else { continue }
            let near = sources.filter { Self.oneDigitApart(tc, $0.key) }
            // Two sums that agree on the same value; a total read alike twice on the page was read right.
            guard near.count == 1, let (v, s) = near.first, s.count >= 2 else { continue }
            let value = Self.centsText(v)
            guard !printed.contains(list[i].value), list.filter({ $0.value == list[i].value }).count == 1 else { continue }
            list[i].evidence.append("ocr-corrected:\(list[i].value)")
            list[i].value = value
            list[i].score += w("amount.ocr_corrected")
        }
    }

    /// Values (cents) the arithmetic gives for the total: net + tax (a tax-labelled amount, or the right one
    /// of two amounts on a row, at most `amount.tax_share_max` % of the net), and tendered − change.
    func correctionSources(_ list: [Candidate], labels: [LabelHit], lines: [TextLine]) -> [Int: (count: Int, taxed: Bool)] {
        var out: [Int: (count: Int, taxed: Bool)] = [:]
        func add(_ v: Int, taxed: Bool) {
            let o = out[v] ?? (0, false)
            out[v] = (o.count + 1, o.taxed || taxed)
        }
        let maxShare = Double(w("amount.tax_share_max")) / 100
        let terms = arithmeticTerms(list).filter { $0.cents > 0 && !list[$0.index].evidence.contains("label:rounding") }
        var seen: Set<[Int]> = []
        for a in terms {
            for b in terms where b.index != a.index && b.cents < a.cents && Double(b.cents) <= maxShare * Double(a.cents) {
                let taxed = list[b.index].evidence.contains("label:vat")
                let sameRow = a.page == b.page && a.box.verticalOverlap(b.box) >= 0.5 && a.box.x1 <= b.box.x0 + 1
                guard taxed || sameRow, seen.insert([a.cents, b.cents]).inserted else { continue }
                add(a.cents + b.cents, taxed: taxed)
            }
        }
        let tendered = paymentLines("amount_tendered", list, labels: labels, lines: lines)
        let change = paymentLines("amount_change", list, labels: labels, lines: lines)
        for t in tendered where t.cents > 0 {
            let h = max(6, t.label.box.height)
            let below = change.filter {
                $0.label.page == t.label.page && $0.label.box.y0 > t.label.box.y0 + 0.5 * h
                    && $0.label.box.y0 - t.label.box.y1 <= 4 * h
            }
            if let c = below.min(by: { $0.label.box.y0 < $1.label.box.y0 }), c.cents < t.cents {
                add(t.cents - c.cents, taxed: false)
            }
        }
        return out
    }

    /// Same number of digits, exactly one digit different.
    static func oneDigitApart(_ a: Int, _ b: Int) -> Bool {
        let x = Array(String(a))
        let y = Array(String(b))
        guard x.count == y.count, a != b else { return false }
        return zip(x, y).filter { $0 != $1 }.count == 1
    }

    static func centsText(_ c: Int) -> String {
        let a = abs(c)
        return (c < 0 ? "-" : "") + "\(a / 100)." + String(format: "%02d", a % 100)
    }
}
