import Foundation
import Testing

/// A file named on the command line whose name is not UTF-8 is read by its bytes, and shown with its odd
/// bytes escaped (`\xHH`), in every tool; Swift's `CommandLine.arguments` alone would name no file.
@Suite("operands whose names are not UTF-8")
struct OperandNameTests {
    /// Runs a built tool through bash, so that an argument can hold bytes that are not UTF-8: in `command`
    /// "$0" is the tool, "$1"… are `arguments`, and `$'\xE9'` spells such a byte.
    static func run(_ tool: String, _ command: String, _ arguments: String...) throws -> ToolRun {
        let path = GoldenCase.productsFolder.appendingPathComponent(tool).path
        return try ToolRun.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", "exec \"$0\" " + command, path] + arguments,
            stdin: nil)
    }

    static func error(_ record: [String: Any]?) -> (code: String?, message: String?) {
        let error = record?["error"] as? [String: Any]
        return (error?["code"] as? String, error?["message"] as? String)
    }

    @Test("pp-ingest reads a file and walks a folder named by such an operand; a missing one is an error record")
    func ingest() throws {
        let root = try FaultFolder.make("operand-names")
        defer { try? FileManager.default.removeItem(at: root) }
        let samples = GoldenCase.repositoryRoot.appendingPathComponent("samples").path
        try BatchFixture.shell(
            #"""
            set -e
            mkdir -p "$1/$(printf 'dir\351')"
            cp "$2/pdf/at-webshop.pdf" "$1/$(printf 'caf\351.pdf')"
            cp "$2/pdf/en-gb-supplies.pdf" "$1/$(printf 'dir\351')/plain.pdf"
            """#, root.path, samples)
        let work = root.appendingPathComponent("work").path
        let run = try Self.run(
            "pp-ingest", #"--work "$1" --no-codes "$2/"$'caf\xE9.pdf' "$2/"$'dir\xE9' "$2/"$'nope\xE9.pdf'"#, work,
            root.path)
        #expect(run.status == 3, "\(String(decoding: run.stderr, as: UTF8.self))")
        let out = IngestInputNameTests.records(run)
        let sources = out.map { $0["source"] as? String }
        let pages = out.filter { $0["source"] as? String == "\(root.path)/caf\\xE9.pdf" }
        #expect(!pages.isEmpty && pages.allSatisfy { $0["state"] == nil })
        #expect((pages.first?["lines"] as? [Any])?.isEmpty == false, "the PDF was not read")
        #expect(sources.contains("\(root.path)/dir\\xE9/plain.pdf"), "the folder was not walked")
        let missing = out.last
        #expect(missing?["source"] as? String == "\(root.path)/nope\\xE9.pdf")
        #expect(Self.error(missing).code == "not_found")
        #expect(Self.error(missing).message == "cannot open '\(root.path)/nope\\xE9.pdf': no such file or directory")
    }

    @Test("pp-extract reads a JSON Lines file given by such a name, as it reads one with a plain name")
    func extract() throws {
        let root = try FaultFolder.make("operand-names")
        defer { try? FileManager.default.removeItem(at: root) }
        let stdin = GoldenCase.repositoryRoot.appendingPathComponent("Tests/Golden/pp-extract/at-zahlungsanweisung/stdin")
        try BatchFixture.shell(#"cp "$2" "$1/$(printf 'p\351.jsonl')""#, root.path, stdin.path)
        let odd = try Self.run("pp-extract", #"--profile at "$1/"$'p\xE9.jsonl'"#, root.path)
        let plain = try Self.run("pp-extract", #"--profile at "$1""#, stdin.path)
        #expect(odd.status == 0, "\(String(decoding: odd.stderr, as: UTF8.self))")
        #expect(!odd.stdout.isEmpty)
        #expect(odd.stdout == plain.stdout)
    }

    @Test(
        "a missing file given by such a name is an error record that shows it escaped (exit 3)",
        arguments: [
            ("pp-extract", ""), ("pp-ocr", ""), ("pp-cardcheck", ""), ("pp-pages", "--ops"),
        ])
    func missing(tool: String, option: String) throws {
        let root = try FaultFolder.make("operand-names")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.run(tool, option + #" "$1/"$'q\xE9.jsonl'"#, root.path)
        #expect(run.status == 3)
        let out = IngestInputNameTests.records(run)
        #expect(out.count == 1)
        let shown = "\(root.path)/q\\xE9.jsonl"
        #expect(out.first?["input"] as? String == shown)
        #expect(Self.error(out.first).code == "not_found")
        #expect(Self.error(out.first).message == "cannot open '\(shown)': no such file or directory")
        #expect(String(decoding: run.stderr, as: UTF8.self).contains("cannot open '\(shown)'"))
    }

    @Test("pp-cardcheck reads a file given by such a name")
    func cardcheck() throws {
        let root = try FaultFolder.make("operand-names")
        defer { try? FileManager.default.removeItem(at: root) }
        try BatchFixture.shell(
            #"printf '{"number":"4111111111111111"}\n' > "$1/$(printf 'c\351.jsonl')""#, root.path)
        let run = try Self.run("pp-cardcheck", #""$1/"$'c\xE9.jsonl'"#, root.path)
        #expect(run.status == 0, "\(String(decoding: run.stderr, as: UTF8.self))")
        #expect(IngestInputNameTests.records(run).first?["status"] as? String == "valid")
    }
}
