import Foundation

/// A temporary batch for scripts/pp-batch: an input folder of born-digital sample PDFs (no OCR, so a run
/// takes about a second) under awkward names, a results folder, and a folder of the pp tools in which one
/// tool can be replaced by a wrapper that dies half way through one file (fault injection).
struct BatchFixture {
    let root: URL
    var input: URL { root.appendingPathComponent("in") }
    var output: URL { root.appendingPathComponent("out") }
    var bin: URL { root.appendingPathComponent("bin") }

    static let script = GoldenCase.repositoryRoot.appendingPathComponent("scripts/pp-batch")
    static let tools = ["pp-ingest", "pp-ocr", "pp-extract"]
    /// The file the fault-injecting wrapper fails on; sorted last (bytes), so a run with one job reaches it last.
    static let victim = "sub/c.PDF"

    /// The results a full run makes, as the bytes of their paths below the results folder.
    static let expectedResults: Set<[UInt8]> = [
        Array("-dash.pdf.jsonl".utf8), Array("a b.pdf.jsonl".utf8), Array("new\nline.pdf.jsonl".utf8),
        Array("caf".utf8) + [0xE9] + Array(".pdf.jsonl".utf8), Array("sub/c.PDF.jsonl".utf8),
    ]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("pp-batch-\(UUID().uuidString)")
        // Names with a leading dash, a space, a newline, a byte that is not UTF-8 (Latin-1 é), an upper-case
        // extension in a subfolder, and a file that is no input.
        try Self.shell(
            """
            set -e
            mkdir -p "$1/in/sub" "$1/bin"
            cp "$2/en-gb-supplies.pdf" "$1/in/-dash.pdf"
            cp "$2/at-webshop.pdf" "$1/in/a b.pdf"
            cp "$2/en-nl-saas.pdf" "$1/in/$(printf 'new\\nline.pdf')"
            cp "$2/de-hosting-rechnung.pdf" "$1/in/$(printf 'caf\\351.pdf')"
            cp "$2/at-hausverwaltung.pdf" "$1/in/sub/c.PDF"
            echo "not a bill" > "$1/in/notes.txt"
            """, root.path, GoldenCase.repositoryRoot.appendingPathComponent("samples/pdf").path)
        try installTools(victimTool: nil)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Fills bin/ with the real tools; `victimTool` (if any) dies by SIGKILL after 64 bytes of output on the
    /// victim file, or with `hang` writes 64 bytes and sleeps until it is killed from outside.
    func installTools(victimTool: String?, hang: Bool = false) throws {
        for tool in Self.tools {
            let real = GoldenCase.productsFolder.appendingPathComponent(tool).path
            var text = "#!/bin/bash\nreal='\(real)'\n"
            if tool == victimTool {
                let die = hang ? "exec sleep 60" : "kill -KILL $$"
                // pp-ingest sees the file in its arguments, the later tools in the records on stdin.
                text += """
                    if [[ "$*" == *c.PDF* ]]; then "$real" "$@" | head -c 64; \(die); fi
                    if [[ \(tool) != pp-ingest ]]; then
                      input=$(cat)
                      if [[ $input == *c.PDF* ]]; then printf '%s\\n' "$input" | "$real" "$@" | head -c 64; \(die); fi
                      printf '%s\\n' "$input" | exec "$real" "$@"
                    fi

                    """
            }
            text += "exec \"$real\" \"$@\"\n"
            let url = bin.appendingPathComponent(tool)
            try? FileManager.default.removeItem(at: url)
            try text.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
    }

    /// Runs pp-batch on this fixture's folders.
    func batch(_ extra: [String] = ["--jobs", "1"]) throws -> (status: Int32, stderr: String) {
        let run = try ToolRun.run(
            executable: Self.script, arguments: ["--bin", bin.path] + extra + [input.path, output.path], stdin: nil)
        return (run.status, String(decoding: run.stderr, as: UTF8.self))
    }

    /// The files below the results folder (page images left aside), as bytes of their relative paths,
    /// with their sizes.
    func results() throws -> [[UInt8]: Int] {
        let run = try Self.shell(
            #"cd "$1" 2>/dev/null || exit 0; find . -path ./.pp-work -prune -o -type f -printf '%s %P\0'"#, output.path)
        var found: [[UInt8]: Int] = [:]
        for entry in run.split(separator: 0) {
            guard let space = entry.firstIndex(of: 0x20), let size = Int(String(decoding: entry[..<space], as: UTF8.self))
            else { continue }
            found[Array(entry[(space + 1)...])] = size
        }
        return found
    }

    /// Makes an input newer than its result, as an edited file is.
    func touch(_ relative: String) throws {
        try Self.shell(#"touch -d '+1 minute' "$1""#, input.appendingPathComponent(relative).path)
    }

    /// Runs a bash script with arguments $1, $2, …; returns its stdout; a failure throws.
    @discardableResult
    static func shell(_ script: String, _ arguments: String...) throws -> Data {
        let run = try ToolRun.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script, "bash"] + arguments, stdin: nil)
        guard run.status == 0 else {
            throw BatchFixtureError(message: "bash failed (\(run.status)): \(String(decoding: run.stderr, as: UTF8.self))")
        }
        return run.stdout
    }
}

struct BatchFixtureError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
