import Foundation
import PPShared

/// One candidate value for a field, with its confidence and the evidence behind it.
public struct Candidate: Sendable {
    public var field: String
    /// Canonical value (compact IBAN, 18-digit Serbian account, "1234.56", ISO date, …). A reference's
    /// model stays in `extra["model"]` here; the record's `value` puts it in front (`recordValue`).
    public var value: String
    /// As a person writes it.
    public var display: String
    public var score: Int {
        didSet { if trace != nil { trace!.score(score) } }
    }
    public var page: Int
    public var box: Box?
    public var evidence: [String] {
        didSet { if trace != nil { trace!.evidence(evidence) } }
    }
    /// Field-specific keys. Inside pp-extract an account's or reference's format is `extra["kind"]` and a
    /// reference's model `extra["model"]`; the record names them `scheme` and `reference_model` (`json()`).
    public var extra: [String: JSON] = [:]
    /// What the confidence model saw (with `--explain`).
    public var features: [String: Double]?
    /// The points each piece of evidence added (with `--explain` only: nil, and no cost, otherwise).
    var trace: ExplainTrace?
    /// The itemised explanation written with `--explain` (rule points, label phrase, model terms).
    var explanation: [String: JSON]?

    public init(
        field: String, value: String, display: String, score: Int, page: Int, box: Box?, evidence: [String],
        extra: [String: JSON] = [:], features: [String: Double]? = nil
    ) {
        self.field = field
        self.value = value
        self.display = display
        self.score = score
        self.page = page
        self.box = box
        self.evidence = evidence
        self.extra = extra
        self.features = features
        if ExplainTrace.enabled { trace = ExplainTrace(score: score, evidence: evidence) }
    }

    var confidence: Int { max(0, min(2000, score)) }

    /// The value as the record writes it: a reference with a payment model (two digits, or a country's
    /// letters and two digits) has the model in front, one space between ("97 14 3004117852026",
    /// "HR01 12345-212-2"); every other value as it is (an RF reference holds its "RF" already, a Czech
    /// variable symbol is typed without "VS").
    var recordValue: String {
        guard field == "reference", let model = extra["model"]?.stringValue, Self.isPaymentModel(model),
            !value.hasPrefix(model)
        else { return value }
        return model + " " + value
    }

    static func isPaymentModel(_ model: String) -> Bool {
        let c = Array(model)
        let digits = { (s: ArraySlice<Character>) in s.allSatisfy { $0.isASCII && $0.isNumber } }
        return (c.count == 2 && digits(c[...])) || (c.count == 4 && c[0].isUppercase && c[1].isUppercase && digits(c[2...]))
    }

    public func json() -> JSON {
        var o: [String: JSON] = [
            "value": .string(recordValue), "display": .string(display), "confidence": .int(confidence),
            "page": .int(page), "evidence": .array(evidence.map { .string($0) }),
            "box": box.map { .box($0.array) } ?? .null,
        ]
        for (k, v) in extra {
            switch k {
            case "kind": o["scheme"] = v  // "kind" names the record type only
            case "model": o["reference_model"] = v  // the truth format's name
            case "currency" where field == "amount": continue  // one place: the document's currency field
            default: o[k] = v
            }
        }
        if let features {
            o["features"] = .object(features.mapValues { .rounded($0, places: 4) })
        }
        if let explanation { o["explain"] = .object(explanation) }
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
