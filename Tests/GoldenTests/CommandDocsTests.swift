import Foundation
import Testing

/// The man pages and shell completions the built tools write (`--help-man`, `--completion SHELL`) hold
/// every option their --help shows: bash's completion is run with COMP_WORDS set, fish's with
/// `complete -C`, zsh's is syntax-checked with `zsh -n`, and the man page is formatted by groff.
@Suite struct CommandDocsTests {
    /// A tool, or a subcommand with the words that lead to it.
    struct Table: CustomTestStringConvertible, Sendable {
        let tool: String
        let subcommand: String?
        var testDescription: String { ([tool] + (subcommand.map { [$0] } ?? [])).joined(separator: " ") }
        var words: [String] { subcommand.map { [$0] } ?? [] }
    }

    /// The tools of the Makefile's TOOLS (what `make deb` packages), each with the subcommands its man page
    /// has a section for: a new tool or subcommand is tested without a change here.
    static let tables: [Table] = {
        let makefile =
            (try? String(
                contentsOf: GoldenCase.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)) ?? ""
        let line = makefile.split(separator: "\n").first { $0.hasPrefix("TOOLS := ") } ?? ""
        var tables: [Table] = []
        for tool in line.dropFirst(9).split(separator: " ").map(String.init) {
            tables.append(Table(tool: tool, subcommand: nil))
            let page = (try? ToolRun.run(tool: tool, arguments: ["--help-man"], stdin: nil).stdout) ?? Data()
            for heading in String(decoding: page, as: UTF8.self).split(separator: "\n")
            where heading.hasPrefix(".SH \"") && heading.hasSuffix(" SUBCOMMAND\"") {
                let word = heading.dropFirst(5).dropLast(12).lowercased()
                tables.append(Table(tool: tool, subcommand: word))
            }
        }
        return tables
    }()

    @Test func theToolsAndSubcommandsAreAllFound() {
        let names = Self.tables.map(\.testDescription)
        for expected in ["pp-ingest", "pp-ocr", "pp-pages", "pp-cardcheck", "pp-extract eval", "pp-extract table"] {
            #expect(names.contains(expected), "\(expected) not among \(names)")
        }
    }

