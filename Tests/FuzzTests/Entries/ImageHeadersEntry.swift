import PPShared

@testable import JPEGMarkers
@testable import Pages
@testable import PixImage

/// Target `image-headers`: what the tools read of an image before (and while) they decode it — a JPEG's
/// markers and EXIF orientation (JPEGMarkers), the header leptonica reads (`ImageHeader`, which the review
/// site's picture check and pp-ingest use), whether a JPEG or PNG ends as it should, and pp-pages' reading
/// of an image to insert as a page (`PageImage.load`: the JPEG kept as it is, other images decoded).
extension FuzzEntry {
    static func imageHeaders(_ bytes: [UInt8]) {
        if let jpeg = JPEGHeader(bytes) {
            FuzzCheck.require((1...8).contains(jpeg.orientation), "EXIF orientation \(jpeg.orientation)")
            FuzzCheck.require([0, 90, 180, 270].contains(jpeg.clockwiseTurn), "turn \(jpeg.clockwiseTurn)")
            if let frame = jpeg.frame { FuzzCheck.require(frame.width > 0 && frame.height > 0, "a frame of no size") }
            if let dpi = jpeg.dpi { FuzzCheck.require(dpi.x > 0 && dpi.y > 0, "resolution \(dpi)") }
        }
        _ = FuzzFiles.withFile(bytes, named: "picture") { _, path in
            if let header = ImageHeader.read(path: path) {
                FuzzCheck.require(header.width > 0 && header.height > 0, "an image header of no size")
                FuzzCheck.require((1...8).contains(header.orientation), "orientation \(header.orientation)")
            }
            if let kind = ImageCompleteness.kind(path: path) { _ = ImageCompleteness.isComplete(path: path, kind: kind) }
            if let pages = try? PageImage.load(path: path, name: "fuzz") {
                for page in pages {
                    FuzzCheck.require(page.width > 0 && page.height > 0, "an image page of no size")
                    FuzzCheck.require([0, 90, 180, 270].contains(page.rotation), "image page turned \(page.rotation)")
                }
            }
        }
    }
}
