import CLeptonica
import PixImage

/// The codes in a photo or a scan, read on its own pixels as the page is presented (EXIF
/// orientation applied). A big image is read on a reduced copy first (fast: a JPEG is decoded
/// reduced and grey by libjpeg itself), then at full size; where zxing finds a symbol it cannot
/// read, that part is read again closer (enlarged, then binarized), which is what small, blurred,
/// noisy or slightly damaged codes need. A small image in which zxing sees no symbol at all is read
/// enlarged (modules of one or two pixels).
public enum ImageCodes {
    /// A reduced copy is read first when the image's long side is at least this many pixels.
    static let reduceFrom = 2400

    /// An image to read, with the factor from its pixels to the pixels codes are reported in.
    public typealias Scaled = (image: PixImage, scale: Double)

    /// The codes of `image` (any depth), in its pixels; a big image (a 300-dpi scan) is read on a
    /// copy halved until under `reduceFrom` first. Without `straighten`, regions shaped like a code
    /// are not straightened (an image already upright, where zxing's own reading suffices).
    public static func find(in image: PixImage, straighten: Bool = true) -> [DecodedCode] {
        guard let grey = greyCopy(image) else { return [] }
        var reduced: Scaled?
        var side = max(grey.width, grey.height)
        var current = grey
        while side >= reduceFrom, let half = current.derived({ pixScaleAreaMap2($0) }) {
            current = half
            side = max(current.width, current.height)
            reduced = (current, Double(grey.width) / Double(current.width))
        }
        return find(reduced: reduced, straighten: straighten) { (grey, 1) }
    }

    /// The codes of an image given as a cheap `reduced` copy (nil when there is none) and its
    /// `full` size, decoded only when the reduced copy gave no code. Coordinates are those the
    /// scales lead to.
    public static func find(reduced: Scaled?, straighten: Bool = true, full: () -> Scaled?) -> [DecodedCode] {
        var loaded: Scaled??
        func fullGrey() -> Scaled? {
            if let loaded { return loaded }
            let image = full().flatMap { s in greyCopy(s.image).map { (image: $0, scale: s.scale) } }
            loaded = .some(image)
            return image
        }
        let first = firstReading(reduced: reduced, full: fullGrey)
        guard straighten else { return first }
        return DecodedCode.unique(first + straightened(reduced: reduced, full: fullGrey, besides: first))
    }

    /// The regions shaped like a code that no code in `known` covers, looked for on the reduced copy
    /// (else the full image) and decoded straightened on the full image (StraightenedCodes).
    static func straightened(reduced: Scaled?, full: () -> Scaled?, besides known: [DecodedCode]) -> [DecodedCode] {
        guard let search = reduced ?? full(), let grey = greyCopy(search.image) else { return [] }
        let regions = CodeRegions.find(in: grey).map { $0.scaled(by: search.scale) }
        let open = regions.filter { r in !known.contains { StraightenedCodes.covers($0.bounds, r.bounds) } }
        guard !open.isEmpty, let (image, scale) = full() else { return [] }
        let local = known.map { $0.mapped { x, y in (x / scale, y / scale) } }
        return StraightenedCodes.read(image, regions: open.map { $0.scaled(by: 1 / scale) }, besides: local)
            .map { $0.mapped { x, y in (x * scale, y * scale) } }
    }

    /// zxing on the reduced copy, then on the full image, then closer where it saw a symbol it could
    /// not read (or enlarged, a small image).
    static func firstReading(reduced: Scaled?, full: () -> Scaled?) -> [DecodedCode] {
        var pass = CodeReader.Pass.thorough
        pass.returnErrors = true
        var seen: [DecodedCode] = []
        if let (image, scale) = reduced {
            let codes = CodeReader.read(image, pass: pass).map { $0.mapped { x, y in (x * scale, y * scale) } }
            if codes.contains(where: { !$0.failed }) { return DecodedCode.unique(codes.filter { !$0.failed }) }
            seen += codes
        }
        guard let (grey, scale) = full() else { return [] }
        // The reduced copy has been read: zxing need not scale the full one down again.
        pass.tryDownscale = reduced == nil
        let codes = CodeReader.read(grey, pass: pass).map { $0.mapped { x, y in (x * scale, y * scale) } }
        if codes.contains(where: { !$0.failed }) { return DecodedCode.unique(codes.filter { !$0.failed }) }
        seen += codes
        var found: [DecodedCode] = []
        for spot in seen where spot.failed {
            if found.contains(where: { DecodedCode.overlap($0, spot) }) { continue }
            let local = spot.bounds.map { $0 / scale }
            found += closer(grey, at: local).map { $0.mapped { x, y in (x * scale, y * scale) } }
        }
        if found.isEmpty, !seen.contains(where: \.failed), max(grey.width, grey.height) <= smallSide {
            // A small image (a screenshot, a code cut out of a page) whose modules are one or two
            // pixels: zxing sees no symbol at all until they are enlarged.
            found = enlarged(grey).map { $0.mapped { x, y in (x * scale, y * scale) } }
        }
        return DecodedCode.unique(found)
    }

