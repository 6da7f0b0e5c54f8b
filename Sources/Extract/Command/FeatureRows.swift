import Foundation
import Lexicons
import PPShared
import Records

/// Training rows for the confidence model: every candidate of results made with `--explain`, its
/// features, and whether the confirmed value says it is right (bench/extract/fit_confidence.py reads them).
public enum FeatureRows {
    public static let fields = Field.allCases.map(\.rawValue)

    public static func rows(truth: [JSON], results: [JSON]) -> [JSON] {
        var bySource: [String: DocumentRecord] = [:]
        for r in results.compactMap({ DocumentRecord($0) }) where r.kind == DocumentRecord.kind {
            if let s = r.source { bySource[s] = r }
        }
        var out: [JSON] = []
        for t in truth {
            guard let source = t["source"]?.stringValue, let r = bySource[source] else { continue }
            let expectPay = t["payment_expected"]?.boolValue ?? true
            for field in fields {
                // A field missing from the truth line is not labelled; null means "confirmed absent".
                guard let tv = t[field] else { continue }
                let expected = expectPay || field == "currency" ? Evaluation.normalize(field, tv) : nil
                for (rank, c) in r.candidates(field).enumerated() {
                    guard let features = c.features else { continue }
                    let right = expected.map { Evaluation.matches(field, expected: $0, candidate: c) } ?? false
                    out.append([
                        "source": .string(source), "field": .string(field), "rank": .int(rank), "correct": .bool(right),
                        "family": t["family"] ?? .string(source), "features": features.member,
                        "vetoed": .bool(c.explain?.vetoed ?? false),
                    ])
                }
            }
        }
        return out
    }
}
