import Foundation
import PPShared
import Testing

/// Office documents (samples/office, made by samples/generate_office.py) converted by LibreOffice.
/// `make deps` does not install LibreOffice (it is large): without it only the "not installed" case runs
/// here, and `make test-office` installs it and sets PP_REQUIRE_OFFICE=1, so that every case must run.
@Suite("office documents", .serialized) struct OfficeTests {
    static let soffice = ["/usr/bin/soffice", "/usr/local/bin/soffice", "/usr/bin/libreoffice"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let required = ProcessInfo.processInfo.environment["PP_REQUIRE_OFFICE"] == "1"
    static var convertible: Bool { soffice != nil || required }

    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pp-office-\(UUID().uuidString)")
    }

    static func records(_ data: Data) throws -> [JSON] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSON.parse(String($0)) }
    }

    /// Without LibreOffice on the PATH the record is an error that names the packages to install.
    @Test func withoutLibreOfficeTheErrorNamesThePackages() throws {
        let work = Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try ToolRun.run(
            tool: "pp-ingest", arguments: ["--work", work.path, "samples/office/de-rechnung.docx"], stdin: nil,
            environment: ["PATH": "/nonexistent"])
        let records = try Self.records(run.stdout)
        #expect(run.status == 3)
        #expect(records.count == 1)
        #expect(records.first?["error"]?["code"]?.stringValue == "office_unavailable")
        let message = records.first?["error"]?["message"]?.stringValue ?? ""
        #expect(message.contains("libreoffice-core-nogui") && message.contains("libreoffice-writer-nogui"), "\(message)")
        #expect(message.contains("samples/office/de-rechnung.docx"))
    }

    /// Each sample becomes a document whose payment data the pipeline reads from the converted PDF.
    @Test(
        .enabled(if: convertible, "LibreOffice is not installed (make test-office installs it)"),
        arguments: [
            ("de-rechnung.docx", "DE89370400440532013000", "499.80", "RE-2026-0415"),
            ("de-rechnung.odt", "DE89370400440532013000", "499.80", "RE-2026-0415"),
            ("no-invoice.xlsx", "NO9386011117947", "1500.00", "2026031100"),
            ("no-invoice.ods", "NO9386011117947", "1500.00", "2026031100"),
        ])
    func convertsAndReads(_ file: String, _ account: String, _ amount: String, _ reference: String) throws {
        try #require(Self.soffice != nil, "PP_REQUIRE_OFFICE=1 but LibreOffice is not installed")
        let work = Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let ingest = try ToolRun.run(tool: "pp-ingest", arguments: ["--work", work.path, "samples/office/" + file], stdin: nil)
        #expect(ingest.status == 0, "\(String(decoding: ingest.stdout, as: UTF8.self))")
        let pages = try Self.records(ingest.stdout)
        #expect(pages.first?["source"]?.stringValue == "samples/office/" + file)
        #expect(pages.first?["converted"]?["from"]?.stringValue == (file as NSString).pathExtension)
        #expect(pages.first?["media"]?.stringValue == "pdf")
        let extract = try ToolRun.run(tool: "pp-extract", arguments: [], stdin: ingest.stdout)
        let document = try #require(try Self.records(extract.stdout).first)
        #expect(document["best"]?["account"]?.stringValue == account)
        #expect(document["best"]?["amount"]?.stringValue == amount)
        #expect(document["best"]?["reference"]?.stringValue == reference)
    }

    /// LibreOffice stopped at the time limit: an error record, and none of its processes left behind.
    @Test(.enabled(if: convertible, "LibreOffice is not installed (make test-office installs it)"))
    func aConversionPastItsTimeLimitIsStoppedWhole() throws {
        try #require(Self.soffice != nil, "PP_REQUIRE_OFFICE=1 but LibreOffice is not installed")
        let work = Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        // A bill of 27,000 paragraphs (some 700 pages): far more than LibreOffice converts in 2 seconds.
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let long = work.appendingPathComponent("long.docx").path
        try BatchFixture.shell(
            "python3 -c 'import sys; sys.path.insert(0, \"samples\"); import generate_office as g; g.BILL = g.BILL * 3000; g.docx(sys.argv[1])' \"$1\"",
            long)
        let started = Date()
        let run = try ToolRun.run(
            tool: "pp-ingest", arguments: ["--work", work.path, "--office-timeout", "2", long], stdin: nil)
        #expect(Date().timeIntervalSince(started) < 15)
        let records = try Self.records(run.stdout)
        #expect(run.status == 3)
        #expect(records.first?["error"]?["code"]?.stringValue == "office_timeout")
        Thread.sleep(forTimeInterval: 0.5)
        let left = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { $0.allSatisfy(\.isNumber) }.filter {
            let cmdline = FileManager.default.contents(atPath: "/proc/\($0)/cmdline") ?? Data()
            return String(decoding: cmdline, as: UTF8.self).contains(work.path)
        }
        #expect(left.isEmpty, "LibreOffice processes still running: \(left)")
        let leftovers = FileManager.default.enumerator(atPath: work.path)?.allObjects.compactMap { $0 as? String } ?? []
        #expect(!leftovers.contains { $0.contains(".office-") }, "the private profile folder is removed: \(leftovers)")
    }
}
