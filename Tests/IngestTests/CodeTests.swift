import Foundation
import PPShared
import Testing

@testable import CodeReading
@testable import Ingest

/// Payment codes read by pp-ingest on the fixtures Tests/Fixtures/codes/make_codes.py made with real
/// encoders (segno, pdf417gen, reportlab); expected.json holds what each was made with.
@Suite("payment codes")
struct CodeTests {
    static let expected: [String: JSON] = {
        let data = FileManager.default.contents(atPath: repoPath("Tests/Fixtures/codes/expected.json")) ?? Data()
        guard case .object(let members)? = try? JSON.parse([UInt8](data)) else { return [:] }
        return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
    }()

    func pages(_ name: String, codes: Bool = true) -> [JSON] {
        var options = IngestOptions()
        options.workFolder = scratchFolder()
        options.codes = codes
        defer { try? FileManager.default.removeItem(atPath: options.workFolder) }
        return records(InputItem(path: repoPath("Tests/Fixtures/codes/" + name), source: name), options: options)
    }

    /// The page's one code has the payload and symbology it was made with, byte for byte, and its
    /// box lies within `tolerance` points of where it was drawn.
    func expectTheCode(of name: String, tolerance: Double = 3) throws {
        let want = try #require(Self.expected[name])
        let out = pages(name)
        #expect(out.count == 1)
        let codes = try #require(out.first?["codes"]?.arrayValue, "no codes on \(name)")
        #expect(codes.count == 1)
        let code = try #require(codes.first)
        #expect(code["type"] == want["type"])
        #expect(code["text"]?.stringValue == want["text"]?.stringValue)
        #expect(code["page"] == 1)
        let box = (code["box"]?.arrayValue ?? []).compactMap { $0.doubleValue }
        let drawn = (want["box"]?.arrayValue ?? []).compactMap { $0.doubleValue }
        #expect(box.count == 4 && drawn.count == 4)
        for (got, made) in zip(box, drawn) {
            #expect(abs(got - made) <= tolerance, "\(name): box \(box), drawn at \(drawn)")
        }
    }

    @Test func vectorQRCodeOnABornDigitalPage() throws { try expectTheCode(of: "epc-vector.pdf") }

