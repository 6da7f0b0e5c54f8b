import Foundation
import Lexicons
import PPShared

/// The one place confidence is written. It joins the occurrences of a value, orders a field's candidates by
/// their points, weighs a clear lead or a close second, lets the fitted model and its calibration turn points
/// into a confidence, settles what payment codes say, caps a document that asks for no payment and clamps
/// to 0…2000. Finders only give points and evidence.
public struct Ranker: Sendable {
    /// The ranker's section of the weights (Model/weights.json, `rank.*` and the caps it applies).
    struct Weights: Sendable {
        let strongOccurrence, repeatedAccount, repeatedAmount, repeatedOther: Int
        let leadFloor, clearMargin, clearMarginBonus, closeSecond: Int
        /// Further strong occurrences that add to a value (at most), and the per cent of a clear lead's excess
        /// over the margin it earns.
        let repeatsCounted, leadShare: Int
        let noPaymentCap, secondaryAccountCap: Int
        let codeChecked, codeInvalid, codeContradictionCap, codeAgrees: Int
        let currencyWithConfidentAmount: Int
        /// Abstention: independent kinds of evidence a confident value needs, the confidence a rival needs,
        /// and where an abstaining candidate stays.
        let kindsNeeded, rivalFloor, dueRivalFloor, abstainCap: Int
        /// The OCR word confidence under which a value nothing verifies (no checksum, sum, second place or
        /// code) abstains.
        let unsureReadingBelow: Int
        /// The median OCR line confidence of a document under which every value nothing verifies abstains.
        let poorReadingBelow: Int
        /// The median OCR line confidence of a document under which an amount OCR read with less than full
        /// confidence needs arithmetic or a second place: a photo read fairly at best, where a misread digit
        /// ("Total $4.20" for $8.20) keeps its label and currency.
        let fairReadingBelow: Int
        /// Lines (median heights) within which payment data stands together in one block.
        let blockLines: Int

        init(_ w: (String) -> Int) {
            strongOccurrence = w("rank.strong_occurrence")
            repeatedAccount = w("account.repeated")
            repeatedAmount = w("amount.repeated")
            repeatedOther = w("rank.repeated_other")
            leadFloor = w("rank.lead_floor")
            clearMargin = w("clear_margin")
            clearMarginBonus = w("clear_margin_bonus")
            closeSecond = w("close_second")
            repeatsCounted = w("rank.repeats_counted")
            leadShare = w("rank.lead_share")
            noPaymentCap = w("no_payment_cap")
            secondaryAccountCap = w("account.secondary_cap")
            codeChecked = w("code.checked")
            codeInvalid = w("code.invalid")
            codeContradictionCap = w("code.contradiction_cap")
            codeAgrees = w("qr.agree")
            currencyWithConfidentAmount = w("currency.confident_amount")
            kindsNeeded = w("rank.kinds_needed")
            rivalFloor = w("rank.rival_floor")
            dueRivalFloor = w("rank.due_rival_floor")
            abstainCap = w("rank.abstain_cap")
            unsureReadingBelow = w("rank.unsure_reading_below")
            poorReadingBelow = w("rank.poor_reading_below")
            fairReadingBelow = w("rank.fair_reading_below")
            blockLines = w("rank.block_lines")
        }
    }

    let weights: Weights
    /// The fitted confidence model; without it confidences are the rule points.
    public var model: ConfidenceModel?
    /// Attach each candidate's features, rule points and their reasons to the output.
    public var explain = false
    public var maxCandidates = 5

    init(weights: Weights) { self.weights = weights }

    /// What holds for every candidate of a document.
    public struct Context: Sendable {
        public var paymentExpected: Bool
        public var einvoice: Bool
        public var ocr: Bool
        /// OCR read the document's lines with a median confidence under `rank.poor_reading_below`.
        public var poorReading = false
        /// OCR read the document's lines with a median confidence under `rank.fair_reading_below`.
        public var fairReading = false
        public var pages: Int
        /// The document's median line height (points): the unit of the payment block's reach.
        public var lineHeight: Double = 12
    }

