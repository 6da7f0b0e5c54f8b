/// One item of a JSON Lines stream: a record, or the reason a line is not one.
public enum JSONLine: Sendable {
    case record(JSON, line: Int)
    /// The line is not a JSON object. The error never contains the line's text.
    case unreadable(ToolError, line: Int)
}

/// Streams the records of a JSON Lines input: blank lines skipped, CRLF accepted,
/// each bad or overlong line turned into an `.unreadable` item naming the input and line,
/// and the stream going on after it.
public final class JSONLinesReader {
    public let lines: LineReader
    private let tool: String
    private let reuse = JSONParseReuse()

    public init(_ lines: LineReader, tool: String) {
        self.lines = lines
        self.tool = tool
    }

    /// The next item, or nil at end of input. A line over the reader's limit is an `.unreadable` item
    /// (`line_too_long`), and the stream goes on after it.
    public func next() throws -> JSONLine? {
        while true {
            let item: JSONLine??
            do {
                item = try lines.withNextLine { bytes -> JSONLine? in
                    if JSONLinesReader.isBlank(bytes) { return nil }
                    return JSONLinesReader.decode(bytes, input: lines.name, line: lines.lineNumber, tool: tool, reuse: reuse)
                }
            } catch let long as LineTooLong {
                return .unreadable(long.error, line: long.line)
            }
            switch item {
            case .none: return nil  // end of input
            case .some(.none): continue  // blank line
            case .some(.some(let line)): return line
            }
        }
    }

    public static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Decodes one line; the error message names where, never what. `reuse` carries interned keys from
    /// one line to the next when the caller decodes many.
    public static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, input: String, line: Int, tool: String, reuse: JSONParseReuse? = nil
    ) -> JSONLine {
        do {
            let value = try JSON.parse(buffer: bytes, reuse: reuse)
            guard case .object = value else {
                return .unreadable(
                    ToolError(.record, code: "not_an_object", "\(input) line \(line): not a JSON object"), line: line)
            }
            return .record(value, line: line)
        } catch {
            return .unreadable(
                ToolError(
                    .record, code: "bad_json",
                    "\(input) line \(line): not valid JSON (\(error.reason) at byte \(error.offset + 1))"),
                line: line)
        }
    }
}

extension ToolError {
    /// The error record that stands in for an unreadable input line: where it was, and why, without its text.
    public func record(tool: String, input: String, line: Int) -> JSON {
        [
            "kind": "error", "state": "error", "input": .string(input), "line": .int(line),
            "error": errorObject(tool: tool),
        ]
    }

    /// The error record that stands in for an input file that could not be opened (`InputFileProblem`).
    public func inputRecord(tool: String, input: String) -> JSON {
        ["kind": "error", "state": "error", "input": .string(input), "error": errorObject(tool: tool)]
    }

    /// The "error" member of an error record.
    public func errorObject(tool: String) -> JSON {
        ["tool": .string(tool), "code": .string(code), "message": .string(message)]
    }
}

extension JSON {
    /// This record turned into an error record: the original keys kept, "state" and "error" set.
    public func markedAsError(_ error: ToolError, tool: String) -> JSON {
        var record = self
        record["state"] = "error"
        record["error"] = error.errorObject(tool: tool)
        return record
    }

    /// Whether an earlier tool already marked this record as an error (later tools pass it through).
    public var isErrorRecord: Bool { self["state"]?.stringValue == "error" }
}
