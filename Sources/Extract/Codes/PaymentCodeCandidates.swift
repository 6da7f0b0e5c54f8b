import PPShared

/// How a payment code's fields become candidates, and how its verdict settles their confidence.
///
/// - A code without problems gives each field at `code.checked` (evidence: the format and
///   `code-checked`); the same value found on the page gets the code's evidence and `qr.agree` more
///   (`code-agrees-page`).
/// - A code with problems (a rule or checksum failed) gives weak candidates, capped at `code.invalid`
///   (`code-problems`); it neither lifts nor lowers what the page shows.
/// - A valid code whose account or amount is nowhere on the page while the page has a confident other
///   value (rule score at least `code.page_confident`) contradicts the page: the code's candidates and
///   every candidate of the contradicted field get `code-contradicts-page` and are capped at
///   `code.contradiction_cap`, so neither side is confident.
extension Extractor {
    /// The fields a code can contradict.
    static let codeContradictable = ["account", "amount"]

    func applyPaymentCode(_ code: PaymentCode, page: Int, box: Box?, to merged: inout [String: [Candidate]]) {
        let values = Self.codeValues(code)
        let contradicted: [String] =
            code.isValid
            ? Self.codeContradictable.filter { field in
                guard let value = values[field]?.value else { return false }
                let list = merged[field] ?? []
                return !list.contains { $0.value == value } && list.contains { $0.score >= w("code.page_confident") }
            } : []
        for field in contradicted {
            for i in (merged[field] ?? []).indices { merged[field]![i].evidence.append("code-contradicts-page") }
        }
        var verdict = code.isValid ? ["code-checked"] : ["code-problems"]
        if !contradicted.isEmpty { verdict.append("code-contradicts-page") }
        let score = code.isValid ? w("code.checked") : w("code.invalid")
        for field in Extractor.fields {
            guard let (value, display, extra) = values[field], !value.isEmpty else { continue }
            var list = merged[field] ?? []
            if let i = list.firstIndex(where: { $0.value == value }) {
                list[i].evidence.append(code.format)
                if code.isValid, contradicted.isEmpty {
                    list[i].score = max(list[i].score, score) + w("qr.agree")
                    list[i].evidence += ["code-checked", "code-agrees-page"]
                }
            } else {
                list.append(
                    Candidate(
                        field: field, value: value, display: display, score: score, page: page, box: box,
                        evidence: [code.format] + verdict, extra: extra))
            }
            merged[field] = list
        }
    }

    /// Each field's value, display and extra keys from a code.
    static func codeValues(_ code: PaymentCode) -> [String: (value: String, display: String, extra: [String: JSON])] {
        var out: [String: (value: String, display: String, extra: [String: JSON])] = [:]
        if let a = code.account {
            if code.accountKind == "rs-domestic" {
                let iban: JSON = code.accountValid ? .string("RS35" + a) : .null
                out["account"] = (
                    a, a.count == 18 ? Checksums.serbianDisplay(a) : a, ["kind": "rs-domestic", "country": "RS", "iban": iban]
                )
            } else {
                out["account"] = (a, Checksums.groupedByFour(a), ["kind": "iban", "country": .string(String(a.prefix(2)))])
            }
        }
        if let amount = code.amount { out["amount"] = (amount, amount, code.currency.map { ["currency": .string($0)] } ?? [:]) }
        if let ref = code.reference {
            // Only a payment model typed before the reference (97, HR01, SI12) is a model; RF, a Swiss QRR and
            // a Czech variable symbol name the reference's scheme.
            var extra: [String: JSON] = ["kind": Checksums.isValidRF(ref) ? "rf" : "structured"]
            if let m = code.model {
                if Candidate.isPaymentModel(m) {
                    extra["model"] = .string(m)
                    extra["kind"] = "model"
                } else if m != "RF" {
                    extra["kind"] = .string(m.lowercased())
                }
            }
            out["reference"] = (ref, ref, extra)
        }
        for (field, value) in [
            ("payee", code.payee), ("bic", code.bic), ("payment_code", code.paymentCode), ("currency", code.currency),
            ("due_date", code.dueDate),
        ] {
            if let value { out[field] = (value, value, [:]) }
        }
        return out
    }

    /// After the confidence model, which was never fitted on payment codes: a checked code's value is
    /// definitive (at least `code.checked`, `qr.agree` more when the page shows it too); a code with
    /// problems, or one that contradicts the page, caps. Vetoes and a document that expects no payment
    /// keep their caps.
    func settlePaymentCodes(_ list: [Candidate], paymentExpected: Bool) -> [Candidate] {
        var out = list
        // A checked code's value leads its field: a page reading that differs from it (an OCR repair
        // gone wrong, a look-alike number) stays below it, at most `code.contradiction_cap`.
        let codeLeads = out.contains { $0.evidence.contains("code-checked") && !$0.evidence.contains("code-contradicts-page") }
        for i in out.indices {
            if codeLeads, !out[i].evidence.contains("code-checked") {
                out[i].score = min(out[i].score, w("code.contradiction_cap"))
            }
            let e = out[i].evidence
            if e.contains("code-contradicts-page") {
                out[i].score = min(out[i].score, w("code.contradiction_cap"))
            } else if e.contains("code-problems") {
                out[i].score = min(out[i].score, w("code.invalid"))
            } else if e.contains("code-checked"), paymentExpected, !e.contains(where: { ConfidenceModel.vetoes.contains($0) }) {
                out[i].score = max(out[i].score, w("code.checked") + (e.contains("code-agrees-page") ? w("qr.agree") : 0))
            }
        }
        return out.enumerated().sorted { a, b in
            a.element.confidence != b.element.confidence ? a.element.confidence > b.element.confidence : a.offset < b.offset
        }.map(\.element)
    }
}

extension PaymentCode {
    /// What the document record says about the codes read: format, page, whether it validated, and why not.
    static func report(_ codes: [(PaymentCode, Int, Box?)]) -> JSON {
        .array(
            codes.map { code, page, _ in
                .object([
                    "format": .string(code.format), "page": .int(page), "valid": .bool(code.isValid),
                    "problems": .array(code.problems.map { .string($0) }), "notes": .array(code.notes.map { .string($0) }),
                ])
            })
    }
}
