import JPEGMarkers
import Testing

@testable import Pages

@Suite("JPEG markers and PDF numbers")
struct JPEGInfoTests {
    /// A JPEG header: SOI, JFIF at 300 dpi, an EXIF orientation, then a baseline frame header.
    func header(orientation: UInt8, components: UInt8 = 3) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        b += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 1, 0x01, 0x2C, 0x01, 0x2C, 0, 0]
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0]
        let exif = Array("Exif\0\0".utf8) + tiff
        b += [0xFF, 0xE1, 0x00, UInt8(exif.count + 2)] + exif
        b += [0xFF, 0xC0, 0x00, 0x11, 8, 0x01, 0x90, 0x02, 0x58, components] + [UInt8](repeating: 0, count: 9)
        return b
    }

    @Test func readsSizeComponentsResolutionAndOrientation() throws {
        let info = try #require(JPEGHeader(header(orientation: 6)))
        let frame = try #require(info.frame)
        #expect(frame.width == 600)
        #expect(frame.height == 400)
        #expect(frame.components == 3)
        #expect(frame.bitsPerComponent == 8)
        #expect(info.dpi?.x == 300)
        #expect(info.clockwiseTurn == 90)
        #expect(JPEGHeader(header(orientation: 8))?.clockwiseTurn == 270)
        #expect(JPEGHeader(header(orientation: 1))?.clockwiseTurn == 0)
    }

    @Test func truncatedHeadersAreRejected() {
        #expect(JPEGHeader([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x40])?.frame == nil)
        #expect(JPEGHeader([0xFF, 0xD8, 0xFF, 0xD9])?.frame == nil)
    }

    @Test func pdfNumbersHaveTwoDecimalsAtMost() {
        #expect(pdfNumber(595.276) == "595.28")
        #expect(pdfNumber(612) == "612")
        #expect(pdfNumber(0.5) == "0.5")
        #expect(pdfNumber(10.05) == "10.05")
        #expect(pdfNumber(-0.25) == "-0.25")
    }
}
