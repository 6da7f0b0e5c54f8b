import Testing

@testable import PixImage

/// Two desks the finder once lost the sheet on, drawn on the reduced grid directly: a speckled stone
/// top whose bright specks, closed together, joined the sheet to the photo's border; and a blue desk
/// with a blue band printed along the sheet's top edge, close enough to the desk's colour to be left
/// outside the sheet.
extension PaperTests {
    /// A 200 x 260 grid with a white sheet over pixels 40..<160 x 50..<210, its corners' continuous
    /// coordinates these.
    static let sheet = [PixPoint(x: 40, y: 50), PixPoint(x: 160, y: 50), PixPoint(x: 160, y: 210), PixPoint(x: 40, y: 210)]

    /// The grid from colours, each value the paperness `paperGrid` gives the same pixel.
    static func grid(_ w: Int, _ h: Int, colour: (Int, Int) -> SIMD3<Float>) -> PaperGrid {
        var colours: [SIMD3<Float>] = []
        for y in 0..<h { for x in 0..<w { colours.append(colour(x, y)) } }
        let values = colours.map { c in max(0, c.max() - PixImage.chromaWeight * (c.max() - c.min())) }
        return PaperGrid(width: w, height: h, values: values, colours: colours)
    }

    static func onSheet(_ x: Int, _ y: Int) -> Bool { (40..<160).contains(x) && (50..<210).contains(y) }

    static func near(_ corners: [PixPoint]?, _ want: [PixPoint], within: Double) -> Bool {
        guard let corners, corners.count == 4 else { return false }
        return zip(corners, want).allSatisfy { PlaneGeometry.distance($0, $1) < within }
    }

    @Test func aSheetOnASpeckledStoneDeskIsFound() {
        // Grey stone; on the right, where a lamp lights it, nearly half its pixels are specks as bright as
        // a shaded sheet, single ones (a fixed scatter, not random draws).
        let grid = Self.grid(200, 260) { x, y in
            if Self.onSheet(x, y) { return SIMD3(repeating: 235) }
            let speck = x >= 150 && (x * 7919 + y * 104_729) % 100 < 45
            return SIMD3(repeating: speck ? 190 : 70)
        }
        #expect(Self.near(PaperFinder.corners(on: grid), Self.sheet, within: 1.0))
    }

    @Test func aBluePrintedBandOnABlueDeskStaysOnTheSheet() {
        // The desk lit brighter on the left than on the right; the band (rows 50..<70) a darker blue on the
        // desk's own colour line, with a name in white on it.
        let grid = Self.grid(200, 260) { x, y in
            if Self.onSheet(x, y) {
                let band = y < 70
                let print = (55..<59).contains(y) && (60..<100).contains(x) && x % 3 != 0
                return band && !print ? SIMD3(38, 75, 135) : SIMD3(250, 250, 245)
            }
            return SIMD3<Float>(43, 96, 162) * (1.1 - 0.3 * Float(x) / 200)
        }
        #expect(Self.near(PaperFinder.corners(on: grid), Self.sheet, within: 1.0))
    }
}
