#if canImport(Glibc)
    import Glibc
#endif

// Polygons in the plane for the paper finder: the hull of an outline, the largest quadrilateral in it,
// its sides fitted again to the outline, and the aspect of the rectangle a quadrilateral shows.

enum PlaneGeometry {
    static func cross(_ o: PixPoint, _ a: PixPoint, _ b: PixPoint) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    static func distance(_ a: PixPoint, _ b: PixPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    /// The convex hull, counter-clockwise in x-right y-down terms (monotone chain).
    static func convexHull(_ points: [PixPoint]) -> [PixPoint] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        var hull: [PixPoint] = []
        for pass in 0..<2 {
            let start = hull.count
            for p in pass == 0 ? sorted : sorted.reversed() {
                while hull.count >= start + 2, cross(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 { hull.removeLast() }
                hull.append(p)
            }
            hull.removeLast()
        }
        return hull
    }

    /// A polygon's area (shoelace), whichever its direction.
    static func area(_ polygon: [PixPoint]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var sum = 0.0
        for i in polygon.indices {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.count])
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    /// The convex polygon with vertices dropped, the one losing the least area first, down to `count`.
    static func reduced(_ polygon: [PixPoint], to count: Int) -> [PixPoint] {
        var p = polygon
        while p.count > count {
            let n = p.count
            let loss = (0..<n).map { abs(cross(p[($0 + n - 1) % n], p[$0], p[($0 + 1) % n])) }
            p.remove(at: loss.indices.min { loss[$0] < loss[$1] }!)
        }
        return p
    }

    /// The largest quadrilateral with vertices among a convex polygon's (in the polygon's order).
    static func largestQuadrilateral(in p: [PixPoint]) -> [PixPoint] {
        let n = p.count
        guard n > 4 else { return p }
        var (best, corners) = (-1.0, [0, 1, 2, 3])
        // i < j < k < l in the polygon's order: i-k is one diagonal, j and l lie either side of it.
        for i in 0..<(n - 3) {
            for k in (i + 2)..<(n - 1) {
                // The farthest vertex on each side of the diagonal makes the largest triangles.
                var (left, leftAt) = (-1.0, -1)
                for j in (i + 1)..<k {
                    let a = abs(cross(p[i], p[j], p[k]))
                    if a > left { (left, leftAt) = (a, j) }
                }
                var (right, rightAt) = (-1.0, -1)
                for l in (k + 1)..<n {
                    let a = abs(cross(p[i], p[k], p[l]))
                    if a > right { (right, rightAt) = (a, l) }
                }
                guard leftAt >= 0, rightAt >= 0, left + right > best else { continue }
                (best, corners) = (left + right, [i, leftAt, k, rightAt])
            }
        }
        return corners.map { p[$0] }
    }

    /// How far a side's fit looks from the coarse side, in the quadrilateral's diagonal, and at least.
    static let sideBand = 0.015
    static let smallestSideBand = 2.0
    /// The part of a side the fit uses: the ends are rounded or cut by the corners' outline.
    static let sideMiddle = 0.1...0.9
    /// A corner moved farther than this (in the diagonal) by the fit keeps its coarse place.
    static let largestCornerShift = 0.03

    /// The quadrilateral with each side fitted (total least squares, twice) to the outline points near
    /// it, and the corners where neighbouring fitted sides cross.
    static func refined(_ quad: [PixPoint], outline: [PixPoint]) -> [PixPoint] {
        let diagonal = max(distance(quad[0], quad[2]), distance(quad[1], quad[3]))
        var lines: [(point: PixPoint, direction: PixPoint)] = []
        for i in 0..<4 {
            let (a, b) = (quad[i], quad[(i + 1) % 4])
            var line = (point: a, direction: PixPoint(x: (b.x - a.x), y: (b.y - a.y)))
            let length = distance(a, b)
            guard length > 0 else { return quad }
            line.direction = PixPoint(x: line.direction.x / length, y: line.direction.y / length)
            let band = max(smallestSideBand, sideBand * diagonal)
            for band in [band, band / 3] {
                let near = outline.filter { p in
                    let (dx, dy) = (p.x - a.x, p.y - a.y)
                    let along = (dx * (b.x - a.x) + dy * (b.y - a.y)) / (length * length)
                    let off = abs(dx * line.direction.y - dy * line.direction.x)
                    return sideMiddle.contains(along) && off <= band
                }
                guard near.count >= 8, let fit = fitLine(near) else { break }
                line = fit
            }
            lines.append(line)
        }
        var out = quad
        for i in 0..<4 {
            let (l1, l2) = (lines[(i + 3) % 4], lines[i])
            let det = l1.direction.x * l2.direction.y - l1.direction.y * l2.direction.x
            guard abs(det) > 1e-6 else { continue }
            let (dx, dy) = (l2.point.x - l1.point.x, l2.point.y - l1.point.y)
            let t = (dx * l2.direction.y - dy * l2.direction.x) / det
            let crossing = PixPoint(x: l1.point.x + t * l1.direction.x, y: l1.point.y + t * l1.direction.y)
            if distance(crossing, quad[i]) <= largestCornerShift * diagonal { out[i] = crossing }
        }
        return out
    }

    /// The line through points that is nearest them all (their centroid, their principal direction).
    static func fitLine(_ points: [PixPoint]) -> (point: PixPoint, direction: PixPoint)? {
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n
        let my = points.reduce(0) { $0 + $1.y } / n
        var (sxx, sxy, syy) = (0.0, 0.0, 0.0)
        for p in points {
            sxx += (p.x - mx) * (p.x - mx)
            sxy += (p.x - mx) * (p.y - my)
            syy += (p.y - my) * (p.y - my)
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        guard angle.isFinite else { return nil }
        return (PixPoint(x: mx, y: my), PixPoint(x: cos(angle), y: sin(angle)))
    }

    /// The largest difference from 90 degrees among a quadrilateral's interior angles.
    static func anglesOffRight(_ q: [PixPoint]) -> Double {
        (0..<4).map { i in
            let (p, a, b) = (q[i], q[(i + 3) % 4], q[(i + 1) % 4])
            let (ux, uy, vx, vy) = (a.x - p.x, a.y - p.y, b.x - p.x, b.y - p.y)
            let cosine = (ux * vx + uy * vy) / max(1e-9, hypot(ux, uy) * hypot(vx, vy))
            return abs(acos(min(1, max(-1, cosine))) * 180 / .pi - 90)
        }.max() ?? 180
    }

    /// The corners from top-left clockwise (on screen): top-left is the one nearest the grid's origin
    /// along x + y, which holds for a sheet turned up to 45 degrees.
    static func ordered(_ q: [PixPoint]) -> [PixPoint] {
        // Clockwise on screen (y down) is a positive shoelace sum.
        var c = q
        var sum = 0.0
        for i in 0..<4 { sum += c[i].x * c[(i + 1) % 4].y - c[(i + 1) % 4].x * c[i].y }
        if sum < 0 { c.reverse() }
        let first = c.indices.min { c[$0].x + c[$0].y < c[$1].x + c[$1].y }!
        return Array(c[first...] + c[..<first])
    }
}
