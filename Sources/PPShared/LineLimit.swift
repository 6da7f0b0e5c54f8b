import Synchronization

/// The longest input line the tools read. Every line of every input (stdin, a file, a FIFO) goes through
/// `LineReader`, whose buffer grows to at most this many bytes: a longer line is skipped to its newline
/// without being held and becomes a `line_too_long` error record in its place, and the stream goes on.
/// An endless line (/dev/zero, a stream without newlines) ends its input after `skipBound` bytes.
///
/// The limit is the process's: `runTool` sets it from `--max-line` once, before the tool runs, so every
/// reader the tool opens (its records, stdin paths, a subcommand's file) is bounded alike.
public enum LineLimit {
    /// The default: 64 MiB, far above any record the tools write (a dense page record is some 100 KB).
    public static let defaultBytes = 64 << 20
    /// What `--max-line` accepts.
    public static let range = (1 << 10)...(1 << 40)
    /// How far past the limit a line is skipped before its input is given up: 16 times the limit (1 GiB
    /// by default, about a second of reading), enough for a stray blob, bounded for a stream that never ends.
    public static let skipFactor = 16

    /// The option of every tool that reads lines; it goes in the tool's table, so --help shows it.
    public static let options: [OptionSpec] = [
        .value(
            "max-line", "SIZE",
            help:
                "longest input line, e.g. 512K (default 64M): a longer one is a line_too_long error record, and one that never ends (a device, a FIFO) ends its input"
        )
    ]

    private static let configured = Atomic<Int>(defaultBytes)

    /// The limit readers get unless told otherwise.
    public static var current: Int { configured.load(ordering: .relaxed) }

    /// Sets the process's limit from `--max-line` (left as it is when the option is absent).
    public static func apply(_ arguments: ParsedArguments) throws(ToolError) {
        guard arguments.value("max-line") != nil else { return }
        configured.store(try arguments.byteCount("max-line", default: defaultBytes, in: range), ordering: .relaxed)
    }

    /// The bytes of one line skipped at most before its input is given up.
    static func skipBound(_ limit: Int) -> Int { limit > Int.max / skipFactor ? .max : limit * skipFactor }
}

/// A line longer than its reader's limit: skipped, never held. `ended` is false when it went on past
/// the skip bound and its input was given up. Readers turn it into a `line_too_long` record.
public struct LineTooLong: Error, Sendable {
    public let input: String
    public let line: Int
    public let limit: Int
    /// Bytes of the line seen (when the input is given up: as far as it was read, past the skip bound).
    public let skipped: Int
    public let ended: Bool

    /// The error of the record that stands in for the line; it names the input and line, never the text.
    public var error: ToolError {
        let what = "\(input) line \(line): longer than \(ByteCount.text(limit)) (--max-line)"
        let message =
            ended
            ? "\(what); skipped to its end"
            : "\(what) and no end of line within \(ByteCount.text(LineLimit.skipBound(limit))); the rest of '\(input)' is not read"
        return ToolError(.record, code: "line_too_long", message)
    }

    /// The error record that stands in for the line (`ToolError.record`).
    public func record(tool: String) -> JSON { error.record(tool: tool, input: input, line: line) }
}
