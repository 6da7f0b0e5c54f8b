import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILL, SIGTERM and SIGINT at seeded random moments while pp-pages writes a 24 MB PDF and while
/// pp-ingest renders pages. Whatever the moment: a file under its final name is whole (equal to the one
/// an undisturbed run writes); SIGTERM and SIGINT leave no temporary file and end the tool as the signal
/// does (143, 130); the temporary file of a SIGKILL is removed by the next run that writes there.
@Suite("faults: signals at random moments")
struct FaultSignalTests {
    static let pagesEdit = [FaultFixtures.bigPDF, "--delete", "1", "--deterministic-id", "-o"]

    /// The undisturbed result and how long it took.
    static func reference(_ tool: String, _ arguments: [String]) throws -> Double {
        let start = Date()
        let run = try FaultRun(tool, arguments)
        _ = run.rest()
        let status = run.finish().status
        #expect(status == 0)
        return Date().timeIntervalSince(start)
    }

    /// Waits until `folder` holds a temporary file (nil after `timeout` seconds).
    static func awaitTemporary(in folder: URL, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = FaultFolder.temporaries(folder).first { return found }
            usleep(500)
        }
        return nil
    }

    @Test("pp-pages: SIGKILL and SIGTERM at seeded moments of a 24 MB edit")
    func pagesAtRandomMoments() async throws {
        let folder = try FaultFolder.make("pages-signals")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("reference.pdf").path
        let duration = try Self.reference("pp-pages", Self.pagesEdit + [reference])
        let whole = FileManager.default.contents(atPath: reference)
        let output = folder.appendingPathComponent("out.pdf").path
        var random = SplitMix64(seed: 15)
        for (round, signal) in [SIGKILL, SIGTERM, SIGKILL, SIGTERM, SIGKILL, SIGTERM].enumerated() {
            try? FileManager.default.removeItem(atPath: output)
            let delay = Double.random(in: 0...(duration * 1.2), using: &random)
            let run = try FaultRun("pp-pages", Self.pagesEdit + [output])
            try await pause(delay)
            run.signal(signal)
            _ = run.rest()
            let end = run.finish()
            let label = "round \(round), signal \(signal) after \(Int(delay * 1000)) ms"
            #expect(end.status == 0 || end.signal == signal, "\(label): \(end.status)")
            if FileManager.default.fileExists(atPath: output) {
                #expect(FileManager.default.contents(atPath: output) == whole, "\(label): a partial file under the final name")
            }
            if signal == SIGTERM { #expect(FaultFolder.temporaries(folder) == [], "\(label)") }
            try Self.nextRunCleansUp(folder)
        }
    }

    @Test("pp-pages: killed while its temporary file is being written", arguments: [SIGKILL, SIGTERM, SIGINT])
    func pagesDuringTheWrite(signal: Int32) throws {
        let folder = try FaultFolder.make("pages-during-write")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.pdf").path
        // Stopped (SIGSTOP) once its temporary file shows, so a busy machine cannot let it finish first;
        // tried again in the rare case it did.
        var caught: FaultRun?
        for _ in 0..<5 where caught == nil {
            let run = try FaultRun("pp-pages", Self.pagesEdit + [output])
            _ = Self.awaitTemporary(in: folder, timeout: 20)
            run.signal(SIGSTOP)
            if !FaultFolder.temporaries(folder).isEmpty, !FileManager.default.fileExists(atPath: output) {
                caught = run
            } else {
                run.signal(SIGCONT)
                _ = run.rest()
                _ = run.finish()
                try? FileManager.default.removeItem(atPath: output)
            }
        }
        let run = try #require(caught, "pp-pages was never caught writing")
        run.signal(signal)
        run.signal(SIGCONT)
        _ = run.rest()
        let end = run.finish()
        #expect(end.signal == signal && end.status == 128 + signal, "\(end)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(FaultFolder.temporaries(folder).count == (signal == SIGKILL ? 1 : 0))
        try Self.nextRunCleansUp(folder)
    }

    /// Another edit into the same folder removes the temporary files of dead writers.
    static func nextRunCleansUp(_ folder: URL) throws {
        let next = folder.appendingPathComponent("next.pdf").path
        let run = try ToolRun.run(tool: "pp-pages", arguments: [FaultFixtures.five, "--delete", "1", "-o", next], stdin: nil)
        #expect(run.status == 0)
        #expect(FaultFolder.temporaries(folder) == [], "the next run left the dead writer's temporary file")
        try? FileManager.default.removeItem(atPath: next)
    }

    static let ingestInputs = ["at-versicherung-2p.pdf", "en-ie-consulting-3p.pdf"].map {
        FaultFixtures.samples.appendingPathComponent($0).path
    }

    static func ingest(_ work: URL) -> [String] {
        ["--work", work.path, "--raster", "--dpi", "100", "--no-codes", "-j", "1"] + ingestInputs
    }

    @Test("pp-ingest: SIGTERM, SIGINT and SIGKILL at seeded moments while rendering")
    func ingestAtRandomMoments() async throws {
        let reference = try FaultFolder.make("ingest-reference")
        let work = try FaultFolder.make("ingest-signals")
        defer {
            try? FileManager.default.removeItem(at: reference)
            try? FileManager.default.removeItem(at: work)
        }
        let duration = try Self.reference("pp-ingest", Self.ingest(reference))
        let rasters = FaultFolder.files(reference)
        #expect(rasters.count == 5)
        var random = SplitMix64(seed: 143)
        for (round, signal) in [SIGTERM, SIGKILL, SIGINT, SIGTERM, SIGKILL].enumerated() {
            let delay = Double.random(in: 0...duration, using: &random)
            let leftBefore = Set(FaultFolder.temporaries(work))  // by a SIGKILL of an earlier round
            let run = try FaultRun("pp-ingest", Self.ingest(work))
            try await pause(delay)
            run.signal(signal)
            _ = run.rest()
            let end = run.finish()
            let label = "round \(round), signal \(signal) after \(Int(delay * 1000)) ms"
            #expect(end.status == 0 || end.signal == signal, "\(label): \(end.status)")
            if signal != SIGKILL {
                #expect(Set(FaultFolder.temporaries(work)).isSubset(of: leftBefore), "\(label): a temporary file is left")
            }
            for file in FaultFolder.files(work) where !file.hasSuffix(".pp-tmp") {
                #expect(
                    FileManager.default.contents(atPath: work.appendingPathComponent(file).path)
                        == FileManager.default.contents(atPath: reference.appendingPathComponent(file).path),
                    "\(label): \(file) differs from an undisturbed run's")
            }
        }
        // The next whole run finishes the work and removes what killed runs left.
        let end = try ToolRun.run(tool: "pp-ingest", arguments: Self.ingest(work), stdin: nil)
        #expect(end.status == 0)
        #expect(FaultFolder.files(work) == rasters)
    }
}
