import Foundation
import PPShared
import Testing

/// E-mails through the whole pipeline: a mailbox of 50 mails with mixed attachments made from samples/
/// (Tests/Fixtures/mail/make_mailbox.py), and hostile mail: a ZIP bomb and a mail of 10,000 attachments.
@Suite("e-mail", .serialized) struct MailPipelineTests {
    /// The generated mail, made once per run in a temporary folder.
    static let folder: Result<URL, BatchFixtureError> = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pp-mail-\(UUID().uuidString)")
        do {
            try BatchFixture.shell("python3 Tests/Fixtures/mail/make_mailbox.py \"$1\"", url.path)
            return .success(url)
        } catch let error as BatchFixtureError {
            return .failure(error)
        } catch {
            return .failure(BatchFixtureError(message: "\(error)"))
        }
    }()

    static func records(_ data: Data) throws -> [JSON] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSON.parse(String($0)) }
    }

    /// Runs a tool through python's resource module, for the largest resident size of that tool alone.
    static func measured(_ tool: String, _ arguments: [String], in folder: URL) throws -> (ToolRun, megabytes: Int) {
        let script = """
            import resource, subprocess, sys
            run = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE)
            sys.stdout.buffer.write(run.stdout)
            sys.stderr.write("%d\\n" % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024))
            sys.exit(run.returncode)
            """
        let executable = GoldenCase.productsFolder.appendingPathComponent(tool).path
        let run = try ToolRun.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["python3", "-c", script, executable, "--work", folder.appendingPathComponent("work").path] + arguments,
            stdin: nil)
        let megabytes = Int(String(decoding: run.stderr, as: UTF8.self).split(separator: "\n").last ?? "") ?? -1
        return (run, megabytes)
    }

    /// Every attachment of every mail is accounted for after pp-ingest | pp-ocr | pp-extract: one document
    /// or error record per attachment (a mail with none: one error record), each with its mail's headers.
    @Test func fiftyMailsThroughTheWholePipeline() throws {
        let folder = try Self.folder.get()
        let expectedData = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        let expected =
            try JSON.parse(Array(expectedData)).arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] } ?? []
        #expect(expected.count == 50)
        let bin = GoldenCase.productsFolder.path
        let pipeline = try ToolRun.run(
            executable: URL(fileURLWithPath: "/bin/bash"),
            arguments: [
                "-c",
                "set -o pipefail; cd \"$2\" && \"$1/pp-ingest\" --work work mailbox.mbox | \"$1/pp-ocr\" --lang eng | \"$1/pp-extract\"",
                "bash", bin, folder.path,
            ], stdin: nil)
        #expect(pipeline.status == 3, "some attachments are error records: \(String(decoding: pipeline.stderr, as: UTF8.self))")
        let results = try Self.records(pipeline.stdout)
        var bySource: [String: [JSON]] = [:]
        for r in results { bySource[r["source"]?.stringValue ?? "?", default: []].append(r) }
        for (n, sources) in expected.enumerated() {
            for source in sources {
                let found = bySource[source] ?? []
                #expect(found.count == 1, "\(source): \(found.count) records")
                guard let record = found.first else { continue }
                #expect(record["mail"]?["number"]?.intValue == n + 1, "\(source)")
                #expect(record["mail"]?["message_id"]?.stringValue == "mail-\(n + 1)@example.com", "\(source)")
                #expect(record["mail"]?["subject"]?.stringValue == "Rechnung \(n + 1)", "\(source)")
                let state = record["state"]?.stringValue
                if source.hasSuffix("inner.zip") {
                    #expect(record["error"]?["code"]?.stringValue == "zip_nested", "\(source)")
                } else if source.hasSuffix(".txt") {
                    #expect(record["error"]?["code"]?.stringValue == "unsupported_format", "\(source)")
                } else if !source.contains(":") {
                    #expect(record["error"]?["code"]?.stringValue == "no_attachment", "\(source)")
                } else {
                    #expect(state == "processed" && record["kind"]?.stringValue == "document", "\(source): \(record.encoded())")
                }
            }
        }
        #expect(Set(bySource.keys) == Set(expected.joined()), "no record for anything that was not attached")
    }

    /// An mbox is read one mail at a time: four times the mails, the same memory.
    @Test func aLargerMailboxTakesNoMoreMemory() throws {
        let folder = try Self.folder.get()
        let mailbox = try Data(contentsOf: folder.appendingPathComponent("mailbox.mbox"))
        let four = folder.appendingPathComponent("four.mbox")
        try Data(repeating: 0, count: 0).write(to: four)
        let handle = try FileHandle(forWritingTo: four)
        for _ in 0..<4 { try handle.write(contentsOf: mailbox) }
        try handle.close()
        let (one, oneMB) = try Self.measured(
            "pp-ingest", ["--no-codes", folder.appendingPathComponent("mailbox.mbox").path], in: folder)
        let (all, allMB) = try Self.measured("pp-ingest", ["--no-codes", four.path], in: folder)
        let count = { (run: ToolRun) in String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").count }
        #expect(count(all) == 4 * count(one))
        #expect(oneMB > 0 && allMB < oneMB + 20, "50 mails: \(oneMB) MB, 200 mails: \(allMB) MB")
    }

    /// A ZIP whose one entry unpacks to 400 MB: stopped at the entry limit, an error record, in bounded memory.
    @Test func aZipBombIsAnErrorRecord() throws {
        let folder = try Self.folder.get()
        let start = Date()
        let (run, megabytes) = try Self.measured("pp-ingest", [folder.appendingPathComponent("bomb.zip").path], in: folder)
        let records = try Self.records(run.stdout)
        #expect(run.status == 3)
        #expect(records.count == 1)
        #expect(records.first?["error"]?["code"]?.stringValue == "zip_too_large")
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(megabytes > 0 && megabytes < 300, "pp-ingest used \(megabytes) MB")
        let unpacked = folder.appendingPathComponent("work")
        let leftovers = FileManager.default.enumerator(atPath: unpacked.path)?.allObjects.compactMap { $0 as? String } ?? []
        #expect(!leftovers.contains { $0.hasSuffix("bill.pdf") }, "nothing of the bomb stays in the work folder")
    }

    /// A mail of 10,000 attachments: one error record for the mail, nothing saved, bounded memory.
    @Test func tenThousandAttachmentsAreOneErrorRecord() throws {
        let folder = try Self.folder.get()
        let (run, megabytes) = try Self.measured("pp-ingest", [folder.appendingPathComponent("many-parts.eml").path], in: folder)
        let records = try Self.records(run.stdout)
        #expect(run.status == 3)
        #expect(records.count == 1)
        #expect(records.first?["error"]?["code"]?.stringValue == "mail_too_large")
        #expect(records.first?["mail"]?["from"]?.stringValue == "flood@example.com")
        #expect(megabytes > 0 && megabytes < 300, "pp-ingest used \(megabytes) MB")
    }
}
