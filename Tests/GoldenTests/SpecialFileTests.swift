import Foundation
import PPShared
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// pp-ingest reads regular files only (docs/reliability.md): a FIFO, a device or a socket, found in a folder
/// (also through a symbolic link) or named, is a `not_a_regular_file` error record and the files beside it
/// are read. Before, a FIFO in a folder held the whole run in open(2) (nothing came out, not even the PDFs
/// beside it) and `pp-ingest /dev/zero` hashed for ever. The streaming tools read a device named on the
/// command line as a stream, bounded by --max-line.
@Suite("special files")
struct SpecialFileTests {
    static func records(_ run: BoundedRun) throws -> [JSON] { try run.lines.map { try JSON.parse($0) } }

    /// A socket bound at `path` (its descriptor stays open for the test's life; sockets are cheap).
    static func makeSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    @Test("a folder with a FIFO, a link to /dev/zero and a socket beside a PDF: three error records and the PDF's page")
    func specialFilesInAFolder() throws {
        let root = try FaultFolder.make("special-files")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("a.pdf").path, 0o644) == 0)
        try FileManager.default.copyItem(
            at: GoldenCase.repositoryRoot.appendingPathComponent("samples/pdf/at-webshop.pdf"),
            to: folder.appendingPathComponent("b.pdf"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("c.pdf").path, withDestinationPath: "/dev/zero")
        try Self.makeSocket(at: folder.appendingPathComponent("d.pdf").path)

        let run = try BoundedRun.run(
            tool: "pp-ingest", ["--no-codes", "--work", root.appendingPathComponent("work").path, folder.path], limit: 30)
        #expect(!run.timedOut, "pp-ingest still ran after 30 s")
        #expect(run.status == 3, "\(run.stderr)")
        let records = try Self.records(run)
        #expect(records.count == 4, "\(run.lines)")
        let bySource = Dictionary(records.map { (baseName(of: $0["source"]?.stringValue ?? ""), $0) }) { a, _ in a }
        for (name, kind) in [("a.pdf", "a FIFO (named pipe)"), ("c.pdf", "a character device"), ("d.pdf", "a socket")] {
            #expect(bySource[name]?["error"]?["code"]?.stringValue == "not_a_regular_file", "\(name)")
            #expect(
                bySource[name]?["error"]?["message"]?.stringValue?.contains("is \(kind), not a regular file") == true, "\(name)")
        }
        #expect(bySource["b.pdf"]?["kind"]?.stringValue == "page")
        #expect(bySource["b.pdf"]?.isErrorRecord == false)
    }

    @Test("pp-ingest /dev/zero, a FIFO named, or a FIFO as a path on stdin: an error record at once")
    func specialFilesNamed() throws {
        let root = try FaultFolder.make("special-named")
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("named.pdf").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let paths = root.appendingPathComponent("paths")
        try Data((fifo + "\n").utf8).write(to: paths)
        let work = ["--work", root.appendingPathComponent("work").path]
        for (arguments, stdin) in [(["/dev/zero"], "/dev/null"), ([fifo], "/dev/null"), (["-"], paths.path)] {
            let run = try BoundedRun.run(tool: "pp-ingest", work + arguments, stdinPath: stdin, limit: 10)
            #expect(!run.timedOut, "pp-ingest \(arguments) still ran after 10 s")
            #expect(run.status == 3)
            let records = try Self.records(run)
            #expect(records.count == 1)
            #expect(records.first?["error"]?["code"]?.stringValue == "not_a_regular_file", "\(run.lines)")
        }
    }

    @Test(
        "a device named to a streaming tool is read as a stream: the line limit ends it",
        arguments: ["pp-extract", "pp-ocr", "pp-cardcheck"])
    func deviceOperand(tool: String) throws {
        let run = try BoundedRun.run(tool: tool, ["--max-line", "64K", "/dev/zero"], limit: 10)
        #expect(!run.timedOut)
        #expect(run.status == 3)
        #expect(run.lines.count == 1)
        #expect(run.lines.first?.contains(#""input":"/dev/zero""#) == true)
        #expect(run.lines.first?.contains("line_too_long") == true, "\(run.lines)")
    }
}
