import Foundation
import Testing

/// The line limit (`--max-line`, docs/reliability.md) on the built streaming tools: a line over it is a
/// `line_too_long` error record naming the input and line, the record after it comes through, and an
/// endless line (/dev/zero) ends the run with one error record, exit 3, in bounded time and memory.
/// Before the limit each tool grew its line buffer until the kernel killed it.
@Suite("the line limit of every streaming tool")
struct LineLimitTests {
    /// A tool as it reads lines on stdin, with a line it answers: `first` and `after` as sent, and what
    /// the answer to `after` holds.
    struct Reader: CustomTestStringConvertible, Sendable {
        let tool: String
        let arguments: [String]
        let first: String
        let after: String
        let afterAnswer: String
        var testDescription: String { ([tool] + arguments).joined(separator: " ") }
    }

    static let upstream = #"{"error":{"code":"x","message":"m","tool":"pp-ingest"},"id":"ID","kind":"page","state":"error"}"#

    static let readers: [Reader] = [
        Reader(
            tool: "pp-cardcheck", arguments: ["--today", "2026-11-29"], first: #"{"id":"first","number":"4111111111111111"}"#,
            after: #"{"id":"after","number":"4111111111111111"}"#, afterAnswer: #""id":"after""#),
        Reader(
            tool: "pp-ocr", arguments: [], first: #"{"id":"first","kind":"note"}"#, after: #"{"id":"after","kind":"note"}"#,
            afterAnswer: #"{"id":"after","kind":"note"}"#),
        Reader(
            tool: "pp-extract", arguments: ["--profile", "sepa"],
            first: #"{"kind":"page","lines":[],"page":1,"pages":1,"source":"first.pdf"}"#,
            after: #"{"kind":"page","lines":[],"page":1,"pages":1,"source":"after.pdf"}"#,
            afterAnswer: #""source":"after.pdf""#),
        Reader(
            tool: "pp-ingest", arguments: ["--no-codes", "-"], first: "samples/pdf/at-hausverwaltung.pdf",
            after: "samples/pdf/at-webshop.pdf", afterAnswer: #""source":"samples/pdf/at-webshop.pdf""#),
        Reader(
            tool: "pp-pages", arguments: ["--ops", "-"], first: upstream.replacingOccurrences(of: "ID", with: "first"),
            after: upstream.replacingOccurrences(of: "ID", with: "after"), afterAnswer: #""id":"after""#),
    ]

    /// A scratch folder (pp-ingest's work folder), removed by the caller.
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-linelimit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func workArguments(_ reader: Reader, _ folder: URL) -> [String] {
        reader.tool == "pp-ingest" ? ["--work", folder.appendingPathComponent("work").path] : []
    }

    @Test(
        "a 4 MiB line of NUL bytes over --max-line 1M: an error record in its place, the records around it answered",
        arguments: readers)
    func lineOverTheLimit(_ reader: Reader) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("stdin")
        var bytes = Data((reader.first + "\n").utf8)
        bytes.append(Data(count: 4 << 20))
        bytes.append(Data(("\n" + reader.after + "\n").utf8))
        try bytes.write(to: input)
        let run = try BoundedRun.run(
            tool: reader.tool, ["--max-line", "1M"] + Self.workArguments(reader, folder) + reader.arguments,
            stdinPath: input.path)
        #expect(!run.timedOut)
        #expect(run.status == 3, "\(reader.tool): \(run.stderr)")
        let errors = run.lines.filter { $0.contains(#""code":"line_too_long""#) }
        #expect(errors.count == 1, "\(run.lines)")
        #expect(errors.first?.contains(#""input":"stdin""#) == true)
        #expect(errors.first?.contains(#""line":2"#) == true)
        #expect(errors.first?.contains("stdin line 2: longer than 1 MiB (--max-line); skipped to its end") == true, "\(errors)")
        #expect(run.lines.count == 3, "\(run.lines)")
        #expect(run.lines.last?.contains(reader.afterAnswer) == true, "\(run.lines.last ?? "")")
    }

    @Test("/dev/zero on stdin: one error record, exit 3, within 10 s, below the limit and 100 MB", arguments: readers)
    func endlessInput(_ reader: Reader) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for limit in [("1M", 1 << 20), (nil, 64 << 20)] {
            let flag = limit.0.map { ["--max-line", $0] } ?? []
            let run = try BoundedRun.run(
                tool: reader.tool, flag + Self.workArguments(reader, folder) + reader.arguments, stdinPath: "/dev/zero",
                limit: 10)
            #expect(!run.timedOut, "\(reader.tool) \(flag) still ran after 10 s")
            #expect(run.status == 3, "\(reader.tool) \(flag): \(run.stderr)")
            #expect(run.lines.count == 1, "\(run.lines.map { $0.prefix(200) })")
            let record = run.lines.first ?? ""
            #expect(record.contains(#""code":"line_too_long""#) && record.contains("stdin line 1"), "\(record.prefix(300))")
            #expect(record.contains("the rest of 'stdin' is not read"))
            #expect(!record.contains(#"\u0000"#) && !run.stdout.contains(0), "the error record echoes no raw bytes")
            #expect(run.peakBytes < limit.1 + 100_000_000, "\(reader.tool) \(flag): peak \(run.peakBytes / 1_000_000) MB")
        }
    }
}
