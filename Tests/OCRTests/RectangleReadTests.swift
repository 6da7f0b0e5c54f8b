import CLeptonica
import CTesseract
import PPShared
import PixImage
import Testing

@testable import OCR

/// Rectangle reads (comb rows, their captions) go through tesseract's checking funnel: a recognition
/// that fails is an `engine_failed` error naming the page and the part, not an empty reading.
@Suite("tesseract rectangle reads")
struct RectangleReadTests {
    /// A white 8-bit image.
    static func blank(width: Int, height: Int) throws -> PixImage {
        let image = try #require(PixImage.make { pixCreate(Int32(width), Int32(height), 8) })
        image.withPix { _ = pixSetAllArbitrary($0, 255) }
        return image
    }

    @Test("tesseract refuses an image wider than 32767 pixels: the read is an error naming page and part")
    func failedReadIsAnError() throws {
        let engine = try TesseractEngine(languages: "eng", datapath: try Tessdata.locate().directory, pageSegMode: 3)
        // The same rectangle of a narrow image reads (nothing, on white): the failure is the width alone.
        let narrow = try Self.blank(width: 400, height: 40)
        let read = try engine.recognize(
            narrow, in: [0, 0, 400, 40], mode: PSM_SINGLE_LINE, dpi: 300, what: "scan.png page 1", part: "comb row 1 of 2")
        #expect(read.isEmpty)
        // Tesseract's thresholder stops at 32767 pixels a side (ImageThresholder::ThresholdToPix).
        let wide = try Self.blank(width: 32_768, height: 40)
        do {
            _ = try engine.recognize(
                wide, in: [0, 0, 400, 40], mode: PSM_SINGLE_LINE, dpi: 300, what: "scan.png page 1",
                part: "comb row 1 of 2")
            Issue.record("a failed recognition read as an empty rectangle")
        } catch {
            #expect(error.code == "engine_failed" && error.kind == .record)
            #expect(error.message.hasPrefix("scan.png page 1: tesseract failed to read the comb row 1 of 2 (status -1)"))
        }
        // The engine is still good for the next rectangle.
        #expect(
            try engine.recognize(
                narrow, in: [0, 0, 400, 40], mode: PSM_SINGLE_LINE, dpi: 300, what: "scan.png page 2", part: "captions"
            ).isEmpty)
    }
}
