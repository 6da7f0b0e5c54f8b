import Foundation
import PPShared

/// What `--explain` tells per candidate: the points each piece of evidence added to the rule score, the
/// label phrase that matched, and the fitted model's terms. Recorded only while `enabled` is bound to true
/// (`Extractor.extract` with `explain`): otherwise a candidate carries no trace and nothing is computed.
struct ExplainTrace: Sendable {
    @TaskLocal static var enabled = false

    struct Item: Sendable {
        var name: String
        var points: Int
        var credited: Bool
    }

    private(set) var items: [Item] = []
    private var lastScore: Int
    private var seen: Int
    /// A score change not yet given to a piece of evidence: the finders change the score, then name why.
    private var pending: Int?

    init(score: Int, evidence: [String]) {
        lastScore = score
        seen = evidence.count
        if score != 0, !evidence.isEmpty {
            // Made with its evidence at once: the points belong to all of it together.
            items.append(Item(name: evidence.joined(separator: "+"), points: score, credited: true))
        } else {
            items = evidence.map { Item(name: $0, points: 0, credited: false) }
            if score != 0 { pending = score }
        }
    }

    mutating func score(_ new: Int) {
        let delta = new - lastScore
        lastScore = new
        guard delta != 0 else { return }
        if let p = pending { credit(p) }
        pending = delta
    }

    mutating func evidence(_ list: [String]) {
        defer { seen = list.count }
        guard list.count > seen else { return }
        for (i, name) in list[seen...].enumerated() {
            let points = i == 0 ? pending : nil
            items.append(Item(name: name, points: points ?? 0, credited: points != nil))
        }
        pending = nil
    }

    /// A change followed by another change rather than by evidence: the latest evidence not yet given
    /// points explains it ("label:reference" given first, its score set after), else it is the base score.
    private mutating func credit(_ points: Int) {
        if let i = items.lastIndex(where: { !$0.credited }) {
            items[i].points += points
            items[i].credited = true
        } else {
            items.append(Item(name: items.isEmpty ? "base" : "unlabelled", points: points, credited: true))
        }
        pending = nil
    }

    /// The items as `[name, points]` pairs; their sum is the score.
    func json() -> JSON {
        var all = items
        if let p = pending { all.append(Item(name: all.isEmpty ? "base" : "unlabelled", points: p, credited: true)) }
        return .array(all.map { .array([.string($0.name), .int($0.points)]) })
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
            "confidence": .int(Scoring.confidence(calibrated(p))),
        ]
    }
}

extension Extractor {
    /// The phrase of the label behind a candidate's first `label:` evidence: the nearest label of that
    /// category on the candidate's page ("zu zahlen" for `label:due`).
    static func labelPhrase(for c: Candidate, labels: [LabelHit], lines: [TextLine]) -> String? {
        guard let e = c.evidence.first(where: { $0.hasPrefix("label:") }) else { return nil }
        let name = String(e.dropFirst(6))
        let hits = labels.filter {
            $0.page == c.page && ($0.category == name || $0.category == "amount_" + name) && $0.line < lines.count
        }
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
