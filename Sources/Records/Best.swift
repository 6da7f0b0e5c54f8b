import PPShared

/// A document record's `best`: per field the top candidate's value when its confidence is 1500 or
/// more, else null, and `needs_review`, the fields a person should check. Every key is always written.
public struct Best: RecordObject {
    public var account: String?
    public var amount: String?
    public var currency: String?
    /// With its model in front, as the candidate's `value`.
    public var reference: String?
    public var referenceModel: String?
    public var payee: String?
    public var dueDate: String?
    public var needsReview: [String]?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<Best> = [
        .init("account", \.account, absent: .null), .init("amount", \.amount, absent: .null),
        .init("currency", \.currency, absent: .null), .init("reference", \.reference, absent: .null),
        .init("reference_model", \.referenceModel, absent: .null), .init("payee", \.payee, absent: .null),
        .init("due_date", \.dueDate, absent: .null), .init("needs_review", \.needsReview),
    ]

    public init() {}
}
