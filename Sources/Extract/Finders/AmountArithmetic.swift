import Foundation
import Lexicons

/// Evidence about amounts that needs no language: the arithmetic between the numbers of a page (net + VAT =
/// total, line items = subtotal, total − discount = amount due, cash − total = change), a rounding line, and
/// where on the page a labelled amount stands. Runs over every occurrence before occurrences are merged.
/// The passes, a file each beside this one: sums (AmountSums.swift), subtractions (AmountBalances.swift), a
/// rounding line and a total's place (AmountRounding.swift), a till's payment lines (AmountPayment.swift), a
/// misread total corrected (AmountCorrection.swift), a total with another under it (AmountTotals.swift).
struct AmountArithmetic {
    struct Weights: Sendable {
        let sumOf, sumOfItems, tendered, tenderedCheck, labelDistractor, labelTendered: Int
        let afterRounding, roundedSum, roundingMax, position, afterPayment, paidDiffers, ocrCorrected: Int
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
            paidDiffers = w("amount.paid_differs")
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

    /// Whether two boxes of `page` stand on one row along its slant: on a photo taken askew a label's row
    /// runs down to the right, and the row under it starts as high as the label's amount.
    func sameRow(_ a: Box, _ b: Box, page: Int) -> Bool { view.slant.rowOverlap(a, b, page: page) >= reach.rowShare }

    /// One amount occurrence taking part in the arithmetic.
    struct Term {
        let index: Int  // into the candidate list
        let cents: Int
        let page: Int
        let box: Box
    }

    func apply(to list: inout [Candidate]) {
        applyRounding(&list)
        applyRoundingSum(&list)
        let terms = arithmeticTerms(list)
        let runs = itemRuns(terms)  // once: the sums, the tax rates and the item sums read them
        let summands = applySums(&list, terms, runs: runs)
        applyTaxRates(&list, terms, summands: summands, runs: runs)
        applyTendered(&list, terms)
        applyDeductions(&list, terms)
        applyDeductionUnsettled(&list, terms)
        applyItemSums(&list, runs)
        applyPosition(&list)
        applyPayment(&list)
        applyTotalCorrection(&list)
        applyPaidDiffers(&list)
        applySubtotalBeforeCharges(&list)
        applyTotalBelow(&list)
        applyDigitRival(&list)
    }

    /// Whether `a` is printed before `b`: same page, and on the same row to its left, or on a row above.
    func before(_ a: Term, _ b: Term) -> Bool {
        guard a.page == b.page else { return false }
        if sameRow(a.box, b.box) { return a.box.x1 <= b.box.x0 + 1 }
        return a.box.y0 < b.box.y0
    }

    static func cents(_ value: String) -> Int? { Amounts.cents(value) }

    /// The occurrences the passes compare: those of the largest values and every labelled one, at most
    /// `amount.arithmetic_terms` of them.
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
}

/// The facts the passes look for in a candidate's evidence.
extension AmountArithmetic {
    static func isTotalLabel(_ e: Evidence) -> Bool { e == .labelled(.amountTotal) || e == .labelled(.amountDue) }
    static func isDeductionLabel(_ e: Evidence) -> Bool {
        e == .labelled(.amountDiscount) || e == .labelled(.amountPaid) || e == .labelled(.amountPrevious)
    }

    /// A sum, difference, balance or rounding of other printed amounts: a check of the digits that reading
    /// the same value again (cash with no change back) is not.
    static func isSumOfParts(_ e: Evidence) -> Bool {
        switch e {
        case .sumOf, .differenceOf, .balanceOf, .rounded: true
        default: false
        }
    }

    static func isDifference(_ e: Evidence) -> Bool {
        if case .differenceOf = e { return true }
        return false
    }

    static func isRounded(_ e: Evidence) -> Bool {
        if case .rounded = e { return true }
        return false
    }
}
