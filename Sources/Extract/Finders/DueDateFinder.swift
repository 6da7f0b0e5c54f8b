import Foundation
import Lexicons
import PPShared

/// Due-date candidates: the date a due-date label introduces (a period's end or a discount's date is not it).
struct DueDateFinder: FieldFinder {
    let field = Field.dueDate

    struct Weights: Sendable {
        let label, weakLabel, otherLine: Int
        init(_ w: (String) -> Int) {
            label = w("due_date.label")
            weakLabel = w("due_date.weak_label")
            otherLine = w("due_date.other_line")
        }
    }

    let weights: Weights
    init(_ w: (String) -> Int) { weights = Weights(w) }

    func candidates(in view: DocumentView, found: Findings) -> [Candidate] {
        var out: [Candidate] = []
        let lines = view.lines
        for l in view.labels where l.category == .dueDate || l.category == .dueDateWeak {
            // "01.10.2018 bis 31.10.2018" is a period, and a Skonto date is not the due date.
            let before = String(lines[l.line].chars[0..<l.range.lowerBound]).trimmingCharacters(in: .whitespaces)
            if l.category == .dueDateWeak, let last = Dates.find(in: before).last, last.range.upperBound == before.endIndex {
                continue
            }
            if view.hasLabel(.amountDiscount, onLine: l.line) { continue }
            guard
                let (vli, vr) = view.valueText(after: l, accept: { !Dates.find(in: $0).isEmpty })
                    ?? Self.valueBefore(l, in: view)
            else { continue }
            let line = lines[vli]
            let text = String(line.chars[vr])
            guard let d = Dates.find(in: text, order: view.dateOrder).first else { continue }
            let off = text.distance(from: text.startIndex, to: d.range.lowerBound)
            let len = text.distance(from: d.range.lowerBound, to: d.range.upperBound)
            let r = (vr.lowerBound + off)..<(vr.lowerBound + off + len)
            let weak = l.category == .dueDateWeak
            var c = Candidate(
                .dueDate, value: d.iso, display: String(text[d.range]), points: weak ? weights.weakLabel : weights.label,
                page: line.page, box: line.box(of: r), evidence: [.labelled(l.category), .date])
            // The Ranker keeps a date that reads two ways below confident.
            if d.ambiguous { c.note(.ambiguousDate) }
            // A date right of its label on the label's row is on its line, whatever lines OCR cut the row into.
            if vli != l.line, !view.onRow(of: lines[l.line], right: line) { c.adjust(-weights.otherLine, .valueOnAnotherLine) }
            view.applyOCRPenalty(to: &c, line, r, verified: false)
            out.append(c)
        }
        return out
    }

    /// A date that ends its line's text right before a due-date label that ends the line, with no label before
    /// it: a value printed left of its caption ("11.11.2026 | Erääntyy"), which OCR read as one line.
    static func valueBefore(_ l: LabelHit, in view: DocumentView) -> (line: Int, range: Range<Int>)? {
        let chars = view.lines[l.line].chars
        guard l.category == .dueDate, !chars[l.range.upperBound...].contains(where: { $0.isLetter || $0.isNumber })
        else { return nil }
        var e = l.range.lowerBound
        while e > 0, [" ", "|", ":", "—", "-", "\u{00A0}"].contains(chars[e - 1]) { e -= 1 }
        // A label before the date ("Rechnungsdatum 01.10.2026 Fällig am") makes the date that label's.
        guard e > 0, !view.labels.contains(where: { $0.line == l.line && $0.range.upperBound <= e }) else { return nil }
        let text = String(chars[0..<e])
        guard let d = Dates.find(in: text).last, d.range.upperBound == text.endIndex else { return nil }
        return (l.line, text.distance(from: text.startIndex, to: d.range.lowerBound)..<e)
    }
}
