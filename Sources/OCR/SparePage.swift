import PPShared
import PixImage

/// The page as prepared for reading (decoded, at its resolution, deskewed), for --lang auto's reading turned
/// as OSD suggests (`readTurned`), which only a page whose reading tells no language gets. Holding the
/// prepared image for that kept our copy of every page (9 MB at 300 dpi grey) alive beside tesseract's
/// while it read, in every worker; instead the page is made again from its file, the same way, on the
/// few pages that need it (a decode and a deskew, about 0.1 s). A sheet straightened out of a photo is
/// held as it is: finding the paper again costs more than the copy.
final class SparePage {
    enum Source {
        case held(PixImage)
        case file(path: String, frame: Int?, dpi: Int, skewDegrees: Double?)
    }

    private var source: Source

    init(_ source: Source) { self.source = source }

    /// The prepared page, made again from its file (once) when it was not held.
    func image(_ ocr: PageOCR) throws(ToolError) -> PixImage {
        switch source {
        case .held(let pix):
            return pix
        case .file(let path, let frame, let dpi, let skewDegrees):
            let read = try ocr.readImage(path: path, frame: frame).0
            read.setResolution(dpi)
            let pix = skewDegrees.map { read.rotated(degrees: $0) } ?? read
            source = .held(pix)
            return pix
        }
    }
}

extension PageOCR {
    /// What `readTurned` would need of the prepared page `pix`: nil unless --lang auto turns pages after
    /// reading them (not with --rotate-pages, which turned them before).
    func sparePage(
        _ pix: PixImage, path: String, frame: Int?, dpi: Int, skewDegrees: Double?, straightened: Bool
    ) -> SparePage? {
        guard options.auto != nil, !options.rotatePages else { return nil }
        return SparePage(straightened ? .held(pix) : .file(path: path, frame: frame, dpi: dpi, skewDegrees: skewDegrees))
    }
}
