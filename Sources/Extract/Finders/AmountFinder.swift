import Foundation
import Lexicons
import PPShared

/// Amount candidates: every number of the page with its label, currency, row and slip evidence, then the
/// arithmetic between them (`AmountArithmetic`), rounding and payment lines, position, and OCR corrections.
struct AmountFinder: FieldFinder {
    let field = Field.amount

    struct Weights: Sendable {
        let base, integer, currency, slipEquals, labelDue, labelTotal, labelGeneric, labelSubtotal, labelTendered: Int
        let labelDistractor, lineItem, negative, largestTotal: Int
        /// The share of a label's points a whole number without a currency gets (hundredths): beside a label
        /// it is a count of days or items more often than money.
        let bareIntegerShare: Double
        /// Numbers on one line that make it a table row.
        let rowNumbers: Int
        let arithmetic: AmountArithmetic.Weights

        init(_ w: (String) -> Int) {
            base = w("amount.base")
            integer = w("amount.integer")
            currency = w("amount.currency")
            slipEquals = w("amount.slip_equals")
            labelDue = w("amount.label_due")
            labelTotal = w("amount.label_total")
            labelGeneric = w("amount.label_generic")
            labelSubtotal = w("amount.label_subtotal")
            labelTendered = w("amount.label_tendered")
            labelDistractor = w("amount.label_distractor")
            lineItem = w("amount.line_item")
            negative = w("amount.negative")
            largestTotal = w("amount.largest_total")
            bareIntegerShare = Double(w("amount.bare_integer_share")) / 100
            rowNumbers = w("amount.row_numbers")
            arithmetic = AmountArithmetic.Weights(w)
        }

        /// The points a label of `category` gives an amount it introduces.
        func label(_ category: LabelCategory) -> Int {
            switch category {
            case .amountDue: labelDue
            case .amountTotal: labelTotal
            case .amountGeneric: labelGeneric
            case .amountSubtotal: labelSubtotal
            // Cash handed over often equals the total: a milder penalty than other distractors.
            case .amountTendered: labelTendered
            default: labelDistractor
            }
        }
    }

    let weights: Weights
    init(_ w: (String) -> Int) { weights = Weights(w) }

    static let labelCategories: Set<LabelCategory> = [
        .amountDue, .amountTotal, .amountGeneric, .amountSubtotal, .amountVAT, .amountDiscount, .amountPrevious,
        .amountPaid, .amountRounding, .amountTendered, .amountChange,
    ]
    /// Labels on an amount's own line that make it conditional or not due.
    static let lineDistractors: Set<LabelCategory> = [.amountDiscount, .amountPrevious, .amountPaid]

    func candidates(in view: DocumentView, found: Findings) -> [Candidate] {
        var list = occurrences(in: view)
        AmountArithmetic(weights: weights.arithmetic, view: view).apply(to: &list)
        return list
    }

    /// Every amount printed on the page, with what its line and label say.
    func occurrences(in view: DocumentView) -> [Candidate] {
        var out: [Candidate] = []
        for (li, line) in view.lines.enumerated() {
            let accountSpans = view.accounts[li].map(\.range)
            let toks = view.tokens[li].filter { t in !accountSpans.contains { $0.overlaps(t.range) } }
            // Amounts with decimals on the row (lines that share a baseline): two or more make a table row.
            let rowAmounts = view.layout.rowLines(of: li).reduce(0) { n, lj in
                n + view.tokens[lj].filter { $0.decimalMark != nil }.count
            }
            for t in toks {
                guard let value = Amounts.value(of: t, documentMark: view.decimalMark) else { continue }
                if value == "0.00" || value == "-0.00" { continue }  // "-0,00": a zero with a sign is still no amount
                var c = occurrence(t, value: value, line: li, in: view)
                let labelRole = c.evidence.firstLabel
                let sameLineLabel = labelRole.map { view.hasLabel($0, onLine: li) } ?? false
                // A number in a table's body (under its header, above the totals) is a line item too.
                let inTable = view.layout.isLineItem(line: li, range: t.range)
                if toks.count >= weights.rowNumbers || (rowAmounts >= 2 && !sameLineLabel) || (inTable && !sameLineLabel),
                    labelRole != .amountDue || !sameLineLabel
                {
                    c.credit(.lineItem, -weights.lineItem)
                }
                if t.negative { c.credit(.negative, -weights.negative) }
                view.applyOCRPenalty(to: &c, line, t.range, verified: false)
                out.append(c)
            }
        }
        markLargestTotal(&out)
        if Self.dueUnread(in: view) || dueValueLost(in: view, amounts: out) {
            for i in out.indices where !out[i].evidence.has(label: .amountDue) { out[i].note(.dueUnread) }
        }
        // Above it by the amount's middle: on a photo's slant the rows above a caption reach into its height.
        for lost in Self.totalsLost(in: view) {
            for i in out.indices where out[i].page == lost.page && out[i].box.map({ ($0.y0 + $0.y1) / 2 < lost.box.y0 }) == true {
                if !out[i].evidence.has(label: .amountDue) { out[i].noteOnce(.dueUnread) }
            }
        }
        return out
    }

