import Foundation
import Lexicons

/// A labelled total that OCR misread by one digit ("48.00" for 18.00, "64.50" for 54.50), told by the
/// arithmetic around it: two sums (net + tax, tendered − change) give the same value one digit away from what
/// the total line reads, or one sum of labelled parts (net + a tax-labelled amount, two subtotals each
/// confirmed by their own sum) when OCR read the total with low confidence; nothing confirms the total as
/// read and it is printed nowhere else. The total takes the computed value (`ocr-corrected:` with the text
/// as read). Runs after the other evidence, over every occurrence.
extension AmountArithmetic {
    /// A value the arithmetic gives for the total: how many sums give it, and whether one of them adds
    /// labelled parts only, none a line item (strong enough alone against a total OCR was unsure of).
    struct CorrectionSource {
        var count = 0
        /// Per sum of labelled parts, the part printed last: such a sum counts only for a total below it.
        var labelledSums: [Term] = []
    }

    func applyTotalCorrection(_ list: inout [Candidate]) {
        // Only what OCR read can be misread: a born-digital document skips the arithmetic altogether.
        let readByOCR = Set(lines.filter { $0.conf != nil }.map(\.page))
        guard !readByOCR.isEmpty else { return }
        let sources = correctionSources(list)
        guard !sources.isEmpty else { return }
        let confirmed: (Candidate) -> Bool = { c in c.evidence.contains(where: \.confirmsAmount) }
        // A value printed with its own confirmation elsewhere needs no correcting to.
        let printed = Set(list.filter(confirmed).map(\.value))
        for i in list.indices where list[i].evidence.contains(where: Self.isTotalLabel) && !confirmed(list[i]) {
            guard readByOCR.contains(list[i].page), let tc = Self.cents(list[i].value), tc > 0 else { continue }
            let near = sources.filter { Self.oneDigitApart(tc, $0.key) }
            // Two sums that agree on the same value, or one of labelled parts against an unsure reading;
            // a total read alike twice on the page was read right.
            let unsure = list[i].evidence.contains(where: \.isOCRConfidence)
            let total = list[i].box.map { Term(index: i, cents: tc, page: list[i].page, box: $0) }
            func partsAbove(_ s: CorrectionSource) -> Bool {
                guard unsure, let total else { return false }
                return s.labelledSums.contains { before($0, total) }
            }
            guard near.count == 1, let (v, s) = near.first, s.count >= 2 || partsAbove(s) else { continue }
            let value = Self.centsText(v)
            guard !printed.contains(list[i].value), list.filter({ $0.value == list[i].value }).count == 1 else { continue }
            list[i].credit(.ocrCorrected(from: list[i].value), weights.ocrCorrected)
            list[i].value = value
        }
    }

    /// Values (cents) the arithmetic gives for the total: net + tax (a tax-labelled amount, or the right one
    /// of two amounts on a row, at most `amount.tax_share_max` % of the net), two subtotals each the sum of
    /// its own parts, and tendered − change; a sum of parts also with the page's rounding adjustment added.
    func correctionSources(_ list: [Candidate]) -> [Int: CorrectionSource] {
        var out: [Int: CorrectionSource] = [:]
        func add(_ v: Int, lastLabelledPart: Term? = nil) {
            out[v, default: CorrectionSource()].count += 1
            if let lastLabelledPart { out[v]!.labelledSums.append(lastLabelledPart) }
        }
        let maxShare = Double(weights.taxShareMax) / 100
        let terms = arithmeticTerms(list).filter { $0.cents > 0 && !list[$0.index].evidence.has(label: .amountRounding) }
        let adjustments = Set(
            list.filter { $0.evidence.has(label: .amountRounding) }.compactMap { Self.cents($0.value) }
                .filter { $0 != 0 && abs($0) < weights.roundingMax })
        func addSum(_ v: Int, lastLabelledPart: Term?) {
            add(v, lastLabelledPart: lastLabelledPart)
            for r in adjustments { add(v + r, lastLabelledPart: lastLabelledPart) }
        }
        func confirmedSubtotal(_ t: Term) -> Bool {
            let e = list[t.index].evidence
            return e.isSum && e.contains { Self.isTotalLabel($0) || $0 == .labelled(.amountSubtotal) }
        }
        var seen: Set<[Int]> = []
        for a in terms {
            for b in terms where b.index != a.index && b.cents < a.cents {
                let subtotals = a.page == b.page && confirmedSubtotal(a) && confirmedSubtotal(b)
                let taxed = list[b.index].evidence.has(label: .amountVAT)
                let sameRow = a.page == b.page && sameRow(a.box, b.box) && a.box.x1 <= b.box.x0 + 1
                let taxShare = Double(b.cents) <= maxShare * Double(a.cents) && (taxed || sameRow)
                guard taxShare || subtotals, seen.insert([a.cents, b.cents]).inserted else { continue }
                let items = [a, b].contains { list[$0.index].evidence.contains(.lineItem) }
                let last = before(a, b) ? b : a
                addSum(a.cents + b.cents, lastLabelledPart: (subtotals || taxed) && !items ? last : nil)
            }
        }
        for block in totalsBlockSums(list) { add(block.cents, lastLabelledPart: block.last) }
        for (t, c) in paidPairs(tendered: paymentLines(.amountTendered, list), change: paymentLines(.amountChange, list)) {
            add(t.cents - c.cents)
        }
        return out
    }

