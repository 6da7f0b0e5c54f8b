import Foundation
import Lexicons

/// Why a document asks for no payment; the raw value is the record's word for it.
public enum NoPaymentReason: String, Sendable {
    case directDebit = "direct-debit"
    case creditNote = "credit-note"
    case alreadyPaid = "already-paid"
    case nothingDue = "nothing-due"

    /// E-invoice document types that are credit notes (UNTDID 1001).
    static let creditNoteTypes: Set<String> = ["381", "389", "261", "262", "396", "532"]
    /// E-invoice payment means that collect from the payer (UNTDID 4461: SEPA direct debit, direct debit).
    static let directDebitMeans: Set<String> = ["59", "49"]
}

/// Whether a document asks for a payment at all: direct debits, credit notes, paid bills and
/// documents with nothing due say so in words, in their e-invoice, or in their arithmetic.
struct PaymentExpectation: Sendable {
    /// A notice in words counts when it is a title (taller than body text by `titleHeight`) or a phrase of
    /// `longPhrase` characters; a label is all its line says when its letters are `stampShare` per cent of it.
    let titleHeight: Double
    /// A phrase this many times taller than the median line is a stamp.
    let stampHeight: Double
    let longPhrase, stampShare: Int
    /// The longest word between a paid phrase and the date that says when ("on", "le", "dnia").
    let dateWordLetters: Int
    /// The fewest letters of a stamp set in spaced letters ("P A I D") that is read as its word.
    let spacedLetters: Int
    /// A row of a totals column: its caption's left edge within `rowAlign` median line heights of the amount
    /// captions above and below it, each at most `rowGap` line heights away.
    let rowAlign, rowGap: Double

    init(_ w: (String) -> Int) {
        titleHeight = Double(w("expect.title_height")) / 100
        stampHeight = Double(w("expect.stamp_height")) / 100
        longPhrase = w("expect.long_phrase")
        stampShare = w("expect.stamp_share")
        dateWordLetters = w("expect.date_word_letters")
        spacedLetters = w("expect.spaced_letters")
        rowAlign = Double(w("expect.totals_row_align")) / 100
        rowGap = Double(w("expect.totals_row_gap")) / 100
    }