    /// The OCR'd captions that end their page's totals with their amount misread ("Gesamtbetrag 7LME —4—"):
    /// the lowest total label of its page followed on its line by a word that mixes digits with other
    /// characters ("67115€" for 671,15 €) and by no amount, with none in its row either (the line under it
    /// holds another caption's value). The total the page asks for was lost; an amount above it (a tax
    /// total, a net total its lines add up to) is no answer in its place. A caption alone is no loss: OCR
    /// parts a total from its amount across rows. A due label is left to `dueUnread`: its phrases also open
    /// sentences that end in a date.
    static func totalsLost(in view: DocumentView) -> [LabelHit] {
        let captions = view.labels.filter { $0.category == .amountTotal }
        let isAmount = { (t: AmountToken) in
            t.decimalMark != nil && Amounts.value(of: t, documentMark: view.decimalMark) != nil
        }
        return captions.filter { l in
            guard view.lines[l.line].conf != nil,
                !captions.contains(where: { $0.page == l.page && $0.box.y0 > l.box.y1 })
            else { return false }
            // What follows the caption: the rest of its line and the lines OCR cut from its row to its right.
            let rowMates = view.layout.rowLines(of: l.line).filter { $0 != l.line }
            let rest =
                [String(view.lines[l.line].chars[l.range.upperBound...])]
                + rowMates.filter { view.lines[$0].box.x0 >= l.box.x1 }.map { view.lines[$0].text }
            let misread = rest.joined(separator: " ").split(separator: " ").contains { w in
                w.contains { $0.isASCII && $0.isNumber } && w.contains { !($0.isASCII && $0.isNumber) && $0 != "." && $0 != "," }
            }
            let after = view.tokens[l.line].contains { isAmount($0) && $0.range.lowerBound >= l.range.upperBound }
            return misread && !after && !rowMates.contains { view.tokens[$0].contains(where: isAmount) }
        }
    }

    /// Whether the page's amount due is unreadable: an OCR'd amount-due label whose next word has the look of
    /// an amount (digits, a decimal mark, a digit) but is none ("Zahlbetrag 521,9%": the 1 read as "%"), or
    /// whose next words of digits do ("Fizetendő: 1018 515,23": a group space lost, no amount's grouping).
    static func dueUnread(in view: DocumentView) -> Bool {
        view.labels.contains { l in
            let line = view.lines[l.line]
            guard l.category == .amountDue, line.conf != nil else { return false }
            let chars = line.chars
            var s = l.range.upperBound
            while s < chars.count, chars[s] == " " || chars[s] == ":" { s += 1 }
            var e = s
            while e < chars.count, chars[e] != " " { e += 1 }
            // The words of digits that follow: "1018 515,23" is one number's words.
            var run = e
            while run + 1 < chars.count, chars[run] == " ", chars[run - 1].isASCIIDigit, chars[run + 1].isASCIIDigit {
                run += 1
                while run < chars.count, chars[run] != " " { run += 1 }
            }
            let unread = { (e: Int) in
                amountLike(chars[s..<e]) && !view.tokens[l.line].contains { $0.decimalMark != nil && (s..<e).overlaps($0.range) }
            }
            return unread(e) || unread(run)
        }
    }

    /// Whether OCR read an amount-due label that ends its line ("Total Payable:") but no amount it labels: the value the page asks
    /// for was lost, and a subtotal printed twice is no answer in its place. So is a till receipt's total
    /// read so, the payment lines under it: "TOTAL" over "CASH" and "CHANGE" with their amounts unread.
    func dueValueLost(in view: DocumentView, amounts: [Candidate]) -> Bool {
        let dueLost =
            view.labels.contains { $0.category == .amountDue && Self.valueLost($0, in: view) }
            && !amounts.contains { $0.evidence.has(label: .amountDue) }
        return dueLost || view.labels.contains { $0.category == .amountTotal && totalOverPayment($0, in: view) }
    }

    /// Whether total label `l` lost its value and a cash or change label follows it within the totals block's
    /// reach (`amount.block_reach` rows): the total the payment lines settle.
    func totalOverPayment(_ l: LabelHit, in view: DocumentView) -> Bool {
        guard Self.valueLost(l, in: view) else { return false }
        let h = max(view.reach.minHeight, l.box.height)
        return view.labels.contains { p in
            (p.category == .amountTendered || p.category == .amountChange) && p.page == l.page && p.box.y0 >= l.box.y1
                && p.box.y0 - l.box.y1 <= weights.arithmetic.blockReach * h
        }
    }

