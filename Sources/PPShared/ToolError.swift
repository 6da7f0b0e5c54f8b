/// The exit statuses every pp tool uses (docs/design.md).
public enum ExitStatus: Int32, Sendable, Comparable {
    /// All records processed.
    case ok = 0
    /// Findings: the tool worked and something is wrong with the input (pp-cardcheck: a card is not valid).
    case findings = 1
    /// Usage, configuration or a fatal error.
    case usage = 2
    /// Finished, but at least one record ended in an error record.
    case recordErrors = 3

    public static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.rank < b.rank }

    /// Which status wins when several apply: fatal > record errors > findings > ok.
    private var rank: Int {
        switch self {
        case .ok: 0
        case .findings: 1
        case .recordErrors: 2
        case .usage: 3
        }
    }

    /// The table every --help prints.
    public static let helpTable = """
        Exit status:
          0  all records processed
          1  findings (pp-cardcheck: some card is not valid)
          2  usage, configuration or fatal error
          3  finished, but at least one record ended in an error record
        """
}

/// The one error type of pp: a machine code, a message that names the thing and
/// the fault, and what kind of failure it is (which decides the exit status).
public struct ToolError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A bad command line or configuration: exit 2, with a pointer to --help.
        case usage
        /// The tool cannot go on: exit 2.
        case fatal
        /// One record failed; it becomes an error record and the run goes on (exit 3).
        case record
    }

    public let kind: Kind
    public let code: String
    public let message: String

    public init(_ kind: Kind, code: String, _ message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    public static func usage(_ message: String) -> ToolError { ToolError(.usage, code: "usage", message) }

    public var description: String { message }
}

/// Thrown by the output sink when stdout was closed by the reader (`| head`): the tool ends quietly with 0.
public struct OutputClosed: Error, Sendable {
    public init() {}
}
