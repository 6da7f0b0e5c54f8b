import CLeptonica

#if canImport(Glibc)
    import Glibc
#endif

/// A sheet of paper found on a photo: where its corners are, and the size of the upright page it makes.
public struct Paper: Sendable, Equatable {
    /// The corners in the photo's pixels (pixel centres at whole numbers): top-left, top-right,
    /// bottom-right, bottom-left as the sheet lies in the photo.
    public var corners: [PixPoint]
    /// The straightened page in pixels, of the sheet's own aspect.
    public var width: Int
    public var height: Int
}

extension PixImage {
    /// The long side of the reduced photo the paper is looked for on: a few hundred thousand pixels, so
    /// finding costs about the same on any photo, and a pixel there is under 0.2% of the sheet.
    static let paperGridLongSide = 720.0

    /// The sheet of paper this photo shows lying on a desk or table, or nil when there is none with
    /// its edges in the picture (a scan, a born-digital raster, a photo the paper fills).
    public func findPaper() -> Paper? {
        let (w, h) = (width, height)
        guard w >= 16, h >= 16, let grid = paperGrid() else { return nil }
        guard let found = PaperFinder.corners(on: grid) else { return nil }
        // Grid coordinates to the photo's: the same continuous plane scaled, then pixel centres at whole numbers.
        let (sx, sy) = (Double(w) / Double(grid.width), Double(h) / Double(grid.height))
        let corners = found.map { PixPoint(x: $0.x * sx - 0.5, y: $0.y * sy - 0.5) }
        let size = PlaneGeometry.rectangleSize(
            corners, centre: PixPoint(x: Double(w) / 2, y: Double(h) / 2), longSide: Double(max(w, h)))
        // The page keeps the photo's pixel scale, within the photo's size (one warp of the same size).
        let fit = min(1, Double(w) / size.width, Double(h) / size.height)
        return Paper(
            corners: corners, width: max(1, Int((size.width * fit).rounded())),
            height: max(1, Int((size.height * fit).rounded())))
    }

    /// How much a pixel's colour (the spread of its channels) counts against it being paper: with 1.5,
    /// a light wooden desk (spread 60 and more) sits well under white paper lit unevenly.
    static let chromaWeight: Float = 1.5

