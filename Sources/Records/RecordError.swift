import PPShared

/// Whether a tool processed a record: pp-extract's documents are `processed`; a record any tool could
/// not process is an `error` record, which every later tool passes through untouched.
public enum RecordState: String, RecordName {
    case processed, error
}

/// The `error` member of an error record: the tool, a code and a message that names the file and the fault.
public struct RecordError: RecordObject {
    public var tool: String?
    public var code: String?
    public var message: String?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<RecordError> = [
        .init("tool", \.tool), .init("code", \.code), .init("message", \.message),
    ]

    public init() {}

    /// The member a tool writes for `error`.
    public init(_ error: ToolError, tool: String) {
        self.tool = tool
        code = error.code
        message = error.message
    }
}

/// What every record a tool reads or writes may say about itself: its state and, on an error record,
/// the error; marking it an error sets both (the keys `JSON.markedAsError` sets).
public protocol StatedRecord: RecordObject {
    var state: RecordState? { get set }
    var error: RecordError? { get set }
}

extension StatedRecord {
    /// Whether an earlier tool marked the record as an error (later tools pass it through).
    public var isError: Bool { state == .error }

    /// The record as an error record of `tool`: its members kept, `state` and `error` set.
    public func markedAsError(_ error: ToolError, tool: String) -> Self {
        var record = self
        record.state = .error
        record.error = RecordError(error, tool: tool)
        return record
    }
}
