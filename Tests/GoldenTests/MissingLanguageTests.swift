import Foundation
import Testing

/// An OCR language that is not installed stops pp-ocr (and a batch) at the start with the Debian package to
/// install: never an empty output with exit status 0.
@Suite("a missing OCR language fails loudly")
struct MissingLanguageTests {
    /// A tessdata folder that holds only eng and OSD (links to the installed ones), as on a machine with one
    /// language pack.
    static func englishOnly() throws -> URL {
        var folders: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"] { folders += [prefix, prefix + "/tessdata"] }
        folders += ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata"]
        let eng = try #require(
            folders.map { $0 + "/eng.traineddata" }.first { FileManager.default.fileExists(atPath: $0) },
            "eng.traineddata is not installed")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-tessdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["eng", "osd"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("\(name).traineddata").path,
                withDestinationPath: eng.replacingOccurrences(of: "/eng.traineddata", with: "/\(name).traineddata"))
        }
        return folder
    }

    static let page = Data(#"{"kind":"page","source":"a.png","image":{"path":"a.png","dpi":300}}"#.utf8 + [0x0A])

    @Test(
        "pp-ocr --lang names the package of each missing language and exits 2",
        arguments: [("hrv", "tesseract-ocr-hrv"), ("srp_latn+eng", "tesseract-ocr-srp-latn")])
    func namedLanguage(_ lang: String, _ package: String) throws {
        let tessdata = try Self.englishOnly()
        defer { try? FileManager.default.removeItem(at: tessdata) }
        for setting in [(["--tessdata", tessdata.path], [:]), ([], ["TESSDATA_PREFIX": tessdata.path])] {
            let run = try ToolRun.run(
                tool: "pp-ocr", arguments: setting.0 + ["--lang", lang], stdin: Self.page, environment: setting.1)
            let stderr = String(decoding: run.stderr, as: UTF8.self)
            #expect(run.status == 2)
            #expect(run.stdout.isEmpty)
            #expect(stderr.contains("apt-get install \(package)"), "\(stderr)")
            #expect(stderr.contains("installed: eng"))
        }
    }

    @Test("--lang auto without a language's pack still reads the page, and says which package is missing")
    func autoFallsBackQuietly() throws {
        let tessdata = try Self.englishOnly()
        defer { try? FileManager.default.removeItem(at: tessdata) }
        let image = GoldenCase.repositoryRoot.appendingPathComponent("Tests/Golden/pp-ocr/cyrillic-png")
        let stdin = try Data(contentsOf: image.appendingPathComponent("stdin"))
        let run = try ToolRun.run(tool: "pp-ocr", arguments: ["--tessdata", tessdata.path, "--lang", "auto"], stdin: stdin)
        #expect(run.status == 0)
        #expect(!run.stdout.isEmpty)
        #expect(String(decoding: run.stderr, as: UTF8.self).contains("apt-get install tesseract-ocr-srp"))
    }

    @Test("pp-batch checks the language once, before any file, and makes no result")
    func batch() throws {
        let tessdata = try Self.englishOnly()
        defer { try? FileManager.default.removeItem(at: tessdata) }
        let fixture = try BatchFixture()
        defer { fixture.remove() }
        let run = try ToolRun.run(
            executable: BatchFixture.script,
            arguments: ["--bin", fixture.bin.path, "--lang", "hrv", fixture.input.path, fixture.output.path], stdin: nil,
            environment: ["TESSDATA_PREFIX": tessdata.path])
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        #expect(run.status == 2)
        #expect(stderr.components(separatedBy: "tesseract-ocr-hrv").count == 2, "\(stderr)")
        #expect(try fixture.results().isEmpty)
    }
}
