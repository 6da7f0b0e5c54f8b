import Foundation
import Testing

/// The contract of docs/design.md, on the built tools: error records pass through unchanged and make the exit
/// status 3; an input file that is missing or cannot be opened is an error record (exit 3) in every
/// tool, in the OS's words.
@Suite("one contract across the tools")
struct ContractTests {
    static let upstream =
        #"{"error":{"code":"pdf_damaged","message":"bills/a.pdf: the file is damaged","tool":"pp-ingest"},"kind":"page","source":"bills/a.pdf","state":"error"}"#

    /// A folder with a symlink loop in it; removed by the caller.
    static func loopFolder() throws -> (folder: URL, loop: String) {
        // Letters only: pp-cardcheck redacts runs of twelve digits, which a UUID's digits may form by chance.
        let name = String(
            UUID().uuidString.map { $0.isNumber ? Character(UnicodeScalar(UInt8(ascii: "G") + UInt8($0.wholeNumberValue!))) : $0 }
        )
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-contract-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let loop = folder.appendingPathComponent("loop.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        return (folder, loop)
    }

    static func lines(_ run: ToolRun) -> [String] {
        String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("an upstream error record passes through unchanged, with exit 3", arguments: ["pp-ocr", "pp-extract", "pp-cardcheck"])
    func errorRecordsPassThrough(tool: String) throws {
        let run = try ToolRun.run(tool: tool, arguments: [], stdin: Data((Self.upstream + "\n").utf8))
        #expect(run.status == 3, "\(tool): \(String(decoding: run.stderr, as: UTF8.self))")
        #expect(Self.lines(run) == [Self.upstream])
    }

    @Test("pp-pages passes an error record of its batch stream through and exits 3")
    func pagesErrorRecords() throws {
        let run = try ToolRun.run(tool: "pp-pages", arguments: ["--ops", "-"], stdin: Data((Self.upstream + "\n").utf8))
        #expect(run.status == 3)
        #expect(Self.lines(run) == [Self.upstream])
    }

    @Test("pp-cardcheck passes an error record through redacted, otherwise unchanged")
    func cardcheckRedactsErrorRecords() throws {
        let input =
            #"{"error":{"code":"x","details":{"CVV":"837"},"message":"card 4111.1111.1111.1111","tool":"pp-ingest"},"state":"error"}"#
        let expected =
            #"{"error":{"code":"x","details":{"CVV":"[redacted]"},"message":"card [redacted]","tool":"pp-ingest"},"state":"error"}"#
        let run = try ToolRun.run(
            tool: "pp-cardcheck", arguments: ["--today", "2026-11-29"],
            stdin: Data((input + "\n" + #"{"number":"4111111111111111"}"# + "\n").utf8))
        #expect(run.status == 3)
        #expect(Self.lines(run).first == expected)
        #expect(Self.lines(run).count == 2)
    }

    @Test(
        "a missing input and a symlink loop are error records in the OS's words, exit 3",
        arguments: [
            ("pp-ingest", [String]()), ("pp-ocr", []), ("pp-extract", []), ("pp-cardcheck", []), ("pp-pages", ["--ops"]),
        ])
    func missingInputs(tool: String, options: [String]) throws {
        let (folder, loop) = try Self.loopFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.jsonl").path
        for (path, reason) in [(missing, "no such file or directory"), (loop, "too many levels of symbolic links")] {
            let run = try ToolRun.run(tool: tool, arguments: options + [path], stdin: nil)
            #expect(run.status == 3, "\(tool) \(path)")
            let out = Self.lines(run)
            #expect(out.count == 1, "\(tool): \(out)")
            #expect(out.first?.contains(#""state":"error""#) == true)
            #expect(out.first?.contains("cannot open '\(path)': \(reason)") == true, "\(tool): \(out)")
            #expect(out.first?.contains("does not exist") == false)
        }
    }

    @Test("pp-pages on one file: a missing input or a symlink loop is an error record, exit 3, nothing written")
    func pagesMissingInput() throws {
        let (folder, loop) = try Self.loopFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.pdf").path
        for (path, reason) in [
            (folder.appendingPathComponent("missing.pdf").path, "no such file or directory"),
            (loop, "too many levels of symbolic links"),
        ] {
            let run = try ToolRun.run(tool: "pp-pages", arguments: [path, "--delete", "1", "-o", output], stdin: nil)
            #expect(run.status == 3)
            #expect(Self.lines(run).first?.contains("cannot open '\(path)': \(reason)") == true)
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }
}
