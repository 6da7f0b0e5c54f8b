import Foundation
import Lexicons
import PPShared

/// The fitted model's part of ranking: features of the first candidates by rule points, the model's
/// probability, its calibration into a confidence, and the order that gives.
extension Ranker {
    /// The first candidates by rule points with the model's confidence, re-ranked by it. Without a model
    /// the rule points stand (with `--explain` the features are still described).
    func rescore(_ ranked: [Candidate], field: Field, context: Context) -> [Entry] {
        let fieldModel = model?.fields[field.rawValue]
        guard fieldModel != nil || explain else { return ranked.map { Entry(candidate: $0, score: $0.points) } }
        var list = ranked.prefix(fieldModel != nil ? ConfidenceModel.window : ranked.count).map {
            Entry(candidate: $0, score: $0.points)
        }
        let features = CandidateFeatures.describe(list.map(\.candidate), context: context)
        var raw = Array(repeating: 0.0, count: list.count)
        for i in list.indices {
            if explain {
                list[i].features = features[i]
                list[i].ruleScore = list[i].candidate.points
                var explanation: [String: JSON] = [
                    "rule": Explanation.rule(list[i].candidate),
                    "vetoed": .bool(list[i].candidate.evidence.contains(where: \.isVeto)),
                ]
                if let fieldModel { explanation["model"] = fieldModel.explanation(features[i]) }
                list[i].explanation = explanation
            }
            guard let fieldModel else { continue }
            raw[i] = fieldModel.probability(features[i])
            let fitted = Confidence.of(probability: fieldModel.calibrated(raw[i]))
            let points = Confidence.clamped(list[i].candidate.points)
            // Evidence the model never saw while fitting (an e-invoice value not printed on the page, say)
            // says nothing to it: the rule points cap its guess.
            if list[i].candidate.evidence.contains(where: { fieldModel.weights[$0.feature] == nil }) {
                list[i].score = min(fitted, points)
                list[i].candidate.note(.unfamiliarEvidence)
            } else if list[i].candidate.evidence.contains(where: \.isVeto) {
                // A rule that rules the value out (a date under a reference label, the payer's account) is not
                // outvoted by the rest of the evidence.
                list[i].score = min(fitted, points)
            } else {
                list[i].score = fitted
            }
            // A numbered spare account ("2. Konto") is the answer only when the first was not read (a photo's
            // OCR lost it): never one to trust.
            if list[i].candidate.evidence.contains(.secondaryAccount) {
                list[i].score = min(list[i].score, weights.secondaryAccountCap)
            }
        }
        guard fieldModel != nil else { return list }
        // The raw probability breaks the calibration map's ties; the rule order breaks the rest.
        let order = list.indices.sorted { a, b in
            let (ca, cb) = (Confidence.clamped(list[a].score), Confidence.clamped(list[b].score))
            if ca != cb { return ca > cb }
            if raw[a] != raw[b] { return raw[a] > raw[b] }
            return a < b
        }
        return order.map { list[$0] }
    }

    /// A numbered spare account ("2. Konto") is the answer only when the first was not read: where a labelled
    /// account that passes its checksum and is no spare stands in the list, every spare ranks below it, however
    /// much surer OCR was of the spare's words (a photo's payment block read "PTO8 5234 …", repaired, at 42).
    static func demotingSpares(_ list: [Entry]) -> [Entry] {
        let firsts = list.filter { e in
            let ev = e.candidate.evidence
            return !ev.contains(.secondaryAccount) && !ev.contains(where: \.isVeto) && ev.has(label: .account)
                && ev.contains { if case .checksum = $0 { true } else { false } }
        }
        guard let ceiling = firsts.map({ Confidence.clamped($0.score) }).max() else { return list }
        var out = list
        for i in out.indices where out[i].candidate.evidence.contains(.secondaryAccount) {
            out[i].score = min(out[i].score, max(0, ceiling - 1))
        }
        return out.indices.sorted { a, b in
            let (ca, cb) = (Confidence.clamped(out[a].score), Confidence.clamped(out[b].score))
            return ca != cb ? ca > cb : a < b
        }.map { out[$0] }
    }
}