    @Test func qrCodeImageInAPDFKeepsItsCRLF() throws {
        try expectTheCode(of: "swiss-image.pdf")
        let text = pages("swiss-image.pdf").first?["codes"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(text.hasPrefix("SPC\r\n0200\r\n1\r\n"))
    }

    @Test func hub3PDF417DrawnAsBars() throws { try expectTheCode(of: "hub3-pdf417.pdf") }

    @Test func turnedSkewedBlurredCodeInAnEXIFTurnedPhoto() throws {
        // The box is in the photo as presented (EXIF orientation 6 applied), at the JPEG's 100 dpi.
        try expectTheCode(of: "ips-photo.jpg", tolerance: 4)
    }

    /// HUB-3 slips photographed (make_codes.py's HUB3_PHOTOS): turned 10 and 30 degrees, in a 20 %
    /// perspective, under a glare spot that washes out half the code.
    @Test(arguments: ["hub3-photo-10.jpg", "hub3-photo-30.jpg", "hub3-photo-persp20.jpg", "hub3-photo-glare.jpg"])
    func turnedPDF417SlipInAPhoto(name: String) throws {
        // zxing alone reads PDF417 only within a few degrees of upright: found, straightened, decoded.
        try expectTheCode(of: name, tolerance: 4)
    }

    /// A photo of the photo benchmark in a 30 % perspective, modules of about 1.2 pixels at the code's
    /// narrow end: read once the straightened code is sharpened at doubling strengths (1.5 to 12).
    @Test func pdf417OfModulesNearOnePixelInAPerspective() throws {
        let want = try #require(Self.expected["hub3-photo-persp30.jpg"]?["text"]?.stringValue)
        let codes = pages("hub3-photo-persp30.jpg").first?["codes"]?.arrayValue ?? []
        #expect(codes.contains { $0["type"] == "pdf417" && $0["text"]?.stringValue == want }, "\(codes)")
    }

    @Test func twoDifferentCodesOnOnePhotoAreBothReported() throws {
        let want = try #require(Self.expected["two-codes.jpg"]?["codes"]?.arrayValue)
        let codes = try #require(pages("two-codes.jpg").first?["codes"]?.arrayValue)
        #expect(codes.count == 2)
        for made in want {
            let code = try #require(codes.first { $0["type"] == made["type"] }, "no \(made["type"] ?? .null)")
            #expect(code["text"]?.stringValue == made["text"]?.stringValue)
            let box = (code["box"]?.arrayValue ?? []).compactMap { $0.doubleValue }
            let drawn = (made["box"]?.arrayValue ?? []).compactMap { $0.doubleValue }
            #expect(box.count == 4 && zip(box, drawn).allSatisfy { abs($0 - $1) <= 4 }, "box \(box), drawn \(drawn)")
        }
    }

    @Test func latin1BytesWithoutECIAreReadAsISO8859_1() throws {
        try expectTheCode(of: "epc-latin1.png", tolerance: 1)
    }

    @Test func aCodeWithAnInkBlotStillReads() throws { try expectTheCode(of: "damaged.png", tolerance: 1) }

    /// Micro QR is not looked for: zxing-cpp 1.4's Micro QR detector stops the process on some photos (below),
    /// and no payment code is one.
    @Test func microQRIsNotRead() {
        let out = pages("microqr.png")
        #expect(out.count == 1 && out.first?["codes"] == nil, "\(out)")
    }

    /// A photo of the photo benchmark (PAY by square in low contrast) on which zxing-cpp 1.4's Micro QR detector
    /// aborted pp-ingest: its QR code is read and the process lives.
    @Test func aPhotoThatStoppedTheMicroQRDetectorIsRead() throws {
        let want = try #require(Self.expected["bysquare-low-contrast.jpg"]?["text"]?.stringValue)
        let codes = pages("bysquare-low-contrast.jpg").first?["codes"]?.arrayValue ?? []
        #expect(codes.contains { $0["type"] == "qr" && $0["text"]?.stringValue == want }, "\(codes)")
    }

    @Test func aPageWithoutCodeHasNoCodesKey() {
        let out = pages("no-code.pdf")
        #expect(out.count == 1)
        #expect(out.first?["codes"] == nil)
        #expect(out.first?["text_source"] == "pdf")
    }

    @Test func noCodesTurnsReadingOff() {
        #expect(pages("epc-vector.pdf", codes: false).first?["codes"] == nil)
        #expect(pages("ips-photo.jpg", codes: false).first?["codes"] == nil)
    }

    @Test func noCodesIsACommandLineFlag() throws {
        let args = try ParsedArguments.parse(["--no-codes", "a.pdf"], spec: IngestCommand.spec)
        #expect(try IngestCommand.options(args, environment: [:]).codes == false)
        let plain = try ParsedArguments.parse(["a.pdf"], spec: IngestCommand.spec)
        #expect(try IngestCommand.options(plain, environment: [:]).codes)
    }

    @Test func textIsTheSymbolsOwnBytesWhenTheyAreUTF8() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("SPC\r\n".utf8)
        #expect(CodeReader.text(bytes: bom, zxingText: "SPC\n", hasECI: false) == "\u{FEFF}SPC\r\n")
        // ISO 8859-1 "Müller": not UTF-8, so zxing's conversion is taken; so it is with an ECI.
        #expect(CodeReader.text(bytes: [0x4D, 0xFC, 0x6C], zxingText: "Mül", hasECI: false) == "Mül")
        #expect(CodeReader.text(bytes: Array("Mx".utf8), zxingText: "Mü", hasECI: true) == "Mü")
    }
}

@Suite("content scan")
struct ContentScanTests {
    func draws(_ content: String) -> Bool {
        var paths = 0
        return Array(content.utf8).withUnsafeBufferPointer { ContentScan.drawsGraphics($0, paths: &paths) }
    }

    @Test func textAndATableNeedNoSurvey() {
        let table = (0..<20).map { "56 \(700 - $0 * 16) m 539 \(700 - $0 * 16) l S" }.joined(separator: "\n")
        #expect(!draws("BT /F1 10 Tf 56 780 Td (Total due: re re re m l Do BI) Tj ET\n" + table))
    }

    @Test func manyRectanglesAnImageOrAFormNeedOne() {
        let modules = (0..<200).map { "\($0 % 25 * 2) \($0 / 25 * 2) 2 2 re" }.joined(separator: " ")
        #expect(draws("q " + modules + " f Q"))
        #expect(draws("q 84 0 0 84 455 702 cm /Im1 Do Q"))
        #expect(draws("q BI /W 4 /H 4 /BPC 8 /CS /G ID xxxxxxxxxxxxxxxx EI Q"))
        #expect(!draws("% a comment with Do\n<446F> Tj"))
    }
}
