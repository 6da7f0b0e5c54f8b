import EInvoiceXML
import Foundation
import Lexicons
import PPShared

/// A document that is an e-invoice alone (an XRechnung or Peppol XML with no PDF): no page to agree or
/// disagree with, so each value's points come from the XML's own consistency: the IBAN's checksum, totals
/// that add up to the amount due, a reference's RF checksum. The payment facts are read by the same
/// `EInvoice.parse` as an XML attached to a PDF.
struct StatedEInvoice: Sendable {
    /// The points of what the XML states (`stated.*` in Model/weights.json).
    struct Weights: Sendable {
        /// A value the XML states with nothing to check it against, and one its own checksum confirms.
        let stated, checked: Int
        let bic, referenceUnchecked, referenceFailed, bicInvalid, payeeParty, sellerParty, dueDate: Int
        let accountUnchecked, accountFailed, placeholder: Int
        let dueAddsUp, dueDoesNotAddUp, taxAddsUp, taxDoesNotAddUp: Int
        init(_ w: (String) -> Int) {
            stated = w("stated.value")
            checked = w("stated.checked")
            bic = w("stated.bic")
            referenceUnchecked = w("stated.reference")
            referenceFailed = w("stated.reference_failed")
            bicInvalid = w("stated.bic_invalid")
            payeeParty = w("stated.payee_party")
            sellerParty = w("stated.seller_party")
            dueDate = w("stated.due_date")
            accountUnchecked = w("stated.account_unchecked")
            accountFailed = w("stated.account_failed")
            placeholder = w("stated.placeholder_account")
            dueAddsUp = w("stated.due_adds_up")
            dueDoesNotAddUp = w("stated.due_does_not_add_up")
            taxAddsUp = w("stated.tax_adds_up")
            taxDoesNotAddUp = w("stated.tax_does_not_add_up")
        }
    }

    let weights: Weights

