import Foundation
import Testing

/// `--lang auto` (pp-ocr's default) as users run it, through the built tool: a page whose sample of lines
/// tells its language is read once, in that language, without OSD; a page whose first reading shows
/// another language is read again in it; the record says which language was found, from what, and
/// whether the page was read again.
@Suite("--lang auto through the built pp-ocr")
struct AutoLanguageRunTests {
    /// The "ocr" object pp-ocr writes for one page record.
    static func ocr(_ record: String) throws -> [String: Any] {
        let run = try ToolRun.run(tool: "pp-ocr", arguments: [], stdin: Data((record + "\n").utf8))
        #expect(run.status == 0, "\(String(decoding: run.stderr, as: UTF8.self))")
        let out = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        return try #require(out["ocr"] as? [String: Any])
    }

    @Test("an English scan is read once, with eng, and OSD is not run")
    func englishScanIsReadOnce() throws {
        // A scan: the page as pp-ingest renders it, without its text layer.
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("pp-auto-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let ingest = try ToolRun.run(
            tool: "pp-ingest", arguments: ["--raster", "--work", work.path, "samples/pdf/en-be-logistics.pdf"], stdin: nil)
        #expect(ingest.status == 0)
        var page = try #require(try JSONSerialization.jsonObject(with: ingest.stdout) as? [String: Any])
        page["text_source"] = NSNull()
        page["lines"] = nil
        let record = String(decoding: try JSONSerialization.data(withJSONObject: page), as: UTF8.self)
        let ocr = try Self.ocr(record)
        #expect(ocr["lang"] as? String == "eng")
        #expect(ocr["detected"] as? String == "en")
        #expect(ocr["detected_from"] as? String == "sample")
        #expect(ocr["read_again"] as? Bool == false)
        #expect(ocr["first_pass"] == nil)
        #expect(ocr["script_conf"] == nil, "OSD ran: \(ocr)")
    }

    @Test("a Serbian photo whose sample tells no language is read with eng, then again with Serbian")
    func serbianPhotoIsReadAgain() throws {
        // The lines with the most words on this bill are a table of calls (dates, numbers): they tell no
        // language, so the page is read with its script's eng first, and its words then say Serbian.
        let ocr = try Self.ocr(
            #"{"kind":"page","page":1,"source":"samples/photos/rs-telekom-latin-2p.tiff","text_source":null,"image":{"path":"samples/photos/rs-telekom-latin-2p.tiff","frame":0}}"#
        )
        #expect(ocr["first_pass"] as? String == "eng")
        #expect(ocr["lang"] as? String == "srp_latn")
        #expect(ocr["detected"] as? String == "sr")
        #expect(ocr["detected_from"] as? String == "reading")
        #expect(ocr["read_again"] as? Bool == true)
    }
}
