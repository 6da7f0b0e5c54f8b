import Foundation
import Testing

/// The stream loop (RecordPipeline) with worker threads: a record written into an open pipe comes out
/// before the next one goes in, whatever --jobs is. pp-ocr held a finished page until the next input
/// line arrived when it had more than one job.
@Suite("streaming with several jobs")
struct StreamJobsTests {
    @Test(
        "one record in, its answer out, stdin still open, with --jobs 2",
        // pp-cardcheck with --jobs 2: StreamingTests in CardCheckLeakTests.swift.
        arguments: ["pp-ocr", "pp-extract", "pp-ingest"])
    func answersWhileStdinIsOpen(tool: String) throws {
        let folder = try FaultFolder.make("jobs")
        defer { try? FileManager.default.removeItem(at: folder) }
        var (arguments, inputs) = FaultStreamTests.trickle(tool, folder)
        arguments = arguments.filter { $0 != "--jobs" && $0 != "-j" && $0 != "1" }
        let run = try FaultRun(tool, ["--jobs", "2"] + arguments, nonBlocking: [])
        for input in inputs {
            run.send(input + "\n")
            #expect(run.line(timeout: 20) != nil, "\(tool): no record for \(input.prefix(60)) while stdin stayed open")
        }
        run.closeInput()
        #expect(run.rest() == [])
        let end = run.finish()
        #expect(end.status == 0, "\(tool): \(end.status) \(end.stderr)")
    }
}
