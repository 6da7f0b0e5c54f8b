import Foundation
import Testing

@testable import PixImage

/// The paper finder on the photos of Tests/Fixtures/paper (made by its make_paper.py, true corners known):
/// the sheet on a desk is found within 2% of its corners and straightened to its aspect; a scan and a photo
/// the paper fills are left alone. Then the geometry underneath, on exact cases.
@Suite("PixImage paper finder")
struct PaperTests {
    static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
        }
        return url.appendingPathComponent("Tests/Fixtures/paper")
    }()

    static func truth() throws -> [PixPoint] {
        let data = try Data(contentsOf: folder.appendingPathComponent("bill-on-desk.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let corners = try #require(object["corners"] as? [[Double]])
        return corners.map { PixPoint(x: $0[0], y: $0[1]) }
    }

    /// The largest corner error as a share of the sheet's shorter side.
    static func error(_ found: [PixPoint], _ truth: [PixPoint]) -> Double {
        let side = min(PlaneGeometry.distance(truth[0], truth[1]), PlaneGeometry.distance(truth[3], truth[2]))
        return zip(found, truth).map { PlaneGeometry.distance($0, $1) }.max()! / side
    }

    @Test func theSheetOnADeskIsFoundWithinTwoPercentOfItsCorners() throws {
        let photo = try #require(PixImage.decode(path: Self.folder.appendingPathComponent("bill-on-desk.jpg").path))
        let paper = try #require(photo.findPaper())
        #expect(Self.error(paper.corners, try Self.truth()) < 0.02)
        // The sheet is 1000 x 1414: the page has its aspect although the photo shows it slanted.
        #expect(abs(Double(paper.height) / Double(paper.width) / 1.414 - 1) < 0.02)
        let page = try #require(photo.straightened(to: paper))
        #expect(page.width == paper.width && page.height == paper.height)
        // Cut to the sheet: the page's border is paper (bright), none of the wooden desk is left.
        let grid = try #require(page.paperGrid())
        let border = (0..<grid.width).flatMap { [grid[$0, 1], grid[$0, grid.height - 2]] }
        #expect(border.sorted()[border.count / 20] > 120)  // the wooden desk is under 40
    }

    @Test(arguments: ["scan.png", "filled.jpg"])
    func aScanOrAPhotoThePaperFillsIsLeftAlone(_ name: String) throws {
        let image = try #require(PixImage.decode(path: Self.folder.appendingPathComponent(name).path))
        #expect(image.findPaper() == nil)
    }

    @Test func aBlankFrameHasNoPaper() throws {
        let grid = PaperGrid(width: 64, height: 48, values: [Float](repeating: 120, count: 64 * 48))
        #expect(PaperFinder.corners(on: grid) == nil)
    }

    @Test func aBrightRectangleOnADarkGroundGivesItsCorners() {
        // A 40 x 30 rectangle at (12, 9) on a 64 x 48 grid: its corners are those of its pixels' edges.
        var values = [Float](repeating: 60, count: 64 * 48)
        for y in 9..<39 { for x in 12..<52 { values[y * 64 + x] = 230 } }
        let corners = PaperFinder.corners(on: PaperGrid(width: 64, height: 48, values: values))
        let want = [PixPoint(x: 12, y: 9), PixPoint(x: 52, y: 9), PixPoint(x: 52, y: 39), PixPoint(x: 12, y: 39)]
        #expect(corners.map { zip($0, want).allSatisfy { PlaneGeometry.distance($0, $1) < 0.3 } } == true)
    }

    @Test func theHomographyMapsTheCornersOntoThePage() throws {
        let paper = Paper(
            corners: [PixPoint(x: 10, y: 20), PixPoint(x: 300, y: 5), PixPoint(x: 320, y: 410), PixPoint(x: 0, y: 400)],
            width: 200, height: 300)
        for (corner, target) in zip(paper.corners, paper.pageCorners) {
            let mapped = try #require(paper.pagePoint(corner))
            #expect(PlaneGeometry.distance(mapped, target) < 1e-6)
        }
    }

    /// A w x h rectangle turned `turn` degrees in its plane, tilted `tilt` degrees about its horizontal
    /// axis, `distance` from a pinhole camera of focal length `f`, projected around the optical centre `c`.
    static func projected(w: Double, h: Double, turn: Double, tilt: Double, distance: Double, f: Double, c: PixPoint)
        -> [PixPoint]
    {
        let (t, a) = (turn * .pi / 180, tilt * .pi / 180)
        return [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)].map { x0, y0 in
            let (x, y) = (x0 * cos(t) - y0 * sin(t), x0 * sin(t) + y0 * cos(t))
            let (y3, z3) = (y * cos(a), distance + y * sin(a))
            return PixPoint(x: c.x + f * x / z3, y: c.y + f * y3 / z3)
        }
    }

    /// (turn, tilt, focal length, aspect): square-on; tilted only (the focal length cannot be told, the
    /// assumed one, 0.8 of the long side, is the camera's); turned and tilted (told by the corners).
    @Test(arguments: [
        (0.0, 0.0, 1600.0, 1.414), (0.0, 25.0, 1600.0, 1.414), (12.0, 30.0, 2200.0, 1.414), (-8.0, 35.0, 1400.0, 0.75),
    ])
    func aSlantedRectangleKeepsItsAspect(_ turn: Double, _ tilt: Double, _ f: Double, _ aspect: Double) {
        let c = PixPoint(x: 750, y: 1000)
        let q = Self.projected(w: 1000, h: 1000 * aspect, turn: turn, tilt: tilt, distance: 2600, f: f, c: c)
        let size = PlaneGeometry.rectangleSize(q, centre: c, longSide: 2000)
        #expect(abs(size.height / size.width / aspect - 1) < 0.01)
    }

    @Test func theLargestQuadrilateralOfAnOctagonTakesEveryOtherVertex() {
        let octagon = (0..<8).map { k in PixPoint(x: cos(Double(k) * .pi / 4), y: sin(Double(k) * .pi / 4)) }
        let quad = PlaneGeometry.largestQuadrilateral(in: octagon)
        #expect(abs(PlaneGeometry.area(quad) - 2) < 1e-9)
    }
}
