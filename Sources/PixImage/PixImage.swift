import CLeptonica

// Ownership: a PixImage owns its Pix and destroys it (pixDestroy) when the last reference goes.
// Not Sendable: a Pix belongs to the thread that made it.

/// Leptonica prints "Error in pixRead: …" on stderr by default; pp keeps stderr for its own diagnostics.
public enum LeptonicaMessages {
    static let silenced: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()
    /// Sets leptonica's message severity to none (setMsgSeverity), once per process.
    public static func silence() { _ = silenced }
}

/// A leptonica image owned by Swift, shared by pp-ingest (rasters, images) and pp-ocr (recognition).
public final class PixImage {
    public private(set) var pix: UnsafeMutablePointer<Pix>

    /// Takes ownership of `pix`.
    public init(taking pix: UnsafeMutablePointer<Pix>) { self.pix = pix }

    deinit {
        var doomed: UnsafeMutablePointer<Pix>? = pix
        pixDestroy(&doomed)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }
    public var depth: Int { Int(pixGetDepth(pix)) }
    /// The resolution stored in the file (0 when it has none).
    public var resolution: Int { Int(pixGetXRes(pix)) }

    /// pixSetResolution with the same value both ways.
    public func setResolution(_ dpi: Int) { pixSetResolution(pix, Int32(dpi), Int32(dpi)) }

    /// Replaces the held image with `transform(pix)` when that returns one (the old one is destroyed
    /// unless the transform returned it); false when the transform failed.
    public func apply(_ transform: (UnsafeMutablePointer<Pix>) -> UnsafeMutablePointer<Pix>?) -> Bool {
        guard let next = transform(pix) else { return false }
        if next != pix {
            var old: UnsafeMutablePointer<Pix>? = pix
            pixDestroy(&old)
            pix = next
        }
        return true
    }
}
