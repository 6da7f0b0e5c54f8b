import Testing

@testable import PPShared

@Suite("argument parser")
struct ArgumentsTests {
    let spec = CommandSpec(
        name: "pp-test", summary: "test tool", usage: ["pp-test [FILE…]"],
        options: [
            .flag("raster", short: "r", help: "rasterize"),
            .value("jobs", short: "j", "N", help: "workers"),
            .value("lang", "LANGS", help: "languages"),
            .value("ops", "OP", help: "operations", repeatable: true),
        ],
        examples: [("pp-test a.pdf", "process a.pdf")])

    @Test("long, short, attached, inline and repeated forms")
    func forms() throws {
        let args = try ParsedArguments.parse(
            ["a.pdf", "--raster", "-j2", "--lang=deu+eng", "--ops", "x", "--ops", "y", "-", "--", "--raster"], spec: spec)
        #expect(args.has("raster"))
        #expect(args.value("jobs") == "2")
        #expect(args.value("lang") == "deu+eng")
        #expect(args.all("ops") == ["x", "y"])
        #expect(args.operands == ["a.pdf", "-", "--raster"])
    }

    @Test("options and operands in command-line order, for tools whose options are steps")
    func ordered() throws {
        let args = try ParsedArguments.parse(["--ops", "x", "a.pdf", "-rj2", "--ops=y", "--", "-z"], spec: spec)
        #expect(
            args.ordered.map { "\($0.option ?? "_")=\($0.value ?? "")" } == [
                "ops=x", "_=a.pdf", "raster=", "jobs=2", "ops=y", "_=-z",
            ])
    }

    @Test(
        "bad command lines are usage errors",
        arguments: [["--nope"], ["-x"], ["--jobs"], ["--raster=yes"], ["--jobs", "1", "--jobs", "2"]])
    func usageErrors(_ arguments: [String]) {
        #expect(throws: ToolError.self) { try ParsedArguments.parse(arguments, spec: spec) }
    }

    @Test("integer options are range-checked")
    func integers() throws {
        let args = try ParsedArguments.parse(["--jobs", "0"], spec: spec)
        #expect(throws: ToolError.self) { try args.int("jobs", default: 1, in: 1...64) }
        #expect(try ParsedArguments.parse([], spec: spec).int("jobs", default: 3, in: 1...64) == 3)
    }

    @Test("help lists every option, the examples and the exit statuses")
    func help() {
        let text = spec.helpText
        for needle in [
            "--raster", "-j, --jobs N", "--lang LANGS", "--help", "--version", "Examples:", "pp-test a.pdf", "Exit status:",
            "3  finished",
        ] {
            #expect(text.contains(needle), "help lacks \(needle)")
        }
    }
}
