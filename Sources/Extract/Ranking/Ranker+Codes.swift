import Lexicons

/// What payment codes and a confident amount settle after the model, which was never fitted on codes.
extension Ranker {
    /// A checked code's value is definitive (at least `code.checked`, `qr.agree` more when the page shows it
    /// too) and leads its field: a page reading that differs from it stays below, at most
    /// `code.contradiction_cap`. A code with problems, or one that contradicts the page, caps. Vetoes and a
    /// document that expects no payment keep their caps.
    func settleCodes(_ list: [Entry], paymentExpected: Bool) -> [Entry] {
        var out = list
        let codeLeads = out.contains {
            $0.candidate.evidence.contains(.codeChecked) && !$0.candidate.evidence.contains(.codeContradictsPage)
        }
        for i in out.indices {
            let e = out[i].candidate.evidence
            if codeLeads, !e.contains(.codeChecked) { out[i].score = min(out[i].score, weights.codeContradictionCap) }
            if e.contains(.codeContradictsPage) {
                out[i].score = min(out[i].score, weights.codeContradictionCap)
            } else if e.contains(.codeProblems) {
                out[i].score = min(out[i].score, weights.codeInvalid)
            } else if e.contains(.codeChecked), paymentExpected, !e.contains(where: \.isVeto) {
                let settled = weights.codeChecked + (e.contains(.codeAgreesPage) ? weights.codeAgrees : 0)
                out[i].score = max(out[i].score, settled)
            }
        }
        return Self.byConfidence(out)
    }

    /// The currency of a confident amount is as sure as the amount's final confidence (the model's, which the
    /// currency's rule points could not know): the one printed with the amount, or else the only one the page
    /// names, rises to `currency.confident_amount`.
    func currencyOfTheAmount(_ amounts: [Entry], _ currencies: [Entry]) -> [Entry] {
        guard let top = amounts.first, Confidence.clamped(top.score) >= Confidence.confident else { return currencies }
        let named = Set(currencies.filter { $0.candidate.evidence.contains(.currencyToken) }.map(\.candidate.value))
        guard let cur = top.candidate.facts.currency ?? (named.count == 1 ? named.first : nil),
            let i = currencies.firstIndex(where: { $0.candidate.value == cur })
        else { return currencies }
        var list = currencies
        list[i].score = max(list[i].score, weights.currencyWithConfidentAmount)
        return Self.byConfidence(list)
    }

    /// Highest confidence first; ties keep their order.
    static func byConfidence(_ list: [Entry]) -> [Entry] {
        list.enumerated().sorted { a, b in
            let (ca, cb) = (Confidence.clamped(a.element.score), Confidence.clamped(b.element.score))
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
    }
}