    /// Each field's candidate from the XML, and why it asks for no payment (if it does not).
    func candidates(_ e: EInvoice) -> (lists: [Field: [Candidate]], noPayment: [NoPaymentReason]) {
        var lists: [Field: [Candidate]] = [:]
        func add(
            _ field: Field, _ value: String, display: String? = nil, points: Int, _ evidence: [Evidence],
            facts: CandidateFacts = CandidateFacts()
        ) {
            let c = Candidate(
                field, value: value, display: display, points: points, page: 0, box: nil, evidence: [.einvoiceXML] + evidence,
                facts: facts)
            lists[field, default: []].append(c)
        }
        if let account = account(e) {
            add(.account, account.value, display: account.display, points: account.points, account.evidence, facts: account.facts)
        }
        if let amount = e.amountDue ?? e.grandTotal, let d = Double(amount), let value = Amounts.decimalText(d) {
            let (points, evidence) = amountCheck(e)
            add(.amount, value, display: amount, points: points, evidence)
        }
        if let ref = e.reference?.trimmingCharacters(in: .whitespaces), !ref.isEmpty {
            let rf = ref.uppercased().hasPrefix("RF")
            let valid = Checksums.isValidRF(ref)
            add(
                .reference, ref, points: valid ? weights.checked : rf ? weights.referenceFailed : weights.referenceUnchecked,
                valid ? [.checksum(.rf)] : rf ? [.checksumFailed(.rf)] : [],
                facts: CandidateFacts(scheme: valid ? "rf" : "structured"))
        }
        if let bic = e.bic {
            let valid = Checksums.isValidBIC(bic)
            add(
                .bic, Checksums.compact(bic), display: bic, points: valid ? weights.bic : weights.bicInvalid,
                valid ? [.bicFormat] : [.bicInvalid])
        }
        if let name = e.payeeName {
            add(.payee, name, points: weights.payeeParty, [.payeeParty])
        } else if let name = e.sellerName {
            add(.payee, name, points: weights.sellerParty, [.sellerParty])
        }
        if let due = e.dueDate, Self.isISODate(due) { add(.dueDate, due, points: weights.dueDate, []) }
        if let currency = e.currency, currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            add(.currency, currency, points: weights.checked, [])
        }
        return (lists, Self.noPaymentReasons(e, amount: lists[.amount]?.first?.value))
    }

    /// The payee's account: an IBAN whose checksum holds is near certain, one that fails (a placeholder) is not
    /// to be used; an account in another form (a BBAN, a Swedish bankgiro) has no checksum pp knows, so it is
    /// stated but not confirmed.
    func account(_ e: EInvoice) -> (value: String, display: String, points: Int, evidence: [Evidence], facts: CandidateFacts)? {
        guard let raw = e.payeeIBAN?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        if let a18 = Checksums.serbianAccount18(raw), Checksums.isValidSerbianAccount(a18) {
            return (
                a18, Checksums.serbianDisplay(a18), weights.checked, [.checksum(.rsAccount)],
                .serbianAccount(a18)
            )
        }
        let compact = Checksums.compact(raw)
        let ibanShaped = Checksums.isIBANShaped(compact)
        if Checksums.isValidIBAN(compact) {
            return (
                compact, Checksums.groupedByFour(compact), weights.checked, [.checksum(.iban)],
                .iban(compact)
            )
        }
        if ibanShaped {
            return (
                compact, raw, weights.accountFailed, [.checksumFailed(.iban)], CandidateFacts(scheme: AccountFormat.iban.rawValue)
            )
        }
        // "XX", "0": a placeholder, not an account anyone can pay to.
        if compact.filter(\.isNumber).count < 5 {
            return (compact, raw, weights.placeholder, [.placeholderAccount], CandidateFacts(scheme: "other"))
        }
        return (compact, raw, weights.accountUnchecked, [.noChecksum], CandidateFacts(scheme: "other"))
    }

    /// Whether the totals add up to the amount due (EN 16931 BR-CO-15 and BR-CO-16): total with tax = total
    /// without tax + tax, amount due = total with tax - prepaid + rounding.
    func amountCheck(_ e: EInvoice) -> (points: Int, evidence: [Evidence]) {
        func number(_ text: String?) -> Decimal? { text.flatMap { Decimal(string: $0.trimmingCharacters(in: .whitespaces)) } }
        func zero(_ d: Decimal) -> Bool { abs(NSDecimalNumber(decimal: d).doubleValue) < 0.005 }
        let due = number(e.amountDue)
        let total = number(e.grandTotal)
        var points = weights.stated
        var evidence: [Evidence] = []
        if let due, let total {
            if zero(total - (number(e.prepaid) ?? 0) + (number(e.rounding) ?? 0) - due) {
                points += weights.dueAddsUp
                evidence.append(.dueAddsUp)
            } else {
                points = weights.dueDoesNotAddUp
                evidence.append(.dueDoesNotAddUp)
            }
        }
        if let total, let net = number(e.taxExclusive), !e.taxAmounts.isEmpty, points > weights.dueDoesNotAddUp {
            // Tax may be stated twice (in the invoice's and in the tax currency): one of them must fit.
            if e.taxAmounts.compactMap(number).contains(where: { zero(net + $0 - total) }) {
                points += weights.taxAddsUp
                evidence.append(.taxAddsUp)
            } else {
                points -= weights.taxDoesNotAddUp
                evidence.append(.taxDoesNotAddUp)
            }
        }
        return (min(points, weights.checked), evidence)
    }

    /// Why an e-invoice asks for no payment: a credit note, a direct debit, nothing due.
    static func noPaymentReasons(_ e: EInvoice, amount: String?) -> [NoPaymentReason] {
        var reasons: [NoPaymentReason] = []
        if e.kind?.document == "credit-note" || e.typeCode.map(NoPaymentReason.creditNoteTypes.contains) == true {
            reasons.append(.creditNote)
        }
        if e.meansCodes.contains(where: NoPaymentReason.directDebitMeans.contains) { reasons.append(.directDebit) }
        if let amount, amount.hasPrefix("-") || Double(amount) == 0 { reasons.append(.nothingDue) }
        return reasons
    }

    static func isISODate(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let m = Int(parts[1]), let d = Int(parts[2]) else { return false }
        return (1...12).contains(m) && (1...31).contains(d)
    }
}