    // MARK: - Occurrences

    /// Joins candidates with the same value: the best occurrence leads, labels and slip agreement are pooled,
    /// repetition counts.
    func merge(_ list: [Candidate], field: Field) -> [Candidate] {
        var groups: [String: [Candidate]] = [:]
        var order: [String] = []
        for c in list {
            if groups[c.value] == nil { order.append(c.value) }
            groups[c.value, default: []].append(c)
        }
        var out: [Candidate] = []
        for v in order {
            let g = groups[v]!.sorted { $0.points > $1.points }
            var best = g[0]
            let strong = g.filter { $0.points >= weights.strongOccurrence }
            if strong.count >= 2 {
                let bonus =
                    field == .account
                    ? weights.repeatedAccount : field == .amount ? weights.repeatedAmount : weights.repeatedOther
                best.credit(.repeated(g.count), min(weights.repeatsCounted, strong.count - 1) * bonus)
            }
            for other in g.dropFirst() where other.points >= weights.strongOccurrence {
                best.pool(other.evidence.filter { $0.labelCategory != nil || $0 == .slipEquals })
                if let box = other.box { best.places.append((other.page, box)) }
            }
            if best.points > 0 || g.contains(where: { $0.evidence.contains(.payerLabel) }) { out.append(best) }
        }
        return out
    }

    // MARK: - Ranking

    /// Every field's candidates, ranked, with their confidence. `phrase` names the label behind a candidate
    /// (for `--explain`).
    func rank(
        _ merged: [Field: [Candidate]], context: Context, phrase: (Candidate) -> String? = { _ in nil }
    ) -> [Field: [RankedCandidate]] {
        var sorted: [Field: [Candidate]] = [:]
        for (field, candidates) in merged {
            var list = candidates
            // A document that asks for no payment: marked now, capped last, so the candidates keep the order
            // their evidence gives them.
            if !context.paymentExpected {
                for i in list.indices where list[i].points > weights.noPaymentCap { list[i].note(.noPaymentExpected) }
            }
            list = list.filter { $0.points > 0 }
            list.sort { a, b in
                let (ca, cb) = (Confidence.clamped(a.points), Confidence.clamped(b.points))
                if ca != cb { return ca > cb }
                if a.page != b.page { return a.page < b.page }
                return (a.box?.y0 ?? 0, a.box?.x0 ?? 0) < (b.box?.y0 ?? 0, b.box?.x0 ?? 0)
            }
            sorted[field] = list
        }
        let reach = Double(weights.blockLines) * context.lineHeight
        // Where rule points tie, the value printed with the other payment data (a block of the rule-sorted tops)
        // comes first before the lead is weighed and the model sees the order: a tie is not left to the page's
        // top-down order, which would put a header's buyer reference first.
        let provisional = PaymentBlock(sorted.mapValues { $0.map { Entry(candidate: $0, score: $0.points) } }, reach: reach)
        var settled: [Field: [Entry]] = [:]
        for (field, candidates) in sorted {
            var list = provisional.breakingTies(candidates) { Confidence.clamped($0.points) }
            weighLead(&list, field: field, paymentExpected: context.paymentExpected)
            var scored = rescore(list, field: field, context: context)
            if field == .account { scored = Self.demotingSpares(scored) }
            settled[field] = settleCodes(scored, paymentExpected: context.paymentExpected)
        }
        let block = PaymentBlock(settled, reach: reach)
        var out: [Field: [Entry]] = [:]
        for (field, list) in settled {
            var ranked = block.breakingTies(list)
            abstain(
                &ranked, field: field, block: block, ocr: context.ocr, poorReading: context.poorReading,
                fairReading: context.fairReading)
            if !context.paymentExpected {
                for i in ranked.indices { ranked[i].score = min(ranked[i].score, weights.noPaymentCap) }
            }
            if explain {
                for i in ranked.indices {
                    if let p = phrase(ranked[i].candidate) { ranked[i].explanation?["label"] = .string(p) }
                }
            }
            out[field] = Array(ranked.prefix(maxCandidates))
        }
        if context.paymentExpected, let currencies = out[.currency] {
            out[.currency] = currencyOfTheAmount(out[.amount] ?? [], currencies)
        }
        return out.mapValues { $0.map(\.result) }
    }

