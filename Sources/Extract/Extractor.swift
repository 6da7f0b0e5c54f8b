import Foundation
import PPShared

/// Finds ranked candidates for every payment field in the lines of one document.
public struct Extractor: Sendable {
    public let profile: Profile
    public static let fields = ["account", "amount", "reference", "bic", "payee", "due_date", "payment_code", "currency"]
    public var maxCandidates = 5
    /// The fitted confidence model; without it confidences are the rule scores.
    public var model: ConfidenceModel?
    /// Attach each candidate's features (and its rule score) to the output.
    public var explain = false

    let compiled: [(String, [Unicode.Scalar], Bool, Bool)]
    /// The median height of the document's lines (set per document by `extract`).
    var medianLineHeight: Double = 12
    /// The document's layout (set per document by `extract`).
    var layout: Layout?

    public init(profile: Profile) {
        self.profile = profile
        self.compiled = Self.compile(profile)
    }

    func w(_ key: String) -> Int { profile.weight(key) }

    // MARK: - Extraction

    public func extract(lines: [TextLine], einvoice: EInvoice?, codes: [(PaymentCode, Int, Box?)] = []) -> Extraction {
        var me = self
        let hs = lines.map(\.box.height).filter { $0 > 0 }.sorted()
        me.medianLineHeight = hs.isEmpty ? 12 : hs[hs.count / 2]
        let finder = me
        me.layout = Layout(
            lines: lines, labels: me.findLabels(lines), params: Layout.Params(me.w), relabel: { finder.findLabels($0) })
        guard explain else { return me.run(lines: lines, einvoice: einvoice, codes: codes) }
        return ExplainTrace.$enabled.withValue(true) { me.run(lines: lines, einvoice: einvoice, codes: codes) }
    }

    func run(lines: [TextLine], einvoice: EInvoice?, codes: [(PaymentCode, Int, Box?)]) -> Extraction {
        let labels = layout?.labels ?? findLabels(lines)
        var allTokens: [[AmountToken]] = []
        var flat: [AmountToken] = []
        for l in lines {
            let t = Amounts.tokens(in: l.chars, breaks: layout?.cellStarts(line: allTokens.count) ?? [], ocr: l.conf != nil)
            allTokens.append(t)
            flat += t
        }
        let mark = Amounts.decideMark(flat, fallback: profile.decimalMark)
        var raw: [String: [Candidate]] = [:]
        let accounts = findAccounts(lines, labels)
        raw["account"] = accounts.candidates
        raw["amount"] = amountEvidence(
            findAmounts(lines, labels, allTokens, mark: mark, accountSpans: accounts.spans), labels: labels, lines: lines)
        raw["reference"] = findReferences(lines, labels)
        raw["bic"] = findBICs(lines, labels)
        raw["payee"] = findPayees(lines, labels)
        raw["due_date"] = findDueDates(lines, labels)
        raw["payment_code"] = findPaymentCodes(lines, labels)

        var merged: [String: [Candidate]] = [:]
        for (field, list) in raw { merged[field] = mergeByValue(list, field: field) }
        merged["currency"] = findCurrencies(lines, merged["amount"] ?? [])
        for (code, page, box) in codes { applyPaymentCode(code, page: page, box: box, to: &merged) }
        if let e = einvoice {
            applyEInvoice(
                e, to: &merged, pageText: Self.compactText(lines),
                amounts: Set(flat.compactMap { Amounts.value(of: $0, documentMark: mark) }))
        }

        let reasons = noPaymentReasons(
            labels: labels, lines: lines, tokens: allTokens, einvoice: einvoice, amounts: merged["amount"] ?? [],
            occurrences: raw["amount"] ?? [])
        let paymentExpected = reasons.isEmpty
        let context = CandidateFeatures.DocumentContext(
            paymentExpected: paymentExpected, einvoice: einvoice != nil, ocr: lines.contains { $0.conf != nil },
            pages: lines.map(\.page).max() ?? 1)
        for field in merged.keys {
            var list = merged[field]!
            // A document that asks for no payment: marked now, capped last (`capNoPayment`), so the
            // candidates keep the order their evidence gives them.
            let capped = !paymentExpected
            if capped {
                for i in list.indices where list[i].score > w("no_payment_cap") { list[i].evidence.append("no-payment-expected") }
            }
            list = list.filter { $0.score > 0 }
            list.sort { a, b in
                if a.confidence != b.confidence { return a.confidence > b.confidence }
                if a.page != b.page { return a.page < b.page }
                return (a.box?.y0 ?? 0, a.box?.x0 ?? 0) < (b.box?.y0 ?? 0, b.box?.x0 ?? 0)
            }
            // A clear lead over every other value makes the first surer (amounts, accounts, references).
            if ["account", "amount", "reference"].contains(field), list.count >= 1, list[0].score >= 1000,
                list[0].evidence.contains(where: { $0.hasPrefix("label:") }), paymentExpected
            {
                let gap = list[0].score - (list.count >= 2 ? list[1].score : 0)
                let secondLabelled =
                    list.count >= 2
                    && list[1].evidence.contains {
                        ["label:due", "label:total", "label:account", "label:reference"].contains($0)
                    }
                if gap > w("clear_margin"), !secondLabelled {
                    list[0].score += min(w("clear_margin_bonus"), (gap - w("clear_margin")) / 2)
                    list[0].evidence.append("clear-lead")
                }
            }
            // A close second of another value makes the first less sure.
            if list.count >= 2, list[0].score >= 1000 {
                let gap = list[0].score - list[1].score
                if gap < w("close_second") {
                    list[0].score -= (w("close_second") - gap)
                    list[0].evidence.append("close-second")
                    // Doubt about the first does not promote the second: ties keep reading order.
                    // The order stands as it was (no re-sort), so a tie cannot put the second first.
                    for i in 1..<list.count where list[i].score > list[0].score { list[i].score = list[0].score }
                }
            }
            var settled = settlePaymentCodes(rescore(list, field: field, context: context), paymentExpected: paymentExpected)
            if capped { settled = capNoPayment(settled) }
            if explain {
                for i in settled.indices {
                    if let phrase = Self.labelPhrase(for: settled[i], labels: labels, lines: lines) {
                        settled[i].explanation?["label"] = .string(phrase)
                    }
                }
            }
            merged[field] = Array(settled.prefix(maxCandidates))
        }
        if paymentExpected { merged["currency"] = currencyOfTheAmount(merged["amount"] ?? [], merged["currency"] ?? []) }
        return Extraction(
            candidates: merged, paymentExpected: paymentExpected, noPaymentReasons: reasons, decimalMark: mark,
            einvoice: einvoice != nil)
    }

