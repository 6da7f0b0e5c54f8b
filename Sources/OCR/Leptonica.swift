import CLeptonica
import JPEGMarkers
import PPShared
import PixImage

#if canImport(Glibc)
    import Glibc
#endif

extension PixImage {
    /// Reads an image file (PNG, JPEG, TIFF, …); `frame` picks a page of a multi-page TIFF (0-based).
    /// A JPEG's EXIF orientation is applied, so a phone photo comes out the way it is shown.
    static func read(path: String, frame: Int?) throws(ToolError) -> PixImage {
        guard let file = fopen(path, "rb") else {
            let reason = errno
            let code = reason == ENOENT ? "image_missing" : "image_unreadable"
            throw ToolError(.record, code: code, "cannot open image '\(path)': \(systemErrorText(reason))")
        }
        let probed = ImageHeader.probe(file)
        fclose(file)
        guard let (format, pages) = probed else {
            throw ToolError(
                .record, code: "image_unreadable", "cannot read image '\(path)': it is not a PNG, JPEG, TIFF or other image file")
        }
        if format == Int32(IFF_LPDF) || format == Int32(IFF_PS) {
            throw ToolError(
                .record, code: "image_unreadable",
                "cannot read image '\(path)': it is a PDF or PostScript document, not an image; let pp-ingest render its pages")
        }
        if let kind = ImageCompleteness.kind(path: path), !ImageCompleteness.isComplete(path: path, kind: kind) {
            throw ToolError(.record, code: "image_unreadable", "cannot read image '\(path)': the file is damaged or truncated")
        }
        let image: PixImage?
        if let frame {
            guard ImageHeader.isTIFF(format) else {
                throw ToolError(
                    .record, code: "image_frame", "image '\(path)' has no frame \(frame): only a TIFF file holds several pages")
            }
            guard frame >= 0, frame < pages else {
                throw ToolError(
                    .record, code: "image_frame",
                    "image '\(path)' has no frame \(frame): it holds \(pages) page(s), counted from 0")
            }
            image = PixImage.decode(path: path, tiffFrame: frame)
        } else {
            image = PixImage.decode(path: path)
        }
        guard let image else {
            throw ToolError(.record, code: "image_unreadable", "cannot read image '\(path)': the file is damaged or truncated")
        }
        if format == Int32(IFF_JFIF_JPEG), let orientation = JPEGHeader.read(path: path)?.orientation, orientation != 1 {
            image.applyEXIFOrientation(orientation)
        }
        return image
    }

    /// Writes the image as PNG or JPEG (tests and tools that make derived images use it).
    func write(path: String, jpeg: Bool = false) -> Bool {
        withPix { pixWrite(path, $0, Int32(jpeg ? IFF_JFIF_JPEG : IFF_PNG)) == 0 }
    }

    /// An RGB image whose pixels are all grey (red = green = blue), as pdftoppm -gray writes its PNGs, as one
    /// 8-bit channel: a quarter of the memory, and the same OCR (tesseract's thresholds and grey image
    /// are the same for equal channels). Any other image is returned as it is.
    func grayIfNeutral() -> PixImage {
        guard depth == 32, width > 0, height > 0, isNeutralGray,
            let gray = derived({ pixGetRGBComponent($0, Int32(COLOR_GREEN)) })
        else { return self }
        gray.setResolution(resolution)
        return gray
    }

    /// The page in 8-bit grey with its background made even (leptonica's normalisation, paper at 200): the
    /// ground a photo's uneven light and a tinted slip leave is one level, so one threshold tells ink.
    func evenGray() -> PixImage? {
        derived({ pixConvertTo8($0, 0) })?.derived({ pixBackgroundNormSimple($0, nil, nil) })
    }

    /// The image turned clockwise by `quarterTurns` × 90°.
    func rotatedClockwise(quarterTurns: Int) -> PixImage {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        return derived { pixRotateOrth($0, Int32(turns)) } ?? self
    }

    /// How far either way the skew search looks, in degrees.
    static let skewSweepDegrees: Float = 15

    /// The page's skew in degrees (positive: text runs down to the right) and leptonica's confidence in it.
    func findSkew() -> (degrees: Double, confidence: Double)? {
        guard let binary = derived({ pixConvertTo1($0, 130) }) else { return nil }
        var angle: Float = 0
        var confidence: Float = 0
        // Leptonica's defaults (reductions 4 and 2, 1-degree sweep steps) over ±15 degrees instead of its
        // ±7: a phone photo of a bill lying askew on a desk is often turned 10 degrees or more.
        let found = binary.withPix {
            pixFindSkewSweepAndSearch($0, &angle, &confidence, 4, 2, Self.skewSweepDegrees, 1, 0.01) == 0
        }
        guard found else { return nil }
        return (Double(angle), Double(confidence))
    }

    /// The image turned by `degrees` (clockwise positive) about its centre, same size, white brought in.
    func rotated(degrees: Double) -> PixImage {
        let radians = Float(degrees * Double.pi / 180)
        guard
            let turned = derived({ pixRotate($0, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0) })
        else { return self }
        if resolution > 0 { turned.setResolution(resolution) }
        return turned
    }
}