    /// A program of the system (bash, zsh, fish, groff) by its name on the PATH.
    static func program(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func output(_ tool: String, _ arguments: [String]) throws -> String {
        let run = try ToolRun.run(tool: tool, arguments: arguments, stdin: nil)
        #expect(run.status == 0, "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: run.stderr, as: UTF8.self))")
        return String(decoding: run.stdout, as: UTF8.self)
    }

    /// The option spellings of --help's "Options:" section: "-j", "--jobs", ...
    static func helpFlags(_ table: Table) throws -> [String] {
        let help = try output(table.tool, table.words + ["--help"])
        var flags: [String] = []
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "Options:" {
                inOptions = true
                continue
            }
            guard inOptions else { continue }
            if line.isEmpty { break }
            let label = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
            for word in label.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
                flags.append(String(word))
            }
        }
        return flags
    }

    /// Runs a shell script with `interpreter` and returns its stdout; a failure fails the test.
    static func shell(_ interpreter: URL, _ arguments: [String]) throws -> String {
        let run = try ToolRun.run(executable: interpreter, arguments: arguments, stdin: nil)
        #expect(run.status == 0, "\(interpreter.lastPathComponent): \(String(decoding: run.stderr, as: UTF8.self))")
        return String(decoding: run.stdout, as: UTF8.self)
    }

    static func scratchFile(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-command-docs-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test(arguments: tables) func theManPageNamesEveryOptionOfHelp(_ table: Table) throws {
        let flags = try Self.helpFlags(table)
        #expect(flags.contains("--help") && flags.count >= 3)
        let page = try Self.output(table.tool, ["--help-man"])
        for flag in flags {
            #expect(page.contains("\\fB" + flag.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "\(flag)")
        }
        if let sub = table.subcommand { #expect(page.contains(".SH \"\(sub.uppercased()) SUBCOMMAND\"")) }
        // groff formats it without a warning, and the page as read shows the options as typed.
        let groff = try #require(Self.program("groff"), "groff is needed (Debian: groff-base)")
        let file = try Self.scratchFile("\(table.tool).1", page)
        let run = try ToolRun.run(
            executable: groff, arguments: ["-man", "-Tutf8", "-P-cbou", "-ww", "-rLL=400n", "-rHY=0", file.path], stdin: nil,
            environment: ["LC_ALL": "C.UTF-8"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(String(decoding: run.stderr, as: UTF8.self))")
        let shown = String(decoding: run.stdout, as: UTF8.self)
        for flag in flags { #expect(shown.contains(flag), "\(flag) not shown") }
    }

    @Test(arguments: tables) func bashCompletesEveryOptionOfHelp(_ table: Table) throws {
        let flags = try Self.helpFlags(table)
        let script = try Self.scratchFile(table.tool + ".bash", try Self.output(table.tool, ["--completion", "bash"]))
        let words = ([table.tool] + table.words + ["-"]).joined(separator: " ")
        let function = "_" + table.tool.replacingOccurrences(of: "-", with: "_")
        let offered = try Self.shell(
            try #require(Self.program("bash")),
            [
                "-c",
                """
                source "$1"; complete -p \(table.tool) >/dev/null || exit 9
                COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); \(function); printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", script.path,
            ]
        ).split(separator: "\n").map(String.init)
        #expect(Set(flags).subtracting(offered).isEmpty, "bash does not offer \(Set(flags).subtracting(offered).sorted())")
        #expect(Set(offered).subtracting(flags).isEmpty, "bash offers what --help does not: \(Set(offered).subtracting(flags))")
    }

    @Test(arguments: tables) func fishCompletesEveryOptionOfHelp(_ table: Table) throws {
        let flags = try Self.helpFlags(table)
        let script = try Self.scratchFile(table.tool + ".fish", try Self.output(table.tool, ["--completion", "fish"]))
        let fish = try #require(Self.program("fish"), "fish is needed for this test (make deps installs it)")
        let line = ([table.tool] + table.words + ["-"]).joined(separator: " ")
        let offered = try Self.shell(fish, ["--no-config", "-c", "source $argv[1]; complete -C '\(line)'", script.path])
            .split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(Set(flags).subtracting(offered).isEmpty, "fish does not offer \(Set(flags).subtracting(offered).sorted())")
    }

    @Test(arguments: tables) func zshCompletionParsesAndNamesEveryOptionOfHelp(_ table: Table) throws {
        let flags = try Self.helpFlags(table)
        let text = try Self.output(table.tool, ["--completion", "zsh"])
        #expect(text.hasPrefix("#compdef \(table.tool)\n"))
        let script = try Self.scratchFile("_" + table.tool, text)
        let zsh = try #require(Self.program("zsh"), "zsh is needed for this test (make deps installs it)")
        _ = try Self.shell(zsh, ["-n", script.path])
        for flag in flags {
            let spelled = flag.hasPrefix("--") ? ["'\(flag)", "'*\(flag)"] : ["'\(flag)+", "'\(flag)[", "'*\(flag)"]
            #expect(spelled.contains { text.contains($0) }, "\(flag)")
        }
    }

    @Test func valuesWithFixedWordsCompleteToThem() throws {
        let script = try Self.scratchFile("pp-extract.bash", try Self.output("pp-extract", ["--completion", "bash"]))
        let offered = try Self.shell(
            try #require(Self.program("bash")),
            [
                "-c",
                """
                source "$1"; COMP_WORDS=(pp-extract table --format ''); COMP_CWORD=3; _pp_extract; printf '%s\\n' "${COMPREPLY[@]}"
                COMP_WORDS=(pp-extract ta); COMP_CWORD=1; _pp_extract; printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", script.path,
            ])
        #expect(offered == "text\ncsv\ntsv\ntable\n")
        let bad = try ToolRun.run(tool: "pp-ocr", arguments: ["--completion", "tcsh"], stdin: nil)
        #expect(bad.status == 2 && String(decoding: bad.stderr, as: UTF8.self).contains("bash, zsh or fish"))
    }
}
