import CCairo
import Foundation
import PPShared
import Testing

@testable import Review

/// The review site: what it holds for each document, that nothing from a document can become markup, and
/// that a large queue is written quickly.
@Suite struct ReviewSiteTests {
    /// A fresh folder below the system's temporary folder, removed by the caller.
    static func folder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "/pp-review-tests-" + name + "-" + String(getpid())
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    /// A white page picture for a 600 x 800 pt page, as pp-ingest's thumbnail `width` pixels wide would be.
    static func picture(in folder: String, width: Int = 300) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/thumb\(width).png"
        try #require(CairoPicture(width: width, height: width * 4 / 3)).writePNG(to: path)
        return path
    }

    static func document(source: String, payee: String = "Acme GmbH", thumbnail: String?, confidence: Int = 1900) -> JSON {
        var view: [String: JSON] = ["page": 1, "size": [600, 800]]
        if let thumbnail { view["thumbnail"] = ["path": .string(thumbnail), "width": 300, "height": 400] }
        let candidate: (String, [JSON]) -> JSON = { value, box in
            ["value": .string(value), "display": .string(value), "confidence": .int(confidence), "page": 1, "box": .array(box)]
        }
        return [
            "kind": "document", "state": "processed", "source": .string(source), "doc": "sha256:ab", "pages": 1,
            "payment_expected": true,
            "best": ["needs_review": confidence >= 1500 ? [] : ["account"]],
            "candidates": [
                "account": [candidate("AT611904300234573201", [100, 200, 300, 212])],
                "payee": [candidate(payee, [100, 100, 200, 112])],
                "amount": [candidate("12.30", [400, 300, 450, 312])],
            ],
            "page_views": [.object(view)],
        ]
    }

    @Test func statesFollowTheRecords() {
        #expect(ReviewEntry(number: 1, record: Self.document(source: "a.pdf", thumbnail: nil)).state == .processed)
        #expect(
            ReviewEntry(number: 1, record: Self.document(source: "a.pdf", thumbnail: nil, confidence: 900)).state
                == .needsReview)
        var nopay = Self.document(source: "a.pdf", thumbnail: nil)
        nopay["payment_expected"] = false
        #expect(ReviewEntry(number: 1, record: nopay).state == .noPayment)
        let failed: JSON = ["kind": "page", "state": "error", "source": "b.pdf", "error": ["message": "damaged"]]
        #expect(ReviewEntry(number: 2, record: failed).state == .error)
    }

    @Test func everyResultIsListedAndPageRecordsAreSkipped() throws {
        let dir = Self.folder("input")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let lines = [
            Self.document(source: "a.pdf", thumbnail: nil).encoded(),
            #"{"kind":"page","source":"a.pdf","page":1}"#,
            "not json",
            #"{"kind":"page","source":"b.pdf","state":"error","error":{"message":"damaged"}}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: dir + "/results.jsonl"))
        let entries = try ReviewInput.read(dir + "/results.jsonl")
        #expect(entries.map(\.state) == [.processed, .error, .error])
        #expect(entries.map(\.number) == [1, 2, 3])
        #expect(entries[1].record.error?.message?.contains("line 3") == true)
        #expect(entries[2].source == "b.pdf")
    }

    @Test func aScriptInAPayeeStaysText() throws {
        let dir = Self.folder("escape")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let payee = "<script>alert('pp')</script><img src=x onerror=alert(1)>"
        let entries = [ReviewEntry(number: 1, record: Self.document(source: "<b>bill</b>.pdf", payee: payee, thumbnail: nil))]
        let report = try SiteWriter(folder: dir + "/site").write(entries)
        #expect(report.documents == 1 && report.missing.count == 1)  // no picture named: said, not fatal
        let data = try String(contentsOfFile: dir + "/site/data/docs-0.js", encoding: .utf8)
        let index = try String(contentsOfFile: dir + "/site/data/index.js", encoding: .utf8)
        for text in [data, index] { #expect(!text.contains("<")) }
        #expect(data.contains("\\u003cscript>alert('pp')\\u003c/script>"))
        // The value survives whole: the data decode back to the payee as written.
        let json = String(data.dropFirst("ppReview.documents(".count).dropLast(3))
        let decoded = try #require(try JSON.parse(json).arrayValue?.first)
        #expect(decoded["fields"]?["payee"]?.arrayValue?.first?["value"]?.stringValue == payee)
        // The script writes document text only as text: no HTML parsing anywhere.
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            #expect(!SiteScript.source.contains(sink), "review.js uses \(sink)")
        }
    }

    @Test func aFolderWithOtherFilesIsNotOverwritten() throws {
        let dir = Self.folder("foreign")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        #expect(throws: ToolError.self) { try SiteWriter(folder: dir).write([]) }
        #expect(try String(contentsOfFile: dir + "/notes.txt", encoding: .utf8) == "mine")
        // An earlier site is replaced, and what it had more is removed.
        let site = dir + "/site"
        let thumb = try Self.picture(in: dir)
        let many = (1...60).map { ReviewEntry(number: $0, record: Self.document(source: "\($0).pdf", thumbnail: thumb)) }
        _ = try SiteWriter(folder: site).write(many)
        #expect(FileManager.default.fileExists(atPath: site + "/data/docs-1.js"))
        _ = try SiteWriter(folder: site).write([ReviewEntry(number: 1, record: Self.document(source: "1.pdf", thumbnail: nil))])
        #expect(FileManager.default.fileExists(atPath: site + "/index.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site + "/data").sorted() == ["docs-0.js", "index.js"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: site + "/img").isEmpty)
    }

    @Test func eachPictureIsCopiedOnce() throws {
        let dir = Self.folder("pictures")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let thumb = try Self.picture(in: dir)
        let entries = (1...3).map { ReviewEntry(number: $0, record: Self.document(source: "\($0).pdf", thumbnail: thumb)) }
        let report = try SiteWriter(folder: dir + "/site").write(entries)
        #expect(report.pictures == 1 && report.missing.isEmpty)
        let data = try String(contentsOfFile: dir + "/site/data/docs-0.js", encoding: .utf8)
        #expect(data.contains("\"path\":\"img/1.png\""))
        #expect(FileManager.default.fileExists(atPath: dir + "/site/img/1.png"))
    }

    /// The issue's bound: a site for 1,000 documents in under 10 s (each with its own picture).
    @Test func aThousandDocumentsAreWrittenQuickly() throws {
        let dir = Self.folder("thousand")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let thumb = try Self.picture(in: dir)
        var entries: [ReviewEntry] = []
        for n in 1...1000 {
            let own = dir + "/t\(n).png"
            try FileManager.default.copyItem(atPath: thumb, toPath: own)
            entries.append(ReviewEntry(number: n, record: Self.document(source: "bills/\(n).pdf", thumbnail: own)))
        }
        let start = Date()
        let report = try SiteWriter(folder: dir + "/site").write(entries)
        let seconds = Date().timeIntervalSince(start)
        #expect(report.documents == 1000 && report.pictures == 1000)
        #expect(seconds < 10, "1,000 documents took \(seconds) s")
        print("review site for 1,000 documents written in \(seconds) s")
    }

    @Test func pngsHaveTheBoxesInTheirColours() throws {
        let dir = Self.folder("png")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let thumb = try Self.picture(in: dir, width: 1200)
        let entries = [
            ReviewEntry(number: 1, record: Self.document(source: "bills/a b.pdf", thumbnail: thumb)),
            ReviewEntry(number: 2, record: Self.document(source: "low.pdf", thumbnail: thumb, confidence: 700)),
        ]
        let report = try BoxedPages(folder: dir + "/png").write(entries)
        #expect(report.written == ["1-a_b.pdf-p1.png", "2-low.pdf-p1.png"] && report.missing.isEmpty)
        // 1200 px for 600 pt: two pixels per point. The account's box [100,200,300,212] is drawn 1 pt
        // outside it, 1.2 pt wide: its left edge covers x = 197.8 to 200.2 px.
        for (name, expected) in [("1-a_b.pdf-p1.png", (0.10, 0.50, 0.22)), ("2-low.pdf-p1.png", (0.77, 0.19, 0.19))] {
            let drawn = try #require(CairoPicture(taking: cairo_image_surface_create_from_png(dir + "/png/" + name)))
            #expect(drawn.width == 1200 && drawn.height == 1600)
            let pixel = Self.pixel(drawn, x: 198, y: 412)
            #expect(abs(pixel.0 - expected.0) < 0.25 && abs(pixel.1 - expected.1) < 0.25 && abs(pixel.2 - expected.2) < 0.25)
            let inside = Self.pixel(drawn, x: 500, y: 412)
            #expect(inside == (1, 1, 1))
        }
    }

    @Test func numbersEditedByHandDrawNothingWrong() throws {
        let dir = Self.folder("hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let thumb = try Self.picture(in: dir)
        var record = Self.document(source: "a.pdf", thumbnail: thumb)
        record["page_views"] = [
            ["page": 1, "size": [0, -5], "rotation": 45, "deskew_degrees": 400, "thumbnail": ["path": .string(thumb)]]
        ]
        record["candidates"] = [
            "account": [["value": "X", "confidence": 1900, "page": 1, "box": [5, 5, 1]]],
            "amount": [["value": "1.00", "confidence": 1900, "page": "one", "box": [10, 10, 5, 5]]],
        ]
        let entry = ReviewEntry(number: 1, record: record)
        let page = try #require(entry.pageData(pictures: [nil])["pages"]?.arrayValue?.first)
        #expect(page["size"] == .null && page["rotation"] == 0 && page["deskew_degrees"] == 0)
        #expect(entry.candidates("account").first?["box"] == .null && entry.candidates("amount").first?["page"] == .null)
        let report = try BoxedPages(folder: dir + "/png").write([entry])
        #expect(report.written == ["1-a.pdf-p1.png"])  // drawn on the picture's own size, without the boxes
    }

    static func pixel(_ picture: CairoPicture, x: Int, y: Int) -> (Double, Double, Double) {
        let stride = Int(cairo_image_surface_get_stride(picture.surface))
        let data = cairo_image_surface_get_data(picture.surface)!
        let word = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: x + 1) { $0[x] }
        return (Double((word >> 16) & 0xFF) / 255, Double((word >> 8) & 0xFF) / 255, Double(word & 0xFF) / 255)
    }
}