    /// Whether OCR read label `l` ending its line with no amount on its row or on the line under it.
    static func valueLost(_ l: LabelHit, in view: DocumentView) -> Bool {
        guard view.lines[l.line].conf != nil else { return false }
        let rest = view.lines[l.line].chars[l.range.upperBound...]
        // Its value may stand on a line OCR cut from its row, or on the line under it. What follows the label
        // may be specks OCR read from paper ("TOTAL —"): no letter or digit of a value.
        let near = view.layout.rowLines(of: l.line) + (l.line + 1 < view.lines.count ? [l.line + 1] : [])
        return rest.allSatisfy { !$0.isLetter && !$0.isNumber }
            && !near.contains { view.tokens[$0].contains { $0.decimalMark != nil } }
    }

    /// Whether an OCR'd whole number ends in a decimal mark that a space parts from a word of one or two
    /// characters with a digit ("RM 65. 20", "65. 2{"): its cents, which OCR read as a word of their own.
    static func centsApart(_ chars: [Character], after end: Int) -> Bool {
        func isMark(_ c: Character) -> Bool { c == "." || c == "," }
        var k = end
        if k < chars.count, isMark(chars[k]) {
            k += 1
        } else if k == 0 || !isMark(chars[k - 1]) {
            return false
        }
        guard k < chars.count, chars[k] == " " else { return false }
        while k < chars.count, chars[k] == " " { k += 1 }
        var e = k
        while e < chars.count, chars[e] != " " { e += 1 }
        let word = chars[k..<e]
        return (1...2).contains(word.count) && word.contains { $0.isASCII && $0.isNumber }
    }

    /// Whether characters hold a decimal mark between digits ("521,9%", "515,23").
    static func amountLike(_ word: ArraySlice<Character>) -> Bool {
        word.indices.dropFirst().contains { i in
            (word[i] == "," || word[i] == ".") && word[i - 1].isASCII && word[i - 1].isNumber && i + 1 < word.endIndex
                && word[i + 1].isASCII && word[i + 1].isNumber
        }
    }

    /// One amount token with its currency, slip prefix and label.
    func occurrence(_ t: AmountToken, value: String, line li: Int, in view: DocumentView) -> Candidate {
        let line = view.lines[li]
        let hasDecimals = t.decimalMark != nil
        let box = line.box(of: t.range)
        var c = Candidate(
            .amount, value: value, display: t.raw, points: hasDecimals ? weights.base : weights.integer, page: line.page,
            box: box, evidence: hasDecimals ? [] : [.noDecimals])
        let currency = Amounts.currency(near: t.range, in: line.chars)
        if let currency {
            c.credit(.currency(currency), weights.currency)
            c.facts.currency = currency
        }
        if t.ocrDigits { c.note(.ocrDigits) }
        if !hasDecimals, line.conf != nil, Self.centsApart(line.chars, after: t.range.upperBound) { c.note(.centsApart) }
        // Money prints two decimals: one read ("3.2]" for 3.21, "20.0") lost a digit of the cents to OCR.
        if hasDecimals, line.conf != nil, let mark = t.decimalMark, let m = t.raw.lastIndex(of: mark),
            t.raw[t.raw.index(after: m)...].filter(\.isNumber).count == 1
        {
            c.note(.centsLost)
        }
        if t.equalsPrefix { c.credit(.slipEquals, weights.slipEquals) }
        // A discount or an old debt named on the same line makes the amount conditional or not due.
        let lineDistractor = view.labels.first {
            $0.line == li && Self.lineDistractors.contains($0.category) && $0.range.upperBound <= t.range.lowerBound
        }
        if let d = lineDistractor {
            c.credit(.labelled(d.category), weights.labelDistractor)
        } else if let (l, factor) = view.nearestLabel(Self.labelCategories, line: li, range: t.range, box: box) {
            let wt = weights.label(l.category)
            // A whole number without a currency next to a label is usually a count of days or items.
            let share = hasDecimals || currency != nil ? 1.0 : weights.bareIntegerShare
            c.credit(.labelled(l.category), wt > 0 ? Scoring.scaled(wt, by: factor * share) : wt)
        }
        return c
    }

    /// The largest of the labelled totals is the grand total more often than not. Whole numbers are left out:
    /// next to a total label they are counts or OCR that lost the decimal point.
    func markLargestTotal(_ out: inout [Candidate]) {
        let isTotal = { (c: Candidate) in c.evidence.has(label: .amountTotal) && !c.evidence.contains(.noDecimals) }
        guard !out.contains(where: { $0.evidence.has(label: .amountDue) }),
            let maxValue = out.filter(isTotal).compactMap({ Double($0.value) }).max()
        else { return }
        for i in out.indices where isTotal(out[i]) && Double(out[i].value) == maxValue {
            out[i].credit(.largestTotal, weights.largestTotal)
        }
    }
}
