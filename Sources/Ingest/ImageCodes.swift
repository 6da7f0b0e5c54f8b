import CLeptonica
import PPShared

/// The codes in a photo or a scan, read on its own pixels as the page is presented (EXIF
/// orientation applied). A big image is read on a reduced copy first (fast), then at full size;
/// where zxing finds a symbol it cannot read, that part is read again closer (enlarged, then
/// binarized), which is what small, blurred, noisy or slightly damaged codes need.
enum ImageCodes {
    /// The long side of the reduced copy read first.
    static let reducedSide = 1600

    /// The codes of `image` (8-bit grey or colour), in the pixels of `image`.
    static func find(in image: Image) -> [DecodedCode] {
        guard let grey = greyCopy(image) else { return [] }
        var pass = CodeReader.Pass.thorough
        pass.returnErrors = true
        var seen: [DecodedCode] = []
        let side = max(grey.width, grey.height)
        if side > reducedSide * 5 / 4, let reduced = scaled(grey, by: Double(reducedSide) / Double(side)) {
            let factor = Double(grey.width) / Double(reduced.width)
            let codes = CodeReader.read(reduced, pass: pass).map { $0.mapped { x, y in (x * factor, y * factor) } }
            if codes.contains(where: { !$0.failed }) { return PDFCodes.unique(codes.filter { !$0.failed }) }
            seen += codes
        }
        let codes = CodeReader.read(grey, pass: pass)
        if codes.contains(where: { !$0.failed }) { return PDFCodes.unique(codes.filter { !$0.failed }) }
        seen += codes
        var found: [DecodedCode] = []
        for spot in seen where spot.failed {
            if found.contains(where: { PDFCodes.close($0, spot) }) { continue }
            found += closer(grey, at: spot.bounds)
        }
        return PDFCodes.unique(found)
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
        let box = boxCreate(Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        defer {
            var doomed = box
            boxDestroy(&doomed)
        }
        guard let cropped = pixClipRectangle(grey.pix, box, nil) else { return [] }
        let crop = Image(taking: cropped)
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
        if image.depth == 8, pixGetColormap(image.pix) == nil { return image }
        guard let pix = pixConvertTo8(image.pix, 0) else { return nil }
        return Image(taking: pix)
    }

    /// A reduced copy (smoothed, so noise and fine print fade before the modules do).
    static func scaled(_ image: Image, by factor: Double) -> Image? {
        guard let pix = pixScaleSmooth(image.pix, Float(factor), Float(factor)) else { return nil }
        return Image(taking: pix)
    }

    /// An enlarged copy (linear interpolation), for a small code's modules to get several pixels.
    static func scaledUp(_ image: Image, by factor: Double) -> Image? {
        guard let pix = pixScaleGrayLI(image.pix, Float(factor), Float(factor)) else { return nil }
        return Image(taking: pix)
    }

    /// Black and white by a local (Sauvola) threshold, back as 8-bit grey for zxing: uneven light
    /// and low contrast in photos.
    static func binarized(_ image: Image) -> Image? {
        var binary: UnsafeMutablePointer<Pix>?
        let window = Int32(max(8, min(image.width, image.height) / 16))
        guard pixSauvolaBinarizeTiled(image.pix, window, 0.3, 1, 1, nil, &binary) == 0, let binary else { return nil }
        let bin = Image(taking: binary)
        guard let grey = pixConvert1To8(nil, bin.pix, 255, 0) else { return nil }
        return Image(taking: grey)
    }
}
