import CLeptonica
import PPShared
import PixImage

#if canImport(Glibc)
    import Glibc
#endif

extension PixImage {
    /// Reads an image file (PNG, JPEG, TIFF, …); `frame` picks a page of a multi-page TIFF (0-based).
    /// A JPEG's EXIF orientation is applied, so a phone photo comes out the way it is shown.
    static func read(path: String, frame: Int?) throws(ToolError) -> PixImage {
        LeptonicaMessages.silence()
        guard let file = fopen(path, "rb") else {
            let reason = errno
            let code = reason == ENOENT ? "image_missing" : "image_unreadable"
            throw ToolError(.record, code: code, "cannot open image '\(path)': \(systemErrorText(reason))")
        }
        var format: Int32 = 0
        let found = findFileFormatStream(file, &format)
        var pages: Int32 = 1
        let isTIFF = found == 0 && tiffFormats.contains(format)
        if isTIFF {
            rewind(file)
            if tiffGetCount(file, &pages) != 0 { pages = 0 }
        }
        fclose(file)
        guard found == 0, format != Int32(IFF_UNKNOWN) else {
            throw ToolError(
                .record, code: "image_unreadable", "cannot read image '\(path)': it is not a PNG, JPEG, TIFF or other image file")
        }
        if format == Int32(IFF_LPDF) || format == Int32(IFF_PS) {
            throw ToolError(
                .record, code: "image_unreadable",
                "cannot read image '\(path)': it is a PDF or PostScript document, not an image; let pp-ingest render its pages")
        }
        var pix: UnsafeMutablePointer<Pix>?
        if let frame {
            guard isTIFF else {
                throw ToolError(
                    .record, code: "image_frame", "image '\(path)' has no frame \(frame): only a TIFF file holds several pages")
            }
            guard frame >= 0, frame < Int(pages) else {
                throw ToolError(
                    .record, code: "image_frame",
                    "image '\(path)' has no frame \(frame): it holds \(pages) page(s), counted from 0")
            }
            pix = QuietStderr.during { pixReadTiff(path, Int32(frame)) }
        } else {
            pix = QuietStderr.during { pixRead(path) }
        }
        guard let pix else {
            throw ToolError(.record, code: "image_unreadable", "cannot read image '\(path)': the file is damaged or truncated")
        }
        var image = PixImage(taking: pix)
        if format == Int32(IFF_JFIF_JPEG), let orientation = JPEGOrientation.read(path: path), orientation != 1 {
            image = image.applyingEXIFOrientation(orientation)
        }
        return image
    }

    private static let tiffFormats: Set<Int32> = [
        IFF_TIFF, IFF_TIFF_PACKBITS, IFF_TIFF_RLE, IFF_TIFF_G3, IFF_TIFF_G4, IFF_TIFF_LZW, IFF_TIFF_ZIP, IFF_TIFF_JPEG,
    ].map { Int32($0) }.reduce(into: []) { $0.insert($1) }

    /// Writes the image as PNG or JPEG (tests and tools that make derived images use it).
    func write(path: String, jpeg: Bool = false) -> Bool {
        QuietStderr.during { pixWrite(path, pix, Int32(jpeg ? IFF_JFIF_JPEG : IFF_PNG)) == 0 }
    }

    /// An RGB image whose pixels are all grey (red = green = blue), as pdftoppm -gray writes its PNGs, as one
    /// 8-bit channel: a quarter of the memory, and the same OCR (tesseract's thresholds and grey image
    /// are the same for equal channels). Any other image is returned as it is.
    func grayIfNeutral() -> PixImage {
        guard depth == 32, width > 0, height > 0, let data = pixGetData(pix) else { return self }
        let wpl = Int(pixGetWpl(pix))
        let w = width
        for y in 0..<height {
            let row = data + y * wpl
            for x in 0..<w {
                let p = row[x]
                let r = (p >> 24) & 0xFF
                let g = (p >> 16) & 0xFF
                let b = (p >> 8) & 0xFF
                if r != g || g != b { return self }
            }
        }
        guard let gray = pixGetRGBComponent(pix, Int32(COLOR_GREEN)) else { return self }
        let image = PixImage(taking: gray)
        image.setResolution(resolution)
        return image
    }

