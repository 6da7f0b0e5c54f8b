import Foundation
import PPShared
import Testing

@testable import Assets

/// pp-extract and pp-cardcheck read an installed set before what shipped, name it in --version, and say
/// in their records which asset version produced them; with no set they behave exactly as shipped.
@Suite("the tools read the active asset set", .serialized)
struct ToolsReadAssetsTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden").path

    static func tool(_ name: String, _ arguments: [String], stdin: String, assets: String) throws -> (out: String, status: Int32)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RunningTool.executable).deletingLastPathComponent()
            .appendingPathComponent(name)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: golden).deletingLastPathComponent().deletingLastPathComponent()
        var env = ProcessInfo.processInfo.environment
        env["PP_ASSETS_DIR"] = assets
        env["OMP_THREAD_LIMIT"] = "1"
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test("pp-extract: a profile from the set is used, and its document records carry the set's version")
    func extract() throws {
        let f = try AssetsFixture()
        let stdin = try String(contentsOfFile: Self.golden + "/pp-extract/at-zahlungsanweisung/stdin", encoding: .utf8)
        let shipped = try Self.tool("pp-extract", ["--profile", "at"], stdin: stdin, assets: f.installed)
        #expect(!shipped.out.contains("\"assets\""))
        // The set adds a profile of its own ("at" under another name).
        let profile = try String(contentsOfFile: Self.golden + "/../../Sources/Extract/Profiles/at.json", encoding: .utf8)
        try f.publish(["profiles/at-bank.json": Array(profile.replacingOccurrences(of: "\"at\"", with: "\"at-bank\"").utf8)])
        try f.serve()
        #expect(try f.run(["update"]).status == 0)
        let withSet = try Self.tool("pp-extract", ["--profile", "at-bank"], stdin: stdin, assets: f.installed)
        #expect(withSet.status == 0)
        let record = try JSON.parse(String(withSet.out.split(separator: "\n").first ?? ""))
        #expect(record["assets"]?.intValue == 1 && record["profile"]?.stringValue == "at-bank")
        let version = try Self.tool("pp-extract", ["--version"], stdin: "", assets: f.installed)
        #expect(version.out.contains("assets version 1"))
        // After a reset, the shipped data again: the set's profile is gone.
        #expect(try f.run(["reset"]).status == 0)
        let reset = try Self.tool("pp-extract", ["--profile", "at-bank"], stdin: stdin, assets: f.installed)
        #expect(reset.status == 2)
    }

    @Test("pp-ocr: tesseract's data from the set, named in each page's ocr object")
    func ocr() throws {
        let system = "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"
        let f = try AssetsFixture()
        try f.publish(["tessdata/eng.traineddata": Array(try #require(FileManager.default.contents(atPath: system)))])
        try f.serve()
        #expect(try f.run(["update"]).status == 0)
        let page = try String(contentsOfFile: Self.golden + "/pp-ocr/cyrillic-png/stdin", encoding: .utf8)
        let withSet = try Self.tool("pp-ocr", ["--lang", "eng"], stdin: page, assets: f.installed)
        let record = try JSON.parse(String(withSet.out.split(separator: "\n").first ?? ""))
        #expect(record["ocr"]?["assets"]?.intValue == 1, "\(withSet.out.prefix(300))")
        let shipped = try Self.tool("pp-ocr", ["--lang", "eng"], stdin: page, assets: "none")
        #expect(shipped.status == 0 && !shipped.out.contains("\"assets\""))
    }

    @Test("pp-cardcheck: card types from the set are applied, and card records carry the set's version")
    func cardcheck() throws {
        let f = try AssetsFixture()
        let types = try String(
            contentsOfFile: Self.golden + "/pp-cardcheck/15-custom-card-types/types.json", encoding: .utf8)
        try f.publish(["cards/card-types.json": Array(types.utf8)])
        try f.serve()
        #expect(try f.run(["update"]).status == 0)
        let card = #"{"number":"9999000000000004"}"# + "\n"
        let shipped = try Self.tool("pp-cardcheck", ["--today", "2026-11-29"], stdin: card, assets: "none")
        #expect(shipped.out.contains("\"status\":\"invalid\"") && !shipped.out.contains("\"assets\""))
        let withSet = try Self.tool("pp-cardcheck", ["--today", "2026-11-29"], stdin: card, assets: f.installed)
        #expect(withSet.out.contains("\"brand\":\"privatelabel\"") && withSet.out.contains("\"assets\":1"))
    }
}
