import CLeptonica
import CZXing
import PixImage

/// Leptonica images, as the rest of the code readers name them.
typealias Image = PixImage

/// One code zxing-cpp read, in the pixels of the image it was read from.
public struct DecodedCode: Equatable, Sendable {
    /// "qr", "pdf417", "datamatrix" or "aztec" (Micro QR is not looked for: `allFormats`).
    public let type: String
    /// The content as text, exactly as encoded (line endings, byte-order mark and padding kept).
    public let text: String
    /// The corners (top-left, top-right, bottom-right, bottom-left of the symbol) in pixels.
    public let corners: [(x: Double, y: Double)]
    /// Found (finder patterns, the symbol's outline) but not decoded: a place to look closer at.
    public var failed = false

    public init(type: String, text: String, corners: [(x: Double, y: Double)], failed: Bool = false) {
        self.type = type
        self.text = text
        self.corners = corners
        self.failed = failed
    }

    public static func == (a: DecodedCode, b: DecodedCode) -> Bool {
        a.type == b.type && a.text == b.text && a.failed == b.failed
            && a.corners.elementsEqual(b.corners) { $0.x == $1.x && $0.y == $1.y }
    }

    /// The axis-aligned box around the corners: [x0, y0, x1, y1].
    public var bounds: [Double] {
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return [xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0]
    }

    /// The same code with its corners mapped by `transform` (pixels of a crop or a scaled copy to
    /// pixels or points of the page).
    public func mapped(_ transform: (Double, Double) -> (x: Double, y: Double)) -> DecodedCode {
        DecodedCode(type: type, text: text, corners: corners.map { transform($0.x, $0.y) }, failed: failed)
    }

    /// `codes` once each (the same symbol read by two passes or in two regions is kept once), top to
    /// bottom, then left to right.
    public static func unique(_ codes: [DecodedCode]) -> [DecodedCode] {
        var kept: [DecodedCode] = []
        for code in codes where !kept.contains(where: { $0.type == code.type && $0.text == code.text && overlap($0, code) }) {
            kept.append(code)
        }
        return kept.sorted { ($0.bounds[1], $0.bounds[0]) < ($1.bounds[1], $1.bounds[0]) }
    }

    /// Whether the boxes of two codes overlap.
    public static func overlap(_ a: DecodedCode, _ b: DecodedCode) -> Bool {
        let p = a.bounds
        let q = b.bounds
        return p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3]
    }
}

/// An 8-bit grey image in natural byte order (one byte a pixel, `stride` bytes a row), the form
/// zxing-cpp reads.
public struct GreyPixels {
    let width: Int
    let height: Int
    let stride: Int
    let bytes: [UInt8]

    /// The pixels of an 8-bit grey leptonica image.
    public init?(_ image: PixImage) {
        let w = image.width
        let h = image.height
        let copied = image.depth == 8 && image.withPix({ pixGetColormap($0) }) == nil ? image.packedSamples() : nil
        guard let copied else { return nil }
        width = w
        height = h
        stride = w
        bytes = copied
    }
}

/// zxing-cpp's reader (through Sources/CZXing) for the symbologies payment documents carry.
public enum CodeReader {
    /// How hard one pass looks.
    public struct Pass: Sendable {
        public var tryHarder = true
        public var tryRotate = true
        public var tryDownscale = true
        public var binarizer = Int32(CZX_LOCAL_AVERAGE)
        /// The symbologies looked for (CZX_ flags).
        public var formats = CodeReader.allFormats
        /// Also return symbols found but not decoded (`failed`).
        public var returnErrors = false
        public static let thorough = Pass()
        public static let quick = Pass(tryHarder: false, tryRotate: false, tryDownscale: false)
    }

    /// Every symbology read, Micro QR aside: zxing-cpp 1.4's Micro QR detector stops the process on an
    /// assertion (`intersect` of invalid regression lines in FindConcentricPatternCorners) for some photos — a
    /// straightened region of a photo's grey table, a PAY by square slip in low contrast — and no payment code
    /// is a Micro QR.
    public static let allFormats = CZX_QR | CZX_PDF417 | CZX_DATA_MATRIX | CZX_AZTEC

    /// The linked library's version, e.g. "1.4.0".
    public static var version: String { String(cString: czx_version()) }

    /// Every code in `pixels` (grey), empty when none or when zxing fails.
    public static func read(_ pixels: GreyPixels, pass: Pass = .thorough) -> [DecodedCode] {
        var options = czx_options(
            formats: Int32(pass.formats), try_harder: pass.tryHarder ? 1 : 0, try_rotate: pass.tryRotate ? 1 : 0,
            try_downscale: pass.tryDownscale ? 1 : 0, is_pure: 0, binarizer: pass.binarizer, max_symbols: 0,
            return_errors: pass.returnErrors ? 1 : 0)
        var results: UnsafeMutablePointer<czx_result>?
        let count = pixels.bytes.withUnsafeBufferPointer { buffer in
            czx_read(
                buffer.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.stride), 1, &options, &results)
        }
        guard count > 0, let results else { return [] }
        defer { czx_free(results, count) }
        return (0..<Int(count)).compactMap { decoded(results[$0]) }
    }

    public static func read(_ image: PixImage, pass: Pass = .thorough) -> [DecodedCode] {
        guard let pixels = GreyPixels(image) else { return [] }
        return read(pixels, pass: pass)
    }

    private static func decoded(_ r: czx_result) -> DecodedCode? {
        guard let type = typeName(r.format) else { return nil }
        let corners = withUnsafeBytes(of: r.x) { xs in
            withUnsafeBytes(of: r.y) { ys in
                (0..<4).map {
                    (
                        x: Double(xs.load(fromByteOffset: $0 * 4, as: Int32.self)),
                        y: Double(ys.load(fromByteOffset: $0 * 4, as: Int32.self))
                    )
                }
            }
        }
        let bytes = r.bytes.map { Array(UnsafeBufferPointer(start: $0, count: r.bytes_length)) } ?? []
        let zxingText = r.text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: r.text_length), as: UTF8.self) }
        return DecodedCode(
            type: type, text: text(bytes: bytes, zxingText: zxingText ?? "", hasECI: r.has_eci != 0), corners: corners,
            failed: r.failed != 0)
    }

    /// The text of a symbol: its own bytes when they are UTF-8 and no ECI names another character
    /// set (kept byte for byte: a byte-order mark, CR LF, trailing spaces), else zxing's conversion
    /// (the ECI's character set, or the one zxing guesses, such as ISO 8859-1 for EPC's coding 2).
    static func text(bytes: [UInt8], zxingText: String, hasECI: Bool) -> String {
        if !hasECI, let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return zxingText
    }

    static func typeName(_ format: Int32) -> String? {
        switch Int(format) {
        case CZX_QR: return "qr"
        case CZX_MICRO_QR: return "microqr"
        case CZX_PDF417: return "pdf417"
        case CZX_DATA_MATRIX: return "datamatrix"
        case CZX_AZTEC: return "aztec"
        default: return nil
        }
    }
}
