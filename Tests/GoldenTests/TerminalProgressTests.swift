import Foundation
import Testing

/// The whole pipeline on a pseudo-terminal (util-linux `script`): only the last tool draws, one line,
/// redrawn in place and left with a newline; a warning goes above the line, never into it.
@Suite("progress on a terminal")
struct TerminalProgressTests {
    static let script = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let pdfs = [
        "samples/pdf/at-hausverwaltung.pdf", "samples/pdf/at-versicherung-2p.pdf", "samples/pdf/en-ie-consulting-3p.pdf",
        "samples/pdf/de-hosting-rechnung.pdf",
    ]

    /// Runs `command` (sh) with stdin, stdout and stderr on a pseudo-terminal; returns what the terminal got.
    static func onTerminal(_ command: String, status: Int32 = 0) throws -> String {
        let script = try #require(Self.script, "util-linux script is not installed")
        let tools = GoldenCase.productsFolder.path
        let run = try ToolRun.run(
            executable: URL(fileURLWithPath: script),
            arguments: ["-q", "-e", "-c", "PATH='\(tools)':\"$PATH\"; \(command)", "/dev/null"],
            stdin: nil, environment: ["COLUMNS": "100", "TERM": "dumb"])
        #expect(run.status == status, "\(String(decoding: run.stderr, as: UTF8.self))")
        return String(decoding: run.stdout, as: UTF8.self)
    }

    /// The screen the bytes leave: "\r" goes to the line's start, ESC [K clears to its end, "\n" starts a
    /// new line, other characters overwrite.
    static func screen(_ text: String) -> [String] {
        var lines: [[Character]] = [[]]
        var column = 0
        var rest = Substring(text)
        while let c = rest.first {
            rest = rest.dropFirst()
            if c == "\u{1B}", rest.hasPrefix("[K") {
                rest = rest.dropFirst(2)
                lines[lines.count - 1].removeSubrange(min(column, lines[lines.count - 1].count)...)
            } else if c == "\r" {
                column = 0
            } else if c == "\n" || c == "\r\n" {
                lines.append([])
                column = 0
            } else {
                var line = lines[lines.count - 1]
                while line.count < column { line.append(" ") }
                if column < line.count { line[column] = c } else { line.append(c) }
                lines[lines.count - 1] = line
                column += 1
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { String($0) }
    }

    /// The time and rate of a final line, which differ from run to run.
    static func withoutTimes(_ line: String) -> String {
        line.replacingOccurrences(of: #" in [0-9:]+(, [0-9.]+ (pages/s|s/page))?$"#, with: " in T", options: .regularExpression)
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("pp-ingest | pp-ocr | pp-extract > file: one line, pp-extract's, with the pages of every document")
    func pipeline() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("results.jsonl").path
        let raw = try Self.onTerminal(
            "pp-ingest --work '\(folder.path)/work' \(Self.pdfs.joined(separator: " ")) | pp-ocr | pp-extract > '\(out)'")
        #expect(!raw.contains("pp-ingest") && !raw.contains("pp-ocr"), "an upstream tool drew: \(raw.debugDescription)")
        #expect(raw.contains("\r\u{1B}[Kpp-extract: ["), "no line was redrawn in place: \(raw.debugDescription)")
        let screen = Self.screen(raw).map(Self.withoutTimes)
        let golden = GoldenCase.repositoryRoot.appendingPathComponent("Tests/Golden/terminal/pipeline-screen.txt")
        let shown = screen.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["PP_GOLDEN_RECORD"] == "1" {
            try shown.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(shown == (try String(contentsOf: golden, encoding: .utf8)))
        #expect(screen == ["pp-extract: 7 pages, 4 documents in T"])
        let records = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(records.count == 4)
        #expect(!records.contains { $0.contains("planned_documents") })
    }

    @Test("a warning goes above the line; --quiet draws nothing; --progress draws upstream too")
    func warningsAndFlags() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let ingest = "pp-ingest --work '\(folder.path)/work'"
        // The empty folder is also an error record (exit 3), counted like any record.
        let warned = Self.screen(
            try Self.onTerminal("\(ingest) \(Self.pdfs[1]) '\(empty)' \(Self.pdfs[2]) > /dev/null", status: 3))
        #expect(warned.count == 2, "\(warned)")
        #expect(warned.first?.hasPrefix("pp-ingest: warning: '\(empty)' holds no file pp-ingest reads") == true)
        #expect(warned.last.map(Self.withoutTimes) == "pp-ingest: 6 pages, 3 documents in T")
        let quiet = try Self.onTerminal("\(ingest) \(Self.pdfs[0]) | pp-extract --quiet > /dev/null")
        #expect(quiet.isEmpty, "\(quiet.debugDescription)")
        let both = Self.screen(try Self.onTerminal("\(ingest) --progress \(Self.pdfs[0]) | pp-extract > /dev/null"))
        #expect(
            both.map(Self.withoutTimes).sorted() == ["pp-extract: 1 page, 1 document in T", "pp-ingest: 1 page, 1 document in T"])
    }
}