    /// The image turned clockwise by `quarterTurns` × 90°.
    func rotatedClockwise(quarterTurns: Int) -> PixImage {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0, let rotated = pixRotateOrth(pix, Int32(turns)) else { return self }
        return PixImage(taking: rotated)
    }

    /// EXIF orientation 2…8 undone (1 is upright).
    func applyingEXIFOrientation(_ orientation: Int) -> PixImage {
        let resolution = self.resolution
        var result: PixImage = self
        switch orientation {
        case 2: result = PixImage(taking: pixFlipLR(nil, pix) ?? pixClone(pix))
        case 3: result = rotatedClockwise(quarterTurns: 2)
        case 4: result = PixImage(taking: pixFlipTB(nil, pix) ?? pixClone(pix))
        case 5: result = rotatedClockwise(quarterTurns: 1).flippedLeftRight()
        case 6: result = rotatedClockwise(quarterTurns: 1)
        case 7: result = rotatedClockwise(quarterTurns: 3).flippedLeftRight()
        case 8: result = rotatedClockwise(quarterTurns: 3)
        default: break
        }
        if resolution > 0 { result.setResolution(resolution) }
        return result
    }

    private func flippedLeftRight() -> PixImage { PixImage(taking: pixFlipLR(nil, pix) ?? pixClone(pix)) }

    /// How far either way the skew search looks, in degrees.
    static let skewSweepDegrees: Float = 15

    /// The page's skew in degrees (positive: text runs down to the right) and leptonica's confidence in it.
    func findSkew() -> (degrees: Double, confidence: Double)? {
        guard let binary = pixConvertTo1(pix, 130) else { return nil }
        var doomed: UnsafeMutablePointer<Pix>? = binary
        defer { pixDestroy(&doomed) }
        var angle: Float = 0
        var confidence: Float = 0
        // Leptonica's defaults (reductions 4 and 2, 1-degree sweep steps) over ±15 degrees instead of its
        // ±7: a phone photo of a bill lying askew on a desk is often turned 10 degrees or more.
        guard pixFindSkewSweepAndSearch(binary, &angle, &confidence, 4, 2, Self.skewSweepDegrees, 1, 0.01) == 0 else {
            return nil
        }
        return (Double(angle), Double(confidence))
    }

    /// The image turned by `degrees` (clockwise positive) about its centre, same size, white brought in.
    func rotated(degrees: Double) -> PixImage {
        let radians = Float(degrees * Double.pi / 180)
        guard let turned = pixRotate(pix, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)
        else { return self }
        let image = PixImage(taking: turned)
        if resolution > 0 { image.setResolution(resolution) }
        return image
    }
}

/// The orientation tag (1…8) of a JPEG's EXIF block, read from the file's first 64 KiB.
enum JPEGOrientation {
    static func read(path: String) -> Int? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = fread(&bytes, 1, bytes.count, file)
        return parse(Array(bytes[0..<count]))
    }

    /// Walks the JPEG markers to APP1 "Exif", then IFD0 for tag 0x0112.
    static func parse(_ data: [UInt8]) -> Int? {
        guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= data.count {
            guard data[i] == 0xFF else { return nil }
            let marker = data[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data starts: no EXIF before it
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            let start = i + 4
            if marker == 0xE1, start + 6 <= data.count, Array(data[start..<start + 6]) == Array("Exif\0\0".utf8) {
                return orientation(tiff: Array(data[(start + 6)..<min(data.count, i + 2 + length)]))
            }
            i += 2 + length
        }
        return nil
    }

    static func orientation(tiff t: [UInt8]) -> Int? {
        guard t.count >= 8 else { return nil }
        let little = t[0] == 0x49 && t[1] == 0x49
        guard little || (t[0] == 0x4D && t[1] == 0x4D) else { return nil }
        func u16(_ o: Int) -> Int? {
            guard o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for e in 0..<entries {
            let entry = ifd + 2 + e * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let value = u16(entry + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}