    func reasons(
        in view: DocumentView, einvoice: EInvoice?, amounts: [Candidate], occurrences: [Candidate]
    ) -> [NoPaymentReason] {
        let labels = view.labels
        let lines = view.lines
        let tokens = view.tokens
        var reasons: [NoPaymentReason] = []
        // The amounts that paid phrases state ("Bereits überwiesen: CHF 1'720.20", "Pagado: 2.384,52 €").
        var paidCents: Set<Int> = []
        func add(_ r: NoPaymentReason) { if !reasons.contains(r) { reasons.append(r) } }
        let medianHeight = view.medianLineHeight
        let labelsOnLine = Dictionary(grouping: labels, by: \.line)
        var datesOnLine: [Int: [Range<Int>]] = [:]
        for l in labels {
            // "Kein Lastschriftauftrag", "not set up": a negated statement says the opposite.
            if view.hasLabel(.negation, onLine: l.line) { continue }
            let end = Self.governedEnd(of: l, among: labelsOnLine[l.line] ?? [], in: view)
            // An amount after the phrase: cents or a currency ("Bezahlt: 500,00", "Paid 500 EUR"); a bare whole number on
            // an OCR'd line ("Niet betalen … bird 425277", the VAT line misread) is no paid amount, nor is a date
            // ("Faktura betalt 20-01-2026").
            // Dates are looked for once per line, and only on lines with amounts to tell them from.
            let dates = tokens[l.line].isEmpty ? [] : datesOnLine[l.line] ?? Self.dateRanges(in: lines[l.line])
            datesOnLine[l.line] = dates
            let amountsAfter = tokens[l.line].filter { t in
                t.range.lowerBound >= l.range.upperBound && t.range.lowerBound < end
                    && !dates.contains { $0.overlaps(t.range) }
                    && (t.decimalMark != nil || lines[l.line].conf == nil
                        || Amounts.currency(near: t.range, in: lines[l.line].chars) != nil)
            }
            let numberAfter = !amountsAfter.isEmpty
            if let first = amountsAfter.first, Self.isPaidPhrase(l, in: view),
                let cents = Amounts.value(of: first, documentMark: view.decimalMark).flatMap(Amounts.cents)
            {
                paidCents.insert(cents)
            }
            var category = l.category
            // A paid phrase printed far larger than the text around it is a stamp, whatever stands beside it
            // (a stamp over the totals shares their line).
            let stamp = l.box.height >= medianHeight * stampHeight
            if stamp, category == .amountPaid { category = .noPaymentPaid }
            if category == .accountPayer, Self.isDirectDebitNotice(l, in: view) { category = .noPaymentDirectDebit }
            // "Paid." alone on a line without numbers but dates ("Pagato 11/11/2026": when), captioning no value,
            // is a stamp or a note, even where the phrase also names paid amounts ("Already paid: 500.00", an
            // instalment table's "12.750,00 paid").
            let onlyDates = tokens[l.line].allSatisfy { t in dates.contains { $0.overlaps(t.range) } }
            let dated = isDatedNote(l, in: lines[l.line], dates: dates)
            if category == .amountPaid, onlyDates,
                dated
                    || (standsAlone(l, in: lines[l.line]) && view.layout.linkedValue(of: l) == nil
                        && !isTotalsRow(l, in: view))
                    || Self.isStatusValue(l, in: lines[l.line])
            {
                category = .noPaymentPaid
            }
            // "Zu zahlen: 1.234,56 EUR   BEZAHLT": a paid phrase that ends the line of the amount due says that
            // amount was paid (a stamp over the totals that OCR read into their line).
            if [.amountPaid, .noPaymentPaid].contains(category), Self.endsDueLine(l, in: view, labels: labelsOnLine[l.line] ?? [])
            {
                add(.alreadyPaid)
                continue
            }
            guard category.saysNoPayment else { continue }
            // A paid note followed by an amount is a (partial) payment, weighed by the arithmetic below.
            if category == .noPaymentPaid, numberAfter, !stamp { continue }
            // Credit notes and "paid" stamps say so in a title or in a long phrase, not in a line item
            // ("Gutschrift Treuebonus").
            let notice = stamp || dated || standsAlone(l, in: lines[l.line]) || Self.isStatusValue(l, in: lines[l.line])
            if category != .noPaymentDirectDebit, !notice, l.range.count < longPhrase,
                lines[l.line].box.height < medianHeight * titleHeight
            {
                continue
            }
            switch category {
            case .noPaymentDirectDebit: add(.directDebit)
            case .noPaymentCreditNote: add(.creditNote)
            case .noPaymentPaid: add(.alreadyPaid)
            default: break
            }
        }
        // "P A I D", "B E Z A H L T": a stamp set in spaced letters, one letter a word, that spells a paid phrase.
        let paidSpelled = Set((view.profile.labels[.noPaymentPaid] ?? []).map { $0.filter { $0 != " " } })
        if lines.contains(where: { spelledOut($0).map(paidSpelled.contains) == true }) { add(.alreadyPaid) }
        if let e = einvoice {
            if let t = e.typeCode, NoPaymentReason.creditNoteTypes.contains(t) { add(.creditNote) }
            if e.meansCodes.contains(where: NoPaymentReason.directDebitMeans.contains) { add(.directDebit) }
        }
        // "K úhradě: 0,00 Kč": every amount-due label that introduces an amount introduces zero.
        let due = labels.filter { $0.category == .amountDue }.compactMap { Self.dueCents($0, in: view) }
        if !due.isEmpty, due.allSatisfy({ $0 == 0 }) { add(.nothingDue) }
        // "Razem do zapłaty 2 005,57 / Zapłacono 2 005,57 / Pozostało do zapłaty 0,00": after a payment the page
        // states, the last amount it calls due is zero.
        let paidStated = !paidCents.isEmpty || occurrences.contains { $0.evidence.has(label: .amountPaid) }
        if paidStated, let last = due.last, last == 0 { add(.nothingDue) }
        // The best amount (lists are still in page order here) says whether anything is due.
        let top = amounts.max(by: { $0.points < $1.points })
        if let top, top.value.hasPrefix("-") || top.value == "0.00" { add(.nothingDue) }
        // "Total 1.890,89 / 84,84 / -1.975,73 / 0,00": the best amount's column balances to a printed zero.
        if let top, balancesToZero(top, occurrences: occurrences, in: view) { add(.nothingDue) }
        // An amount paid that equals the total leaves nothing to pay ("Paid by card: 2,005.57"); a document
        // that also calls it due asks for it again (the next instalment of the same size).
        if let top, top.evidence.has(label: .amountTotal), !top.evidence.has(label: .amountDue),
            occurrences.contains(where: { $0.value == top.value && $0.evidence.has(label: .amountPaid) })
        {
            add(.alreadyPaid)
        }
        // A paid phrase stating the best amount says that amount was paid, where no label calls an amount due
        // (a payment advice: "Réglé: 466,19 €" above the invoice it settles).
        if let top, !top.evidence.has(label: .amountDue), due.allSatisfy({ $0 == 0 }),
            let cents = Amounts.cents(top.value), paidCents.contains(cents)
        {
            add(.alreadyPaid)
        }
        return reasons
    }

