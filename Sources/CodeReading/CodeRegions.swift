import CLeptonica
import Foundation
import PixImage

/// A place in a photo where a code may be: the four corners of its outline (top-left, top-right,
/// bottom-right, bottom-left in the frame of its long axis), in the pixels of the image searched.
struct CodeRegion {
    var corners: [(x: Double, y: Double)]

    /// The region's sides: the mean length of its top and bottom edges, and of its left and right ones.
    var size: (width: Double, height: Double) {
        func length(_ a: Int, _ b: Int) -> Double {
            let (p, q) = (corners[a], corners[b])
            return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        }
        return ((length(0, 1) + length(3, 2)) / 2, (length(0, 3) + length(1, 2)) / 2)
    }

    var bounds: [Double] {
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return [xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0]
    }

    func scaled(by factor: Double) -> CodeRegion {
        CodeRegion(corners: corners.map { (x: $0.x * factor, y: $0.y * factor) })
    }
}

/// Blocks of a photo shaped like a code, found on a reduced copy: dark ink (after the background's
/// uneven light is taken out, or each tile's contrast stretched: glare) whose modules merge into one
/// block when closed, half ink or more (text is less), big enough to hold a readable code. Each block's outline comes from its pixels' second
/// moments (the long axis of a turned PDF417) and its extreme points along that axis (a perspective's
/// trapezoid), so it can be straightened before it is decoded.
enum CodeRegions {
    /// The tuned numbers of the search (docs/reliability.md).
    struct Tuning {
        /// The copy searched has a long side of at most this many pixels.
        var searchSide = 1000
        /// A region's short side is at least this many pixels of the searched copy.
        var minShortSide = 14.0
        /// A region's long side is at most this many times its short side.
        var maxAspect = 8.0
        /// The share of a region's pixels that is ink before closing: a code is about half ink.
        var minInk = 0.32
        /// Ink is darker than this after background normalization (which brings paper to 200).
        var inkBelow: Int32 = 150
        /// A glare spot lifts the modules under it above `inkBelow` (the background found there is the
        /// modules themselves): ink is also what is dark after each tile of this many searched pixels is
        /// stretched from its darkest to its lightest (tiles spread by less than `contrastMinSpread` are
        /// paper and take their neighbours' stretch).
        var contrastTile: Int32 = 20
        var contrastMinSpread: Int32 = 40
        var stretchedInkBelow: Int32 = 128
        /// At most this many regions a page, the most code-like first.
        var maxRegions = 6
    }

    static let tuning = Tuning()

    /// The candidate regions of `grey` (8-bit), in its pixels.
    static func find(in grey: Image, tuning: Tuning = tuning) -> [CodeRegion] {
        var factor = 1
        while max(grey.width, grey.height) / (factor * 2) >= tuning.searchSide / 2, factor < 16 { factor *= 2 }
        // The mean of each factor x factor block: a code's modules become a mid-grey block that
        // stays darker than the paper, noise and thin text strokes fade.
        guard
            let small = factor > 1
                ? grey.derived({ pixScaleAreaMap($0, 1 / Float(factor), 1 / Float(factor)) }) : grey,
            let even = small.derived({ pixBackgroundNormSimple($0, nil, nil) }),
            let evenInk = even.derived({ pixThresholdToBinary($0, tuning.inkBelow) }),
            let stretched = small.derived({
                pixContrastNorm(nil, $0, tuning.contrastTile, tuning.contrastTile, tuning.contrastMinSpread, 2, 2)
            }),
            let localInk = stretched.derived({ pixThresholdToBinary($0, tuning.stretchedInkBelow) }),
            let ink = evenInk.derived({ pixOr(nil, $0, localInk.withPix { $0 }) }),
            let closed = ink.derived({ pixCloseSafeBrick(nil, $0, 5, 5) }),
            let inkBytes = ink.derived({ pixConvert1To8(nil, $0, 0, 1) })?.packedSamples(),
            let closedBytes = closed.derived({ pixConvert1To8(nil, $0, 0, 1) })?.packedSamples()
        else { return [] }
        let blobs = Blob.label(closedBytes, ink: inkBytes, width: closed.width, height: closed.height)
        var regions: [(CodeRegion, Double)] = []
        for blob in blobs {
            let inked = Double(blob.ink) / Double(blob.count)
            // A block reaching the copy's edge is the table or a shadow around the paper (the contrast
            // stretch darkens a grey table), not a code with its quiet zone.
            guard inked >= tuning.minInk, !blob.touchesEdge(width: closed.width, height: closed.height),
                let region = blob.outline(), region.area > 0
            else { continue }
            let (w, h) = region.region.size
            let short = min(w, h)
            let filled = Double(blob.count) / region.area
            guard short >= tuning.minShortSide, max(w, h) <= tuning.maxAspect * short, filled >= 0.6 else { continue }
            // A code fills its outline: the likeliest first.
            regions.append((region.region.scaled(by: Double(factor)), min(1, filled) * region.area.squareRoot()))
        }
        return regions.sorted { $0.1 > $1.1 }.prefix(tuning.maxRegions).map(\.0)
    }
}

