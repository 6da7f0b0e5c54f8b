import Foundation
import Lexicons
import PPShared

/// Reconciles what the page says with the e-invoice XML attached to it: the XML is the strongest evidence,
/// but only as far as the page shows the same thing.
struct EInvoiceEvidence: Sendable {
    struct Weights: Sendable {
        let onPage, notOnPage, agree, disagree, textPenalty, base, badChecksum, payerCap: Int
        /// Page candidates this strong (or labelled and this strong, against a value the page does not show)
        /// outweigh an XML value that differs.
        let strongText, labelledText: Int
        /// What an XML currency loses against another one the page prints.
        let currencyDisagree: Int
        init(_ w: (String) -> Int) {
            onPage = w("xml.on_page")
            notOnPage = w("xml.not_on_page")
            agree = w("xml.agree")
            disagree = w("xml.disagree")
            textPenalty = w("xml.text_penalty")
            base = w("xml.base")
            badChecksum = w("account.bad_checksum")
            payerCap = w("account.payer_cap")
            strongText = w("xml.strong_text")
            labelledText = w("xml.labelled_text")
            currencyDisagree = w("xml.currency_disagree")
        }
    }

    let weights: Weights

    /// All text of a document, letters and digits only, folded: for "is this value printed anywhere?".
    static func compactText(_ lines: [TextLine]) -> String {
        String(lines.flatMap { $0.folded }.filter { $0.isLetter || $0.isNumber })
    }

    func apply(_ e: EInvoice, to merged: inout [Field: [Candidate]], pageText: String, amounts: Set<String>) {
        func printed(_ field: Field, _ value: String) -> Bool {
            if field == .amount {
                return amounts.contains(value) || amounts.contains(value.replacingOccurrences(of: "-", with: ""))
            }
            let v = String(TextFold.fold(value).filter { $0.isLetter || $0.isNumber })
            return v.isEmpty || pageText.contains(v)
        }
        func apply(_ field: Field, value: String?, display: String?, valid: Bool = true, facts: CandidateFacts = CandidateFacts())
        {
            guard let value, !value.isEmpty else { return }
            var list = merged[field] ?? []
            let onPage = printed(field, value)
            let xmlPoints = !valid ? weights.badChecksum : onPage ? weights.onPage : weights.notOnPage
            let xml: Evidence = valid ? .einvoiceXML : .einvoiceXMLInvalid
            if let i = list.firstIndex(where: { $0.value == value }) {
                let agreed = max(list[i].points, xmlPoints) + (valid ? weights.agree : 0)
                list[i].credit(xml, agreed - list[i].points)
                if valid { list[i].note(.xmlTextAgree) }
            } else {
                // A labelled page candidate against an XML value the page does not show: believe the page.
                let strongText = list.filter {
                    $0.points >= weights.strongText
                        || (!onPage && $0.points >= weights.labelledText && $0.evidence.isLabelled)
                }
                var c = Candidate(
                    field, value: value, display: display ?? value, points: xmlPoints, page: 1, box: nil, evidence: [xml],
                    facts: facts)
                if !strongText.isEmpty, valid {
                    c.rebase(weights.disagree, because: .xmlTextDisagree)
                    for i in list.indices where list[i].points >= weights.strongText {
                        list[i].credit(.xmlDisagrees, -weights.textPenalty)
                    }
                } else if valid, !onPage {
                    c.note(.notOnPage)
                }
                list.append(c)
            }
            merged[field] = list
        }
        if let raw = e.payeeIBAN, let a18 = Checksums.serbianAccount18(raw.trimmingCharacters(in: .whitespaces)),
            Checksums.isValidSerbianAccount(a18)
        {
            // Serbian e-invoices (UBL, SEF) carry the domestic account, not an IBAN.
            apply(
                .account, value: a18, display: Checksums.serbianDisplay(a18),
                facts: .serbianAccount(a18))
        } else if let iban = e.payeeIBAN.map(Checksums.compact) {
            let ok = Checksums.isValidIBAN(iban)
            if iban.hasPrefix("RS35"), ok {
                apply(
                    .account, value: String(iban.dropFirst(4)), display: iban,
                    facts: .serbianAccount(String(iban.dropFirst(4)), iban: iban))
            } else {
                apply(
                    .account, value: iban, display: Checksums.groupedByFour(iban), valid: ok,
                    facts: .iban(iban))
            }
        }
        if let payer = e.payerIBAN.map(Checksums.compact), var list = merged[.account] {
            for i in list.indices where list[i].value == payer || "RS35" + list[i].value == payer {
                list[i].cap(at: weights.payerCap, because: .einvoicePayerAccount)
            }
            merged[.account] = list
        }
        if let amount = e.amountDue ?? e.grandTotal, let d = Double(amount), let v = Amounts.decimalText(d) {
            apply(.amount, value: v, display: amount, facts: CandidateFacts(currency: e.currency))
        }
        if let ref = e.reference?.trimmingCharacters(in: .whitespaces) {
            apply(
                .reference, value: ref, display: ref,
                facts: CandidateFacts(scheme: Checksums.isValidRF(ref) ? "rf" : "structured"))
        }
        if let bic = e.bic { apply(.bic, value: Checksums.compact(bic), display: bic, valid: Checksums.isValidBIC(bic)) }
        if let name = e.payeeName ?? e.sellerName { apply(.payee, value: name, display: name) }
        if let due = e.dueDate, due.count == 10 { apply(.dueDate, value: due, display: due) }
        if let cur = e.currency {
            var list = merged[.currency] ?? []
            if let i = list.firstIndex(where: { $0.value == cur }) {
                list[i].credit(.einvoiceXML, max(list[i].points, weights.base) + weights.agree - list[i].points)
            } else {
                let pageHasOther = list.contains {
                    $0.evidence.contains(.currencyToken) || $0.evidence.contains(.amountCurrency)
                }
                list.append(
                    Candidate(
                        .currency, value: cur,
                        points: pageHasOther ? weights.disagree - weights.currencyDisagree : weights.notOnPage, page: 1,
                        box: nil, evidence: [.einvoiceXML, .notOnPage]))
            }
            merged[.currency] = list
        }
    }
}
