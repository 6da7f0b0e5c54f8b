import PPShared
import Records
import Testing

@testable import OCR

/// `ocr.text_layer.matrix` takes the text layer back onto the page as pp-ingest gave it, whatever pp-ocr did
/// to the page first: a point of the given page, turned the way pp-ocr turns the page's codes
/// (`CodeBoxes.turned`, the frame of the record's boxes) and put in the layer's space, comes back to itself.
@Suite struct TextLayerMatrixTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var rotation: Int
        var deskew: Double
        /// The image tesseract read, in pixels, and the resolutions tesseract was told and the boxes use.
        var pixels: (Int, Int)
        var dpi: (tesseract: Int, boxes: Int)
        var testDescription: String { "rotation \(rotation), deskew \(deskew), \(pixels), dpi \(dpi)" }
    }

    static let cases: [Case] = [
        Case(rotation: 0, deskew: 0, pixels: (2480, 3508), dpi: (300, 300)),
        Case(rotation: 0, deskew: 2.55, pixels: (1167, 1556), dpi: (200, 200)),
        Case(rotation: 0, deskew: -7.5, pixels: (2480, 3508), dpi: (400, 300)),  // --dpi over an assumed 300
        Case(rotation: 90, deskew: 0, pixels: (3508, 2480), dpi: (300, 300)),
        Case(rotation: 180, deskew: 1.2, pixels: (2480, 3508), dpi: (300, 300)),
        Case(rotation: 270, deskew: -3, pixels: (1600, 1200), dpi: (150, 150)),
    ]

    @Test(arguments: cases) func aPointComesBackToWhereItWasOnTheGivenPage(_ c: Case) throws {
        let g = 72 / Double(c.dpi.boxes)
        let read = [Double(c.pixels.0) * g, Double(c.pixels.1) * g]
        let given = c.rotation % 180 == 0 ? read : [read[1], read[0]]
        var ocr = OCRReading()
        ocr.rotation = c.rotation
        ocr.deskewDegrees = c.deskew
        let record = try #require(PageRecord(["kind": "page", "size": .box(given)]))
        let layer = try #require(
            TextLayerPDF.member([1], of: record, read: c.pixels, dpi: (c.dpi.tesseract, c.dpi.boxes), ocr))
        let m = try #require(layer.matrixValues)
        #expect(zip(layer.size ?? [], given).allSatisfy { abs($0 - $1) < 0.01 })
        let s = Double(c.dpi.tesseract) / Double(c.dpi.boxes)  // record points per layer point
        for point in [(10.0, 20.0), (given[0] / 2, given[1] / 2), (given[0] - 5, given[1] - 40)] {
            var code = PageCode()
            code.box = [point.0, point.1, point.0, point.1]
            let turned = CodeBoxes.turned([code], degrees: Double(c.rotation) + c.deskew, from: given, to: read)
            let b = try #require(turned.first?.box)
            let (x, y) = (b[0] / s, (read[1] - b[1]) / s)  // the layer's space: points, y up
            let back = (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
            #expect(abs(back.0 - point.0) < 0.05 && abs(back.1 - point.1) < 0.05, "\(point) came back as \(back)")
        }
    }
}
