import CLeptonica
import Foundation
import PixImage

/// The second look at a photo: the regions CodeRegions finds that no code read so far covers are
/// straightened (their outline mapped onto an upright rectangle: turn and perspective at once),
/// enlarged until a module has a few pixels (BicubicWarp), and decoded as it is, sharpened, with its
/// contrast stretched (glare), and binarized. zxing's PDF417 reader follows rows, so a symbol turned
/// more than a few degrees is found only this way.
/// The extra work a page is bounded by `pixelBudget`: a count of work, not a clock, so that what a page
/// gives does not depend on how busy the machine is.
enum StraightenedCodes {
    /// The straightened pixels one image may decode here, all regions together (docs/reliability.md).
    static let pixelBudget = 4_000_000.0
    /// A straightened region's long side is brought to this many pixels (enlarged at most `maxEnlarge`).
    static let longSide = 1000.0
    static let maxEnlarge = 4.0
    /// The strengths of the unsharp masks tried: modules of one or two pixels blur into each other
    /// when enlarged. Doubling from one to the next: which strength reads a code of modules near one
    /// photo pixel varies from photo to photo (on tuning photos of a 30% perspective, 1.5/2.5/4 read 21 of
    /// 40, 1.5/3/6/12 read 26; 1.5 to 9 in seven steps no more than four doublings).
    static let sharpenings: [Float] = [1.5, 3.0, 6.0, 12.0]
    /// The contrast stretch looks this many photo pixels around (some seven modules of a small PDF417);
    /// a spread under `contrastMinSpread` grey levels (paper) is stretched as that much, not to noise.
    static let contrastWindowPixels = 10.0
    static let contrastMinSpread = 30

    /// The codes in `regions` of `grey` (its pixels) that `known` (the same pixels) does not cover.
    static func read(_ grey: Image, regions: [CodeRegion], besides known: [DecodedCode]) -> [DecodedCode] {
        var found: [DecodedCode] = []
        var spent = 0.0
        for region in regions {
            if (known + found).contains(where: { covers($0.bounds, region.bounds) }) { continue }
            let pixels = straightenedSize(region).pixels
            if spent + pixels > pixelBudget { continue }
            spent += pixels
            if let code = decode(grey, region: region) { found.append(code) }
        }
        return found
    }

    /// The straightened region's size and its margin: sides enlarged by `enlargement`, a quiet zone around.
    static func straightenedSize(_ region: CodeRegion) -> (width: Double, height: Double, margin: Double, pixels: Double) {
        let k = enlargement(region)
        let (w, h) = region.size
        let margin = (0.12 * h + 0.03 * w) * k + 8
        let (ow, oh) = (w * k + 2 * margin, h * k + 2 * margin)
        return (ow, oh, margin, ow * oh)
    }

    /// A code read in `region`, its corners the region's.
    static func decode(_ grey: Image, region: CodeRegion) -> DecodedCode? {
        guard let upright = warped(grey, region) else { return nil }
        // Enlarged here already: zxing need not try a reduced copy.
        var pass = CodeReader.Pass.thorough
        pass.tryDownscale = false
        let k = enlargement(region)
        // Made one after the other, only while none has been read.
        let variants: [() -> Image?] =
            [{ upright }] + sharpenings.map { f in { upright.derived { pixUnsharpMaskingGray($0, 4, f) } } } + [
                { evened(upright, enlargement: k)?.derived { pixUnsharpMaskingGray($0, 4, sharpenings[0]) } },
                { upright.derived { pixUnsharpMaskingGray($0, 4, sharpenings[0]) }.flatMap(ImageCodes.binarized) },
            ]
        for make in variants {
            guard let variant = make() else { continue }
            if let code = CodeReader.read(variant, pass: pass).first(where: { !$0.failed }) {
                return DecodedCode(type: code.type, text: code.text, corners: region.corners)
            }
        }
        return nil
    }

    /// A straightened region's local contrast stretched: each pixel placed between the darkest and the
    /// lightest around it (smoothed), so that a glare spot, which leaves the modules under it light grey
    /// on white, does not fall under zxing's threshold.
    static func evened(_ upright: Image, enlargement k: Double) -> Image? {
        let size = Int32(max(contrastWindowPixels * k, 9)) | 1
        guard let light = upright.derived({ pixDilateGray($0, size, size) })?.derived({ pixBlockconv($0, size / 2, size / 2) }),
            let dark = upright.derived({ pixErodeGray($0, size, size) })?.derived({ pixBlockconv($0, size / 2, size / 2) }),
            let pixels = upright.packedSamples(), let high = light.packedSamples(), let low = dark.packedSamples(),
            pixels.count == high.count, pixels.count == low.count
        else { return nil }
        let stretched = (0..<pixels.count).map { i in
            let spread = max(Int(high[i]) - Int(low[i]), contrastMinSpread)
            return UInt8(clamping: (Int(pixels[i]) - Int(low[i])) * 255 / spread)
        }
        return BicubicWarp.greyImage(stretched, width: upright.width, height: upright.height)
    }

    /// The factor that brings the region's long side to `longSide`.
    static func enlargement(_ region: CodeRegion) -> Double {
        let (w, h) = region.size
        return min(maxEnlarge, max(1, longSide / max(1, max(w, h))))
    }

    /// The region mapped onto an upright rectangle of its sides' lengths (enlarged), a quiet zone
    /// around it taken from the photo (the outline may cut a thin bar off).
    static func warped(_ grey: Image, _ region: CodeRegion) -> Image? {
        let k = enlargement(region)
        let (w, h) = region.size
        let (ow, oh, margin, pixels) = straightenedSize(region)
        guard pixels <= pixelBudget else { return nil }
        let target: [(x: Double, y: Double)] = [
            (margin, margin), (margin + w * k, margin), (margin + w * k, margin + h * k), (margin, margin + h * k),
        ]
        // The photo is cut to the region (and its margin) first, so the warp works on a small image.
        let pad = margin / k + 4
        let b = region.bounds
        let x0 = max(0, Int(b[0] - pad))
        let y0 = max(0, Int(b[1] - pad))
        let x1 = min(grey.width, Int(b[2] + pad) + 1)
        let y1 = min(grey.height, Int(b[3] + pad) + 1)
        guard x1 - x0 > 8, y1 - y0 > 8,
            let crop = PixBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0).withBox({ box in
                grey.derived { pixClipRectangle($0, box, nil) }
            })
        else { return nil }
        let source = region.corners.map { (x: $0.x - Double(x0), y: $0.y - Double(y0)) }
        return BicubicWarp.warp(crop, from: source, to: target, width: Int(ow), height: Int(oh))
    }

    /// Whether a code's box covers most of a region's box.
    static func covers(_ code: [Double], _ region: [Double]) -> Bool {
        let w = min(code[2], region[2]) - max(code[0], region[0])
        let h = min(code[3], region[3]) - max(code[1], region[1])
        guard w > 0, h > 0 else { return false }
        return w * h >= 0.5 * (region[2] - region[0]) * (region[3] - region[1])
    }
}