    /// Images up to this long side are read enlarged when nothing else found a code.
    static let smallSide = 1600

    /// `grey` read at twice its size; one of at most `smallSide / 2` pixels also binarized and at
    /// three times (a code a few hundred pixels wide, where every try is cheap).
    static func enlarged(_ grey: Image) -> [DecodedCode] {
        let tiny = max(grey.width, grey.height) <= smallSide / 2
        for factor in tiny ? [2.0, 3.0] : [2.0] {
            guard let big = scaledUp(grey, by: factor) else { return [] }
            let read = CodeReader.read(big).filter { !$0.failed }
            if !read.isEmpty { return read.map { $0.mapped { x, y in (x / factor, y / factor) } } }
            if tiny, factor == 2, let binary = binarized(big) {
                let read = CodeReader.read(binary).filter { !$0.failed }
                if !read.isEmpty { return read.map { $0.mapped { x, y in (x / factor, y / factor) } } }
            }
        }
        return []
    }

    /// Reads the part of `grey` around `bounds` again: enlarged when small, then binarized.
    static func closer(_ grey: Image, at bounds: [Double]) -> [DecodedCode] {
        let w = bounds[2] - bounds[0]
        let h = bounds[3] - bounds[1]
        let margin = 0.35 * max(w, h) + 8
        let x0 = max(0, Int(bounds[0] - margin))
        let y0 = max(0, Int(bounds[1] - margin))
        let x1 = min(grey.width, Int(bounds[2] + margin))
        let y1 = min(grey.height, Int(bounds[3] + margin))
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return [] }
        let region = PixBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard let crop = region.withBox({ box in grey.derived { pixClipRectangle($0, box, nil) } }) else { return [] }
        let side = max(crop.width, crop.height)
        let factor = side < 800 ? min(4, 800 / Double(side)) : 1
        var variants: [Image] = []
        if factor > 1.2, let big = scaledUp(crop, by: factor) { variants.append(big) } else { variants.append(crop) }
        if let binary = binarized(variants[0]) { variants.append(binary) }
        for variant in variants {
            let f = Double(variant.width) / Double(crop.width)
            let read = CodeReader.read(variant).filter { !$0.failed }
            if !read.isEmpty { return read.map { $0.mapped { x, y in (Double(x0) + x / f, Double(y0) + y / f) } } }
        }
        return []
    }

    /// An 8-bit grey copy (colour by luminance, a palette expanded); nil when leptonica fails.
    static func greyCopy(_ image: Image) -> Image? {
        if image.depth == 8, image.withPix({ pixGetColormap($0) }) == nil { return image }
        return image.derived { pixConvertTo8($0, 0) }
    }

    /// An enlarged copy (linear interpolation), for a small code's modules to get several pixels.
    static func scaledUp(_ image: Image, by factor: Double) -> Image? {
        image.derived { pixScaleGrayLI($0, Float(factor), Float(factor)) }
    }

    /// Black and white by a local (Sauvola) threshold, back as 8-bit grey for zxing: uneven light
    /// and low contrast in photos.
    static func binarized(_ image: Image) -> Image? {
        let window = Int32(max(8, min(image.width, image.height) / 16))
        let bin = image.derived { pix in
            var binary: UnsafeMutablePointer<Pix>?
            return pixSauvolaBinarizeTiled(pix, window, 0.3, 1, 1, nil, &binary) == 0 ? binary : nil
        }
        return bin?.derived { pixConvert1To8(nil, $0, 255, 0) }
    }
}
