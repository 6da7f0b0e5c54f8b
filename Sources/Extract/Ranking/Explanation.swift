import Foundation
import Lexicons
import PPShared

/// What `--explain` tells per candidate: the points each reason added (their sum is the rule score), the
/// label phrase that matched, and the fitted model's terms. Recorded only while `enabled` is bound to true
/// (`Extractor.extract` with `explain`): otherwise a candidate carries no credits and nothing is computed.
enum Explanation {
    @TaskLocal static var enabled = false

    /// The candidate's credits as `[reason, points]` pairs.
    static func rule(_ c: Candidate) -> JSON {
        .array((c.credits ?? []).map { .array([.string($0.reason.name), .int($0.points)]) })
    }

    /// The phrase of the label behind a candidate's first label evidence: the nearest label of that category
    /// on the candidate's page ("zu zahlen" for `label:due`).
    static func labelPhrase(for c: Candidate, labels: [LabelHit], lines: [TextLine]) -> String? {
        guard let category = c.evidence.firstLabel else { return nil }
        let hits = labels.filter { $0.page == c.page && $0.category == category && $0.line < lines.count }
        let centre = c.box.map { (($0.x0 + $0.x1) / 2, ($0.y0 + $0.y1) / 2) }
        let nearest = hits.min { a, b in
            guard let (x, y) = centre else { return a.line < b.line }
            func d(_ h: LabelHit) -> Double { hypot((h.box.x0 + h.box.x1) / 2 - x, (h.box.y0 + h.box.y1) / 2 - y) }
            return d(a) < d(b)
        }
        guard let hit = nearest else { return nil }
        let chars = lines[hit.line].chars
        guard hit.range.lowerBound >= 0, hit.range.upperBound <= chars.count else { return nil }
        return String(chars[hit.range]).trimmingCharacters(in: CharacterSet.whitespaces.union(.punctuationCharacters))
    }
}

extension ConfidenceModel.FieldModel {
    /// The model's terms for one candidate: intercept, each feature's weight × value (largest first),
    /// the probability and the calibrated confidence.
    func explanation(_ features: [String: Double]) -> JSON {
        let terms = features.keys.sorted().compactMap { name -> (String, Double)? in
            let t = (weights[name] ?? 0) * features[name]!
            return t == 0 ? nil : (name, t)
        }
        .sorted { abs($0.1) > abs($1.1) }
        let p = probability(features)
        return [
            "intercept": .rounded(intercept, places: 3),
            "terms": .array(terms.map { .array([.string($0.0), .rounded($0.1, places: 3)]) }),
            "probability": .rounded(p, places: 4),
            "confidence": .int(Confidence.of(probability: calibrated(p))),
        ]
    }
}
