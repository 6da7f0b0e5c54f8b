import CLeptonica
import Testing

@testable import PixImage

/// The one conversion of leptonica's row words into samples (pp-pages' raw image pages) and the grey test
/// pp-ocr makes before OCR, on small images built pixel by pixel.
@Suite("PixImage pixel rows")
struct PixelRowsTests {
    /// A `width` × `height` image of `depth` bits whose pixel (x, y) is `value(x, y)`.
    static func image(_ width: Int, _ height: Int, depth: Int32, value: (Int, Int) -> UInt32) throws -> PixImage {
        let image = try #require(PixImage.make { pixCreate(Int32(width), Int32(height), depth) })
        image.withPix { pix in
            for y in 0..<height {
                for x in 0..<width { _ = pixSetPixel(pix, Int32(x), Int32(y), value(x, y)) }
            }
        }
        return image
    }

    @Test func eightBitRowsLoseTheirWordPadding() throws {
        // 5 bytes a row are stored in 2 words; the samples keep only the 5, in order.
        let image = try Self.image(5, 2, depth: 8) { x, y in UInt32(1 + x + 5 * y) }
        #expect(image.packedSamples() == Array(1...10))
    }

    @Test func oneBitRowsArePackedFromTheHighBit() throws {
        let image = try Self.image(10, 2, depth: 1) { x, y in x == 0 || x == 9 - y ? 1 : 0 }
        #expect(image.packedSamples() == [0x80, 0x40, 0x80, 0x80])
    }

    @Test func rgbPixelsComeOutAsThreeBytesAndAlphaOverWhite() throws {
        let opaque = try Self.image(2, 1, depth: 32) { x, _ in x == 0 ? 0x1020_3000 : 0xFF80_0100 }
        #expect(opaque.packedSamples() == [0x10, 0x20, 0x30, 0xFF, 0x80, 0x01])
        // With alpha: clear shows the paper, opaque the color, half way between the two.
        let alphas: [UInt32] = [0, 255, 128]
        let translucent = try Self.image(3, 1, depth: 32) { x, _ in 0x0064_C800 | alphas[x] }
        translucent.withPix { _ = pixSetSpp($0, 4) }
        #expect(translucent.packedSamples() == [255, 255, 255, 0, 100, 200, 127, 177, 227])
    }

    @Test func onlyEqualChannelsEverywhereIsNeutralGray() throws {
        #expect(try Self.image(4, 3, depth: 32) { x, y in UInt32(x * 10 + y) * 0x0101_0100 }.isNeutralGray)
        #expect(!(try Self.image(4, 3, depth: 32) { x, y in x == 3 && y == 2 ? 0x0708_0700 : 0x0707_0700 }.isNeutralGray))
        #expect(!(try Self.image(4, 3, depth: 8) { _, _ in 7 }.isNeutralGray))
    }

    @Test func theBoundFunctionsAreTheLinkedOnes() throws {
        // Where the tool links leptonica, PixImage takes the process's own copy: one leptonica per process.
        let lept = try #require(LeptonicaLibrary.shared)
        let linked: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<Pix>?>?) -> Void = pixDestroy
        #expect(unsafeBitCast(lept.pixDestroy, to: UnsafeRawPointer.self) == unsafeBitCast(linked, to: UnsafeRawPointer.self))
    }
}
