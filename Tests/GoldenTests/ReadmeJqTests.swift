import Foundation
import Testing

/// The README's jq one-liners, run as typed on pp-extract's real output: documents that ask for payment,
/// one that asks for none, an error record from pp-ingest and one for an unreadable input line.
@Suite struct ReadmeJqTests {
    /// jq on the PATH, if installed.
    static let jq: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("jq") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    func results() throws -> (folder: URL, records: [[String: Any]]) {
        let golden = GoldenCase.repositoryRoot.appendingPathComponent("Tests/Golden/pp-extract")
        var input = Data()
        for name in ["auto-mixed-documents", "error-pass-through"] {
            input += try Data(contentsOf: golden.appendingPathComponent(name).appendingPathComponent("stdin"))
        }
        let run = try ToolRun.run(tool: "pp-extract", arguments: [], stdin: input)
        #expect(run.status == 3)  // the error records
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-readme-jq-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try run.stdout.write(to: folder.appendingPathComponent("results.jsonl"))
        let records = try String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (folder, records)
    }

    static func readmeOneLiners() throws -> [String] {
        let readme = try String(
            contentsOf: GoldenCase.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.split(separator: "\n").filter { $0.hasPrefix("    jq ") }.map {
            // The command without its comment.
            let line = String($0.dropFirst(4))
            guard let hash = line.range(of: "  # ") else { return line }
            return String(line[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func theOneLinersWorkOnEveryRecord() throws {
        let lines = try Self.readmeOneLiners()
        #expect(lines.contains { $0.contains(".best.amount") })
        #expect(lines.count >= 4)
        let (folder, records) = try results()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kinds = records.map { "\($0["kind"] ?? "")/\($0["state"] ?? "")" }
        #expect(kinds.contains("document/processed") && kinds.contains("page/error") && kinds.contains("error/error"))
        #expect(records.contains { $0["payment_expected"] as? Bool == false })
        guard Self.jq != nil else {
            // Without jq: the same paths on the records, as jq reads them (a missing key is null).
            for r in records {
                let best = r["best"] as? [String: Any]
                #expect(best == nil || best!["amount"] is String || best!["amount"] is NSNull)
                #expect(r["kind"] as? String != "document" || best?["needs_review"] is [Any])
            }
            return
        }
        for line in lines {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", line]
            p.currentDirectoryURL = folder
            let out = Pipe()
            let err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(line): \(errors)")
            #expect(errors.isEmpty, "\(line)")
            if line.hasPrefix("jq -r '.best.amount") {
                let values = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(values.count == records.count, "\(line)")
                #expect(values.contains("418.36"))
            }
        }
    }
}
