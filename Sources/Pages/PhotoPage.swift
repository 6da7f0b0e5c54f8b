import JPEGMarkers
import PixImage

// A photo of a sheet of paper lying on a desk becomes the sheet, as a scanner app makes it (PixImage's
// paper finder and projective straightening); any other image stays as it is. Only then is leptonica
// mapped for a JPEG, which otherwise goes in byte for byte.

/// How photos of a sheet on a desk are made pages (not `--as-is`).
struct Straightening {
    /// --whiten: the sheet's background made even and white.
    var whiten = false
}

extension PageImage {
    /// A straightened sheet is encoded at this JPEG quality: its text stays sharp at a third of PNG's size.
    static let straightenedQuality = 90

    /// The sheet a JPEG photo shows, straightened and encoded again; nil when the photo shows no sheet
    /// with the desk round it (or is CMYK, or leptonica is not installed), so the JPEG goes in as it is.
    static func straightenedJPEG(
        path: String, header: JPEGHeader, frame: JPEGHeader.Frame, _ straightening: Straightening
    ) -> PageImage? {
        guard frame.components != 4, PixImage.isAvailable, let photo = PixImage.decode(path: path) else { return nil }
        photo.applyEXIFOrientation(header.orientation)
        guard let sheet = straightenedSheet(photo, straightening), let bytes = sheet.jpegBytes(quality: straightenedQuality)
        else {
            return nil
        }
        return PageImage(
            width: sheet.width, height: sheet.height, components: sheet.depth == 32 ? 3 : 1, bitsPerComponent: 8,
            dpi: header.dpi, rotation: 0, samples: .jpeg(bytes, adobe: false))
    }

    /// The sheet of paper `photo` shows, cut out and made upright; nil when it shows none (1-bit images,
    /// scans, never do).
    static func straightenedSheet(_ photo: PixImage, _ straightening: Straightening) -> PixImage? {
        guard photo.depth >= 8, let paper = photo.findPaper(), let sheet = photo.straightened(to: paper) else { return nil }
        return straightening.whiten ? sheet.whitened() ?? sheet : sheet
    }
}
