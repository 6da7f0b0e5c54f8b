import CLeptonica
import PixImage

/// A projective warp of a grey image with bicubic (Catmull-Rom) interpolation. Leptonica's projective
/// transform interpolates linearly, which smears a PDF417's modules of 1.2-1.5 photo pixels into
/// grey when they are enlarged; the cubic kernel keeps their edges (on the photo benchmark's tuning
/// photos at a 20-30 % perspective: read after sharpening, where the linear warp gave nothing).
enum BicubicWarp {
    /// `grey` (8-bit) resampled into a `width` x `height` image in which the points `from` (pixels of
    /// `grey`, four of them) land on `to`; pixels mapped outside `grey` are white.
    static func warp(
        _ grey: Image, from: [(x: Double, y: Double)], to: [(x: Double, y: Double)], width: Int, height: Int
    ) -> Image? {
        guard width > 0, height > 0, from.count == 4, to.count == 4, let map = coefficients(from: to, to: from),
            let source = grey.packedSamples(), grey.depth == 8
        else { return nil }
        let (sw, sh) = (grey.width, grey.height)
        var out = [UInt8](repeating: 255, count: width * height)
        source.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        let (dx, dy) = (Double(x) + 0.5, Double(y) + 0.5)
                        let d = map[6] * dx + map[7] * dy + 1
                        guard d != 0 else { continue }
                        // Pixel centres: the source point's pixel coordinates, less half a pixel.
                        let sx = (map[0] * dx + map[1] * dy + map[2]) / d - 0.5
                        let sy = (map[3] * dx + map[4] * dy + map[5]) / d - 0.5
                        guard sx >= -1, sy >= -1, sx <= Double(sw), sy <= Double(sh) else { continue }
                        let (ix, iy) = (Int(sx.rounded(.down)), Int(sy.rounded(.down)))
                        let wx = weights(sx - Double(ix))
                        let wy = weights(sy - Double(iy))
                        // The 4 x 4 samples around the point, clamped to the image at its edges.
                        let xs = SIMD4(
                            min(sw - 1, max(0, ix - 1)), min(sw - 1, max(0, ix)), min(sw - 1, max(0, ix + 1)),
                            min(sw - 1, max(0, ix + 2)))
                        var sum = 0.0
                        for j in 0..<4 {
                            let row = min(sh - 1, max(0, iy - 1 + j)) * sw
                            let samples = SIMD4(
                                Double(src[row + xs[0]]), Double(src[row + xs[1]]), Double(src[row + xs[2]]),
                                Double(src[row + xs[3]]))
                            sum += wy[j] * (wx * samples).sum()
                        }
                        dst[y * width + x] = UInt8(max(0, min(255, sum.rounded())))
                    }
                }
            }
        }
        return greyImage(out, width: width, height: height)
    }

    /// The Catmull-Rom weights (a = -0.5) of the four samples around a point `t` (0..<1) past the second.
    static func weights(_ t: Double) -> SIMD4<Double> {
        let (t2, t3) = (t * t, t * t * t)
        return SIMD4(-0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1, -1.5 * t3 + 2 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2)
    }

    /// The eight coefficients of the projective map taking each point of `from` to the one of `to`:
    /// x' = (c0 x + c1 y + c2) / (c6 x + c7 y + 1), y' = (c3 x + c4 y + c5) / (c6 x + c7 y + 1); nil when
    /// three points are in a line.
    static func coefficients(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) -> [Double]? {
        var rows: [[Double]] = []
        for (p, q) in zip(from, to) {
            rows.append([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y, q.x])
            rows.append([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y, q.y])
        }
        // Gaussian elimination with partial pivoting on the 8 x 9 augmented matrix.
        for col in 0..<8 {
            guard let pivot = (col..<8).max(by: { abs(rows[$0][col]) < abs(rows[$1][col]) }), abs(rows[pivot][col]) > 1e-12
            else { return nil }
            rows.swapAt(col, pivot)
            for r in 0..<8 where r != col {
                let f = rows[r][col] / rows[col][col]
                if f != 0 { for c in col..<9 { rows[r][c] -= f * rows[col][c] } }
            }
        }
        return (0..<8).map { rows[$0][8] / rows[$0][$0] }
    }

    /// An 8-bit leptonica image of `bytes` (row after row, natural order).
    static func greyImage(_ bytes: [UInt8], width: Int, height: Int) -> Image? {
        guard let image = Image.make({ pixCreate(Int32(width), Int32(height), 8) }) else { return nil }
        image.withPix { pix in
            guard let words = pixGetData(pix) else { return }
            let rowBytes = 4 * Int(pixGetWpl(pix))
            let dst = UnsafeMutableRawPointer(words).assumingMemoryBound(to: UInt8.self)
            bytes.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    (dst + y * rowBytes).update(from: src.baseAddress! + y * width, count: width)
                }
            }
            // Leptonica keeps bytes big-endian inside 32-bit words: written in natural order, swapped once.
            _ = pixEndianByteSwap(pix)
        }
        return image
    }
}
