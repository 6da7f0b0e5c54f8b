import CLeptonica
import Foundation
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
        let orientation = format == Int32(IFF_JFIF_JPEG) ? (ExifOrientation.read(path: path) ?? 1) : 1
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
        LeptonicaMessages.silence()
        if header.isJPEG {
            var reduction = 1
            while reduction < 8, (header.width / reduction) * (header.height / reduction) > maxPixels { reduction *= 2 }
            var warnings: Int32 = 0
            guard let pix = pixReadJpeg(path, 0, Int32(reduction), &warnings, 0) else { return nil }
            return (Image(taking: pix), reduction)
        }
        if header.isTIFF {
            guard let pix = pixReadTiff(path, Int32(frame)) else { return nil }
            return (Image(taking: pix), 1)
        }
        guard let pix = pixRead(path) else { return nil }
        return (Image(taking: pix), 1)
    }

    /// Applies the normalizations in place; returns false when leptonica fails.
    static func normalize(_ image: Image, orientation: Int) -> Bool {
        if image.depth == 16 {
            guard image.apply({ pixConvert16To8($0, Int32(L_MS_BYTE)) }) else { return false }
        }
        if image.depth == 32, pixGetSpp(image.pix) == 4 {
            guard image.apply({ pixAlphaBlendUniform($0, 0xFFFF_FF00) }) else { return false }
            pixSetSpp(image.pix, 3)
        } else if let cmap = pixGetColormap(image.pix) {
            // A palette with transparency: expand it with its alpha, then blend onto white.
            var opaque: Int32 = 1
            pixcmapIsOpaque(cmap, &opaque)
            if opaque == 0 {
                guard image.apply({ pixRemoveColormap($0, Int32(REMOVE_CMAP_WITH_ALPHA)) }) else { return false }
                if image.depth == 32 {
                    guard image.apply({ pixAlphaBlendUniform($0, 0xFFFF_FF00) }) else { return false }
                    pixSetSpp(image.pix, 3)
                }
            }
        }
        switch orientation {
        case 2: return image.apply { pixFlipLR(nil, $0) }
        case 3: return image.apply { pixRotateOrth($0, 2) }
        case 4: return image.apply { pixFlipTB(nil, $0) }
        case 5: return image.apply { pixRotateOrth($0, 1) } && image.apply { pixFlipLR(nil, $0) }
        case 6: return image.apply { pixRotateOrth($0, 1) }
        case 7: return image.apply { pixRotateOrth($0, 1) } && image.apply { pixFlipTB(nil, $0) }
        case 8: return image.apply { pixRotateOrth($0, 3) }
        default: return true
        }
    }

    /// Scales the image down so that it holds at most `maxPixels`; returns the factor used (1 when none).
    static func fit(_ image: Image, maxPixels: Int) -> Double {
        let pixels = image.width * image.height
        guard pixels > maxPixels else { return 1 }
        let factor = (Double(maxPixels) / Double(pixels)).squareRoot() * 0.999
        _ = image.apply { pixScale($0, Float(factor), Float(factor)) }
        return factor
    }
}

/// The EXIF orientation tag (0x0112) of a JPEG, read from its APP1 segment without decoding.
enum ExifOrientation {
    static func read(path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 17) else { return nil }
        return parse([UInt8](data))
    }

    /// Walks the JPEG markers up to the first APP1 "Exif" segment and reads IFD0's orientation.
    static func parse(_ b: [UInt8]) -> Int? {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 || marker == 0xFF {
                i += marker == 0xFF ? 1 : 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            let body = i + 4
            if marker == 0xE1, body + 6 <= b.count, b[body..<body + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return parseTIFF(b, start: body + 6, end: min(b.count, i + 2 + length))
            }
            i += 2 + length
        }
        return nil
    }

    static func parseTIFF(_ b: [UInt8], start t: Int, end: Int) -> Int? {
        guard t + 8 <= end else { return nil }
        let little = b[t] == 0x49
        func u16(_ o: Int) -> Int? {
            guard o + 2 <= end else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let c = u16(o + 2) else { return nil }
            return little ? a | c << 16 : a << 16 | c
        }
        guard let ifd = u32(t + 4), let count = u16(t + ifd) else { return nil }
        for k in 0..<count {
            let entry = t + ifd + 2 + k * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let value = u16(entry + 8) { return (1...8).contains(value) ? value : nil }
        }
        return nil
    }
}