    /// A phrase of the lexicon's no-payment paid notes, whichever category its line's label took ("pagado" is
    /// also an amount-paid caption).
    static func isPaidPhrase(_ label: LabelHit, in view: DocumentView) -> Bool {
        let phrase = TextFold.fold(String(view.lines[label.line].chars[label.range]))
        return label.category == .noPaymentPaid || view.profile.labels[.noPaymentPaid]?.contains(phrase) == true
    }

    /// Where a line's dates stand, in characters.
    static func dateRanges(in line: TextLine) -> [Range<Int>] {
        let text = String(line.chars)
        guard text.contains(where: \.isNumber) else { return [] }
        func offset(_ i: String.Index) -> Int { text.distance(from: text.startIndex, to: i) }
        return Dates.find(in: text).map { offset($0.range.lowerBound)..<offset($0.range.upperBound) }
    }

    /// The amount (cents) an amount-due label introduces: the first amount with decimals of its value.
    static func dueCents(_ label: LabelHit, in view: DocumentView) -> Int? {
        func amount(_ text: String) -> Int? {
            Amounts.tokens(in: Array(text)).lazy.filter { $0.decimalMark != nil }.compactMap {
                Amounts.value(of: $0, documentMark: view.decimalMark).flatMap(Amounts.cents)
            }.first
        }
        guard let (li, r) = view.valueText(after: label, accept: { amount($0) != nil }) else { return nil }
        return amount(String(view.lines[li].chars[r]))
    }

    /// Where the text a label speaks for ends on its line: where a label of a later cell begins, else at the
    /// line's end. OCR joins columns into one line ("Niet Betalen DIT IS EEN TEST | BTW (19,00%): 4.252,77"):
    /// the number is the VAT label's, not a paid amount after "niet betalen".
    static func governedEnd(of label: LabelHit, among sameLine: [LabelHit], in view: DocumentView) -> Int {
        let layout = view.layout
        guard let own = layout.cell(line: label.line, at: label.range.lowerBound) else {
            return view.lines[label.line].chars.count
        }
        return sameLine.lazy.filter { $0.range.lowerBound >= label.range.upperBound }
            .filter { layout.cell(line: label.line, at: $0.range.lowerBound).map { $0 > own } ?? false }
            .map(\.range.lowerBound).min() ?? view.lines[label.line].chars.count
    }

    /// A phrase that is the value of a caption and ends its line ("Informacja o płatności: Zapłacono",
    /// "Payment status: Paid"): a status, not a word of a sentence or a line item.
    static func isStatusValue(_ label: LabelHit, in line: TextLine) -> Bool {
        let after = line.chars[label.range.upperBound...]
        guard after.allSatisfy({ !$0.isLetter && !$0.isNumber }) else { return false }
        let before = line.chars[..<label.range.lowerBound].reversed().drop { $0 == " " }
        return before.first == ":"
    }

