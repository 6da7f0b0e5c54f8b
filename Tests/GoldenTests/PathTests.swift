import Foundation
import PPShared
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Paths from outside, on the built tools (docs/reliability.md, docs/records.md): a NUL byte is refused,
/// never cut (a C string ends there, so "a.pdf\0.txt" opened a.pdf and pp-pages wrote its output to the
/// name before the NUL); a path deeper than PATH_MAX is an error that says so, not a folder "that holds
/// no file"; ZIP members whose names are not UTF-8 keep names of their own.
@Suite("paths from outside")
struct PathTests {
    static func records(_ run: ToolRun) throws -> [JSON] {
        try String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map { try JSON.parse(String($0)) }
    }

    static let sample = GoldenCase.repositoryRoot.appendingPathComponent("samples/pdf/at-webshop.pdf")

    @Test("a NUL byte in a record's source or in a path line of pp-ingest's stdin: bad_path, nothing read")
    func nulInIngestPaths() throws {
        let root = try FaultFolder.make("nul-paths")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.sample, to: folder.appendingPathComponent("a.pdf"))
        let pdf = folder.appendingPathComponent("a.pdf").path
        var stdin = Data(#"{"id":7,"source":"\#(pdf)\u0000.txt"}"#.utf8) + Data("\n".utf8)
        // The folder's name, then a NUL: before, the walk took the cut name for the folder at every level
        // and went down for ever.
        stdin += Data(folder.path.utf8) + Data([0]) + Data("/x.pdf\n".utf8)
        let input = root.appendingPathComponent("stdin")
        try stdin.write(to: input)
        let run = try BoundedRun.run(
            tool: "pp-ingest", ["--work", root.appendingPathComponent("work").path, "-"], stdinPath: input.path, limit: 30)
        #expect(!run.timedOut)
        #expect(run.status == 3)
        let records = try run.lines.map { try JSON.parse($0) }
        #expect(records.count == 2, "a.pdf is never read: \(records.map { $0["source"] ?? .null })")
        for record in records {
            #expect(record["error"]?["code"]?.stringValue == "bad_path")
            #expect(record["error"]?["message"]?.stringValue?.contains("the name holds a NUL byte") == true)
            #expect(record["source"]?.stringValue?.utf8.contains(0) == true, "the source as given, not cut")
        }
        #expect(records.first?["id"]?.intValue == 7)
    }

    @Test("a NUL byte in pp-pages' output name: bad_path, nothing written under the cut name")
    func nulInOutputName() throws {
        let root = try FaultFolder.make("nul-output")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out.pdf").path
        let record = #"{"ops":[{"degrees":90,"op":"rotate"}],"output":"\#(output)\u0000.evil","source":"\#(Self.sample.path)"}"#
        let run = try ToolRun.run(tool: "pp-pages", arguments: ["--ops", "-"], stdin: Data((record + "\n").utf8))
        #expect(run.status == 3)
        #expect(try Self.records(run).first?["error"]?["code"]?.stringValue == "bad_path")
        #expect(FaultFolder.files(root).isEmpty, "written: \(FaultFolder.files(root))")
    }

    @Test("a folder whose files lie deeper than PATH_MAX: name_too_long records, not an empty folder")
    func deeperThanPathMax() throws {
        let root = try FaultFolder.make("deep")
        defer { _ = try? BatchFixture.shell(#"rm -rf "$1""#, root.path) }
        let folder = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Folders of 254-byte names, made relative to each other, as deep as a path can be opened; in the
        // deepest a PDF and a folder of 255-byte names, whose paths are past PATH_MAX (4096 with its NUL).
        let step = 255
        var depth = 0
        var fd = open(folder.path, O_RDONLY | O_DIRECTORY)
        while folder.path.utf8.count + (depth + 1) * step <= 4095 {
            let name = "d" + String(repeating: "x", count: step - 2)
            #expect(mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            depth += 1
        }
        close(openat(fd, "bill-" + String(repeating: "y", count: 246) + ".pdf", O_WRONLY | O_CREAT, 0o644))
        #expect(mkdirat(fd, String(repeating: "z", count: 255), 0o755) == 0)
        close(fd)
        let run = try ToolRun.run(
            tool: "pp-ingest", arguments: ["--work", root.appendingPathComponent("work").path, folder.path], stdin: nil)
        #expect(run.status == 3)
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        #expect(!stderr.contains("holds no file"), "\(stderr)")
        let records = try Self.records(run)
        #expect(records.count == 2, "the deep file and the folder below it: \(records.count)")
        for record in records {
            #expect(record["error"]?["code"]?.stringValue == "name_too_long")
            #expect(
                record["error"]?["message"]?.stringValue?.hasSuffix(
                    "file name too long (a path holds at most 4095 bytes, a name 255)") == true)
        }
        #expect(records.contains { $0["source"]?.stringValue?.hasSuffix(".pdf") == true })
    }

    @Test("two ZIP members whose names are not UTF-8 keep two sources")
    func zipNamesNotUTF8() throws {
        let root = try FaultFolder.make("zip-names")
        defer { try? FileManager.default.removeItem(at: root) }
        let zip = root.appendingPathComponent("bills.zip").path
        // Latin-1 names without ZIP's UTF-8 flag, as old archivers write them.
        try BatchFixture.shell(
            #"""
            python3 - "$1" "$2" <<'EOF'
            import sys, zipfile
            zipfile.ZipInfo._encodeFilenameFlags = lambda info: (info.filename.encode("latin-1"), info.flag_bits)
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                for name in ["a\xe9.pdf", "a\xff.pdf"]:
                    z.writestr(zipfile.ZipInfo(name), open(sys.argv[2], "rb").read())
            EOF
            """#, zip, Self.sample.path)
        let run = try ToolRun.run(
            tool: "pp-ingest", arguments: ["--no-codes", "--work", root.appendingPathComponent("work").path, zip], stdin: nil)
        #expect(run.status == 0, "\(String(decoding: run.stderr, as: UTF8.self))")
        let sources = try Self.records(run).compactMap { $0["source"]?.stringValue }
        #expect(sources == ["\(zip):a\\xE9.pdf", "\(zip):a\\xFF.pdf"])
    }
}
