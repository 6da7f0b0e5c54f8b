import PPShared

/// One candidate of a document record's `candidates` as pp-extract writes it (docs/records.md,
/// "document"): a value, where it was found, the evidence and the confidence; with `--explain` also
/// the rule points, the model's features and the explanation.
public struct Candidate: RecordObject {
    /// Canonical; a reference's with its model in front (`value(for:)` reads version 1's too).
    public var value: String?
    /// As printed.
    public var display: String?
    /// 0…2000.
    public var confidence: Int?
    public var page: Int?
    /// `[x0, y0, x1, y1]` in points; null for a value found only in an e-invoice's XML.
    public var box: [Double]?
    public var evidence: [String]?
    /// An account's or a reference's format (`iban`, `rs-domestic`, `rf`, `model`, …).
    public var scheme: String?
    /// A reference's model (`97`, `HR01`).
    public var referenceModel: String?
    public var country: String?
    /// A Serbian account's IBAN form; null when the account fails its checksum.
    public var iban: String??
    public var ruleScore: Int?
    public var features: Features?
    /// With `--explain`: how the confidence came about.
    public var explain: Explanation?
    /// Version 1's names: the format, the reference model and an amount's currency.
    public var kindV1: String?
    public var modelV1: String?
    public var currencyV1: String?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<Candidate> = [
        .init("value", \.value), .init("display", \.display), .init("confidence", \.confidence),
        .init("page", \.page), .init("box", \.box, absent: .null), .init("evidence", \.evidence),
        .init("scheme", \.scheme), .init("reference_model", \.referenceModel), .init("country", \.country),
        .init("iban", \.iban), .init("rule_score", \.ruleScore), .init("features", \.features),
        .init("explain", \.explain), .init("kind", \.kindV1), .init("model", \.modelV1),
        .init("currency", \.currencyV1),
    ]

    public init() {}

    /// The candidate as written: the hot record (pp-extract writes dozens per document), so its members
    /// are put together here, in `fields`' order, without the table's key paths (RecordsTests checks that
    /// both write the same). A candidate read with members kept as they came goes through the table.
    public var member: JSON {
        guard kept.isEmpty else { return .object(object) }
        let values: [JSON?] = [
            value?.member, display?.member, confidence?.member, page?.member, box?.member ?? .null,
            evidence?.member, scheme?.member, referenceModel?.member, country?.member, iban?.member,
            ruleScore?.member, features?.member, explain?.member, kindV1?.member, modelV1?.member,
            currencyV1?.member,
        ]
        return .object(unknown.merging(JSONObject(Self.fields.keys, presentValues: values)))
    }

    /// The version whose names the candidate was written with.
    public var version: RecordVersion {
        kindV1 != nil || modelV1 != nil || currencyV1 != nil ? .first : .current
    }

    /// The reference's model, by this version's name or version 1's.
    public var model: String? { referenceModel ?? modelV1 }

    /// The value as this version writes it for `field`: a reference with its model in front, also when
    /// it was written without (version 1).
    public func value(for field: String) -> String? {
        guard let value else { return nil }
        guard field == "reference", let model, !model.isEmpty, !value.hasPrefix(model + " ") else { return value }
        return model + " " + value
    }
}

/// What the confidence model saw of a candidate, by feature name, written to four decimals.
public struct Features: RecordValue {
    public var values: [String: Double]

    public init(_ values: [String: Double]) { self.values = values }

    public init?(member: JSON) {
        guard let values = [String: Double](member: member) else { return nil }
        self.values = values
    }

    public var member: JSON { .object(JSONObject(values.mapValues { .rounded($0, places: 4) })) }
}

/// A candidate's `explain` (pp-extract `--explain`, docs/records.md).
public struct Explanation: RecordObject {
    /// `[name, points]` pairs in the order the rule points were given.
    public var rule: JSON?
    /// The fitted model's `intercept`, `terms`, `probability` and `confidence` before caps.
    public var model: JSON?
    /// The phrase of the label behind the first `label:` evidence.
    public var label: String?
    /// Whether a piece of evidence rules the value out.
    public var vetoed: Bool?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<Explanation> = [
        .init("rule", \.rule), .init("model", \.model), .init("label", \.label), .init("vetoed", \.vetoed),
    ]

    public init() {}
}
