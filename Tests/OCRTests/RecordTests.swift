import Foundation
import JPEGMarkers
import PPShared
import Records
import Testing

@testable import OCR

@Suite("records, options and helpers (no OCR)")
struct RecordTests {
    @Test func passesThroughWhatNeedsNoOCR() throws {
        let ocr = PageOCR(options: try Fixture.options())
        let records: [JSON] = [
            ["kind": "page", "text_source": "pdf", "image": ["path": "nowhere.png"], "customer_id": 7],
            ["kind": "page", "text_source": "ocr", "lines": []],
            // A stand-alone XML e-invoice has no page to read.
            ["kind": "page", "media": "xml", "pages": 0, "attachments": [["path": "a.xml", "einvoice": "ubl"]]],
            ["kind": "document", "doc": "sha256:00"],
            ["kind": "page", "state": "error", "error": ["tool": "pp-ingest", "code": "pdf_damaged", "message": "x"]],
            ["something": ["else": [1, .number("2.50")]]],
        ]
        for record in records {
            #expect(ocr.process(record) == record)
        }
    }

    @Test func forceTakesPagesWithText() throws {
        let forced = PageOCR(options: try Fixture.options { $0.force = true })
        #expect(forced.needsOCR(["kind": "page", "text_source": "pdf"]))
        #expect(!forced.needsOCR(["kind": "page", "state": "error"]))
        #expect(!forced.needsOCR(["kind": "document"]))
        #expect(!forced.needsOCR(["kind": "page", "media": "xml", "pages": 0]))
    }

    @Test func missingAndBadImagesBecomeErrorRecords() throws {
        let ocr = PageOCR(options: try Fixture.options())
        func code(_ record: JSON) -> String? { ocr.process(record)["error"]?["code"]?.stringValue }
        #expect(code(Fixture.page("samples/photos/no-such-photo.jpg")) == "image_missing")
        #expect(code(Fixture.page(Fixture.path("samples/truth.jsonl"))) == "image_unreadable")
        #expect(code(Fixture.page(Fixture.path("samples/special/damaged-truncated.pdf"))) == "image_unreadable")
        #expect(code(Fixture.page(Fixture.path("samples/photos/en-nl-saas.jpg"), frame: 1)) == "image_frame")
        #expect(code(Fixture.page(Fixture.path("samples/photos/rs-telekom-latin-2p.tiff"), frame: 2)) == "image_frame")
        #expect(code(["kind": "page", "text_source": nil, "page": 3, "source": "a.pdf"]) == "no_image")

        let failed = ocr.process(Fixture.page("samples/photos/no-such-photo.jpg", extra: ["customer_id": "c-1"]))
        #expect(failed["state"] == "error")
        #expect(failed["customer_id"] == "c-1")
        #expect(failed["error"]?["tool"] == "pp-ocr")
        #expect(failed["error"]?["message"]?.stringValue?.contains("samples/photos/no-such-photo.jpg") == true)
    }

    @Test func imageErrorsOfARenderedPageNameTheDocument() throws {
        let ocr = PageOCR(options: try Fixture.options())
        let raster = Fixture.page(".pp-work/0123/p3-300dpi-gray.png", extra: ["source": "scans/a.pdf", "page": 3])
        let message = ocr.process(raster)["error"]?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("page 3 of scans/a.pdf: cannot open image '.pp-work/0123/p3-300dpi-gray.png'"))
    }

    @Test func truncatedImageIsAnErrorRecord() throws {
        let folder = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("samples/photos/de-hosting-rechnung.png")))
        let cut = folder.appendingPathComponent("cut.png")
        try whole.prefix(whole.count / 3).write(to: cut)
        let out = PageOCR(options: try Fixture.options()).process(Fixture.page(cut.path))
        #expect(out["error"]?["code"] == "image_unreadable")
    }

    @Test func resolutionComesFromRecordThenFileThenFallback() {
        #expect(PageOCR.resolution(record: 200, file: 300, fallback: 150) == 200)
        #expect(PageOCR.resolution(record: nil, file: 300, fallback: 150) == 300)
        #expect(PageOCR.resolution(record: 0, file: 72, fallback: 150) == 150)
        #expect(PageOCR.resolution(record: nil, file: 1, fallback: 300) == 300)
    }

    @Test func languagesAreCheckedAgainstInstalledData() throws {
        let tessdata = try Tessdata.locate()
        #expect(tessdata.languages.contains("eng"))
        #expect(!tessdata.languages.contains("osd"))
        try tessdata.validate("eng")
        try tessdata.validate("srp_latn+deu+eng")
        do {
            try tessdata.validate("eng+klingon")
            Issue.record("an unknown language was accepted")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.message.contains("'klingon'"))
            #expect(error.message.contains("installed: "))
            #expect(error.message.contains("eng"))
        }
        #expect(throws: ToolError.self) { try tessdata.validate("eng++deu") }
        // A pack that is missing (hidden here) is named by its Debian package.
        let withoutHrv = Tessdata(
            directory: tessdata.directory, languages: tessdata.languages.filter { $0 != "hrv" }, hasOSD: tessdata.hasOSD)
        do {
            try withoutHrv.validate("hrv+eng")
            Issue.record("a missing language was accepted")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.message.contains("'hrv' is not installed (Debian: apt-get install tesseract-ocr-hrv;"))
        }
        #expect(throws: ToolError.self) { try Tessdata.locate(override: "/nonexistent-tessdata") }
    }

    @Test func describesPagesForMessages() {
        func described(_ record: JSON) -> String? { PageRecord(record).map(PageOCR.describe) }
        #expect(described(["page": 2, "source": "bills/a.pdf"]) == "page 2 of bills/a.pdf")
        #expect(described(["image": ["path": "x.png"]]) == "x.png")
        #expect(described([:]) == "page record")
    }

    @Test func readsEXIFOrientation() {
        // SOI, APP1 "Exif" with a little-endian TIFF header and IFD0 holding Orientation = 6, then SOS.
        let exif: [UInt8] =
            Array("Exif\0\0".utf8) + [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00]
            + [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00] + [0, 0, 0, 0]
        let length = exif.count + 2
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif + [0xFF, 0xDA, 0, 2]
        #expect(JPEGHeader(jpeg)?.orientation == 6)
        #expect(JPEGHeader([0xFF, 0xD8, 0xFF, 0xDA, 0, 2])?.orientation == 1)  // no EXIF: upright
        #expect(JPEGHeader(Array("not a jpeg".utf8)) == nil)
        // Big-endian variant.
        let motorola: [UInt8] =
            Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01]
            + [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x03, 0x00, 0x00] + [0, 0, 0, 0]
        #expect(JPEGHeader([0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(motorola.count + 2)] + motorola)?.orientation == 3)
    }

    @Test func enginesAreCreatedAndFreedRepeatedly() throws {
        let tessdata = try Tessdata.locate()
        for _ in 0..<3 {
            let engine = try TesseractEngine(languages: "eng+deu", datapath: tessdata.directory, pageSegMode: 3)
            #expect(engine.languages == "eng+deu")
        }
        #expect(throws: ToolError.self) {
            _ = try TesseractEngine(languages: "nonexistent", datapath: tessdata.directory, pageSegMode: 3)
        }
        #expect(TesseractEngine.version.hasPrefix("5."))
    }
}
