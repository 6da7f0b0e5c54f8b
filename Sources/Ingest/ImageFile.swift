import CLeptonica
import Foundation
import JPEGMarkers
import PPShared
import PixImage

/// What pp-ingest knows about an image file before decoding it (leptonica header readers).
struct ImageHeader: Sendable {
    /// Leptonica's IFF_* format code.
    let format: Int32
    let width: Int
    let height: Int
    let bitsPerSample: Int
    let samplesPerPixel: Int
    /// Resolution stored in the file, 0 when none.
    let dpi: Int
    /// EXIF orientation 1...8 (1 when absent).
    let orientation: Int
    /// Frames (pages) of a TIFF; 1 for the rest.
    let frames: Int

    var isTIFF: Bool { (4...10).contains(format) || format == 17 }
    var isJPEG: Bool { format == Int32(IFF_JFIF_JPEG) }
    var isPNG: Bool { format == Int32(IFF_PNG) }

    /// Whether pp-ocr can read the file as it is: a PNG, JPEG or TIFF, 8 bits or fewer, no alpha,
    /// no CMYK, upright.
    var usableAsIs: Bool {
        (isJPEG || isPNG || isTIFF) && bitsPerSample <= 8 && (samplesPerPixel == 1 || samplesPerPixel == 3)
            && orientation == 1
    }

    /// Reads the header of `path`; nil when leptonica does not know the format.
    static func read(path: String) -> ImageHeader? {
        LeptonicaMessages.silence()
        var format: Int32 = 0
        var w: Int32 = 0
        var h: Int32 = 0
        var bps: Int32 = 0
        var spp: Int32 = 0
        var cmap: Int32 = 0
        guard pixReadHeader(path, &format, &w, &h, &bps, &spp, &cmap) == 0, w > 0, h > 0 else { return nil }
        var dpi: Int32 = 0
        var frames: Int32 = 1
        if let fp = fopenReadStream(path) {
            var x: Int32 = 0
            var y: Int32 = 0
            if format == Int32(IFF_JFIF_JPEG) {
                if fgetJpegResolution(fp, &x, &y) == 0 { dpi = x }
            } else if format == Int32(IFF_PNG) {
                if fgetPngResolution(fp, &x, &y) == 0 { dpi = x }
            } else if (4...10).contains(format) || format == 17 {
                if getTiffResolution(fp, &x, &y) == 0 { dpi = x }
                rewind(fp)
                var n: Int32 = 0
                if tiffGetCount(fp, &n) == 0, n > 0 { frames = n }
            }
            fclose(fp)
        }
        let orientation = format == Int32(IFF_JFIF_JPEG) ? (JPEGHeader.read(path: path)?.orientation ?? 1) : 1
        return ImageHeader(
            format: format, width: Int(w), height: Int(h), bitsPerSample: Int(bps), samplesPerPixel: Int(spp),
            dpi: Int(dpi), orientation: orientation, frames: Int(frames))
    }
}

/// Whether a JPEG or PNG file ends as it should (JPEG end-of-image marker, PNG IEND chunk), so a
/// file cut short in transfer is reported here rather than failing later in OCR. Trailing bytes
/// some cameras append after the image are allowed (the tail is searched, not only the last bytes).
enum ImageCompleteness {
    enum Kind { case jpeg, png }

    /// JPEG or PNG from the first bytes; nil for other formats (not checked).
    static func kind(path: String) -> Kind? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4), head.count == 4 else { return nil }
        if head.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        return nil
    }

    /// Checked before leptonica (and libjpeg, which prints its complaints on stderr) reads the file.
    static func isComplete(path: String, kind: Kind) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return false }
        let tailLength = min(size, kind == .jpeg ? 1 << 20 : 1 << 12)
        try? handle.seek(toOffset: size - tailLength)
        guard let tail = try? handle.read(upToCount: Int(tailLength)) else { return false }
        let marker = kind == .jpeg ? Data([0xFF, 0xD9]) : Data("IEND".utf8)
        return tail.range(of: marker, options: .backwards) != nil
    }
}

/// Decoding and normalizing an image: EXIF orientation applied, alpha flattened onto white,
/// 16-bit samples reduced to 8, CMYK to RGB, and huge images scaled under the pixel budget.
enum ImageNormalizer {
    /// Decodes frame `frame` of `path`; for a JPEG, decodes at 1/2, 1/4 or 1/8 scale when that
    /// keeps the image under `maxPixels` (pixReadJpeg reduction), so a huge photo never fills memory.
    static func decode(path: String, header: ImageHeader, frame: Int, maxPixels: Int) -> (Image, reduction: Int)? {
        if header.isJPEG {
            var reduction = 1
            while reduction < 8, (header.width / reduction) * (header.height / reduction) > maxPixels { reduction *= 2 }
            var warnings: Int32 = 0
            guard let image = Image.make({ pixReadJpeg(path, 0, Int32(reduction), &warnings, 0) }) else { return nil }
            return (image, reduction)
        }
        if header.isTIFF {
            guard let image = Image.make({ pixReadTiff(path, Int32(frame)) }) else { return nil }
            return (image, 1)
        }
        guard let image = Image.make({ pixRead(path) }) else { return nil }
        return (image, 1)
    }

    /// Applies the normalizations in place; returns false when leptonica fails.
    static func normalize(_ image: Image, orientation: Int) -> Bool {
        if image.depth == 16 {
            guard image.apply({ pixConvert16To8($0, Int32(L_MS_BYTE)) }) else { return false }
        }
        if image.depth == 32, image.samplesPerPixel == 4 {
            guard image.apply({ pixAlphaBlendUniform($0, 0xFFFF_FF00) }) else { return false }
            image.withPix { _ = pixSetSpp($0, 3) }
        } else if image.withPix({ translucentPalette($0) }) {
            // A palette with transparency: expand it with its alpha, then blend onto white.
            guard image.apply({ pixRemoveColormap($0, Int32(REMOVE_CMAP_WITH_ALPHA)) }) else { return false }
            if image.depth == 32 {
                guard image.apply({ pixAlphaBlendUniform($0, 0xFFFF_FF00) }) else { return false }
                image.withPix { _ = pixSetSpp($0, 3) }
            }
        }
        return image.applyEXIFOrientation(orientation)
    }

    /// Whether the image has a palette with a colour that is not opaque.
    private static func translucentPalette(_ pix: UnsafeMutablePointer<Pix>) -> Bool {
        guard let cmap = pixGetColormap(pix) else { return false }
        var opaque: Int32 = 1
        pixcmapIsOpaque(cmap, &opaque)
        return opaque == 0
    }

    /// Scales the image down so that it holds at most `maxPixels`; returns the factor used (1 when none).
    static func fit(_ image: Image, maxPixels: Int) -> Double {
        let pixels = image.width * image.height
        guard pixels > maxPixels else { return 1 }
        let factor = (Double(maxPixels) / Double(pixels)).squareRoot() * 0.999
        image.apply { pixScale($0, Float(factor), Float(factor)) }
        return factor
    }
}
