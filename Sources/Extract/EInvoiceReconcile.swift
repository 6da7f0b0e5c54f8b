import Foundation
import PPShared

/// Reconciles what the page says with the e-invoice XML attached to it.
extension Extractor {
    /// All text of a document, letters and digits only, folded: for "is this value printed anywhere?".
    static func compactText(_ lines: [TextLine]) -> String {
        String(lines.flatMap { $0.folded }.filter { $0.isLetter || $0.isNumber })
    }

    func applyEInvoice(_ e: EInvoice, to merged: inout [String: [Candidate]], pageText: String, amounts: Set<String>) {
        func printed(_ field: String, _ value: String) -> Bool {
            if field == "amount" {
                return amounts.contains(value) || amounts.contains(value.replacingOccurrences(of: "-", with: ""))
            }
            let v = String(TextFold.fold(value).filter { $0.isLetter || $0.isNumber })
            return v.isEmpty || pageText.contains(v)
        }
        func apply(_ field: String, value: String?, display: String?, valid: Bool = true, extra: [String: JSON] = [:]) {
            guard let value, !value.isEmpty else { return }
            var list = merged[field] ?? []
            // The XML is the strongest evidence, but only as far as the page shows the same thing.
            let onPage = printed(field, value)
            let xmlScore = !valid ? w("account.bad_checksum") : onPage ? w("xml.on_page") : w("xml.not_on_page")
            if let i = list.firstIndex(where: { $0.value == value }) {
                list[i].score = max(list[i].score, xmlScore) + (valid ? w("xml.agree") : 0)
                list[i].evidence.append(valid ? "einvoice-xml" : "einvoice-xml-invalid")
                if valid { list[i].evidence.append("xml-text-agree") }
            } else {
                // A labelled page candidate against an XML value the page does not show: believe the page.
                let strongText = list.filter {
                    $0.score >= 1300 || (!onPage && $0.score >= 900 && $0.evidence.contains(where: { $0.hasPrefix("label:") }))
                }
                var c = Candidate(
                    field: field, value: value, display: display ?? value, score: xmlScore, page: 1, box: nil,
                    evidence: [valid ? "einvoice-xml" : "einvoice-xml-invalid"], extra: extra)
                if !strongText.isEmpty, valid {
                    c.score = w("xml.disagree")
                    c.evidence.append("xml-text-disagree")
                    for i in list.indices where list[i].score >= 1300 {
                        list[i].score -= w("xml.text_penalty")
                        list[i].evidence.append("xml-disagrees")
                    }
                } else if valid, !onPage {
                    c.evidence.append("not-on-page")
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
                "account", value: a18, display: Checksums.serbianDisplay(a18),
                extra: ["kind": "rs-domestic", "iban": .string("RS35" + a18), "country": "RS"])
        } else if let iban = e.payeeIBAN.map(Checksums.compact) {
            let ok = Checksums.isValidIBAN(iban)
            if iban.hasPrefix("RS35"), ok {
                apply(
                    "account", value: String(iban.dropFirst(4)), display: iban,
                    extra: ["kind": "rs-domestic", "iban": .string(iban), "country": "RS"])
            } else {
                apply(
                    "account", value: iban, display: Checksums.groupedByFour(iban), valid: ok,
                    extra: ["kind": "iban", "country": .string(String(iban.prefix(2)))])
            }
        }
        if let payer = e.payerIBAN.map(Checksums.compact), var list = merged["account"] {
            for i in list.indices where list[i].value == payer || "RS35" + list[i].value == payer {
                list[i].score = min(list[i].score, w("account.payer_cap"))
                list[i].evidence.append("einvoice-payer-account")
            }
            merged["account"] = list
        }
        if let amount = e.amountDue ?? e.grandTotal, let d = Double(amount), let v = Self.decimalText(d) {
            apply("amount", value: v, display: amount, extra: e.currency.map { ["currency": .string($0)] } ?? [:])
        }
        if let ref = e.reference?.trimmingCharacters(in: .whitespaces) {
            apply("reference", value: ref, display: ref, extra: ["kind": Checksums.isValidRF(ref) ? "rf" : "structured"])
        }
        if let bic = e.bic { apply("bic", value: Checksums.compact(bic), display: bic, valid: Checksums.isValidBIC(bic)) }
        if let name = e.payeeName ?? e.sellerName { apply("payee", value: name, display: name) }
        if let due = e.dueDate, due.count == 10 { apply("due_date", value: due, display: due) }
        if let cur = e.currency {
            var list = merged["currency"] ?? []
            if let i = list.firstIndex(where: { $0.value == cur }) {
                list[i].score = max(list[i].score, w("xml.base")) + w("xml.agree")
                list[i].evidence.append("einvoice-xml")
            } else {
                let pageHasOther = list.contains {
                    $0.evidence.contains("currency-token") || $0.evidence.contains("amount-currency")
                }
                list.append(
                    Candidate(
                        field: "currency", value: cur, display: cur,
                        score: pageHasOther ? w("xml.disagree") - 200 : w("xml.not_on_page"), page: 1, box: nil,
                        evidence: ["einvoice-xml", "not-on-page"]))
            }
            merged["currency"] = list
        }
    }
}
