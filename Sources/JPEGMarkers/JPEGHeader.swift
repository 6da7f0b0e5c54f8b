#if canImport(Glibc)
    import Glibc
#endif

/// What a JPEG's markers say before any pixel is decoded: the frame's size and components, the JFIF
/// resolution, an Adobe segment and the EXIF orientation. The one JPEG/EXIF reader: pp-pages embeds
/// JPEGs by it, pp-ingest and pp-ocr learn the orientation from it (PixImage applies it).
public struct JPEGHeader: Sendable {
    /// From the frame header (SOFn); nil when the bytes end, or the scan starts, before one.
    public var frame: Frame?
    /// Dots per inch from the JFIF segment, when it gives them.
    public var dpi: (x: Double, y: Double)?
    /// An Adobe APP14 segment (its CMYK JPEGs store inverted values).
    public var adobe = false
    /// EXIF tag 0x0112 of IFD0: 1 (upright, also when absent) … 8.
    public var orientation = 1

    public struct Frame: Sendable {
        public var width: Int
        public var height: Int
        public var components: Int
        public var bitsPerComponent: Int
    }

    /// The clockwise turn (0, 90, 180, 270) that shows the image upright; mirrored orientations
    /// (2, 4, 5, 7) give 0, since a turn cannot undo a mirror.
    public var clockwiseTurn: Int {
        switch orientation {
        case 3: return 180
        case 6: return 90
        case 8: return 270
        default: return 0
        }
    }

    /// Reads the markers of the file's first `limit` bytes; nil when it cannot be read or is no JPEG.
    public static func read(path: String, limit: Int = 1 << 17) -> JPEGHeader? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: limit)
        let count = fread(&bytes, 1, limit, file)
        bytes.removeSubrange(count...)
        return JPEGHeader(bytes)
    }

    /// Walks the markers from SOI to the first frame header; nil when the bytes do not start a JPEG.
    /// A segment that runs past the bytes given ends the walk (what was read before it is kept).
    public init?(_ b: [UInt8]) {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        var sawExif = false
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return }
            let marker = b[i + 1]
            if marker == 0xFF {  // fill byte
                i += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                i += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return }  // end of image or scan data: no frame header before it
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { return }
            let start = i + 4
            let end = min(b.count, i + 2 + length)
            let body = b[start..<end]
            switch marker {
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard body.count >= 6 else { return }
                let width = Int(b[start + 3]) << 8 | Int(b[start + 4])
                let height = Int(b[start + 1]) << 8 | Int(b[start + 2])
                if width > 0, height > 0 {
                    frame = Frame(
                        width: width, height: height, components: Int(b[start + 5]), bitsPerComponent: Int(b[start]))
                }
                return
            case 0xE0 where body.count >= 12 && body.starts(with: Array("JFIF\0".utf8)):
                let units = b[start + 7]
                let x = Double(Int(b[start + 8]) << 8 | Int(b[start + 9]))
                let y = Double(Int(b[start + 10]) << 8 | Int(b[start + 11]))
                if x > 0, y > 0, units == 1 || units == 2 { dpi = units == 1 ? (x, y) : (x * 2.54, y * 2.54) }
            case 0xE1 where !sawExif && body.count >= 6 && body.starts(with: Array("Exif\0\0".utf8)):
                sawExif = true
                orientation = Self.exifOrientation(Array(body.dropFirst(6))) ?? 1
            case 0xEE where body.count >= 5 && body.starts(with: Array("Adobe".utf8)):
                adobe = true
            default:
                break
            }
            guard i + 2 + length <= b.count else { return }
            i += 2 + length
        }
    }

    /// Tag 0x0112 of a TIFF structure's IFD0 (the body of an EXIF segment), when it is 1…8.
    static func exifOrientation(_ t: [UInt8]) -> Int? {
        guard t.count >= 8 else { return nil }
        let little = t[0] == 0x49 && t[1] == 0x49
        guard little || (t[0] == 0x4D && t[1] == 0x4D) else { return nil }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let c = u16(o + 2) else { return nil }
            return little ? a | c << 16 : a << 16 | c
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<count {
            guard let tag = u16(ifd + 2 + k * 12) else { return nil }
            if tag == 0x0112, let value = u16(ifd + 2 + k * 12 + 8) { return (1...8).contains(value) ? value : nil }
        }
        return nil
    }
}
