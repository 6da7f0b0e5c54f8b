import PPShared

/// A record of pp-extract's results (docs/records.md, "document"): a document record, or an error
/// record in its place (a document pp-extract could not read, an earlier tool's error, a line that was
/// not JSON).
public struct DocumentRecord: StatedRecord {
    /// `document`; `error` for the record of a line that was not JSON; `page` for an error page passed on.
    public var kind: String?
    public var doc: String?
    public var source: String?
    public var pages: Int?
    /// The input and line of a record that stands for a line or file that could not be read.
    public var input: String?
    public var line: Int?
    public var profile: String?
    public var state: RecordState?
    public var error: RecordError?
    public var paymentExpected: Bool?
    /// Why no payment is asked for (`direct-debit`, `credit-note`, …).
    public var noPaymentReasons: [String]?
    public var decimalMark: String?
    /// An e-invoice's XML was read.
    public var einvoice: Bool?
    /// Per field (`account`, `amount`, …), the candidates by confidence.
    public var candidates: [String: [Candidate]]?
    public var best: Best?
    public var warnings: Warnings?
    public var pageViews: [PageView]?
    /// The format of each payment code read, and each one's checks (their shape is pp-extract's).
    public var paymentCodes: [String]?
    public var paymentCodeChecks: JSON?
    /// The asset set whose data made the record.
    public var assets: Int?
    public var mail: PageMail?
    /// Version 1's single warning.
    public var warningV1: JSON?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<DocumentRecord> = [
        .init("kind", \.kind), .init("doc", \.doc), .init("source", \.source), .init("pages", \.pages),
        .init("input", \.input), .init("line", \.line), .init("profile", \.profile), .init("state", \.state),
        .init("error", \.error), .init("payment_expected", \.paymentExpected),
        .init("no_payment_reasons", \.noPaymentReasons), .init("decimal_mark", \.decimalMark),
        .init("einvoice", \.einvoice), .init("candidates", \.candidates), .init("best", \.best),
        .init("warnings", \.warnings), .init("page_views", \.pageViews), .init("payment_codes", \.paymentCodes),
        .init("payment_code_checks", \.paymentCodeChecks), .init("assets", \.assets), .init("mail", \.mail),
        .init("warning", \.warningV1),
    ]

    public static let kind = "document"

    public init() {}

    /// A document record read from a line; nil for a value that is no object.
    public init?(_ json: JSON) { self.init(member: json) }

    /// The document record of `first`, the document's first page: the members it carries on
    /// (`PageKey.staysWithPage`), `kind` set.
    public init(carrying first: PageRecord) {
        self.init(object: first.carriedToDocument)
        kind = Self.kind
    }

    /// The record as a line holds it.
    public var json: JSON { member }

    /// A document record (not an error record, not another kind).
    public var isDocument: Bool { kind == Self.kind && !isError }

    /// The candidates of `field`, the top one first (none when the record has none).
    public func candidates(_ field: String) -> [Candidate] { candidates?[field] ?? [] }

    /// The version whose names the record was written with.
    public var version: RecordVersion {
        let candidates = (candidates ?? [:]).values.joined()
        return warningV1 != nil || candidates.contains { $0.version == .first } ? .first : .current
    }
}