    /// "Cargo en cuenta.": a phrase both a payer's account caption and a direct-debit notice (one label
    /// hit, which the caption won) is the notice when it captions nothing: only punctuation after it on its
    /// line and no value cell linked to it ("Wird von Ihrem Konto abgebucht: DE55 …" on a transfer slip is
    /// the payer's account). A cell that another label opens ("Cuenta de cargo: IT35 …" below) is no value.
    static func isDirectDebitNotice(_ label: LabelHit, in view: DocumentView) -> Bool {
        let line = view.lines[label.line]
        guard view.profile.labels[.noPaymentDirectDebit]?.contains(TextFold.fold(String(line.chars[label.range]))) == true,
            line.chars[label.range.upperBound...].allSatisfy({ !$0.isLetter && !$0.isNumber })
        else { return false }
        guard let v = view.layout.linkedValue(of: label) else { return true }
        return view.labels.contains { $0.line == v.line && $0.line != label.line && $0.range.contains(v.range.lowerBound) }
    }

    /// Whether `label` ends its line after an amount that an amount-due or total label of the same line
    /// introduces: nothing but punctuation after it, an amount between the two.
    static func endsDueLine(_ label: LabelHit, in view: DocumentView, labels sameLine: [LabelHit]) -> Bool {
        let line = view.lines[label.line]
        guard line.chars[label.range.upperBound...].allSatisfy({ !$0.isLetter && !$0.isNumber }),
            let due = sameLine.filter({
                [.amountDue, .amountTotal].contains($0.category) && $0.range.upperBound <= label.range.lowerBound
            })
            .map(\.range.upperBound).min()
        else { return false }
        return view.tokens[label.line].contains { $0.range.lowerBound >= due && $0.range.upperBound <= label.range.lowerBound }
    }

    /// A paid caption between two amount captions of its column ("Bruttosumme" above, "Zahlbetrag" below) is a
    /// row of the totals whose value OCR did not read ("Erhaltene Anzahlungen" and its lost "0,00"), not a note.
    func isTotalsRow(_ label: LabelHit, in view: DocumentView) -> Bool {
        let h = view.medianLineHeight
        let column = view.labels.filter {
            $0.page == label.page && $0.line != label.line && $0.category.isAmount
                && abs($0.box.x0 - label.box.x0) <= rowAlign * h
        }
        let above = column.contains { $0.box.y1 <= label.box.y0 && label.box.y0 - $0.box.y1 <= rowGap * h }
        let below = column.contains { $0.box.y0 >= label.box.y1 && $0.box.y0 - label.box.y1 <= rowGap * h }
        return above && below
    }

    /// "Paid on 11/11/2026", "Payée le 11/11/2026": a paid phrase that opens its line and goes on only with when
    /// it was paid (a date, after at most one short word) is a note, however few of the line's letters it holds.
    func isDatedNote(_ label: LabelHit, in line: TextLine, dates: [Range<Int>]) -> Bool {
        let chars = line.chars
        func blank(_ c: Character) -> Bool { !c.isLetter && !c.isNumber }
        guard chars[..<label.range.lowerBound].allSatisfy(blank) else { return false }
        var i = label.range.upperBound
        while i < chars.count, blank(chars[i]) { i += 1 }
        let word = i
        while i < chars.count, chars[i].isLetter { i += 1 }
        guard i - word <= dateWordLetters else { return false }
        while i < chars.count, blank(chars[i]) { i += 1 }
        // Dates are looked for on lines with amounts only; a line of a phrase and a date has none.
        let found = dates.isEmpty && i < chars.count && chars[i].isNumber ? Self.dateRanges(in: line) : dates
        guard let date = found.first(where: { $0.lowerBound == i }) else { return false }
        return chars[date.upperBound...].allSatisfy(blank)
    }

    /// The word a line of spaced single letters spells, folded ("P A I D" -> "paid"); nil for any other line.
    /// Read in place, letters at even places and single spaces between: most lines end the test at their second
    /// character, with nothing split or copied.
    func spelledOut(_ line: TextLine) -> String? {
        let c = line.chars
        guard c.count >= 2 * spacedLetters - 1, c.count % 2 == 1 else { return nil }
        for i in c.indices where i % 2 == 0 ? !c[i].isLetter : c[i] != " " { return nil }
        return TextFold.fold(String(stride(from: 0, to: c.count, by: 2).map { c[$0] }))
    }

    /// A label that is all its line says (letters of other words are few): a title, a stamp, a note.
    func standsAlone(_ label: LabelHit, in line: TextLine) -> Bool {
        let letters = line.chars.filter(\.isLetter).count
        let labelLetters = line.chars[label.range].filter(\.isLetter).count
        return letters > 0 && labelLetters * 100 >= letters * stampShare
    }
}
