import PPShared
import PixImage
import Records

// pp-ocr --straighten: a photo of a sheet lying on a desk is read as the sheet alone, cut out and made an
// upright rectangle (PixImage's paper finder), before any other step; a page without a sheet's edges
// (a scan, a rendered PDF page, a photo the paper fills) is read as it is.

extension PageOCR {
    /// The page's image as pp-ocr reads it (grey when it is neutral): with --straighten, the sheet the photo
    /// shows, cut out and straightened, and what was found; the photo itself when there was no sheet.
    func readImage(path: String, frame: Int?) throws(ToolError) -> (PixImage, StraightenedPhoto?) {
        var pix = try PixImage.read(path: path, frame: frame)
        let photoPixels = (pix.width, pix.height)
        guard options.straighten, let paper = pix.findPaper(), let page = pix.straightened(to: paper) else {
            return (pix.grayIfNeutral(), nil)
        }
        // Whitened too: a photo's uneven light left on the sheet alone makes tesseract take a page of
        // text for a picture (tuning photo 9 of bench/pages/paper.sh: no line read).
        pix = page.whitened() ?? page
        return (pix.grayIfNeutral(), StraightenedPhoto(paper: paper, photoPixels: photoPixels))
    }
}

/// A sheet cut out of a photo and read straightened (`ocr.paper`).
struct StraightenedPhoto {
    var paper: Paper
    /// The photo's size in pixels.
    var photoPixels: (width: Int, height: Int)

    /// The page's codes (found by pp-ingest on the photo, boxes in points of `photoSize`) moved onto the
    /// straightened page, each the bounding box of its mapped corners at the same scale, and that page's size.
    func codes(_ codes: [PageCode], photoSize: [Double]) -> ([PageCode], [Double]) {
        guard photoSize.count == 2, photoSize[0] > 0, photoPixels.width > 0 else { return (codes, photoSize) }
        let toPoints = photoSize[0] / Double(photoPixels.width)
        let moved = codes.map { code in
            guard let box = code.box, box.count == 4 else { return code }
            let mapped = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])].compactMap { x, y in
                paper.pagePoint(PixPoint(x: x / toPoints, y: y / toPoints))
            }
            guard mapped.count == 4 else { return code }
            var moved = code
            moved.box = [
                mapped.map(\.x).min()!, mapped.map(\.y).min()!, mapped.map(\.x).max()!, mapped.map(\.y).max()!,
            ].map { $0 * toPoints }
            return moved
        }
        return (moved, [Double(paper.width) * toPoints, Double(paper.height) * toPoints])
    }
}

extension Paper {
    /// `ocr.paper`: the corners in the photo's pixels (top-left, top-right, bottom-right, bottom-left)
    /// and the straightened page's size in pixels.
    var json: JSON {
        .object([
            "corners": .array(corners.map { .box([$0.x, $0.y]) }), "width": .int(width), "height": .int(height),
        ])
    }
}