    /// The paperness grid: the photo reduced (area mapping) to `paperGridLongSide`, each pixel its
    /// largest channel less its colour (`chromaWeight`): white paper high, a wooden or coloured desk low.
    func paperGrid() -> PaperGrid? {
        let scale = Float(min(1, Self.paperGridLongSide / Double(max(width, height))))
        guard let small = derived({ lept.pixScale($0, scale, scale) }),
            let colour = small.depth == 32 ? small : small.derived({ lept.pixConvertTo32($0) }),
            let data = lept.pixGetData(colour.pix)
        else { return nil }
        let (w, h, wpl) = (colour.width, colour.height, Int(lept.pixGetWpl(colour.pix)))
        var values = [Float](repeating: 0, count: w * h)
        var colours = [SIMD3<Float>](repeating: .zero, count: w * h)
        for y in 0..<h {
            let row = data + y * wpl
            for x in 0..<w {
                let p = row[x]
                let (r, g, b) = (Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF))
                let (hi, lo) = (max(r, g, b), min(r, g, b))
                values[y * w + x] = max(0, Float(hi) - Self.chromaWeight * Float(hi - lo))
                colours[y * w + x] = SIMD3(Float(r), Float(g), Float(b))
            }
        }
        return PaperGrid(width: w, height: h, values: values, colours: colours)
    }

    /// The sheet cut out and made an upright rectangle (projective transform, interpolated), the
    /// photo's resolution kept; nil when leptonica failed.
    public func straightened(to paper: Paper) -> PixImage? {
        guard paper.corners.count == 4, let source = lept.ptaCreate(4), let target = lept.ptaCreate(4) else { return nil }
        var (s, t): (UnsafeMutablePointer<Pta>?, UnsafeMutablePointer<Pta>?) = (source, target)
        defer {
            lept.ptaDestroy(&s)
            lept.ptaDestroy(&t)
        }
        for (corner, place) in zip(paper.corners, paper.pageCorners) {
            _ = lept.ptaAddPt(source, Float(corner.x), Float(corner.y))
            _ = lept.ptaAddPt(target, Float(place.x), Float(place.y))
        }
        let dpi = (resolution, verticalResolution)
        guard let warped = derived({ lept.pixProjectivePta($0, target, source, Int32(L_BRING_IN_WHITE)) }),
            let page = PixBox(x: 0, y: 0, width: paper.width, height: paper.height).withBox({ box in
                warped.derived { lept.pixClipRectangle($0, box, nil) }
            })
        else { return nil }
        if dpi.0 > 0, dpi.1 > 0 { _ = lept.pixSetResolution(page.pix, Int32(dpi.0), Int32(dpi.1)) }
        return page
    }

    /// The background level `whitened` brings paper to (leptonica's own default is 200, a grey).
    static let whitenedBackground: Int32 = 250

    /// The image with its background made even and white (leptonica's background normalisation, its
    /// default tiles, 10 x 15 pixels, and smoothing): the uneven light of a photo gone, as a scanner app
    /// whitens a page; nil when leptonica failed.
    public func whitened() -> PixImage? {
        let dpi = (resolution, verticalResolution)
        guard
            let even = derived({
                lept.pixBackgroundNorm($0, nil, nil, 10, 15, 100, 50, Self.whitenedBackground, 2, 1)
            })
        else { return nil }
        if dpi.0 > 0, dpi.1 > 0 { _ = lept.pixSetResolution(even.pix, Int32(dpi.0), Int32(dpi.1)) }
        return even
    }

    /// The image as JPEG bytes at `quality` (1...100); nil when leptonica failed.
    public func jpegBytes(quality: Int) -> [UInt8]? {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard lept.pixWriteMemJpeg(&data, &size, pix, Int32(quality), 0) == 0, let data else { return nil }
        defer { lept.leptFree(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

extension PlaneGeometry {
    /// The focal length assumed when the corners cannot tell it, in the photo's long side: phones'
    /// main cameras are 24 to 28 mm equivalents (0.67 to 0.78 of the 36 mm frame's long side).
    static let assumedFocalLength = 0.8
    /// Focal lengths (in the photo's long side) the corners may tell; outside, the corners' noise spoke.
    static let plausibleFocalLengths = 0.3...3.0

    /// The width and height of the rectangle a quadrilateral (top-left, top-right, bottom-right,
    /// bottom-left) shows in a pinhole photo of long side `longSide` whose optical centre is `centre`:
    /// the focal length and the aspect from the vanishing geometry (Zhang and He's whiteboard method),
    /// the focal length assumed when a pair of sides is parallel. The height is the longer of the two
    /// upright sides, so the page is never smaller than the sheet appears.
    static func rectangleSize(_ q: [PixPoint], centre: PixPoint, longSide: Double) -> (width: Double, height: Double) {
        let height = max(distance(q[0], q[3]), distance(q[1], q[2]))
        let meanAspect = (distance(q[0], q[1]) + distance(q[3], q[2])) / (distance(q[0], q[3]) + distance(q[1], q[2]))
        func h(_ p: PixPoint) -> SIMD3<Double> { SIMD3(p.x - centre.x, p.y - centre.y, 1) }
        func cross3(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        let (m1, m2, m3, m4) = (h(q[0]), h(q[1]), h(q[3]), h(q[2]))
        let k2 = dot(cross3(m1, m4), m3) / dot(cross3(m2, m4), m3)
        let k3 = dot(cross3(m1, m4), m2) / dot(cross3(m3, m4), m2)
        let (n2, n3) = (k2 * m2 - m1, k3 * m3 - m1)
        guard k2.isFinite, k3.isFinite else { return (height * meanAspect, height) }
        let told = -(n2.x * n3.x + n2.y * n3.y) / (n2.z * n3.z)
        let plausible = plausibleFocalLengths.contains(told.squareRoot() / longSide)
        let f2 = told.isFinite && told > 0 && plausible ? told : pow(assumedFocalLength * longSide, 2)
        let ratio = ((n2.x * n2.x + n2.y * n2.y) / f2 + n2.z * n2.z) / ((n3.x * n3.x + n3.y * n3.y) / f2 + n3.z * n3.z)
        return (height * (ratio.isFinite && ratio > 0 ? ratio.squareRoot() : meanAspect), height)
    }
}

extension Paper {
    /// The share of the page's shorter side cut off each edge: the sheet's very edge, blurred with the
    /// desk, would leave a dark line round the page.
    static let edgeInset = 0.005

    /// Where the sheet's corners go in the page's own pixels, in the order of `corners` (just outside
    /// the page, by `edgeInset`).
    var pageCorners: [PixPoint] {
        let m = Double(min(width, height)) * Self.edgeInset
        let (r, b) = (Double(width - 1) + m, Double(height - 1) + m)
        return [PixPoint(x: -m, y: -m), PixPoint(x: r, y: -m), PixPoint(x: r, y: b), PixPoint(x: -m, y: b)]
    }

    /// Where a point of the photo (its pixels) lands on the straightened page (its pixels); nil when the
    /// corners make no projective map.
    public func pagePoint(_ p: PixPoint) -> PixPoint? {
        guard let m = PlaneGeometry.homography(from: corners, to: pageCorners) else { return nil }
        let z = m[6] * p.x + m[7] * p.y + 1
        guard abs(z) > 1e-12 else { return nil }
        return PixPoint(x: (m[0] * p.x + m[1] * p.y + m[2]) / z, y: (m[3] * p.x + m[4] * p.y + m[5]) / z)
    }
}

extension PlaneGeometry {
    /// The projective map of four points onto four others: h11…h32 (h33 = 1), row by row; nil when
    /// three of them are in a line.
    static func homography(from s: [PixPoint], to d: [PixPoint]) -> [Double]? {
        guard s.count == 4, d.count == 4 else { return nil }
        var a: [[Double]] = []
        for (p, q) in zip(s, d) {
            a.append([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y, q.x])
            a.append([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y, q.y])
        }
        // Gaussian elimination with partial pivoting on the 8 × 9 augmented matrix.
        for c in 0..<8 {
            let pivot = (c..<8).max { abs(a[$0][c]) < abs(a[$1][c]) }!
            guard abs(a[pivot][c]) > 1e-12 else { return nil }
            a.swapAt(c, pivot)
            for r in 0..<8 where r != c {
                let f = a[r][c] / a[c][c]
                for k in c..<9 { a[r][k] -= f * a[c][k] }
            }
        }
        return (0..<8).map { a[$0][8] / a[$0][$0] }
    }
}
