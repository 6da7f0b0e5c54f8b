import EInvoiceXML
import Foundation
import PPShared

/// A document that is an e-invoice alone (an XRechnung or Peppol XML with no PDF): no page to agree or
/// disagree with, so each value's confidence comes from the XML's own consistency: the IBAN's checksum,
/// totals that add up to the amount due, a reference's RF checksum. The payment facts are read by the
/// same `EInvoice.parse` as an XML attached to a PDF.
extension Extractor {
    /// Confidence of a value the XML states with nothing to check it against.
    static let xmlStated = 1500

    public func extractEInvoiceOnly(_ e: EInvoice) -> Extraction {
        var candidates: [String: [Candidate]] = [:]
        func add(
            _ field: String, _ value: String, display: String? = nil, score: Int, _ evidence: [String],
            extra: [String: JSON] = [:]
        ) {
            let c = Candidate(
                field: field, value: value, display: display ?? value, score: score, page: 0, box: nil,
                evidence: ["einvoice-xml"] + evidence, extra: extra)
            candidates[field, default: []].append(c)
        }
        if let account = Self.account(e) {
            add("account", account.value, display: account.display, score: account.score, account.evidence, extra: account.extra)
        }
        if let amount = e.amountDue ?? e.grandTotal, let d = Double(amount), let value = Self.decimalText(d) {
            let check = EInvoiceConsistency(e)
            add("amount", value, display: amount, score: check.amountScore, check.evidence)
        }
        if let ref = e.reference?.trimmingCharacters(in: .whitespaces), !ref.isEmpty {
            let rf = ref.uppercased().hasPrefix("RF")
            let valid = Checksums.isValidRF(ref)
            add(
                "reference", ref, score: valid ? 1950 : rf ? 900 : 1800,
                valid ? ["rf-checksum"] : rf ? ["rf-checksum-fails"] : [], extra: ["kind": valid ? "rf" : "structured"])
        }
        if let bic = e.bic {
            let valid = Checksums.isValidBIC(bic)
            add("bic", Checksums.compact(bic), display: bic, score: valid ? 1900 : 600, valid ? ["bic-format"] : ["bic-invalid"])
        }
        if let name = e.payeeName {
            add("payee", name, score: 1850, ["payee-party"])
        } else if let name = e.sellerName {
            add("payee", name, score: 1750, ["seller-party"])
        }
        if let due = e.dueDate, Self.isISODate(due) { add("due_date", due, score: 1850, []) }
        if let currency = e.currency, currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            add("currency", currency, score: 1950, [])
        }
        let reasons = Self.noPaymentReasons(e, amount: candidates["amount"]?.first?.value)
        for field in candidates.keys {
            var list = candidates[field]!
            if !reasons.isEmpty {
                for i in list.indices where list[i].score > w("no_payment_cap") { list[i].evidence.append("no-payment-expected") }
                list = capNoPayment(list)
            }
            candidates[field] = list
        }
        for field in Self.fields where candidates[field] == nil { candidates[field] = [] }
        return Extraction(
            candidates: candidates, paymentExpected: reasons.isEmpty, noPaymentReasons: reasons, decimalMark: ".",
            einvoice: true)
    }

    /// The payee's account as a candidate: an IBAN whose checksum holds is near certain, one that fails
    /// (a placeholder) is not to be used; an account in another form (a BBAN, a Swedish bankgiro) has no
    /// checksum pp knows, so it is stated but not confirmed.
    static func account(_ e: EInvoice) -> (value: String, display: String, score: Int, evidence: [String], extra: [String: JSON])?
    {
        guard let raw = e.payeeIBAN?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        if let a18 = Checksums.serbianAccount18(raw), Checksums.isValidSerbianAccount(a18) {
            return (
                a18, Checksums.serbianDisplay(a18), 1950, ["rs-account-checksum"],
                ["kind": "rs-domestic", "iban": .string("RS35" + a18), "country": "RS"]
            )
        }
        let compact = Checksums.compact(raw)
        let letters = Array(compact.prefix(2))
        let digits = Array(compact.dropFirst(2).prefix(2))
        let ibanShaped = compact.count >= 15 && letters.allSatisfy(\.isLetter) && digits.allSatisfy(\.isNumber)
        if Checksums.isValidIBAN(compact) {
            return (
                compact, Checksums.groupedByFour(compact), 1950, ["iban-checksum"],
                ["kind": "iban", "country": .string(String(compact.prefix(2)))]
            )
        }
        if ibanShaped { return (compact, raw, 500, ["iban-checksum-fails"], ["kind": "iban"]) }
        // "XX", "0": a placeholder, not an account anyone can pay to.
        if compact.filter(\.isNumber).count < 5 { return (compact, raw, 300, ["placeholder-account"], ["kind": "other"]) }
        return (compact, raw, 1300, ["no-checksum"], ["kind": "other"])
    }

    /// Why an e-invoice asks for no payment: a credit note, a direct debit, nothing due.
    static func noPaymentReasons(_ e: EInvoice, amount: String?) -> [String] {
        var reasons: [String] = []
        if e.kind?.document == "credit-note"
            || e.typeCode.map({ ["381", "389", "261", "262", "396", "532"].contains($0) }) == true
        {
            reasons.append("credit-note")
        }
        if e.meansCodes.contains(where: { $0 == "59" || $0 == "49" }) { reasons.append("direct-debit") }
        if let amount, amount.hasPrefix("-") || Double(amount) == 0 { reasons.append("nothing-due") }
        return reasons
    }

    static func isISODate(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let m = Int(parts[1]), let d = Int(parts[2]) else { return false }
        return (1...12).contains(m) && (1...31).contains(d)
    }
}

