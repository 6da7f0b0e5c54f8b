import CLeptonica
import PPShared

// Ownership: a PixImage owns one reference to its Pix and releases it (pixDestroy) when the last
// Swift reference goes. The pointer never leaves: leptonica calls see it only inside `withPix`, and
// every call that makes a Pix goes through one funnel (`make`, `derived`, `apply`), which takes
// ownership of what it returns exactly once. The target's own leptonica calls go through
// LeptonicaLibrary (bound on first use), so a tool that never decodes an image never maps leptonica.
// Not Sendable: a Pix belongs to the thread that made it.

/// Leptonica prints "Error in pixRead: …" on stderr by default; pp keeps stderr for its own diagnostics.
public enum LeptonicaMessages {
    static let silenced: Void = { _ = LeptonicaLibrary.shared?.setMsgSeverity(Int32(L_SEVERITY_NONE)) }()
    /// Sets leptonica's message severity to none (setMsgSeverity), once per process.
    public static func silence() { _ = silenced }
}

/// A leptonica image owned by Swift: the one way pp reaches leptonica (pp-ingest, pp-ocr, pp-pages, the
/// review pictures).
public final class PixImage {
    /// Module-internal: code outside the PixImage target borrows it through `withPix` only.
    private(set) var pix: UnsafeMutablePointer<Pix>
    let lept: LeptonicaLibrary

    private init(owning pix: UnsafeMutablePointer<Pix>, lept: LeptonicaLibrary) {
        self.pix = pix
        self.lept = lept
    }

    deinit {
        var doomed: UnsafeMutablePointer<Pix>? = pix
        lept.pixDestroy(&doomed)
    }

    /// Whether leptonica is installed (pp-pages reads PNG, TIFF, … only then); always so where the tool links it.
    public static var isAvailable: Bool { LeptonicaLibrary.shared != nil }

    /// The funnel in: owns the Pix `make` returns (a new one, or a new reference from pixClone);
    /// nil when leptonica made none (or is not installed, and `make` is not called).
    public static func make(_ make: () -> UnsafeMutablePointer<Pix>?) -> PixImage? {
        guard let lept = LeptonicaLibrary.shared else { return nil }
        LeptonicaMessages.silence()
        return make().map { PixImage(owning: $0, lept: lept) }
    }

    /// Decodes an image file (pixRead), or frame `tiffFrame` (0-based) of a TIFF (pixReadTiff);
    /// nil when leptonica cannot read it or is not installed.
    public static func decode(path: String, tiffFrame: Int? = nil) -> PixImage? {
        guard let lept = LeptonicaLibrary.shared else { return nil }
        return make { tiffFrame.map { lept.pixReadTiff(path, Int32($0)) } ?? lept.pixRead(path) }
    }

    /// A new image made from this one by `transform` (which must return a new Pix or a new reference,
    /// never keep its argument); this one stays as it is. nil when leptonica failed.
    public func derived(_ transform: (UnsafeMutablePointer<Pix>) -> UnsafeMutablePointer<Pix>?) -> PixImage? {
        transform(pix).map { PixImage(owning: $0, lept: lept) }
    }

    /// Replaces the held image with `transform(pix)` when that returns one (the old one is released
    /// unless the transform returned it, as in-place calls do); false when the transform failed.
    @discardableResult
    public func apply(_ transform: (UnsafeMutablePointer<Pix>) -> UnsafeMutablePointer<Pix>?) -> Bool {
        guard let next = transform(pix) else { return false }
        if next != pix {
            var old: UnsafeMutablePointer<Pix>? = pix
            lept.pixDestroy(&old)
            pix = next
        }
        return true
    }

    /// Lends the Pix to leptonica or tesseract calls that neither take it nor make a new one (accessors,
    /// drawing in place, writing, tesseract's SetImage). The pointer must not outlive `body`.
    public func withPix<T, E: Error>(_ body: (UnsafeMutablePointer<Pix>) throws(E) -> T) throws(E) -> T {
        try withExtendedLifetime(self) { () throws(E) -> T in try body(pix) }
    }

    public var width: Int { Int(lept.pixGetWidth(pix)) }
    public var height: Int { Int(lept.pixGetHeight(pix)) }
    public var depth: Int { Int(lept.pixGetDepth(pix)) }
    /// Samples per pixel (4 when a 32-bit image carries alpha).
    public var samplesPerPixel: Int { Int(lept.pixGetSpp(pix)) }
    /// The resolution stored in the file (0 when it has none); horizontal, as are the ones pp writes.
    public var resolution: Int { Int(lept.pixGetXRes(pix)) }
    /// The vertical resolution stored in the file (0 when it has none).
    public var verticalResolution: Int { Int(lept.pixGetYRes(pix)) }

