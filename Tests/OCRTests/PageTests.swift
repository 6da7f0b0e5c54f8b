import Foundation
import PPShared
import PixImage
import Testing

@testable import OCR

/// OCR of real pages: deskew, orientation, EXIF, the time limit. Each test reads one or two pages.
@Suite("OCR of pages")
struct PageTests {
    static let invoice = "samples/photos/de-hosting-rechnung.png"

    @Test func deskewStraightensATurnedPage() throws {
        let folder = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try PixImage.read(path: Fixture.path(Self.invoice), frame: nil)
        let before = try #require(original.findSkew()).degrees
        let turned = folder.appendingPathComponent("turned.png").path
        #expect(original.rotated(degrees: 3).write(path: turned))

        let out = PageOCR(options: try Fixture.options("deu+eng")).process(Fixture.page(turned, dpi: 150))
        let applied = try #require(out["ocr"]?["deskew_degrees"]?.doubleValue)
        // Turned 3 degrees clockwise on top of the photo's own skew: straightening undoes both.
        #expect(abs(applied - (before - 3)) < 0.3, "deskew \(applied), photo's own skew \(before)")
        let text = Fixture.text(out)
        #expect(text.contains("RE-2026-1187"))
        #expect(text.contains("DE21 7015 0000 1004 3872 61"))
        // Boxes are in points of the 150-dpi page: inside 595 x 842.
        for line in out["lines"]?.arrayValue ?? [] {
            let box = (line["box"]?.arrayValue ?? []).compactMap(\.doubleValue)
            #expect(box.count == 4 && box[0] >= 0 && box[2] <= 596 && box[3] <= 842 && box[0] <= box[2] && box[1] <= box[3])
        }
    }

    @Test func aPhotoTurnedTwelveDegreesIsStraightened() throws {
        // Beyond leptonica's default ±7 degree search: a bill lying askew on a desk.
        let folder = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try PixImage.read(path: Fixture.path(Self.invoice), frame: nil)
        let before = try #require(original.findSkew()).degrees
        let turned = folder.appendingPathComponent("askew.png").path
        #expect(original.rotated(degrees: 12).write(path: turned))
        let out = PageOCR(options: try Fixture.options("deu+eng")).process(Fixture.page(turned, dpi: 150))
        let applied = try #require(out["ocr"]?["deskew_degrees"]?.doubleValue)
        #expect(abs(applied - (before - 12)) < 0.5, "deskew \(applied), photo's own skew \(before)")
        // (Turning the same-size image cut its corners off: text from the middle of the page.)
        #expect(Fixture.text(out).contains("Rechnungsdatum: 02.03.2026"))
    }

    @Test func smallSkewIsLeftAloneAndDeskewCanBeOff() throws {
        let off = PageOCR(
            options: try Fixture.options {
                $0.deskew = false
                $0.givenDPI = 200
            })
        // pp-ingest assumed 150 dpi; --dpi 200 tells tesseract better, while boxes stay in the record's geometry.
        let page = Fixture.page(
            Fixture.path("samples/photos/rs-telekom-latin-2p.tiff"), frame: 1, dpi: 150,
            extra: [
                "image": [
                    "path": .string(Fixture.path("samples/photos/rs-telekom-latin-2p.tiff")), "frame": 1, "dpi": 150,
                    "dpi_assumed": true,
                ]
            ])
        let out = off.process(page)
        #expect(out["ocr"]?["deskew_degrees"] == 0)
        #expect(out["ocr"]?["dpi"] == 200)
        #expect(out["size"] == .box([595.68, 841.92]))
        #expect(out["text_source"] == "ocr")
        #expect(Fixture.text(out).contains("687711063219"))
    }

    @Test func forceReadsAPageWithATextLayerAgain() throws {
        let layer: JSON = [["text": "from the PDF", "box": [1, 2, 3, 4], "words": []]]
        var record = Fixture.page(Fixture.path(Self.invoice), dpi: 150, extra: ["lines": layer, "customer_id": 9])
        record["text_source"] = "pdf"
        #expect(PageOCR(options: try Fixture.options()).process(record) == record)
        let forced = PageOCR(options: try Fixture.options("deu+eng") { $0.force = true }).process(record)
        #expect(forced["text_source"] == "ocr")
        #expect(forced["customer_id"] == 9)
        #expect(forced["lines"] != layer)
        #expect(Fixture.text(forced).contains("Isarnetz Hosting GmbH"))
    }

