import Lexicons
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
struct CodeEvidence: Sendable {
    struct Weights: Sendable {
        let checked, invalid, pageConfident, agree: Int
        /// A labelled page value this strong is what the page prints, for a code to contradict.
        let pageLabelled: Int
        init(_ w: (String) -> Int) {
            checked = w("code.checked")
            invalid = w("code.invalid")
            pageConfident = w("code.page_confident")
            agree = w("qr.agree")
            pageLabelled = w("code.page_labelled")
        }
    }

    let weights: Weights

    /// What one code read on `page` says about the candidates found on the page.
    func apply(_ code: PaymentCode, page: Int, box: Box?, to merged: inout [Field: [Candidate]]) {
        let values = Self.codeValues(code)
        let contradicted: [Field] =
            code.isValid
            ? Field.codeContradictable.filter { field in
                guard let value = values[field]?.value else { return false }
                let list = merged[field] ?? []
                return !list.contains { $0.value == value } && list.contains { Self.printsTheField($0, weights: weights) }
            } : []
        for field in contradicted {
            for i in (merged[field] ?? []).indices { merged[field]![i].note(.codeContradictsPage) }
        }
        var verdict: [Evidence] = code.isValid ? [.codeChecked] : [.codeProblems]
        if !contradicted.isEmpty { verdict.append(.codeContradictsPage) }
        let points = code.isValid ? weights.checked : weights.invalid
        for field in Field.allCases {
            guard let (value, display, facts) = values[field], !value.isEmpty else { continue }
            var list = merged[field] ?? []
            if let i = list.firstIndex(where: { $0.value == value }) {
                list[i].note(.codeFormat(code.format))
                if code.isValid, contradicted.isEmpty {
                    let agreed = max(list[i].points, points) + weights.agree
                    list[i].credit(.codeChecked, agreed - list[i].points)
                    list[i].note(.codeAgreesPage)
                }
            } else {
                var c = Candidate(
                    field, value: value, display: display, points: points, page: page, box: box,
                    evidence: [.codeFormat(code.format)] + verdict + Self.proof(of: field, in: code), facts: facts)
                c.onlyInCode = true
                list.append(c)
            }
            merged[field] = list
        }
    }

    /// Whether a page candidate says what the page prints for its field: strong by its points, or a labelled
    /// value of its field's role that nothing rules out (a forged sticker needs only a differing code to show).
    static func printsTheField(_ c: Candidate, weights: Weights) -> Bool {
        if c.points >= weights.pageConfident { return true }
        guard c.points >= weights.pageLabelled, !c.evidence.contains(where: \.isVeto) else { return false }
        return c.evidence.contains { $0.kind(for: c.field) == .label }
    }

    /// What a code's value proves by itself: an account, an RF reference or a national reference of the
    /// account's country (a Swiss QR reference, a Norwegian KID, …) whose check digits hold.
    static func proof(of field: Field, in code: PaymentCode) -> [Evidence] {
        switch field {
        case .account where code.accountValid:
            return [.checksum(code.accountKind == AccountFormat.rsDomestic.rawValue ? .rsAccount : .iban)]
        case .reference:
            guard let reference = code.reference else { return [] }
            if Checksums.isValidRF(reference) { return [.checksum(.rf)] }
            guard code.accountValid, let account = code.account, code.accountKind != AccountFormat.rsDomestic.rawValue else {
                return []
            }
            let digits = reference.filter { $0 != " " }
            let checked = ReferenceScheme.schemes(for: [String(account.prefix(2))]).first { $0.isValid(digits) }
            return checked.flatMap(Evidence.national).map { [$0] } ?? []
        default: return []
        }
    }

    /// Each field's value, display and facts from a code.
    static func codeValues(_ code: PaymentCode) -> [Field: (value: String, display: String, facts: CandidateFacts)] {
        var out: [Field: (value: String, display: String, facts: CandidateFacts)] = [:]
        if let a = code.account {
            if code.accountKind == AccountFormat.rsDomestic.rawValue {
                out[.account] = (
                    a, a.count == 18 ? Checksums.serbianDisplay(a) : a, .serbianAccount(a, valid: code.accountValid)
                )
            } else {
                out[.account] = (a, Checksums.groupedByFour(a), .iban(a))
            }
        }
        if let amount = code.amount { out[.amount] = (amount, amount, CandidateFacts(currency: code.currency)) }
        if let ref = code.reference {
            // Only a payment model typed before the reference (97, HR01, SI12) is a model; RF, a Swiss QRR and
            // a Czech variable symbol name the reference's scheme.
            var facts = CandidateFacts(scheme: Checksums.isValidRF(ref) ? "rf" : "structured")
            if let m = code.model {
                if Candidate.isPaymentModel(m) {
                    facts.model = m
                    facts.scheme = "model"
                } else if m != "RF" {
                    facts.scheme = m.lowercased()
                }
            }
            out[.reference] = (ref, ref, facts)
        }
        for (field, value) in [
            (Field.payee, code.payee), (.bic, code.bic), (.paymentCode, code.paymentCode), (.currency, code.currency),
            (.dueDate, code.dueDate),
        ] {
            if let value { out[field] = (value, value, CandidateFacts()) }
        }
        return out
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
