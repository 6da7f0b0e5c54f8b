// A coloured band printed along a sheet's edge (a letterhead bar) that is too near the desk's own
// colour to be told from it by colour alone is left outside the paper's region: the side found is the
// band's inner edge. The band still shows where the desk does not: it ends on the lines of the two
// neighbouring sides, with a step of colour across one of them at least, is one colour along its length
// (unlike a speckled desk), and has a step at its outer edge. Each side
// is moved out over such a band, row by row, as long as both ends show the step.

extension PaperFinder {
    /// The step of colour (0...255 units, RGB distance) across a band's end or outer edge.
    static let bandStep: Float = 12
    /// How far either side of a line the colours compared lie (grid pixels, past the blurred edge).
    static let bandReach = 2.5
    /// A band's row is mostly one colour along its length: this share of its points lie within
    /// `bandUniformity` of their median colour (a speckled stone desk's rows do not; print on the band
    /// takes the rest).
    static let bandUniformity: Float = 10
    static let bandUniformShare = 0.7
    /// A band is one colour across its rows too; a shadow beyond the side lightens row by row.
    static let bandDrift: Float = 12
    /// The points of a row compared for that.
    static let bandSamples = 15
    /// The rows beyond a side that may be the blurred edge of the paper itself before a band starts.
    static let bandLeadRows = 2
    /// Rows of print across a band (a name in white on it) fail the test; this many in a row may.
    static let bandGapRows = 10
    /// Fewer rows than this make no band (a speck, a row of shadow).
    static let minimumBandRows = 6
    /// Of the rows a band spans, this share at least pass (a desk's specks pass now and then).
    static let bandDensity = 0.6
    /// A band is at most this share of the neighbouring sides' length.
    static let largestBandShare = 0.15

    /// The quadrilateral (grid coordinates, in hull order) with each side moved out over a band
    /// printed along it; the same quadrilateral without colours or bands.
    static func extendedOverBands(_ quad: [PixPoint], _ grid: PaperGrid) -> [PixPoint] {
        let (w, h) = (grid.width, grid.height)
        guard grid.colours.count == w * h, quad.count == 4 else { return quad }
        let smooth = BinaryGrid.boxMean(grid.colours, w, h, radius: 1)
        func colour(_ p: PixPoint) -> SIMD3<Float>? {
            let (x, y) = (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
            guard x >= 0, y >= 0, x < w, y < h else { return nil }
            return smooth[y * w + x]
        }
        func apart(_ a: SIMD3<Float>?, _ b: SIMD3<Float>?) -> Float {
            guard let a, let b else { return 0 }
            let d = a - b
            return (d * d).sum().squareRoot()
        }
        func unit(_ a: PixPoint, _ b: PixPoint) -> PixPoint {
            let l = max(1e-9, PlaneGeometry.distance(a, b))
            return PixPoint(x: (b.x - a.x) / l, y: (b.y - a.y) / l)
        }
        func moved(_ p: PixPoint, _ u: PixPoint, _ t: Double) -> PixPoint { PixPoint(x: p.x + t * u.x, y: p.y + t * u.y) }
        var out = quad
        for i in 0..<4 {
            let (a, b) = (quad[i], quad[(i + 1) % 4])
            let (before, after) = (quad[(i + 3) % 4], quad[(i + 2) % 4])
            // Outward along the neighbouring sides, beyond this side's corners.
            let (ua, ub) = (unit(before, a), unit(after, b))
            let limit = largestBandShare * min(PlaneGeometry.distance(before, a), PlaneGeometry.distance(after, b))
            var (rows, last, first) = (0, 0.0, SIMD3<Float>?.none)
            var k = 0
            while Double(k) + 1.5 <= limit {
                let d = Double(k) + 1.5
                let (pa, pb) = (moved(a, ua, d), moved(b, ub, d))
                let along = unit(pa, pb)
                let samples = (0..<bandSamples).compactMap { j in
                    colour(moved(pa, along, PlaneGeometry.distance(pa, pb) * (0.1 + 0.8 * Double(j) / Double(bandSamples - 1))))
                }
                guard samples.count == bandSamples else { break }
                let median = SIMD3<Float>(
                    samples.map(\.x).sorted()[samples.count / 2], samples.map(\.y).sorted()[samples.count / 2],
                    samples.map(\.z).sorted()[samples.count / 2])
                let uniform = samples.filter { apart($0, median) < bandUniformity }.count
                // One end may lie where the desk, lit otherwise, happens to match the band's colour.
                let ends = max(
                    apart(colour(moved(pa, along, bandReach)), colour(moved(pa, along, -bandReach))),
                    apart(colour(moved(pb, along, -bandReach)), colour(moved(pb, along, bandReach))))
                let steady = first.map { apart($0, median) < bandDrift } ?? true
                if Double(uniform) >= bandUniformShare * Double(bandSamples), ends > bandStep, steady {
                    if first == nil { first = median }
                    rows += 1
                    last = d
                } else if rows > 0 ? d - last > Double(bandGapRows) : k >= bandLeadRows {
                    break
                }
                k += 1
            }
            guard rows >= minimumBandRows, Double(rows) >= bandDensity * last else { continue }
            // The band's outer edge: a step from the band's last row to the desk beyond it.
            let middle = PixPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            let outward = unit(PixPoint(x: (before.x + after.x) / 2, y: (before.y + after.y) / 2), middle)
            let edge = moved(middle, outward, last + 0.5)
            guard apart(colour(moved(edge, outward, -bandReach)), colour(moved(edge, outward, bandReach))) > bandStep
            else { continue }
            out[i] = moved(a, ua, last + 0.5)
            out[(i + 1) % 4] = moved(b, ub, last + 0.5)
        }
        return out
    }
}