    @Test func rotatePagesTurnsUpsideDownAndSidewaysPages() throws {
        let folder = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try PixImage.read(path: Fixture.path(Self.invoice), frame: nil)
        let upsideDown = folder.appendingPathComponent("upside-down.png").path
        let sideways = folder.appendingPathComponent("sideways.png").path
        #expect(original.rotatedClockwise(quarterTurns: 2).write(path: upsideDown))
        #expect(original.rotatedClockwise(quarterTurns: 1).write(path: sideways))

        let ocr = PageOCR(options: try Fixture.options("deu+eng") { $0.rotatePages = true })
        let flipped = ocr.process(Fixture.page(upsideDown, dpi: 150, extra: ["size": .box([595.2, 841.92])]))
        #expect(flipped["ocr"]?["rotation"] == 180)
        #expect(try #require(flipped["ocr"]?["rotation_conf"]?.doubleValue) >= 2)
        #expect(Fixture.text(flipped).contains("Rechnungsnummer"))
        #expect(flipped["size"] == .box([595.2, 841.92]))

        let turned = ocr.process(Fixture.page(sideways, dpi: 150, extra: ["size": .box([841.92, 595.2])]))
        #expect(turned["ocr"]?["rotation"] == 270)
        #expect(Fixture.text(turned).contains("Rechnungsnummer"))
        // Boxes are in the upright page, so its size is given upright too.
        #expect(turned["size"] == .box([595.2, 841.92]))
    }

    @Test func exifOrientationOfAPhotoIsApplied() throws {
        let folder = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try PixImage.read(path: Fixture.path(Self.invoice), frame: nil)
        // A camera stores the pixels turned and says "turn 90 degrees clockwise to show" (EXIF orientation 6).
        let stored = folder.appendingPathComponent("stored.jpg")
        #expect(original.rotatedClockwise(quarterTurns: 3).write(path: stored.path, jpeg: true))
        var bytes = [UInt8](try Data(contentsOf: stored))
        let exif: [UInt8] =
            Array("Exif\0\0".utf8) + [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00]
            + [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00] + [0, 0, 0, 0]
        bytes.insert(contentsOf: [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif, at: 2)
        let photo = folder.appendingPathComponent("photo.jpg")
        try Data(bytes).write(to: photo)

        let shown = try PixImage.read(path: photo.path, frame: nil)
        #expect(shown.width == original.width && shown.height == original.height)
        let out = PageOCR(options: try Fixture.options("deu+eng")).process(Fixture.page(photo.path, dpi: 150))
        #expect(Fixture.text(out).contains("Rechnungsnummer"))
    }

    @Test func pageOverTheTimeLimitBecomesAnErrorRecordAndTheRunGoesOn() throws {
        let folder = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let noise = folder.appendingPathComponent("noise.png").path
        #expect(Fixture.noise(width: 1400, height: 2000, seed: 7).write(path: noise))

        let ocr = PageOCR(options: try Fixture.options { $0.pageTimeout = 0.2 })
        var runner: PageRunner?
        let started = Date()
        let out = ocr.process(Fixture.page(noise, extra: ["page": 4, "source": "scans/noise.pdf"]), runner: &runner)
        let elapsed = Date().timeIntervalSince(started)
        #expect(out["state"] == "error")
        #expect(out["error"]?["code"] == "page_timeout")
        #expect(out["error"]?["message"]?.stringValue?.hasPrefix("page 4 of scans/noise.pdf") == true)
        #expect(elapsed < 2.5, "gave up after \(elapsed) s")
        // The next record is served (by a fresh runner when the old one was abandoned).
        let next: JSON = ["kind": "page", "text_source": "pdf"]
        #expect(ocr.process(next, runner: &runner) == next)
        let missing = ocr.process(Fixture.page("samples/photos/absent.png"), runner: &runner)
        #expect(missing["error"]?["code"] == "image_missing")
    }
}
