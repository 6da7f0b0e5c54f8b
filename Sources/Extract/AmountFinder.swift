import Foundation
import PPShared

/// Amount candidates: every number with its label, currency, row and slip evidence.
extension Extractor {
    func findAmounts(
        _ lines: [TextLine], _ labels: [LabelHit], _ tokens: [[AmountToken]], mark: Character, accountSpans: [Int: [Range<Int>]]
    ) -> [Candidate] {
        let cats: Set<String> = [
            "amount_due", "amount_total", "amount_generic", "amount_subtotal", "amount_vat", "amount_discount",
            "amount_previous", "amount_paid", "amount_rounding", "amount_tendered", "amount_change",
        ]
        var out: [Candidate] = []
        // Amounts with decimals per row (lines that share a baseline): two or more make a table row.
        var rowDecimalCount: [Int: Int] = [:]
        for (li, line) in lines.enumerated() {
            let decimals = { (lj: Int) in tokens[lj].filter { $0.decimalMark != nil }.count }
            if let layout {
                // The layout's rows: built once, instead of comparing every pair of lines.
                rowDecimalCount[li] = layout.rowLines(of: li).reduce(0) { $0 + decimals($1) }
                continue
            }
            var n = 0
            for (lj, other) in lines.enumerated() where other.page == line.page && other.box.verticalOverlap(line.box) >= 0.5 {
                n += decimals(lj)
            }
            rowDecimalCount[li] = n
        }
        for (li, line) in lines.enumerated() {
            let toks = tokens[li].filter { t in !(accountSpans[li] ?? []).contains(where: { $0.overlaps(t.range) }) }
            let numericCount = toks.count
            for t in toks {
                guard let value = Amounts.value(of: t, documentMark: mark) else { continue }
                if value == "0.00" || value == "-0.00" { continue }  // "-0,00": a zero with a sign is still no amount
                let hasDecimals = t.decimalMark != nil
                let box = line.box(of: t.range)
                var c = Candidate(
                    field: "amount", value: value, display: t.raw, score: 0, page: line.page, box: box, evidence: [])
                c.score = hasDecimals ? w("amount.base") : w("amount.integer")
                if !hasDecimals { c.evidence.append("no-decimals") }
                let currency = Amounts.currency(near: t.range, in: line.chars)
                if let currency {
                    c.score += w("amount.currency")
                    c.evidence.append("currency:\(currency)")
                    c.extra["currency"] = .string(currency)
                }
                if t.ocrDigits { c.evidence.append("ocr-digits") }
                if t.equalsPrefix {
                    c.score += w("amount.slip_equals")
                    c.evidence.append("slip-equals")
                }
                var labelRole: String?
                // A discount or an old debt named on the same line makes the amount conditional or not due.
                let lineDistractor = labels.first {
                    $0.line == li
                        && ($0.category == "amount_discount" || $0.category == "amount_previous" || $0.category == "amount_paid")
                        && $0.range.upperBound <= t.range.lowerBound
                }
                if let d = lineDistractor {
                    labelRole = d.category
                    c.score += w("amount.label_distractor")
                    c.evidence.append("label:\(d.category.replacingOccurrences(of: "amount_", with: ""))")
                } else if let (l, factor) = nearestLabel(
                    labels, categories: cats, line: li, range: t.range, box: box, lines: lines)
                {
                    labelRole = l.category
                    let key: String
                    switch l.category {
                    case "amount_due": key = "amount.label_due"
                    case "amount_total": key = "amount.label_total"
                    case "amount_generic": key = "amount.label_generic"
                    case "amount_subtotal": key = "amount.label_subtotal"
                    // Cash handed over often equals the total: a milder penalty than other distractors.
                    case "amount_tendered": key = "amount.label_tendered"
                    default: key = "amount.label_distractor"
                    }
                    let wt = w(key)
                    // A whole number without a currency next to a label is usually a count of days or items.
                    let scale = hasDecimals || currency != nil ? 1.0 : 0.3
                    c.score += wt > 0 ? Scoring.scaled(wt, by: factor * scale) : wt
                    c.evidence.append("label:\(l.category.replacingOccurrences(of: "amount_", with: ""))")
                }
                let rowAmounts = rowDecimalCount[li] ?? 0
                let sameLineLabel = labelRole != nil && labels.contains { $0.line == li && $0.category == labelRole }
                // A number in a table's body (under its header, above the totals) is a line item too.
                let inTable = layout?.isLineItem(line: li, range: t.range) ?? false
                if numericCount >= 3 || (rowAmounts >= 2 && !sameLineLabel) || (inTable && !sameLineLabel),
                    labelRole != "amount_due" || !sameLineLabel
                {
                    c.score -= w("amount.line_item")
                    c.evidence.append("line-item")
                }
                if t.negative {
                    c.score -= w("amount.negative")
                    c.evidence.append("negative")
                }
                applyOCRPenalty(to: &c, line, t.range, verified: false)
                out.append(c)
            }
        }
        // The largest of the labelled totals is the grand total more often than not.
        // Whole numbers are left out: next to a total label they are counts or OCR that lost the decimal point.
        let totals = out.filter { $0.evidence.contains("label:total") && !$0.evidence.contains("no-decimals") }
        if !out.contains(where: { $0.evidence.contains("label:due") }),
            let maxValue = totals.compactMap({ Double($0.value) }).max()
        {
            for i in out.indices
            where out[i].evidence.contains("label:total") && !out[i].evidence.contains("no-decimals")
                && Double(out[i].value) == maxValue
            {
                out[i].score += w("amount.largest_total")
                out[i].evidence.append("largest-total")
            }
        }
        return out
    }
}
