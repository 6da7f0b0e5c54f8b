import Lexicons
import PPShared

/// How a ranked candidate and a document's `best` object are written into the document record.
extension RankedCandidate {
    public func json() -> JSON {
        var o: [String: JSON] = [
            "value": .string(candidate.recordValue), "display": .string(display), "confidence": .int(confidence),
            "page": .int(page), "evidence": .array(evidence.map { .string($0.name) }),
            "box": box.map { .box($0.array) } ?? .null,
        ]
        for (k, v) in extra {
            switch k {
            case "kind": o["scheme"] = v  // "kind" names the record type only
            case "model": o["reference_model"] = v  // the truth format's name
            case "currency" where field == .amount: continue  // one place: the document's currency field
            default: o[k] = v
            }
        }
        if let ruleScore { o["rule_score"] = .int(ruleScore) }
        if let features { o["features"] = .object(features.mapValues { .rounded($0, places: 4) }) }
        if let explanation { o["explain"] = .object(explanation) }
        return .object(o)
    }
}

extension Extraction {
    /// The record's `best`: per field the top candidate's value when it is confident, else null, and
    /// `needs_review`, the fields a person should look at. On a document that asks for no payment every
    /// value is null and nothing needs review.
    public var best: JSON {
        var best: [String: JSON] = [:]
        var review: [JSON] = []
        for field in Field.best { best[field.rawValue] = .null }
        best["reference_model"] = .null
        for field in Field.best {
            guard let top = self[field].first else {
                if paymentExpected, Field.required.contains(field) { review.append(.string(field.rawValue)) }
                continue
            }
            guard paymentExpected else { continue }
            guard top.isConfident else {
                review.append(.string(field.rawValue))
                continue
            }
            best[field.rawValue] = .string(top.candidate.recordValue)
            if field == .reference, let model = top.extra["model"]?.stringValue { best["reference_model"] = .string(model) }
        }
        best["needs_review"] = .array(review)
        return .object(best)
    }
}
