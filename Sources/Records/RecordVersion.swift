/// The versions of the record format. Records are written in `current`; the record types read every
/// version, so pp-extract's `eval`, `table` and `review` read results made before.
///
/// Version 1 named a candidate's format `kind` and a reference's model `model`, wrote a reference's
/// `value` without its model, put an amount's `currency` on the amount candidate and gave a document
/// one `warning` string. Version 2 writes `scheme`, `reference_model` with the model in front of the
/// `value`, the currency in the `currency` field alone, a `warnings` list, and `best`
/// (docs/records.md, "Names changed in this version").
public enum RecordVersion: Int, Sendable, Comparable, CaseIterable {
    case first = 1
    case second = 2

    public static let current = RecordVersion.second

    public static func < (a: RecordVersion, b: RecordVersion) -> Bool { a.rawValue < b.rawValue }
}
