import CLeptonica
import JPEGMarkers

#if canImport(Glibc)
    import Glibc
#endif

/// What an image file's header says before it is decoded (leptonica's header readers; a JPEG's EXIF
/// orientation from JPEGMarkers): the one reader of image headers, for pp-ingest, pp-ocr and pp-pages.
public struct ImageHeader: Sendable {
    /// Leptonica's IFF_* format code.
    public let format: Int32
    public let width: Int
    public let height: Int
    public let bitsPerSample: Int
    public let samplesPerPixel: Int
    /// Resolution stored in the file, 0 when none.
    public let dpi: Int
    /// EXIF orientation 1...8 (1 when absent).
    public let orientation: Int
    /// Frames (pages) of a TIFF; 1 for the rest.
    public let frames: Int

    public var isTIFF: Bool { Self.isTIFF(format) }
    public var isJPEG: Bool { format == Int32(IFF_JFIF_JPEG) }
    public var isPNG: Bool { format == Int32(IFF_PNG) }

    /// Whether a leptonica IFF_* code is one of the TIFF flavours.
    public static func isTIFF(_ format: Int32) -> Bool { (4...10).contains(format) || format == 17 }

    /// Reads the header of `path`; nil when leptonica does not know the format (or is not installed).
    public static func read(path: String) -> ImageHeader? {
        guard let lept = LeptonicaLibrary.shared else { return nil }
        LeptonicaMessages.silence()
        var f = Fields()
        guard lept.pixReadHeader(path, &f.format, &f.width, &f.height, &f.bits, &f.samples, &f.colormap) == 0,
            f.width > 0, f.height > 0
        else { return nil }
        var frames: Int32 = 1
        if let fp = lept.fopenReadStream(path) {
            var y: Int32 = 0
            if f.format == Int32(IFF_JFIF_JPEG) {
                if lept.fgetJpegResolution(fp, &f.dpi, &y) != 0 { f.dpi = 0 }
            } else if f.format == Int32(IFF_PNG) {
                if lept.fgetPngResolution(fp, &f.dpi, &y) != 0 { f.dpi = 0 }
            } else if isTIFF(f.format) {
                if lept.getTiffResolution(fp, &f.dpi, &y) != 0 { f.dpi = 0 }
                rewind(fp)
                var n: Int32 = 0
                if lept.tiffGetCount(fp, &n) == 0, n > 0 { frames = n }
            }
            fclose(fp)
        }
        let orientation = f.format == Int32(IFF_JFIF_JPEG) ? (JPEGHeader.read(path: path)?.orientation ?? 1) : 1
        return f.header(orientation: orientation, frames: Int(frames))
    }

    /// The header of frame `index` (0-based) of a TIFF (readHeaderTiff); nil when it cannot be read.
    public func tiffFrame(_ index: Int, path: String) -> ImageHeader? {
        guard let lept = LeptonicaLibrary.shared else { return nil }
        var f = Fields()
        let read = lept.readHeaderTiff(
            path, Int32(index), &f.width, &f.height, &f.bits, &f.samples, &f.dpi, &f.colormap, &f.format)
        return read == 0 ? f.header(orientation: 1, frames: frames) : nil
    }

    /// What leptonica's header readers fill in.
    private struct Fields {
        var format: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        var bits: Int32 = 0
        var samples: Int32 = 0
        var colormap: Int32 = 0
        var dpi: Int32 = 0

        func header(orientation: Int, frames: Int) -> ImageHeader {
            ImageHeader(
                format: format, width: Int(width), height: Int(height), bitsPerSample: Int(bits),
                samplesPerPixel: Int(samples), dpi: Int(dpi), orientation: orientation, frames: frames)
        }
    }

    /// What kind of file an open stream holds by its first bytes (findFileFormatStream), and how many
    /// frames a TIFF has (0 when they cannot be counted); nil when leptonica knows no such format.
    /// Unlike `read`, this also tells PDF and PostScript files (IFF_LPDF, IFF_PS) from damaged images.
    public static func probe(_ file: UnsafeMutablePointer<FILE>) -> (format: Int32, frames: Int)? {
        guard let lept = LeptonicaLibrary.shared else { return nil }
        LeptonicaMessages.silence()
        var format: Int32 = 0
        guard lept.findFileFormatStream(file, &format) == 0, format != Int32(IFF_UNKNOWN) else { return nil }
        var frames: Int32 = 1
        if isTIFF(format) {
            rewind(file)
            if lept.tiffGetCount(file, &frames) != 0 { frames = 0 }
        }
        return (format, Int(frames))
    }
}
