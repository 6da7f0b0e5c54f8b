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
    let longPhrase, stampShare: Int

    init(_ w: (String) -> Int) {
        titleHeight = Double(w("expect.title_height")) / 100
        longPhrase = w("expect.long_phrase")
        stampShare = w("expect.stamp_share")
    }

    func reasons(
        in view: DocumentView, einvoice: EInvoice?, amounts: [Candidate], occurrences: [Candidate]
    ) -> [NoPaymentReason] {
        let labels = view.labels
        let lines = view.lines
        let tokens = view.tokens
        var reasons: [NoPaymentReason] = []
        func add(_ r: NoPaymentReason) { if !reasons.contains(r) { reasons.append(r) } }
        let medianHeight = view.medianLineHeight
        for l in labels {
            // "Kein Lastschriftauftrag", "not set up": a negated statement says the opposite.
            if view.hasLabel(.negation, onLine: l.line) { continue }
            let numberAfter = tokens[l.line].contains { $0.range.lowerBound >= l.range.upperBound }
            var category = l.category
            // "Paid." alone on a line without numbers, captioning no value, is a stamp or a note, even where
            // the phrase also names paid amounts ("Already paid: 500.00", an instalment table's "12.750,00 paid").
            if category == .amountPaid, tokens[l.line].isEmpty, standsAlone(l, in: lines[l.line]),
                view.layout.linkedValue(of: l) == nil
            {
                category = .noPaymentPaid
            }
            guard category.saysNoPayment else { continue }
            // A paid note followed by an amount is a (partial) payment, weighed by the arithmetic below.
            if category == .noPaymentPaid, numberAfter { continue }
            // Credit notes and "paid" stamps say so in a title or in a long phrase, not in a line item
            // ("Gutschrift Treuebonus").
            if category != .noPaymentDirectDebit, l.range.count < longPhrase,
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
        if let e = einvoice {
            if let t = e.typeCode, NoPaymentReason.creditNoteTypes.contains(t) { add(.creditNote) }
            if e.meansCodes.contains(where: NoPaymentReason.directDebitMeans.contains) { add(.directDebit) }
        }
        // The best amount (lists are still in page order here) says whether anything is due.
        let top = amounts.max(by: { $0.points < $1.points })
        if let top, top.value.hasPrefix("-") || top.value == "0.00" { add(.nothingDue) }
        // An amount paid that equals the total leaves nothing to pay ("Paid by card: 2,005.57"); a document
        // that also calls it due asks for it again (the next instalment of the same size).
        if let top, top.evidence.has(label: .amountTotal), !top.evidence.has(label: .amountDue),
            occurrences.contains(where: { $0.value == top.value && $0.evidence.has(label: .amountPaid) })
        {
            add(.alreadyPaid)
        }
        return reasons
    }

    /// A label that is all its line says (letters of other words are few): a title, a stamp, a note.
    func standsAlone(_ label: LabelHit, in line: TextLine) -> Bool {
        let letters = line.chars.filter(\.isLetter).count
        let labelLetters = line.chars[label.range].filter(\.isLetter).count
        return letters > 0 && labelLetters * 100 >= letters * stampShare
    }
}
