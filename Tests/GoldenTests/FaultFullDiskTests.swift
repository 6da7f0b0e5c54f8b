import Foundation
import Testing

/// A full disk, as a file size limit (RLIMIT_FSIZE: a write past it fails with EFBIG, as ENOSPC would)
/// and as /dev/full on stdout. Every case ends with an error record or a clear exit status, no file
/// under its final name that is not whole, and no temporary file.
@Suite("faults: a full disk")
struct FaultFullDiskTests {
    static func json(_ line: String?) -> [String: Any] {
        guard let line, let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return [:]
        }
        return object
    }

    static func errorCode(_ line: String?) -> String? {
        (json(line)["error"] as? [String: Any])?["code"] as? String
    }

    /// The edited five-page fixture is 1.5 KB: limits of nothing, one block, and one byte short of the
    /// whole file must all fail cleanly (before, only the last flush failed, unchecked, and the record
    /// gave the page count and hash of the cut file); the whole size succeeds.
    @Test("pp-pages: a write that does not fit is an error record, exit 3, and leaves no file", arguments: [0, 1024, -1])
    func pagesSingleEdit(limit: Int) throws {
        let folder = try FaultFolder.make("pages-disk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("reference.pdf").path
        let arguments = [FaultFixtures.five, "--delete", "1", "--deterministic-id", "-o"]
        _ = try ToolRun.run(tool: "pp-pages", arguments: arguments + [reference], stdin: nil)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: reference)[.size] as? Int)
        let output = folder.appendingPathComponent("out.pdf").path
        let run = try FaultRun("pp-pages", arguments + [output], fileSizeLimit: limit < 0 ? size - 1 : limit)
        let lines = run.rest()
        let end = run.finish()
        #expect(end.status == 3, "\(end.stderr)")
        #expect(lines.count == 1 && Self.errorCode(lines.first) == "write_failed", "\(lines)")
        #expect(end.stderr.contains("file too large"), "\(end.stderr)")
        #expect(FaultFolder.files(folder) == ["reference.pdf"])

        let whole = try FaultRun("pp-pages", arguments + [output], fileSizeLimit: size)
        #expect(Self.json(whole.rest().first)["pages"] as? Int == 4)
        #expect(whole.finish().status == 0)
        #expect(FileManager.default.contents(atPath: output) == FileManager.default.contents(atPath: reference))
    }

    @Test("pp-pages --ops: the edit that does not fit is an error record, the next one is written, exit 3")
    func pagesBatch() throws {
        let folder = try FaultFolder.make("pages-batch-disk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big-out.pdf").path
        let small = folder.appendingPathComponent("small-out.pdf").path
        let run = try FaultRun("pp-pages", ["--ops", "-"], fileSizeLimit: 1 << 20)
        run.send(#"{"source":"\#(FaultFixtures.bigPDF)","ops":[{"op":"delete","pages":"1"}],"output":"\#(big)","id":1}"# + "\n")
        run.send(#"{"source":"\#(FaultFixtures.five)","ops":[{"op":"delete","pages":"1"}],"output":"\#(small)","id":2}"# + "\n")
        run.closeInput()
        let lines = run.rest()
        let end = run.finish()
        #expect(end.status == 3)
        #expect(lines.count == 2)
        #expect(Self.errorCode(lines.first) == "write_failed" && Self.json(lines.first)["id"] as? Int == 1, "\(lines)")
        #expect(Self.json(lines.last)["pages"] as? Int == 4)
        #expect(FaultFolder.files(folder) == ["small-out.pdf"])
    }

    /// Before, a raster cut short by the last, unchecked flush was left under its final name (exit 0), and
    /// later runs reused it since it was there.
    @Test(
        "pp-ingest: a raster or thumbnail that does not fit is an error record, exit 3, no file, no temporary",
        arguments: [["--raster"], ["--thumbnails", "400"]])
    func ingestRasters(extra: [String]) throws {
        let reference = try FaultFolder.make("ingest-disk-reference")
        let work = try FaultFolder.make("ingest-disk")
        defer {
            try? FileManager.default.removeItem(at: reference)
            try? FileManager.default.removeItem(at: work)
        }
        let pdf = FaultFixtures.samples.appendingPathComponent("en-gb-supplies.pdf").path
        let options = ["--dpi", "100", "--no-codes", "-j", "1"] + extra + [pdf]
        _ = try ToolRun.run(tool: "pp-ingest", arguments: ["--work", reference.path] + options, stdin: nil)
        let png = try #require(FaultFolder.files(reference).first)
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: reference.appendingPathComponent(png).path)[.size] as? Int)
        for limit in [4096, size - 1] {
            let run = try FaultRun("pp-ingest", ["--work", work.path] + options, fileSizeLimit: limit)
            let lines = run.rest()
            let end = run.finish()
            #expect(end.status == 3, "\(extra), limit \(limit): \(end.stderr)")
            #expect(lines.count == 1 && Self.errorCode(lines.first) == "write_failed", "\(extra), limit \(limit): \(lines)")
            #expect(FaultFolder.files(work) == [], "\(extra), limit \(limit)")
        }
    }

    /// pp-pages' edit is written; its record is what cannot be.
    static let stdoutFullPDF = FileManager.default.temporaryDirectory.appendingPathComponent(
        "pp-fault-stdout-full-\(getpid()).pdf"
    ).path

    static let devFullExists = FileManager.default.isWritableFile(atPath: "/dev/full")

    @Test(
        "stdout on /dev/full: every tool stops with exit 2 and says why",
        .enabled(if: devFullExists, "no /dev/full here"),
        arguments: [
            ("pp-cardcheck", ["samples/cards.jsonl"]), ("pp-extract", ["Tests/ExtractTests/Fixtures/samples-pages.jsonl"]),
            ("pp-ingest", ["--no-codes", "samples/pdf/en-gb-supplies.pdf"]),
            ("pp-ocr", ["Tests/ExtractTests/Fixtures/samples-pages.jsonl"]),
            ("pp-pages", ["Tests/Fixtures/pages/five.pdf", "--delete", "1", "-o", stdoutFullPDF]),
        ])
    func stdoutOnAFullDevice(tool: String, arguments: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let run = try FaultRun(tool, arguments, stdout: full)
        let end = run.finish()
        try? FileManager.default.removeItem(atPath: Self.stdoutFullPDF)
        #expect(end.status == 2, "\(tool): \(end.stderr)")
        #expect(end.stderr.contains("no space left on device"), "\(tool): \(end.stderr)")
    }

    @Test("pp-extract eval --features-out on a full disk: exit 2, no file")
    func extractFeaturesOut() throws {
        let folder = try FaultFolder.make("extract-disk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl")
        let extracted = try ToolRun.run(
            tool: "pp-extract", arguments: ["--explain", "Tests/ExtractTests/Fixtures/samples-pages.jsonl"], stdin: nil)
        try extracted.stdout.write(to: results)
        let features = folder.appendingPathComponent("features.jsonl").path
        let run = try FaultRun(
            "pp-extract", ["eval", "--truth", "samples/truth.jsonl", "--features-out", features, results.path],
            fileSizeLimit: 4096)
        _ = run.rest()
        let end = run.finish()
        #expect(end.status == 2)
        #expect(end.stderr.contains("cannot write '\(features)': file too large"), "\(end.stderr)")
        #expect(FaultFolder.files(folder) == ["results.jsonl"])
    }
}