/// One connected block of set pixels with the sums its moments and outline need.
struct Blob {
    var count = 0
    var ink = 0
    var points: [(x: Int, y: Int)] = []

    /// The 4-connected blocks of `bytes` (1 set), with the ink (`ink` 1) under each; blocks under
    /// 64 pixels are dropped.
    static func label(_ bytes: [UInt8], ink: [UInt8], width: Int, height: Int) -> [Blob] {
        var seen = [Bool](repeating: false, count: bytes.count)
        var blobs: [Blob] = []
        var stack: [Int] = []
        for start in 0..<bytes.count where bytes[start] != 0 && !seen[start] {
            var blob = Blob()
            seen[start] = true
            stack.append(start)
            while let i = stack.popLast() {
                let (x, y) = (i % width, i / width)
                blob.count += 1
                blob.ink += Int(ink[i])
                blob.points.append((x, y))
                func visit(_ j: Int) {
                    if bytes[j] != 0, !seen[j] {
                        seen[j] = true
                        stack.append(j)
                    }
                }
                if x > 0 { visit(i - 1) }
                if x + 1 < width { visit(i + 1) }
                if y > 0 { visit(i - width) }
                if y + 1 < height { visit(i + width) }
            }
            if blob.count >= 64 { blobs.append(blob) }
        }
        return blobs
    }

    /// Whether a point of the block lies on the image's outer rows or columns.
    func touchesEdge(width: Int, height: Int) -> Bool {
        points.contains { $0.x == 0 || $0.y == 0 || $0.x == width - 1 || $0.y == height - 1 }
    }

    /// The outline: the corners of the points' extremes along their long axis (second moments) and
    /// across it, its long side first; nil for a thin line.
    func outline() -> (region: CodeRegion, area: Double)? {
        guard !points.isEmpty else { return nil }
        let n = Double(points.count)
        let mx = Double(points.reduce(0) { $0 + $1.x }) / n
        let my = Double(points.reduce(0) { $0 + $1.y }) / n
        var (sxx, syy, sxy) = (0.0, 0.0, 0.0)
        for p in points {
            let (dx, dy) = (Double(p.x) - mx, Double(p.y) - my)
            sxx += dx * dx
            syy += dy * dy
            sxy += dx * dy
        }
        let axis = 0.5 * atan2(2 * sxy, sxx - syy)
        // The block's short extent by its moments (a rectangle's side is sqrt(12) standard
        // deviations): a thin line (a page's edge, a rule) has outline corners but is no block.
        let spread = ((sxx - syy) * (sxx - syy) / 4 + sxy * sxy).squareRoot()
        let minor = max(0, (sxx + syy) / 2 - spread) / n
        guard (12 * minor).squareRoot() >= CodeRegions.tuning.minShortSide else { return nil }
        // The frame turned 45 degrees only where it is clearly better (a square block, whose axis is
        // arbitrary); its first side is then made the long one again, so rows stay rows.
        var region = corners(along: axis)
        let turned = corners(along: axis + Double.pi / 4)
        if turned.quadArea > 1.15 * region.quadArea { region = turned }
        let (w, h) = region.size
        if h > w { region.corners = Array(region.corners[1...] + region.corners[..<1]) }
        return (region, region.quadArea)
    }

    /// The extreme points along the diagonals of the frame turned by `angle`, as the corners
    /// top-left, top-right, bottom-right, bottom-left of that frame (pixel centres, +0.5).
    private func corners(along angle: Double) -> CodeRegion {
        let (c, s) = (cos(angle), sin(angle))
        var scores = (-Double.infinity, -Double.infinity, -Double.infinity, -Double.infinity)
        var extremes = [(x: Double, y: Double)](repeating: (0, 0), count: 4)
        for p in points {
            let (x, y) = (Double(p.x) + 0.5, Double(p.y) + 0.5)
            let u = x * c + y * s
            let v = -x * s + y * c
            if -u - v > scores.0 { (scores.0, extremes[0]) = (-u - v, (x, y)) }
            if u - v > scores.1 { (scores.1, extremes[1]) = (u - v, (x, y)) }
            if u + v > scores.2 { (scores.2, extremes[2]) = (u + v, (x, y)) }
            if v - u > scores.3 { (scores.3, extremes[3]) = (v - u, (x, y)) }
        }
        return CodeRegion(corners: extremes)
    }
}

extension CodeRegion {
    /// The area of the quadrilateral (shoelace).
    var quadArea: Double {
        var sum = 0.0
        for i in 0..<4 {
            let (p, q) = (corners[i], corners[(i + 1) % 4])
            sum += p.x * q.y - q.x * p.y
        }
        return abs(sum) / 2
    }
}
