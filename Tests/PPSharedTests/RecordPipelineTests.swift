import Foundation
import Synchronization
import Testing

@testable import PPShared

@Suite("record pipeline")
struct RecordPipelineTests {
    /// A pipeline that doubles the "n" of each record (an error record passes), writing to /dev/null.
    static func doubling(jobs: Int) throws -> RecordPipeline<JSON, JSON> {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        try #require(null >= 0)
        return RecordPipeline<JSON, JSON>(
            tool: "pp-test", jobs: jobs, sink: OutputSink(fileDescriptor: null, autoFlush: false),
            progress: ProgressDisplay(tool: "pp-test", enabled: false)
        ) {
            { record in record.isErrorRecord ? record : ["n": .int((record["n"]?.intValue ?? 0) * 2)] }
        }
    }

    /// Runs every record of `operands` through the pipeline; `written` sees each result in order.
    static func run(_ pipeline: RecordPipeline<JSON, JSON>, _ operands: [String], written: @escaping (JSON) -> Void) throws
        -> PPShared.ExitStatus
    {
        let records = pipeline.records(operands)
        return try pipeline.run(
            read: {
                while let input = try records.next() {
                    switch input {
                    case .record(let record, _, _): return record
                    case .unreadable(let record, _), .unopenable(let record, _): return record
                    case .endOfInput: continue
                    }
                }
                return nil
            },
            write: { record in
                written(record)
                try pipeline.write(record: record)
            })
    }

    @Test("a record written into an open pipe is answered before the next one comes, with 2 jobs")
    func answersBeforeWaiting() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let answered = Mutex<[Int]>([])
        let sentSecond = Mutex(false)
        let writer = Thread {
            func send(_ text: String) {
                _ = text.utf8CString.withUnsafeBufferPointer { write(writeEnd, $0.baseAddress!, $0.count - 1) }
            }
            send("{\"n\":1}\n")
            // Wait up to 10 s for the answer to the first record while the pipe stays open.
            for _ in 0..<1000 where answered.withLock({ $0.isEmpty }) { usleep(10_000) }
            sentSecond.withLock { $0 = true }
            send("{\"n\":2}\n")
            close(writeEnd)
        }
        writer.start()
        var firstBeforeSecondSent = false
        let pipeline = try Self.doubling(jobs: 2)
        let status = try Self.run(pipeline, ["/dev/fd/\(readEnd)"]) { record in
            if record["n"]?.intValue == 2 { firstBeforeSecondSent = !sentSecond.withLock { $0 } }
            answered.withLock { $0.append(record["n"]?.intValue ?? -1) }
        }
        #expect(answered.withLock { $0 } == [2, 4])
        #expect(firstBeforeSecondSent, "the first answer waited for the second record")
        #expect(status == PPShared.ExitStatus.ok)
    }

    @Test("inputs in turn: a missing file and a bad line are error records in their place, exit 3")
    func errorRecordsInPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-pipeline-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("a.jsonl").path
        try Data("{\"n\":1}\nnot json\n{\"n\":3}\n".utf8).write(to: URL(fileURLWithPath: good))
        let missing = folder.appendingPathComponent("missing.jsonl").path
        var out: [JSON] = []
        let status = try Self.run(try Self.doubling(jobs: 2), [good, missing, good]) { out.append($0) }
        #expect(out.map { $0.isErrorRecord ? -1 : $0["n"]?.intValue ?? 0 } == [2, -1, 6, -1, 2, -1, 6])
        #expect(out[1]["line"]?.intValue == 2 && out[1]["input"]?.stringValue == good)
        #expect(out[3]["error"]?["message"]?.stringValue == "cannot open '\(missing)': no such file or directory")
        #expect(status == PPShared.ExitStatus.recordErrors)
    }

    @Test("worker state is made once per thread for the whole run, not once per input file")
    func workerStateForTheWholeRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-pipeline-state-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try (1...4).map { i in
            let path = folder.appendingPathComponent("\(i).jsonl").path
            try Data(String(repeating: "{\"n\":\(i)}\n", count: 20).utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let made = Mutex(0)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let pipeline = RecordPipeline<JSON, JSON>(
            tool: "pp-test", jobs: 2, sink: OutputSink(fileDescriptor: null, autoFlush: false),
            progress: ProgressDisplay(tool: "pp-test", enabled: false)
        ) {
            made.withLock { $0 += 1 }  // an engine, in pp-ocr
            return { $0 }
        }
        var count = 0
        _ = try Self.run(pipeline, files) { _ in count += 1 }
        #expect(count == 80)
        #expect(made.withLock { $0 } == 2)
    }

    @Test("the pipeline counts units, results and error records, and feeds the progress line what the tool's units tell")
    func countsAndProgress() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-pipeline-progress-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("pages.jsonl").path
        let pages = [("a", 1, 2), ("a", 2, 2), ("b", 1, 1)].map { doc, page, of in
            #"{"kind":"page","doc":"\#(doc)","page":\#(page),"pages":\#(of)}"#
        }
        try Data((pages[0...1] + ["not json"] + pages[2...]).joined(separator: "\n").appending("\n").utf8)
            .write(to: URL(fileURLWithPath: input))
        // The line goes to a file of its own; the clock stands at 2 s after the start for every draw.
        let linePath = folder.appendingPathComponent("line").path
        let lineFile = open(linePath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(lineFile >= 0)
        defer { close(lineFile) }
        var now = 0.0
        let display = ProgressDisplay(
            tool: "pp-test", enabled: true, line: StatusLine(fileDescriptor: lineFile), clock: { now })
        now = 2
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        var told = 0
        let pipeline = RecordPipeline<JSON, JSON>(
            tool: "pp-test", jobs: 2, sink: OutputSink(fileDescriptor: null, autoFlush: false), progress: display,
            units: .records { record in
                told += 1
                return [record]
            }
        ) { { $0 } }
        let status = try Self.run(pipeline, [input]) { _ in }
        #expect(status == PPShared.ExitStatus.recordErrors)
        #expect(pipeline.counts == PipelineCounts(unitsRead: 4, resultsWritten: 4, errorRecords: 1))
        #expect(told == 4)
        // The bad line's error record is written but is no page.
        #expect(display.tally.pagesDone == 3 && display.tally.documentsDone == 2 && display.tally.pagesKnown == 3)
        let drawn = try String(contentsOfFile: linePath, encoding: .utf8)
        #expect(drawn.hasSuffix("\r\u{1B}[Kpp-test: 3 pages, 2 documents in 0:02, 1.5 pages/s\n"), "\(drawn.debugDescription)")

        // Without a line, the counts are the same and the tool's units are never asked.
        told = 0
        let quiet = RecordPipeline<JSON, JSON>(
            tool: "pp-test", jobs: 2, sink: OutputSink(fileDescriptor: null, autoFlush: false),
            units: .records { record in
                told += 1
                return [record]
            }
        ) { { $0 } }
        _ = try Self.run(quiet, [input]) { _ in }
        #expect(quiet.counts == PipelineCounts(unitsRead: 4, resultsWritten: 4, errorRecords: 1) && told == 0)
    }
}
