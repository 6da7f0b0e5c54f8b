import CLeptonica
import Digest
import Foundation
import JPEGMarkers
import PDFRender
import PPShared
import PixImage
import Testing

@testable import Ingest

/// The repository root (tests read samples/ and Tests/Fixtures/ from it).
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("repository root not found")
}()

func repoPath(_ relative: String) -> String { repositoryRoot.appendingPathComponent(relative).path }

/// A fresh work folder per test, removed by the caller.
func scratchFolder() -> String {
    let path = NSTemporaryDirectory() + "pp-ingest-test-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func records(_ item: InputItem, options: IngestOptions) -> [JSON] {
    let worker = PageWorker(options: options)
    return Planner(options: options).plan(item).map { worker.run($0).json }
}

@Suite("text layer")
struct TextLayerTests {
    func layer(_ text: String, rects: [RawTextLayer.Rect]? = nil, fonts: [RawTextLayer.FontRun] = []) -> RawTextLayer {
        let scalars = Array(text.unicodeScalars)
        let boxes =
            rects
            ?? scalars.enumerated().map { i, _ in RawTextLayer.Rect(x0: Double(i) * 5, y0: 10, x1: Double(i) * 5 + 5, y1: 20) }
        return RawTextLayer(scalars: scalars, rects: boxes, fonts: fonts)
    }

    @Test func aWideGapWithoutASpaceStillEndsTheWord() {
        // "TOTAL" at the left, "9 346,30" right-aligned far away: poppler gave no space between them.
        let text = "TOTAL9 346,30"
        let rects = text.unicodeScalars.enumerated().map { i, _ -> RawTextLayer.Rect in
            let x = i < 5 ? Double(i) * 5 : 200 + Double(i - 5) * 5
            return RawTextLayer.Rect(x0: x, y0: 10, x1: x + 5, y1: 20)
        }
        let page = PageText(raw: layer(text, rects: rects), width: 600, height: 800)
        #expect(page.lines.map(\.text) == ["TOTAL 9 346,30"])
        #expect(page.lines[0].words[1].box == [200, 10, 205, 20])
    }

    @Test func wordsAreSplitOnSpacesAndLinesOnNewlines() {
        let text = PageText(raw: layer("IBAN AT61\nAmount 12,50"), width: 600, height: 800)
        #expect(text.lines.map(\.text) == ["IBAN AT61", "Amount 12,50"])
        #expect(text.lines[0].words.map(\.text) == ["IBAN", "AT61"])
        #expect(text.lines[0].words[1].box == [25, 10, 45, 20])
        #expect(text.lines[0].box == [0, 10, 45, 20])
        #expect(text.isUsable)
    }

    @Test func charactersOutsideThePageDoNotCount() {
        let rects = (0..<5).map { _ in RawTextLayer.Rect(x0: 700, y0: 10, x1: 705, y1: 20) }
        let text = PageText(raw: layer("hello", rects: rects), width: 600, height: 800)
        #expect(text.lines.isEmpty)
        #expect(!text.isUsable)
    }

    @Test func garbageTextIsNotUsable() {
        let text = PageText(raw: layer("\u{FFFD}\u{FFFD}\u{E001}\u{E002}\u{E003} ab"), width: 600, height: 800)
        #expect(!text.isUsable)
    }

    @Test func aFewStrayCharactersAreNotUsable() {
        #expect(!PageText(raw: layer("12"), width: 600, height: 800).isUsable)
        #expect(PageText(raw: layer("123"), width: 600, height: 800).isUsable)
    }

    @Test func glyphLessFontIsReportedAsPriorOCR() {
        let fonts = [RawTextLayer.FontRun(start: 0, end: 10, name: "GlyphLessFont", size: 10)]
        let text = PageText(raw: layer("scanned text", fonts: fonts), width: 600, height: 800)
        #expect(text.isUsable)
        #expect(text.isPriorOCR)
    }

    @Test func lineFontIsTheDominantOneAndWordsOnlyStateADifferentOne() {
        let fonts = [
            RawTextLayer.FontRun(start: 0, end: 5, name: "ABCDEF+DejaVuSans-Bold", size: 12),
            RawTextLayer.FontRun(start: 6, end: 30, name: "ABCDEF+DejaVuSans", size: 9),
        ]
        let text = PageText(raw: layer("Total: amount due now", fonts: fonts), width: 600, height: 800)
        let line = text.lines[0]
        #expect(line.font == "DejaVuSans")
        #expect(line.size == 9)
        #expect(line.words[0].font == "DejaVuSans-Bold")
        #expect(line.words[1].font == nil)
    }

