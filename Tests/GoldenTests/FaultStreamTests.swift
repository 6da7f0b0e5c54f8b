import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A reader that stops reading and a writer that pauses, with blocking and non-blocking pipes (a parent
/// may leave stdin or stdout O_NONBLOCK): every tool waits without using the CPU and loses no record.
@Suite("faults: stalled stdout, slow stdin")
struct FaultStreamTests {
    /// CPU ticks (1/100 s) a waiting tool may use in a second: a spinning one uses about 100.
    static let idleTicks = 10

    static let pageLines =
        (try? String(
            contentsOf: GoldenCase.repositoryRoot.appendingPathComponent("Tests/ExtractTests/Fixtures/samples-pages.jsonl"),
            encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []

    /// Inputs of well over a pipe's 64 KB of output, with the number of records they give. pp-extract
    /// and pp-ocr get upstream error records, which they pass through: the same output path as any
    /// record, without seconds of work per run.
    static func bulk(_ tool: String) -> (arguments: [String], input: String, records: Int) {
        switch tool {
        case "pp-cardcheck":
            let cards = (0..<2_000).map { #"{"id":\#($0),"number":"4111111111111111","expiry":"12/30"}"# }
            return (["--today", "2026-11-29"], cards.joined(separator: "\n") + "\n", 2_000)
        default:
            let errors = (0..<5_000).map {
                #"{"error":{"code":"pdf_damaged","message":"bills/\#($0).pdf is damaged","tool":"pp-ingest"},"kind":"page","source":"bills/\#($0).pdf","state":"error"}"#
            }
            return (["--jobs", "1"], errors.joined(separator: "\n") + "\n", 5_000)
        }
    }

    @Test(
        "a reader that stops for a second: the tool waits idle, then every record arrives",
        arguments: ["pp-cardcheck", "pp-extract", "pp-ocr"], [false, true])
    func stalledReader(tool: String, nonBlocking: Bool) async throws {
        let (arguments, input, records) = Self.bulk(tool)
        let run = try FaultRun(tool, arguments, nonBlocking: nonBlocking ? [1] : [])
        run.sendInBackground(input)
        #expect(run.line(timeout: 20) != nil)  // it has started writing; now stop reading
        // Until the pipe is full the tool works on: wait for its CPU time to stop growing (a tool that
        // spins never gets there), then measure a second.
        var last = run.cpuTicks()
        var settled = false
        for _ in 0..<100 where !settled {
            try await pause(0.2)
            let now = run.cpuTicks()
            settled = now == last
            last = now
        }
        #expect(settled, "\(tool) kept using the CPU while its reader stalled")
        let before = run.cpuTicks()
        try await pause(1)
        let used = run.cpuTicks() - before
        let lines = run.rest()
        let end = run.finish()
        #expect(used <= Self.idleTicks, "\(tool) used \(used) ticks of CPU while its reader stalled")
        #expect(lines.count + 1 == records, "\(tool): \(lines.count + 1) of \(records) records")
        #expect(end.status == (tool == "pp-cardcheck" ? 0 : 3), "\(tool): \(end.stderr)")
    }

    /// One input record at a time and the output it must give before the next comes.
    static func trickle(_ tool: String, _ folder: URL) -> (arguments: [String], inputs: [String]) {
        switch tool {
        case "pp-cardcheck":
            return (["--today", "2026-11-29"], [#"{"number":"4111111111111111"}"#, #"{"number":"4000000000000002"}"#])
        case "pp-extract":
            return (["--jobs", "1"], Array(pageLines.filter { $0.contains(#""pages":1,"#) }.prefix(2)))
        case "pp-ocr":
            return (["--jobs", "1", "--lang", "eng"], Array(pageLines.prefix(2)))
        case "pp-ingest":
            return (
                ["--work", folder.path, "--no-codes", "-j", "1", "-"],
                ["samples/pdf/at-webshop.pdf", "samples/pdf/en-gb-supplies.pdf"]
            )
        default:
            return (
                ["--ops", "-"],
                (1...2).map {
                    #"{"source":"\#(FaultFixtures.five)","ops":[{"op":"delete","pages":"\#($0)"}],"output":"\#(folder.path)/\#($0).pdf"}"#
                }
            )
        }
    }

    @Test(
        "a writer that pauses: each record comes out before the next goes in, and the tool waits idle",
        arguments: ["pp-cardcheck", "pp-extract", "pp-ocr", "pp-ingest", "pp-pages"], [false, true])
    func slowWriter(tool: String, nonBlocking: Bool) async throws {
        let folder = try FaultFolder.make("trickle")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (arguments, inputs) = Self.trickle(tool, folder)
        let run = try FaultRun(tool, arguments, nonBlocking: nonBlocking ? [0] : [])
        for input in inputs {
            run.send(input + "\n")
            let line = run.line(timeout: 20)
            #expect(line != nil, "\(tool): no record for \(input.prefix(60)) while the writer paused")
            try await pause(0.1)  // what the tool does after writing (freeing a document) is not waiting
            let before = run.cpuTicks()
            try await pause(0.3)
            let used = run.cpuTicks() - before
            #expect(used <= Self.idleTicks / 2, "\(tool) used \(used) ticks of CPU in 0.3 s waiting for input")
        }
        run.closeInput()
        #expect(run.rest() == [])
        let end = run.finish()
        #expect(end.status == 0 || (tool == "pp-cardcheck" && end.status == 1), "\(tool): \(end.status) \(end.stderr)")
    }
}
