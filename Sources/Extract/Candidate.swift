import Foundation
import PPShared

/// One candidate value for a field, with its confidence and the evidence behind it.
public struct Candidate: Sendable {
    public var field: String
    /// Canonical value (compact IBAN, 18-digit Serbian account, "1234.56", ISO date, …).
    public var value: String
    /// As a person writes it.
    public var display: String
    public var score: Int
    public var page: Int
    public var box: Box?
    public var evidence: [String]
    public var extra: [String: JSON] = [:]

    var confidence: Int { max(0, min(2000, score)) }

    public func json() -> JSON {
        var o: [String: JSON] = [
            "value": .string(value), "display": .string(display), "confidence": .int(confidence),
            "page": .int(page), "evidence": .array(evidence.map { .string($0) }),
            "box": box.map { .box($0.array) } ?? .null,
        ]
        for (k, v) in extra { o[k] = v }
        return .object(o)
    }
}

/// A label found on a page: which category, where.
struct LabelHit {
    let category: String
    let line: Int
    let range: Range<Int>
    let box: Box
    let page: Int
}

/// What the extractor concluded about one document.
public struct Extraction: Sendable {
    public var candidates: [String: [Candidate]]
    public var paymentExpected: Bool
    public var noPaymentReasons: [String]
    public var decimalMark: Character
    public var einvoice: Bool
}
