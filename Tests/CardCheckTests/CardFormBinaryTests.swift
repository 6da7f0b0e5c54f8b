import Foundation
import Testing

@testable import CardCheck
@testable import PPShared

/// The built pp-cardcheck, run as a user runs it, on a smaller number of the forms `CardFormLeakTests`
/// checks in process: records, bare `--lines`, and numbers given where a file name was expected (stderr).
@Suite("the built pp-cardcheck leaks no card number in any form")
struct CardFormBinaryTests {
    /// The build products folder, where `swift build` puts pp-cardcheck beside the test bundle.
    static let tool: URL? = [
        Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ].map { $0.appendingPathComponent("pp-cardcheck") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Runs the tool on `input` (a file), with stdout and stderr in files: no pipe to fill.
    static func run(_ tool: URL, _ arguments: [String], input: String) throws -> (stdout: [String], stderr: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-cardcheck-forms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (inputFile, outFile, errFile) = ("in.jsonl", "out.jsonl", "err.txt")
        try Data(input.utf8).write(to: folder.appendingPathComponent(inputFile))
        FileManager.default.createFile(atPath: folder.appendingPathComponent(outFile).path, contents: nil)
        FileManager.default.createFile(atPath: folder.appendingPathComponent(errFile).path, contents: nil)
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments + [folder.appendingPathComponent(inputFile).path]
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent(outFile))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent(errFile))
        try process.run()
        process.waitUntilExit()
        let out = String(decoding: try Data(contentsOf: folder.appendingPathComponent(outFile)), as: UTF8.self)
        let err = String(decoding: try Data(contentsOf: folder.appendingPathComponent(errFile)), as: UTF8.self)
        return (out.split(separator: "\n").map(String.init), err)
    }

    static func leaks(_ outputs: [String], _ cases: [FormCase]) -> [String] {
        var found = outputs.count == cases.count ? [] : ["\(outputs.count) output lines for \(cases.count) inputs"]
        for (output, secret) in zip(outputs, cases) where FoldedLeakScan.leaks(output, secret) { found.append(output) }
        return found
    }

    @Test("2,000 card numbers in records and bare lines, and numbers as file names")
    func binary() throws {
        let tool = try #require(Self.tool, "pp-cardcheck is built beside the tests")
        var records = FormRecords(forms: CardFormGenerator(random: SeededRandom(state: 0xB1A2)))
        var cases: [FormCase] = []
        while cases.reduce(0, { $0 + $1.pans.count }) < 1_500 { cases.append(records.record()) }
        let lines = (0..<500).map { _ in records.bareLine() }

        let recordRun = try Self.run(
            tool, ["--today", "2026-11-29", "--format"], input: cases.map(\.line).joined(separator: "\n"))
        let lineRun = try Self.run(tool, ["--lines", "--format"], input: lines.map(\.line).joined(separator: "\n"))
        let leaks = Self.leaks(recordRun.stdout, cases) + Self.leaks(lineRun.stdout, lines)
        for leak in leaks.prefix(3) { Issue.record("leak: \(leak)") }
        #expect(leaks.isEmpty)
        for (run, all) in [(recordRun, cases), (lineRun, lines)] {
            let secret = FormCase(line: "", pans: all.flatMap(\.pans), cvcs: [])
            #expect(!FoldedLeakScan.leaks(run.stderr, secret), "stderr: \(run.stderr.prefix(300))")
        }

        // A number where a file name was expected: the error record and the message on stderr.
        for named in lines.prefix(20) {
            let run = try Self.run(tool, ["--today", "2026-11-29", named.line], input: "")
            #expect(!FoldedLeakScan.leaks(run.stderr, named), "stderr: \(run.stderr)")
            #expect(!run.stdout.contains { FoldedLeakScan.leaks($0, named) })
        }
    }
}
