import Foundation
import Testing

/// pp-ingest drops no input: a folder with nothing to read is an error record, and a file whose name
/// is not UTF-8 is read and shown with its odd bytes escaped (`\xHH`).
@Suite("pp-ingest: empty folders and any file name")
struct IngestInputNameTests {
    static func records(_ run: ToolRun) -> [[String: Any]] {
        String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("an empty folder, as an operand or as a record's source, is an error record (exit 3)")
    func emptyFolder() throws {
        let root = try FaultFolder.make("empty-folder")
        defer { try? FileManager.default.removeItem(at: root) }
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: empty.appendingPathComponent("notes.txt"))
        let work = root.appendingPathComponent("work").path
        let operand = try ToolRun.run(tool: "pp-ingest", arguments: ["--work", work, empty.path], stdin: nil)
        let record = #"{"customer_id":7,"source":"\#(empty.path)"}"# + "\n"
        let stdin = try ToolRun.run(tool: "pp-ingest", arguments: ["--work", work, "-"], stdin: Data(record.utf8))
        for run in [operand, stdin] {
            #expect(run.status == 3)
            let out = Self.records(run)
            #expect(out.count == 1)
            #expect(out.first?["source"] as? String == empty.path)
            #expect((out.first?["error"] as? [String: Any])?["code"] as? String == "empty_folder")
        }
        #expect(Self.records(stdin).first?["customer_id"] as? Int == 7)
    }

    @Test("a name that is not UTF-8, found in a folder or given on stdin, is read and shown escaped")
    func namesThatAreNotUTF8() throws {
        let root = try FaultFolder.make("names")
        defer { try? FileManager.default.removeItem(at: root) }
        let samples = GoldenCase.repositoryRoot.appendingPathComponent("samples").path
        // café.pdf in Latin-1, a backslash next to an odd byte, and an image used as it is.
        try BatchFixture.shell(
            #"""
            set -e
            mkdir -p "$1/in" "$1/work"
            cp "$2/pdf/at-webshop.pdf" "$1/in/$(printf 'caf\351.pdf')"
            cp "$2/photos/en-gb-supplies.jpg" "$1/in/$(printf 'a\\b\377.jpg')"
            cp "$2/pdf/en-gb-supplies.pdf" "$1/in/plain.pdf"
            """#, root.path, samples)
        let input = root.appendingPathComponent("in").path
        let work = root.appendingPathComponent("work").path
        let run = try ToolRun.run(tool: "pp-ingest", arguments: ["--work", work, "--no-codes", input], stdin: nil)
        #expect(run.status == 0, "\(String(decoding: run.stderr, as: UTF8.self))")
        let out = Self.records(run)
        #expect(
            out.compactMap { $0["source"] as? String } == [
                "\(input)/a\\\\b\\xFF.jpg", "\(input)/caf\\xE9.pdf", "\(input)/plain.pdf",
            ])
        #expect(out.allSatisfy { $0["state"] == nil })
        #expect((out[1]["lines"] as? [Any])?.isEmpty == false, "the PDF was not read")
        // The image is used as it is, through a link whose name is UTF-8; the tools after pp-ingest open it.
        let image = try #require((out[0]["image"] as? [String: Any])?["path"] as? String)
        #expect(image.hasPrefix(work + "/names/"))
        #expect(
            FileManager.default.contents(atPath: image)
                == FileManager.default.contents(atPath: "\(samples)/photos/en-gb-supplies.jpg"))

        let line = Data((input + "/caf").utf8) + Data([0xE9]) + Data(".pdf\n".utf8)
        let stdin = try ToolRun.run(tool: "pp-ingest", arguments: ["--work", work, "--no-codes", "-"], stdin: line)
        #expect(stdin.status == 0)
        #expect(Self.records(stdin).first?["source"] as? String == "\(input)/caf\\xE9.pdf")
    }
}
