import Foundation

/// Whether a document asks for a payment at all: direct debits, credit notes, paid bills and
/// documents with nothing due say so in words, in their e-invoice, or in their arithmetic.
extension Extractor {
    func noPaymentReasons(
        labels: [LabelHit], lines: [TextLine], tokens: [[AmountToken]], einvoice: EInvoice?, amounts: [Candidate],
        occurrences: [Candidate]
    ) -> [String] {
        var reasons: [String] = []
        func add(_ r: String) { if !reasons.contains(r) { reasons.append(r) } }
        let heights = lines.map(\.box.height).filter { $0 > 0 }.sorted()
        let medianHeight = heights.isEmpty ? 10 : heights[heights.count / 2]
        for l in labels {
            // "Kein Lastschriftauftrag", "not set up": a negated statement says the opposite.
            if labels.contains(where: { $0.line == l.line && $0.category == "negation" }) { continue }
            let numberAfter = tokens[l.line].contains { $0.range.lowerBound >= l.range.upperBound }
            var category = l.category
            // "Paid." alone on a line without numbers, captioning no value, is a stamp or a note, even where
            // the phrase also names paid amounts ("Already paid: 500.00", an instalment table's "12.750,00 paid").
            if category == "amount_paid", tokens[l.line].isEmpty, standsAlone(l, in: lines[l.line]),
                layout?.linkedValue(of: l) == nil
            {
                category = "no_payment_paid"
            }
            guard category.hasPrefix("no_payment") else { continue }
            // A paid note followed by an amount is a (partial) payment, weighed by the arithmetic below.
            if category == "no_payment_paid", numberAfter { continue }
            // Credit notes and "paid" stamps say so in a title or in a long phrase, not in a line item
            // ("Gutschrift Treuebonus").
            if category != "no_payment_direct_debit", l.range.count < 12, lines[l.line].box.height < medianHeight * 1.2 {
                continue
            }
            switch category {
            case "no_payment_direct_debit": add("direct-debit")
            case "no_payment_credit_note": add("credit-note")
            case "no_payment_paid": add("already-paid")
            default: break
            }
        }
        if let e = einvoice {
            if let t = e.typeCode, ["381", "389", "261", "262", "396", "532"].contains(t) { add("credit-note") }
            if e.meansCodes.contains(where: { $0 == "59" || $0 == "49" }) { add("direct-debit") }
        }
        // The best amount (lists are still in page order here) says whether anything is due.
        let top = amounts.max(by: { $0.score < $1.score })
        if let top, top.value.hasPrefix("-") || top.value == "0.00" { add("nothing-due") }
        // An amount paid that equals the total leaves nothing to pay ("Paid by card: 2,005.57"); a document
        // that also calls it due asks for it again (the next instalment of the same size).
        if let top, top.evidence.contains("label:total"), !top.evidence.contains("label:due"),
            occurrences.contains(where: { $0.value == top.value && $0.evidence.contains("label:paid") })
        {
            add("already-paid")
        }
        return reasons
    }

    /// A label that is all its line says (letters of other words are few): a title, a stamp, a note.
    func standsAlone(_ label: LabelHit, in line: TextLine) -> Bool {
        let letters = line.chars.filter(\.isLetter).count
        let labelLetters = line.chars[label.range].filter(\.isLetter).count
        return letters > 0 && labelLetters * 10 >= letters * 8
    }
}
