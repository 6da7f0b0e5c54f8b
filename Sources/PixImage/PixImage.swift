import CLeptonica
import PPShared

// Ownership: a PixImage owns one reference to its Pix and releases it (pixDestroy) when the last
// Swift reference goes. The pointer never leaves: leptonica calls see it only inside `withPix`, and
// every call that makes a Pix goes through one funnel (`make`, `derived`, `apply`), which takes
// ownership of what it returns exactly once.
// Not Sendable: a Pix belongs to the thread that made it.

/// Leptonica prints "Error in pixRead: …" on stderr by default; pp keeps stderr for its own diagnostics.
public enum LeptonicaMessages {
    static let silenced: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()
    /// Sets leptonica's message severity to none (setMsgSeverity), once per process.
    public static func silence() { _ = silenced }
}

/// A leptonica image owned by Swift: the one way pp reaches leptonica (pp-ingest, pp-ocr, the review pictures).
public final class PixImage {
    private var pix: UnsafeMutablePointer<Pix>

    private init(owning pix: UnsafeMutablePointer<Pix>) { self.pix = pix }

    deinit {
        var doomed: UnsafeMutablePointer<Pix>? = pix
        pixDestroy(&doomed)
    }

    /// The funnel in: owns the Pix `make` returns (a new one, or a new reference from pixClone);
    /// nil when leptonica made none.
    public static func make(_ make: () -> UnsafeMutablePointer<Pix>?) -> PixImage? {
        LeptonicaMessages.silence()
        return make().map(PixImage.init(owning:))
    }

    /// A new image made from this one by `transform` (which must return a new Pix or a new reference,
    /// never keep its argument); this one stays as it is. nil when leptonica failed.
    public func derived(_ transform: (UnsafeMutablePointer<Pix>) -> UnsafeMutablePointer<Pix>?) -> PixImage? {
        transform(pix).map(PixImage.init(owning:))
    }

    /// Replaces the held image with `transform(pix)` when that returns one (the old one is released
    /// unless the transform returned it, as in-place calls do); false when the transform failed.
    @discardableResult
    public func apply(_ transform: (UnsafeMutablePointer<Pix>) -> UnsafeMutablePointer<Pix>?) -> Bool {
        guard let next = transform(pix) else { return false }
        if next != pix {
            var old: UnsafeMutablePointer<Pix>? = pix
            pixDestroy(&old)
            pix = next
        }
        return true
    }

    /// Lends the Pix to leptonica or tesseract calls that neither take it nor make a new one (accessors,
    /// drawing in place, writing, tesseract's SetImage). The pointer must not outlive `body`.
    public func withPix<T, E: Error>(_ body: (UnsafeMutablePointer<Pix>) throws(E) -> T) throws(E) -> T {
        try withExtendedLifetime(self) { () throws(E) -> T in try body(pix) }
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }
    public var depth: Int { Int(pixGetDepth(pix)) }
    /// Samples per pixel (4 when a 32-bit image carries alpha).
    public var samplesPerPixel: Int { Int(pixGetSpp(pix)) }
    /// The resolution stored in the file (0 when it has none).
    public var resolution: Int { Int(pixGetXRes(pix)) }

    /// pixSetResolution with the same value both ways.
    public func setResolution(_ dpi: Int) { pixSetResolution(pix, Int32(dpi), Int32(dpi)) }

    /// Undoes EXIF orientation 2…8 in place (1 is upright); the one place pp applies it. The stored
    /// resolution is kept. False when leptonica failed.
    @discardableResult
    public func applyEXIFOrientation(_ orientation: Int) -> Bool {
        let dpi = resolution
        let done: Bool
        switch orientation {
        case 2: done = apply { pixFlipLR(nil, $0) }
        case 3: done = apply { pixRotateOrth($0, 2) }
        case 4: done = apply { pixFlipTB(nil, $0) }
        case 5: done = apply { pixRotateOrth($0, 1) } && apply { pixFlipLR(nil, $0) }
        case 6: done = apply { pixRotateOrth($0, 1) }
        case 7: done = apply { pixRotateOrth($0, 1) } && apply { pixFlipTB(nil, $0) }
        case 8: done = apply { pixRotateOrth($0, 3) }
        default: return true
        }
        if dpi > 0 { setResolution(dpi) }
        return done
    }
}

/// A rectangle in an image's pixels (leptonica's BOX): left, top, width, height.
public struct PixBox: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Lends a leptonica BOX of this rectangle to `body`.
    public func withBox<T>(_ body: (UnsafeMutablePointer<Box>?) -> T) -> T {
        var box = boxCreate(Int32(x), Int32(y), Int32(width), Int32(height))
        defer { boxDestroy(&box) }
        return body(box)
    }
}

extension PixImage {
    /// The bounding boxes of a binary image's connected components (8-connected).
    public func componentBoxes() -> [PixBox] {
        guard let boxa = pixConnCompBB(pix, 8) else { return [] }
        var doomed: UnsafeMutablePointer<Boxa>? = boxa
        defer { boxaDestroy(&doomed) }
        var out: [PixBox] = []
        for i in 0..<boxaGetCount(boxa) {
            var x: Int32 = 0
            var y: Int32 = 0
            var w: Int32 = 0
            var h: Int32 = 0
            guard boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) == 0 else { continue }
            out.append(PixBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
        }
        return out
    }

    /// The set pixels of a binary image inside `box`.
    public func countPixels(in box: PixBox) -> Int {
        var count: Int32 = 0
        box.withBox { _ = pixCountPixelsInRect(pix, $0, &count, nil) }
        return Int(count)
    }

    /// Clears (sets to white) the pixels inside `box`.
    public func clear(_ box: PixBox) { box.withBox { _ = pixClearInRect(pix, $0) } }
}

extension PixImage {
    /// Writes the image as PNG to `path`, whole or not at all (AtomicFile), at zlib level `compression`
    /// (1: pp's rasters and pictures, which zlib's default level made four times slower to write).
    public func writePNG(to path: String, compression: Int32 = 1) throws(ToolError) {
        pixSetZlibCompression(pix, compression)
        try AtomicFile.write(to: path) { pipe in pixWrite(pipe, pix, Int32(IFF_PNG)) == 0 }
    }
}
