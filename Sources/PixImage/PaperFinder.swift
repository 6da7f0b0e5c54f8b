// Finding a sheet of paper on a photo of it lying on a desk, as a phone scanner app does, on a small
// grid of "paperness" values (bright and colourless: the largest channel less the spread of the
// channels). The paper is the largest region above Otsu's threshold that keeps off the photo's border,
// the desk's bright specks opened away first, its text closed over and its holes filled; its outline's
// convex hull gives the largest quadrilateral, whose sides are fitted again to the outline at sub-pixel
// precision and crossed for the corners, then moved out over a band printed along them (PaperBands).

/// A point in an image's pixels (x to the right, y down).
public struct PixPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A grid of paperness values, row after row; the finder's input (tests build one directly).
struct PaperGrid {
    let width: Int
    let height: Int
    var values: [Float]
    /// Each pixel's red, green, blue (0...255); empty for a grid of values only.
    var colours: [SIMD3<Float>] = []

    subscript(x: Int, y: Int) -> Float { values[y * width + x] }
}

enum PaperFinder {
    /// The opening that first removes bright specks of a speckled desk (stone, terrazzo) smaller than
    /// its window, before the closing could join them into one bright field reaching the sheet.
    static let speckOpening = 2
    /// The closing that fills a line of text on the reduced grid (pixels either way).
    static let textClosing = 3
    /// The opening that cuts thin bright bridges between the paper and a bright spot on the desk.
    static let bridgeOpening = 2
    /// The paper's share of the photo: below, a bright speck; above, a photo filled by the paper.
    static let areaShare: ClosedRange<Double> = 0.08...0.96
    /// Of the grid's outermost ring, the share the paper may touch (a corner just at the border).
    static let borderTouch = 0.01
    /// Mean paperness inside less outside: below, no edge of a sheet (a scan, a flat raster).
    static let minimumContrast: Float = 30
    /// The region's share of its quadrilateral, and the quadrilateral's of the hull: a sheet fills both.
    static let minimumFill = 0.9
    /// Interior angles a sheet seen at up to 20% perspective keeps (degrees off a right angle).
    static let maximumAngleOffRight = 35.0
    /// The hull is reduced to this many vertices before the largest quadrilateral is looked for.
    static let hullVertices = 40

    /// The paper's corners on the grid (top-left, top-right, bottom-right, bottom-left; continuous
    /// coordinates, pixel (x, y) covering x..<x+1), or nil when there is no sheet with edges on it.
    static func corners(on grid: PaperGrid) -> [PixPoint]? {
        let (w, h) = (grid.width, grid.height)
        guard w >= 16, h >= 16 else { return nil }
        let (threshold, edgeLevel) = otsu(grid.values)
        var mask = BinaryGrid.open(grid.values.map { $0 > threshold }, w, h, radius: speckOpening)
        // What is neither paper-white nor the desk's colour (a coloured band printed to the sheet's edge)
        // belongs to the sheet too, when it joins it.
        if let unlike = unlikeDesk(grid) { mask = zip(mask, unlike).map { $0 || $1 } }
        mask = BinaryGrid.close(mask, w, h, radius: textClosing)
        mask = BinaryGrid.open(mask, w, h, radius: bridgeOpening)
        guard var region = BinaryGrid.largestComponent(mask, w, h) else { return nil }
        region = BinaryGrid.fillHoles(region, w, h)
        let area = region.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard areaShare.contains(Double(area) / Double(w * h)) else { return nil }
        var touching = 0
        for x in 0..<w where region[x] || region[(h - 1) * w + x] { touching += 1 }
        for y in 0..<h where region[y * w] || region[y * w + w - 1] { touching += 1 }
        guard Double(touching) <= borderTouch * Double(2 * (w + h)) else { return nil }
        var (inside, outside, n) = (Float(0), Float(0), 0)
        for i in 0..<(w * h) {
            if region[i] {
                inside += grid.values[i]
                n += 1
            } else {
                outside += grid.values[i]
            }
        }
        guard inside / Float(n) - outside / Float(w * h - n) >= minimumContrast else { return nil }

        let outline = edgePoints(region, grid, level: edgeLevel)
        let hull = PlaneGeometry.convexHull(outline)
        let hullArea = PlaneGeometry.area(hull)
        guard hull.count >= 4, hullArea > 0 else { return nil }
        let coarse = PlaneGeometry.largestQuadrilateral(in: PlaneGeometry.reduced(hull, to: hullVertices))
        let quadArea = PlaneGeometry.area(coarse)
        guard Double(area) / quadArea >= minimumFill, quadArea / hullArea >= minimumFill else { return nil }
        let fitted = extendedOverBands(PlaneGeometry.refined(coarse, outline: outline), grid)
        guard PlaneGeometry.anglesOffRight(fitted) <= maximumAngleOffRight else { return nil }
        return PlaneGeometry.ordered(fitted)
    }

