import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// scripts/pp-batch on real tools and real sample PDFs: every input gets one result, only complete results
/// get a final name, a failure says so and is redone by the next run.
@Suite("pp-batch")
struct BatchTests {
    static let tempSuffix = Array(".pp-batch-tmp".utf8)

    func summary(_ stderr: String) -> String {
        stderr.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test("a run makes one result per input, whatever its name; a rerun skips them; an edited input is redone")
    func fullRunAndRerun() throws {
        let batch = try BatchFixture()
        defer { batch.remove() }
        let first = try batch.batch(["--jobs", "2", "--progress"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(summary(first.stderr) == "pp-batch: 5 new, 0 up to date, 0 failed")
        #expect(first.stderr.contains("] new  sub/c.PDF"))
        let results = try batch.results()
        #expect(Set(results.keys) == BatchFixture.expectedResults)
        #expect(results.values.allSatisfy { $0 > 100 })
        let text = try String(contentsOf: batch.output.appendingPathComponent("a b.pdf.jsonl"), encoding: .utf8)
        #expect(text.hasPrefix("{") && text.contains(#""kind":"document""#) && text.contains(#""state":"processed""#))

        let second = try batch.batch()
        #expect(second.status == 0)
        #expect(second.stderr == "pp-batch: 0 new, 5 up to date, 0 failed\n")

        try batch.touch("a b.pdf")
        let third = try batch.batch()
        #expect(third.status == 0)
        #expect(summary(third.stderr) == "pp-batch: 1 new, 4 up to date, 0 failed")
    }

    @Test(
        "a tool killed half way: no result for that file, the run says so, the next run redoes exactly it",
        arguments: BatchFixture.tools)
    func killedTool(_ tool: String) throws {
        let batch = try BatchFixture()
        defer { batch.remove() }
        try batch.installTools(victimTool: tool)
        let killed = try batch.batch()
        #expect(killed.status == 1, "\(killed.stderr)")
        #expect(summary(killed.stderr) == "pp-batch: 4 new, 0 up to date, 1 failed")
        #expect(killed.stderr.contains("FAILED  sub/c.PDF: \(tool) was killed by signal 9 (SIGKILL)"), "\(killed.stderr)")
        let left = try batch.results()
        #expect(Set(left.keys) == BatchFixture.expectedResults.subtracting([Array("sub/c.PDF.jsonl".utf8)]))
        #expect(!left.keys.contains { $0.starts(with: Array("sub/".utf8)) }, "a partial or temporary file was left")

        try batch.installTools(victimTool: nil)
        let rerun = try batch.batch()
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(summary(rerun.stderr) == "pp-batch: 1 new, 4 up to date, 0 failed")
        #expect(Set(try batch.results().keys) == BatchFixture.expectedResults)
    }

    @Test("the whole batch killed half way leaves only a temporary file, which the next run removes")
    func killedBatch() throws {
        let batch = try BatchFixture()
        defer { batch.remove() }
        try batch.installTools(victimTool: "pp-extract", hang: true)
        let process = Process()
        process.executableURL = BatchFixture.script
        process.arguments = ["--bin", batch.bin.path, "--jobs", "1", batch.input.path, batch.output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the victim's temporary file: the pipe has written part of its result (a busy machine can take
        // a minute for pp-ingest to start and read the first files; a quiet one takes a second).
        let deadline = Date().addingTimeInterval(120)
        var temp: [UInt8]?
        while temp == nil, Date() < deadline {
            temp = try batch.results().keys.first { $0.starts(with: Array("sub/.c.PDF.jsonl.".utf8)) }
            if temp == nil { usleep(50_000) }
        }
        // Foundation starts the script as the leader of its own process group: kill the script and its pipes,
        // as a closed terminal or the OOM killer would.
        #expect(getpgid(process.processIdentifier) == process.processIdentifier)
        kill(-process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let temporary = try #require(temp, "no temporary file appeared")
        #expect(temporary.suffix(BatchTests.tempSuffix.count).elementsEqual(BatchTests.tempSuffix))
        #expect(try batch.results()[Array("sub/c.PDF.jsonl".utf8)] == nil, "a result under its final name")

        try batch.installTools(victimTool: nil)
        let rerun = try batch.batch()
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(summary(rerun.stderr) == "pp-batch: 1 new, 4 up to date, 0 failed")
        #expect(Set(try batch.results().keys) == BatchFixture.expectedResults, "the temporary file is still there")
    }

    @Test("a missing input folder, a missing tool and a bad option are usage errors")
    func usageErrors() throws {
        let batch = try BatchFixture()
        defer { batch.remove() }
        let missing = try ToolRun.run(
            executable: BatchFixture.script,
            arguments: ["--bin", batch.bin.path, batch.root.appendingPathComponent("nope").path, batch.output.path], stdin: nil)
        #expect(missing.status == 2)
        #expect(String(decoding: missing.stderr, as: UTF8.self).contains("nope' does not exist"))
        #expect(!FileManager.default.fileExists(atPath: batch.output.path))

        let noTools = try ToolRun.run(
            executable: BatchFixture.script, arguments: ["--bin", batch.root.path, batch.input.path, batch.output.path],
            stdin: nil)
        #expect(noTools.status == 2)
        #expect(String(decoding: noTools.stderr, as: UTF8.self).contains("pp-ingest not found"))

        let bad = try ToolRun.run(executable: BatchFixture.script, arguments: ["--jobs", "0", "a", "b"], stdin: nil)
        #expect(bad.status == 2)
        let help = try ToolRun.run(executable: BatchFixture.script, arguments: ["--help"], stdin: nil)
        #expect(help.status == 0)
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("Examples:"))
    }
}