    @Test func fastCoordinateTextEqualsJSONRounded() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.5, -0.05, 0.004, 0.005, 1.1, 33.23, 841.89, 595.2755910000001, -12.345, 99999.999]
        for _ in 0..<2000 { values.append(Double.random(in: -2000...2000, using: &generator)) }
        for v in values {
            #expect(PageText.coordinate(v) == JSON.rounded(v), "\(v)")
            var bytes: [UInt8] = []
            PageText.appendCoordinate(v, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSON.rounded(v).encoded(), "\(v)")
        }
    }

    @Test func encodedLinesEqualTheJSONTree() throws {
        let pdf = try PDFDocument.open(path: repoPath("samples/pdf/rs-grejanje-cyr-2p.pdf"), password: nil)
        let page = try #require(pdf.page(0))
        let (w, h) = page.size
        let text = PageText(raw: page.textLayer(), width: w, height: h)
        var bytes: [UInt8] = []
        text.encodedJSON(into: &bytes)
        #expect(!text.lines.isEmpty)
        #expect(String(decoding: bytes, as: UTF8.self) == text.json.encoded())
        var escaped: [UInt8] = []
        PageText.appendString("a\"b\\c\n\u{1}é", into: &escaped)
        #expect(String(decoding: escaped, as: UTF8.self) == JSON.string("a\"b\\c\n\u{1}é").encoded())
    }

    @Test func subsetTagIsDropped() {
        #expect(PageText.fontName("XYZABC+Helvetica") == "Helvetica")
        #expect(PageText.fontName("Helvetica") == "Helvetica")
        #expect(PageText.fontName("abcdef+Helvetica") == "abcdef+Helvetica")
    }
}

@Suite("resolution guard")
struct ResolutionTests {
    @Test func normalPagesKeepTheirResolution() {
        #expect(PageWorker.effectiveDPI(width: 595.28, height: 841.89, dpi: 300, maxPixels: 40_000_000) == 300)
    }

    @Test func hugePagesStayWithinTheBudgetAndCairosLimit() {
        // A 35000 px wide page at 300 dpi: 8400 x 8400 pt.
        let dpi = PageWorker.effectiveDPI(width: 8400, height: 8400, dpi: 300, maxPixels: 40_000_000)
        let side = Int((8400 * Double(dpi) / 72).rounded(.up))
        #expect(dpi < 300)
        #expect(side * side <= 40_000_000)
        #expect(side <= 32000)
        let strip = PageWorker.effectiveDPI(width: 100_000, height: 10, dpi: 300, maxPixels: 40_000_000)
        #expect(Int((100_000 * Double(strip) / 72).rounded(.up)) <= 32000)
    }
}

@Suite("images")
struct ImageTests {
    @Test func exifOrientationIsReadFromJPEG() {
        #expect(ImageHeader.read(path: repoPath("Tests/Fixtures/ingest/exif-rotate-90.jpg"))?.orientation == 6)
        #expect(ImageHeader.read(path: repoPath("samples/photos/en-nl-saas.jpg"))?.orientation == 1)
    }

    @Test func exifParserRejectsNonJPEG() {
        #expect(JPEGHeader([0x89, 0x50, 0x4E, 0x47, 0, 0]) == nil)
    }

    @Test func rotatedPhotoIsNormalizedUpright() throws {
        let work = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        var options = IngestOptions()
        options.workFolder = work
        let out = records(InputItem(path: repoPath("Tests/Fixtures/ingest/exif-rotate-90.jpg")), options: options)
        let image = try #require(out.first?["image"])
        #expect(image["width"] == 60)
        #expect(image["height"] == 90)
        let path = try #require(image["path"]?.stringValue)
        #expect(path.hasPrefix(work))
        #expect(pngSize(path: path)! == (60, 90))
        // 60 x 90 px at 150 dpi.
        #expect(out.first?["size"] == .box([28.8, 43.2]))
    }

    @Test func plainJPEGIsUsedAsIs() {
        var options = IngestOptions()
        options.workFolder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: options.workFolder) }
        let path = repoPath("samples/photos/en-nl-saas.jpg")
        let out = records(InputItem(path: path, source: "photo.jpg"), options: options)
        #expect(out.first?["image"]?["path"]?.stringValue == path)
        #expect(out.first?["source"] == "photo.jpg")
        #expect(out.first?["media"] == "image")
    }

    @Test func multiPageTIFFGivesOneRecordPerFrame() {
        var options = IngestOptions()
        options.workFolder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: options.workFolder) }
        let out = records(InputItem(path: repoPath("samples/photos/rs-telekom-latin-2p.tiff")), options: options)
        #expect(out.count == 2)
        #expect(out.map { $0["image"]?["frame"] } == [0, 1])
        #expect(out.map { $0["pages"] } == [2, 2])
    }
}