    /// The smoothing of colours before they are compared with the desk's (the desk's grain, the text).
    static let colourSmoothing = 2
    /// A colour this far (0...255 units) off the desk's colour line, or `deskSpread` times as far as the
    /// border's own colours go, is not the desk.
    static let minimumOffDesk: Float = 24
    static let deskSpread: Float = 2

    /// The pixels whose colour lies off the line of the desk's colour through black (so the desk in a
    /// shadow or a light spot, darker or brighter, is still the desk), the desk being what the grid's
    /// outermost ring shows; nil without colours.
    static func unlikeDesk(_ grid: PaperGrid) -> [Bool]? {
        let (w, h) = (grid.width, grid.height)
        guard grid.colours.count == w * h else { return nil }
        let smooth = BinaryGrid.boxMean(grid.colours, w, h, radius: colourSmoothing)
        var ring: [Int] = []
        for x in 0..<w { ring += [x, (h - 1) * w + x] }
        for y in 1..<(h - 1) { ring += [y * w, y * w + w - 1] }
        let sum = ring.reduce(SIMD3<Float>(repeating: 0)) { $0 + smooth[$1] }
        let length = (sum * sum).sum().squareRoot()
        guard length > 0 else { return nil }
        let direction = sum / length
        func off(_ c: SIMD3<Float>) -> Float {
            let along = (c * direction).sum()
            let rest = c - along * direction
            return (rest * rest).sum().squareRoot()
        }
        let spread = ring.map { off(smooth[$0]) }.sorted()[ring.count * 99 / 100]
        let bar = max(minimumOffDesk, deskSpread * spread)
        // Eroded by the smoothing: the mean of white paper and the desk beside it lies off the line too.
        return BinaryGrid.window(smooth.map { off($0) > bar }, w, h, radius: colourSmoothing + 1, all: true)
    }

    /// Otsu's threshold of values 0...255, and the level half way between the means of the two classes
    /// it makes (where a blurred step between them is).
    static func otsu(_ values: [Float]) -> (threshold: Float, middle: Float) {
        var histogram = [Double](repeating: 0, count: 256)
        for v in values { histogram[Int(min(255, max(0, v)))] += 1 }
        let total = Double(values.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset) * $1.element }
        var (below, belowSum, best, bestT, middle) = (0.0, 0.0, -1.0, 0, 0.0)
        for t in 0..<256 {
            below += histogram[t]
            belowSum += Double(t) * histogram[t]
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let d = belowSum / below - (sum - belowSum) / above
            let between = below * above * d * d
            if between > best { (best, bestT, middle) = (between, t, (belowSum / below + (sum - belowSum) / above) / 2) }
        }
        return (Float(bestT) + 0.5, Float(middle) + 0.5)
    }

    /// The region's outline: for each region pixel beside a pixel outside (4-neighbours), the point
    /// between their centres where the values cross `level` (the middle when they do not).
    static func edgePoints(_ region: [Bool], _ grid: PaperGrid, level: Float) -> [PixPoint] {
        let (w, h) = (grid.width, grid.height)
        var points: [PixPoint] = []
        for y in 0..<h {
            for x in 0..<w where region[y * w + x] {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (nx, ny) = (x + dx, y + dy)
                    guard nx >= 0, ny >= 0, nx < w, ny < h, !region[ny * w + nx] else { continue }
                    let (a, b) = (grid[x, y], grid[nx, ny])
                    let t = a > level && b < level ? Double((a - level) / (a - b)) : 0.5
                    points.append(PixPoint(x: Double(x) + 0.5 + t * Double(dx), y: Double(y) + 0.5 + t * Double(dy)))
                }
            }
        }
        return points
    }
}