    /// The fitted model's confidence for the first candidates by rule score, re-ranked by it.
    func rescore(_ ranked: [Candidate], field: String, context: CandidateFeatures.DocumentContext) -> [Candidate] {
        let fieldModel = model?.fields[field]
        guard fieldModel != nil || explain else { return ranked }
        var list = Array(ranked.prefix(fieldModel != nil ? ConfidenceModel.window : ranked.count))
        let features = CandidateFeatures.describe(list, context: context)
        var raw = Array(repeating: 0.0, count: list.count)
        for i in list.indices {
            if explain {
                list[i].features = features[i]
                list[i].extra["rule_score"] = .int(list[i].score)
                var explanation: [String: JSON] = ["rule": list[i].trace?.json() ?? .array([])]
                if let fieldModel { explanation["model"] = fieldModel.explanation(features[i]) }
                list[i].explanation = explanation
            }
            guard let fieldModel else { continue }
            raw[i] = fieldModel.probability(features[i])
            let fitted = Scoring.confidence(fieldModel.calibrated(raw[i]))
            // Evidence the model never saw while fitting (an e-invoice value not printed on the page, say)
            // says nothing to it: the rule score caps its guess.
            if features[i].keys.contains(where: { $0.hasPrefix("e:") && fieldModel.weights[$0] == nil }) {
                list[i].score = min(fitted, max(0, min(2000, list[i].score)))
                list[i].evidence.append("unfamiliar-evidence")
            } else if ConfidenceModel.isVetoed(list[i].evidence) {
                // A rule that rules the value out (a date under a reference label, the payer's account)
                // is not outvoted by the rest of the evidence.
                list[i].score = min(fitted, max(0, min(2000, list[i].score)))
            } else {
                list[i].score = fitted
            }
            // A numbered spare account ("2. Konto") is the answer only when the first was not read (a
            // photo's OCR lost it): never one to trust.
            if list[i].evidence.contains("secondary-account") { list[i].score = min(list[i].score, w("account.secondary_cap")) }
        }
        guard fieldModel != nil else { return list }
        // The raw probability breaks the calibration map's ties; the rule order breaks the rest.
        let order = list.indices.sorted { a, b in
            if list[a].confidence != list[b].confidence { return list[a].confidence > list[b].confidence }
            if raw[a] != raw[b] { return raw[a] > raw[b] }
            return a < b
        }
        return order.map { list[$0] }
    }

    /// A document that asks for no payment has no candidate to use, whatever the evidence says: every
    /// confidence is capped. The cap is monotone and comes after ranking, so the order stays the one the
    /// model (or the rules) gave: ties at the cap are in that order, not in reading order.
    func capNoPayment(_ ranked: [Candidate]) -> [Candidate] {
        let cap = w("no_payment_cap")
        return ranked.map { c in
            var c = c
            if c.score > cap { c.score = cap }
            return c
        }
    }

    /// Joins candidates with the same value: the best occurrence leads, evidence is pooled, repetition counts.
    func mergeByValue(_ list: [Candidate], field: String) -> [Candidate] {
        var groups: [String: [Candidate]] = [:]
        var order: [String] = []
        for c in list {
            if groups[c.value] == nil { order.append(c.value) }
            groups[c.value, default: []].append(c)
        }
        var out: [Candidate] = []
        for v in order {
            let g = groups[v]!.sorted { $0.score > $1.score }
            var best = g[0]
            let strong = g.filter { $0.score >= 700 }.count
            if strong >= 2 {
                let key = field == "account" ? "account.repeated" : "amount.repeated"
                let bonus = min(2, strong - 1) * (field == "account" || field == "amount" ? w(key) : 80)
                best.score += bonus
                best.evidence.append("repeated:\(g.count)")
            }
            for other in g.dropFirst() where other.score >= 700 {
                for e in other.evidence where !best.evidence.contains(e) && (e.hasPrefix("label:") || e == "slip-equals") {
                    best.evidence.append(e)
                }
            }
            if best.score > 0 || g.contains(where: { $0.evidence.contains("payer-label") }) { out.append(best) }
        }
        return out
    }

    /// "1234.5" → "1234.50"; negative kept; nil beyond the largest amount (`Amounts.maxCents`).
    static func decimalText(_ d: Double) -> String? { Amounts.decimalText(d) }
}