    /// The values an e-invoice alone states (no page to weigh them against): each field's candidates as
    /// they were made, capped when the document asks for no payment.
    func rankStated(_ lists: [Field: [Candidate]], paymentExpected: Bool) -> [Field: [RankedCandidate]] {
        var out: [Field: [RankedCandidate]] = [:]
        for field in Field.allCases {
            out[field] = (lists[field] ?? []).map { c in
                var entry = Entry(candidate: c, score: c.points)
                if !paymentExpected, entry.score > weights.noPaymentCap {
                    entry.candidate.note(.noPaymentExpected)
                    entry.score = weights.noPaymentCap
                }
                return entry.result
            }
        }
        return out
    }

    /// A clear lead over every other value makes the first surer (amounts, accounts, references); a close
    /// second of another value makes it less sure, without promoting the second.
    func weighLead(_ list: inout [Candidate], field: Field, paymentExpected: Bool) {
        if Field.leadFields.contains(field), let first = list.first, first.points >= weights.leadFloor,
            first.evidence.isLabelled, paymentExpected
        {
            let gap = first.points - (list.count >= 2 ? list[1].points : 0)
            let rivalLabels: [LabelCategory] = [.amountDue, .amountTotal, .account, .reference]
            let secondLabelled = list.count >= 2 && rivalLabels.contains { list[1].evidence.has(label: $0) }
            if gap > weights.clearMargin, !secondLabelled {
                list[0].credit(
                    .clearLead,
                    min(weights.clearMarginBonus, Scoring.share(gap - weights.clearMargin, percent: weights.leadShare)))
            }
        }
        if list.count >= 2, list[0].points >= weights.leadFloor {
            let gap = list[0].points - list[1].points
            if gap < weights.closeSecond {
                list[0].credit(.closeSecond, -(weights.closeSecond - gap))
                // Doubt about the first does not promote the second: the order stands as it was (no re-sort),
                // so a tie cannot put the second first.
                for i in 1..<list.count where list[i].points > list[0].points { list[i].cap(at: list[0].points) }
            }
        }
    }

    /// A candidate on its way to a confidence: `score` is the rule points until the model speaks.
    struct Entry {
        var candidate: Candidate
        var score: Int
        var features: [String: Double]?
        var ruleScore: Int?
        var explanation: [String: JSON]?

        var result: RankedCandidate {
            RankedCandidate(
                candidate: candidate, confidence: Confidence.clamped(score), features: features, ruleScore: ruleScore,
                explanation: explanation)
        }
    }
}

/// A candidate with the confidence the `Ranker` gave it: what a document record lists.
public struct RankedCandidate: Sendable {
    public let candidate: Candidate
    /// 0…2000; from `Confidence.confident` on, a person need not look.
    public let confidence: Int
    /// What the confidence model saw (with `--explain`).
    public let features: [String: Double]?
    /// The rule points the model started from (with `--explain`).
    public let ruleScore: Int?
    /// Rule points and their reasons, the label phrase and the model's terms (with `--explain`).
    let explanation: [String: JSON]?

    public var field: Field { candidate.field }
    public var value: String { candidate.value }
    public var display: String { candidate.display }
    public var page: Int { candidate.page }
    public var box: Box? { candidate.box }
    public var evidence: [Evidence] { candidate.evidence }
    public var facts: CandidateFacts { candidate.facts }
    public var isConfident: Bool { confidence >= Confidence.confident }
}