    /// pixSetResolution with the same value both ways.
    public func setResolution(_ dpi: Int) { _ = lept.pixSetResolution(pix, Int32(dpi), Int32(dpi)) }

    /// Undoes EXIF orientation 2…8 in place (1 is upright); the one place pp applies it. The stored
    /// resolution is kept. False when leptonica failed.
    @discardableResult
    public func applyEXIFOrientation(_ orientation: Int) -> Bool {
        let dpi = resolution
        let done: Bool
        switch orientation {
        case 2: done = apply { lept.pixFlipLR(nil, $0) }
        case 3: done = apply { lept.pixRotateOrth($0, 2) }
        case 4: done = apply { lept.pixFlipTB(nil, $0) }
        case 5: done = apply { lept.pixRotateOrth($0, 1) } && apply { lept.pixFlipLR(nil, $0) }
        case 6: done = apply { lept.pixRotateOrth($0, 1) }
        case 7: done = apply { lept.pixRotateOrth($0, 1) } && apply { lept.pixFlipTB(nil, $0) }
        case 8: done = apply { lept.pixRotateOrth($0, 3) }
        default: return true
        }
        if dpi > 0 { setResolution(dpi) }
        return done
    }
}

extension PixImage {
    /// A copy with the colormap turned into plain pixels (pixRemoveColormap, by what the colors need);
    /// nil when the image has no colormap or leptonica failed.
    public func withoutColormap() -> PixImage? {
        guard lept.pixGetColormap(pix) != nil else { return nil }
        return derived { lept.pixRemoveColormap($0, Int32(REMOVE_CMAP_BASED_ON_SRC)) }
    }

    /// An 8-bit grey copy (pixConvertTo8, no colormap); nil when leptonica failed.
    public func convertedTo8() -> PixImage? { derived { lept.pixConvertTo8($0, 0) } }
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
        guard let lept = LeptonicaLibrary.shared else { return body(nil) }
        var box = lept.boxCreate(Int32(x), Int32(y), Int32(width), Int32(height))
        defer { lept.boxDestroy(&box) }
        return body(box)
    }
}

extension PixImage {
    /// The bounding boxes of a binary image's connected components (8-connected).
    public func componentBoxes() -> [PixBox] {
        guard let boxa = lept.pixConnCompBB(pix, 8) else { return [] }
        var doomed: UnsafeMutablePointer<Boxa>? = boxa
        defer { lept.boxaDestroy(&doomed) }
        var out: [PixBox] = []
        for i in 0..<lept.boxaGetCount(boxa) {
            var x: Int32 = 0
            var y: Int32 = 0
            var w: Int32 = 0
            var h: Int32 = 0
            guard lept.boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) == 0 else { continue }
            out.append(PixBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
        }
        return out
    }

    /// The set pixels of a binary image inside `box`.
    public func countPixels(in box: PixBox) -> Int {
        var count: Int32 = 0
        box.withBox { _ = lept.pixCountPixelsInRect(pix, $0, &count, nil) }
        return Int(count)
    }

    /// The bounding box of a binary image's set pixels inside `box` (pixClipBoxToForeground); nil when
    /// there are none.
    public func foregroundBox(in box: PixBox) -> PixBox? {
        var found: UnsafeMutablePointer<Box>?
        defer { lept.boxDestroy(&found) }
        let clipped = box.withBox { lept.pixClipBoxToForeground(pix, $0, nil, &found) }
        var x: Int32 = 0
        var y: Int32 = 0
        var w: Int32 = 0
        var h: Int32 = 0
        guard clipped == 0, found != nil, lept.boxGetGeometry(found, &x, &y, &w, &h) == 0 else { return nil }
        return PixBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
    }

    /// Clears (sets to white) the pixels inside `box`.
    public func clear(_ box: PixBox) { box.withBox { _ = lept.pixClearInRect(pix, $0) } }
}

extension PixImage {
    /// Writes the image as PNG to `path`, whole or not at all (AtomicFile), at zlib level `compression`
    /// (1: pp's rasters and pictures, which zlib's default level made four times slower to write).
    public func writePNG(to path: String, compression: Int32 = 1) throws(ToolError) {
        _ = lept.pixSetZlibCompression(pix, compression)
        try AtomicFile.write(to: path) { pipe in lept.pixWrite(pipe, pix, Int32(IFF_PNG)) == 0 }
    }
}