@Suite("pdf")
struct PDFTests {
    @Test func encryptedPDFNeedsThePassword() {
        var options = IngestOptions()
        options.workFolder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: options.workFolder) }
        let item = InputItem(path: repoPath("samples/special/encrypted-user-secret.pdf"), source: "locked.pdf")
        let locked = records(item, options: options)
        #expect(locked.first?["error"]?["code"] == "pdf_encrypted")
        #expect(locked.first?["error"]?["message"]?.stringValue?.contains("'locked.pdf'") == true)
        options.password = "secret"
        let open = records(item, options: options)
        #expect(open.first?.isErrorRecord == false)
        #expect(open.first?["text_source"] == "pdf")
    }

    @Test func pageWithoutUsableTextIsRenderedAndReused() throws {
        var options = IngestOptions()
        options.workFolder = scratchFolder()
        options.rasterAll = true
        options.dpi = 50
        defer { try? FileManager.default.removeItem(atPath: options.workFolder) }
        let item = InputItem(path: repoPath("samples/pdf/at-webshop.pdf"))
        let first = records(item, options: options)
        let image = try #require(first.first?["image"])
        let path = try #require(image["path"]?.stringValue)
        #expect(path.hasSuffix("/p1-50dpi-gray.png"))
        // 595.28 x 841.89 pt at 50 dpi, rounded up.
        #expect(image["width"] == 414)
        #expect(image["height"] == 585)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let second = records(item, options: options)
        let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(second == first)
        #expect(before == after)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers.allSatisfy { !$0.hasSuffix(TemporaryFiles.suffix) })
    }

    @Test func bandedRenderingEqualsOneBand() throws {
        let pdf = try PDFDocument.open(path: repoPath("samples/pdf/rs-grejanje-cyr-2p.pdf"), password: nil)
        let page = try #require(pdf.page(0))
        for color in [false, true] {
            let whole = try #require(Image.render(page, width: 414, height: 585, scale: 50.0 / 72, color: color, dpi: 50))
            let banded = try #require(
                Image.render(page, width: 414, height: 585, scale: 50.0 / 72, color: color, dpi: 50, bandPixels: 414 * 37))
            var same: Int32 = 0
            whole.withPix { a in banded.withPix { _ = pixEqual(a, $0, &same) } }
            #expect(same == 1, "color \(color)")
            // A worker's surface reused after another page renders the same pixels as a fresh one.
            let cache = BandCache()
            let other = try #require(pdf.page(1))
            _ = Image.render(other, width: 414, height: 585, scale: 50.0 / 72, color: color, dpi: 50, bands: cache)
            let reused = try #require(
                Image.render(page, width: 414, height: 585, scale: 50.0 / 72, color: color, dpi: 50, bands: cache))
            whole.withPix { a in reused.withPix { _ = pixEqual(a, $0, &same) } }
            #expect(same == 1, "reused surface, color \(color)")
        }
    }

    @Test func documentIdIsTheSHA256OfTheBytes() throws {
        let path = repoPath("samples/pdf/at-webshop.pdf")
        let digest = try SHA256.file(path).get().hex
        #expect(digest.count == 64)
        var options = IngestOptions()
        options.workFolder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: options.workFolder) }
        #expect(records(InputItem(path: path), options: options).first?["doc"]?.stringValue == "sha256:" + digest)
    }

    /// The one SHA-256 every tool names documents by: FIPS 180-2's test vectors, and a file hashed in
    /// several reads agrees with its bytes hashed at once.
    @Test func digestMatchesTheStandardVectors() throws {
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let path = repoPath("samples/photos/rs-internet-latin.jpg")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let whole = try SHA256.file(path).get()
        #expect(whole.size == bytes.count)
        #expect(whole.hex == SHA256.hex(of: bytes))
        guard case .failure(let fault) = SHA256.file(path + ".missing") else {
            Issue.record("a missing file was hashed")
            return
        }
        #expect(fault.errno == ENOENT)
    }

    @Test func attachmentsAreListedAndSaved() throws {
        var options = IngestOptions()
        options.workFolder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: options.workFolder) }
        let out = records(InputItem(path: repoPath("samples/special/einvoice-facturx.pdf")), options: options)
        let attachment = try #require(out.first?["attachments"]?.arrayValue?.first)
        #expect(attachment["name"] == "factur-x.xml")
        #expect(attachment["einvoice"] == "cii")
        let saved = try #require(attachment["path"]?.stringValue)
        let expected = try Data(contentsOf: URL(fileURLWithPath: repoPath("samples/special/einvoice-facturx.factur-x.xml")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == expected)
    }

    @Test func attachmentNamesCannotLeaveTheWorkFolder() {
        #expect(Planner.safeName("../../etc/passwd", index: 0) == "passwd")
        #expect(Planner.safeName(".hidden", index: 0) == "hidden")
        #expect(Planner.safeName("", index: 2) == "attachment-3")
    }
}

@Suite("inputs")
struct InputTests {
    @Test func foldersAreWalkedSortedKeepingSupportedFilesOnly() {
        let found = FileNames.walk(folder: Array(repoPath("samples/special").utf8), skipping: ".pp-work").files.map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(!found.isEmpty)
        #expect(found == found.sorted())
        // PDFs and the stand-alone e-invoice; README.md and the like are left out.
        #expect(found.allSatisfy { $0.hasSuffix(".pdf") || $0.hasSuffix(".xml") })
        #expect(found.contains { $0.hasSuffix("einvoice-facturx.factur-x.xml") })
    }

    @Test func missingFileIsAnErrorRecordNamingIt() {
        let out = Planner(options: IngestOptions()).plan(InputItem(path: "nowhere/x.pdf"))
        guard case .record(let record) = out.first else {
            Issue.record("expected an error record")
            return
        }
        #expect(record["error"]?["code"] == "not_found")
        #expect(record["source"] == "nowhere/x.pdf")
    }
}
