import PPShared

/// The `best` object of a document record: per field the top candidate's value when it is confident,
/// else null, and `needs_review`, the fields a person should look at. Flat, so `jq -r .best.amount`
/// answers on every record (null where there is nothing to use).
public enum BestValues {
    /// The fields of `best`, in the order `needs_review` names them.
    public static let fields = ["account", "amount", "currency", "reference", "payee", "due_date"]
    /// Fields a payment cannot go without: missing, they need review too.
    public static let required: Set<String> = ["account", "amount", "currency"]
    public static let confident = 1500

    /// `best` from a document record's `candidates` (also a record written before `best` existed: a
    /// reference's `model` then stood beside a `value` without it).
    public static func of(candidates: JSON?, paymentExpected: Bool) -> JSON {
        var best: [String: JSON] = [:]
        var review: [JSON] = []
        for field in fields + ["reference_model"] { best[field] = .null }
        for field in fields {
            guard let top = candidates?[field]?.arrayValue?.first else {
                if paymentExpected, required.contains(field) { review.append(.string(field)) }
                continue
            }
            guard paymentExpected else { continue }
            guard (top["confidence"]?.intValue ?? 0) >= confident else {
                review.append(.string(field))
                continue
            }
            best[field] = .string(recordValue(top, field: field) ?? "")
            if field == "reference", let model = referenceModel(top) { best["reference_model"] = .string(model) }
        }
        best["needs_review"] = .array(review)
        return .object(best)
    }

    /// A reference's model, by its name or the name of earlier records (`model`).
    public static func referenceModel(_ candidate: JSON) -> String? {
        (candidate["reference_model"] ?? candidate["model"])?.stringValue
    }

    /// A candidate's value as records now write it: a reference with its model in front.
    public static func recordValue(_ candidate: JSON, field: String) -> String? {
        guard let value = candidate["value"]?.stringValue else { return nil }
        guard field == "reference", let model = referenceModel(candidate), !model.isEmpty,
            !value.hasPrefix(model + " ")
        else { return value }
        return model + " " + value
    }
}