/// Whether the totals of an e-invoice add up to its amount due (EN 16931 BR-CO-15 and BR-CO-16):
/// total with tax = total without tax + tax, amount due = total with tax - prepaid + rounding.
struct EInvoiceConsistency {
    let amountScore: Int
    let evidence: [String]

    init(_ e: EInvoice) {
        func number(_ text: String?) -> Decimal? { text.flatMap { Decimal(string: $0.trimmingCharacters(in: .whitespaces)) } }
        let due = number(e.amountDue)
        let total = number(e.grandTotal)
        var score = Extractor.xmlStated
        var evidence: [String] = []
        if let due, let total {
            let expected = total - (number(e.prepaid) ?? 0) + (number(e.rounding) ?? 0)
            if abs(NSDecimalNumber(decimal: expected - due).doubleValue) < 0.005 {
                score += 300
                evidence.append("due-adds-up")
            } else {
                score = 1000
                evidence.append("due-does-not-add-up")
            }
        }
        if let total, let net = number(e.taxExclusive), !e.taxAmounts.isEmpty, score > 1000 {
            // Tax may be stated twice (in the invoice's and in the tax currency): one of them must fit.
            if e.taxAmounts.compactMap(number).contains(where: {
                abs(NSDecimalNumber(decimal: net + $0 - total).doubleValue) < 0.005
            }) {
                score += 150
                evidence.append("tax-adds-up")
            } else {
                score -= 300
                evidence.append("tax-does-not-add-up")
            }
        }
        amountScore = min(score, 1950)
        self.evidence = evidence
    }
}

extension DocumentProcessor {
    /// A stand-alone e-invoice whose XML pp-extract cannot read (moved since pp-ingest saw it, or changed).
    static func unreadableEInvoice(_ first: JSON, _ record: [String: JSON]) -> JSON {
        let path = first["attachments"]?.arrayValue?.first?["path"]?.stringValue ?? first["source"]?.stringValue ?? "?"
        var record = record
        record["kind"] = "document"
        record["pages"] = 0
        return JSON.object(record).markedAsError(
            ToolError(
                .record, code: "einvoice_unreadable",
                "cannot read the e-invoice '\(path)': it is missing, or no longer a UBL or CII invoice (run pp-ingest on it again)"
            ),
            tool: "pp-extract")
    }
}