    /// A totals block read down from its subtotal: each next row whose amount is labelled as tax, a charge,
    /// rounding (signed as printed) or a discount (taken off) is added, up to the first row of another kind.
    /// Gives the block's sum with its last row, when at least `minRows` rows were added (two for a correction:
    /// one is a pair sum), and the running sums part-way down (`partial`: the subtotal and the rows before the last).
    func totalsBlockSums(_ list: [Candidate], minRows: Int = 2) -> [(cents: Int, start: Term, last: Term, partial: [Int])] {
        let adding: Set<Evidence> = [
            .labelled(.amountVAT), .labelled(.amountGeneric), .labelled(.amountRounding), .labelled(.amountDiscount),
        ]
        let rows = list.indices.compactMap { i -> Term? in
            let e = list[i].evidence
            guard !e.contains(.lineItem), !e.contains(.noDecimals), e.isLabelled,
                let box = list[i].box, let v = Self.cents(list[i].value)
            else { return nil }
            return Term(index: i, cents: v, page: list[i].page, box: box)
        }.sorted { ($0.page, $0.box.y0) < ($1.page, $1.box.y0) }
        var out: [(cents: Int, start: Term, last: Term, partial: [Int])] = []
        for (k, start) in rows.enumerated() where list[start.index].evidence.has(label: .amountSubtotal) && start.cents > 0 {
            var sum = start.cents
            var last = start
            var added = 0
            var partial: [Int] = []
            for r in rows[(k + 1)...] where r.page == start.page && !sameRow(r.box, last.box) {
                let h = height(last.box)
                let e = list[r.index].evidence
                guard r.box.y0 - last.box.y1 <= weights.blockReach * h, let kind = e.first(where: adding.contains),
                    !e.contains(where: Self.isTotalLabel)
                else { break }
                if added > 0 { partial.append(sum) }
                sum += kind == .labelled(.amountDiscount) ? -abs(r.cents) : r.cents
                last = r
                added += 1
            }
            if added >= minRows { out.append((sum, start, last, partial)) }
        }
        return out
    }

    /// A subtotal with rows of tax, charges or rounding after it that make a larger total is not that total,
    /// whatever labels it gathers elsewhere ("SUB TOTAL 295.00", service 29.50, GST 19.47, rounding -0.02,
    /// and the total's line unread): its value carries `subtotal-before-charges` unless the page also labels
    /// it as a total or as due. One tax row is enough when it is the tax a printed rate adds to the subtotal,
    /// not the tax a total includes ("SUB-TOTAL RM 16.98", "GST 6% RM 1.02", the total's line lost: its items'
    /// sum and a currency confirm the subtotal, not what was paid; "NET TOTAL 22.25" over "GST 6% 1.26" is
    /// tax included). So does a running sum part-way down the block (295.00 + 29.50 = 324.50 printed in a tax
    /// summary): it leaves the rows under it out.
    func applySubtotalBeforeCharges(_ list: inout [Candidate]) {
        let rates = Self.taxRates(lines, max: weights.taxRateMax, count: weights.taxRates)
        func taxAdded(_ net: Int, _ tax: Int) -> Bool {
            rates.contains { r in
                Int((Double(net) * r / 100).rounded()) == tax && Int((Double(net) * r / (100 + r)).rounded()) != tax
            }
        }
        for block in totalsBlockSums(list, minRows: 1) where block.cents > block.start.cents {
            // One row added (no running sum part-way): only a tax a printed rate adds.
            let taxRow = list[block.last.index].evidence.has(label: .amountVAT)
            guard !block.partial.isEmpty || (taxRow && taxAdded(block.start.cents, block.last.cents)) else { continue }
            for cents in Set([block.start.cents] + block.partial) where cents != block.cents {
                let same = list.indices.filter { Self.cents(list[$0].value) == cents }
                guard !same.contains(where: { list[$0].evidence.contains(where: Self.isTotalLabel) }) else { continue }
                for i in same { list[i].noteOnce(.subtotalBeforeCharges) }
            }
        }
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
