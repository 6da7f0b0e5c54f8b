import Foundation
import Testing

/// An output or work folder that cannot be written, or stops being writable in the middle of a run.
/// Folder modes do not stop root (CI runs as root), so the read-only cases use the immutable attribute
/// there and are skipped where neither works; the cases with a folder that turns into a file (ENOTDIR,
/// EEXIST) hold for everyone.
@Suite("faults: a folder that cannot be written")
struct FaultReadOnlyTests {
    static func lines(_ run: ToolRun) -> [String] {
        String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("pp-pages into a read-only folder: exit 2 with the reason, nothing written", .enabled(if: FaultFolder.canMakeReadOnly))
    func pagesReadOnlyFolder() throws {
        let folder = try FaultFolder.make("pages-readonly")
        defer {
            FaultFolder.setReadOnly(folder, false)
            try? FileManager.default.removeItem(at: folder)
        }
        FaultFolder.setReadOnly(folder, true)
        let output = folder.appendingPathComponent("out.pdf").path
        let run = try ToolRun.run(tool: "pp-pages", arguments: [FaultFixtures.five, "--delete", "1", "-o", output], stdin: nil)
        #expect(run.status == 2)
        #expect(String(decoding: run.stderr, as: UTF8.self).contains("is not writable"))
        FaultFolder.setReadOnly(folder, false)
        #expect(FaultFolder.files(folder) == [])
    }

    @Test("pp-pages with an output below a file (ENOTDIR): exit 2, --ops: an error record and exit 3")
    func pagesOutputBelowAFile() throws {
        let folder = try FaultFolder.make("pages-notdir")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file.txt")
        try Data("x".utf8).write(to: file)
        let output = file.appendingPathComponent("out.pdf").path
        let single = try ToolRun.run(
            tool: "pp-pages", arguments: [FaultFixtures.five, "--delete", "1", "-o", output], stdin: nil)
        #expect(single.status == 2)
        #expect(String(decoding: single.stderr, as: UTF8.self).contains("is not a folder"))
        let record = #"{"source":"\#(FaultFixtures.five)","ops":[{"op":"delete","pages":"1"}],"output":"\#(output)"}"#
        let batch = try ToolRun.run(tool: "pp-pages", arguments: ["--ops", "-"], stdin: Data((record + "\n").utf8))
        #expect(batch.status == 3)
        #expect(Self.lines(batch).first?.contains(#""code":"output_unwritable""#) == true)
        #expect(FaultFolder.files(folder) == ["file.txt"])
    }

    /// pp-ingest reads paths from stdin; after the first page the work folder stops being usable. The
    /// page after that is an error record, the run goes on and ends with exit 3, no temporary is left.
    func ingestWorkFolderFails(_ spoil: (URL) throws -> Void, restore: (URL) -> Void) throws {
        let root = try FaultFolder.make("ingest-work")
        defer {
            restore(root.appendingPathComponent("work"))
            try? FileManager.default.removeItem(at: root)
        }
        let work = root.appendingPathComponent("work")
        let run = try FaultRun("pp-ingest", ["--work", work.path, "--raster", "--dpi", "50", "--no-codes", "-j", "1", "-"])
        run.send("samples/pdf/at-webshop.pdf\n")
        let first = run.line(timeout: 20)
        #expect(first?.contains(#""image""#) == true, "\(first ?? "nothing")")
        try spoil(work)
        run.send("samples/pdf/en-gb-supplies.pdf\nsamples/pdf/en-nl-saas.pdf\n")
        run.closeInput()
        let rest = run.rest()
        let end = run.finish()
        #expect(end.status == 3, "\(end.stderr)")
        #expect(rest.count == 2 && rest.allSatisfy { $0.contains(#""state":"error""#) }, "\(rest)")
        restore(work)
        #expect(FaultFolder.temporaries(root) == [])
    }

    @Test("pp-ingest: the work folder becomes read-only", .enabled(if: FaultFolder.canMakeReadOnly))
    func ingestWorkFolderBecomesReadOnly() throws {
        try ingestWorkFolderFails({ FaultFolder.setReadOnly($0, true) }, restore: { FaultFolder.setReadOnly($0, false) })
    }

    @Test("pp-ingest: the work folder is replaced by a file")
    func ingestWorkFolderBecomesAFile() throws {
        try ingestWorkFolderFails(
            { work in
                try FileManager.default.removeItem(at: work)
                try Data("not a folder".utf8).write(to: work)
            }, restore: { _ in })
    }
}
