import Lexicons
import PPShared
import Records

/// What a picture of each page needs beside the candidates' boxes: the page's size in points, the image
/// pp-ingest showed it as, and the turn that maps that image onto the frame the boxes are in.
///
/// Document records keep no page-only keys, so without this a reviewer would see boxes with nothing to
/// draw them on (`pp-extract review`, docs/review.md).
enum PageViews {
    /// One view per page, in page order: `page`, `size`, and when the page record had them `image`
    /// (`path`, `width`, `height`, `dpi`, `frame`), `thumbnail` (`path`, `width`, `height`), `rotation`
    /// (pp-ocr's `ocr.rotation`, or pp-ingest's `text_rotation`) and `deskew_degrees`.
    static func of(_ pages: [PageRecord]) -> [PageView] {
        pages.enumerated().map { index, page in
            var view = PageView()
            view.page = page.pageNumber ?? index + 1
            if let size = page.size, size.count == 2, size.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 1_000_000 }) {
                view.size = size
            }
            // A picture needs its path; the other members are kept as they came, those that are null left out.
            if let image = page.image, image.path != nil {
                view.image = image.keeping([\.path, \.width, \.height, \.dpi, \.frame]).withoutNulls()
            }
            if let thumbnail = page.thumbnail, thumbnail.path != nil {
                view.thumbnail = thumbnail.keeping([\.path, \.width, \.height]).withoutNulls()
            }
            let turn = page.ocr?.rotation ?? page.textRotation ?? 0
            if [90, 180, 270].contains(turn) { view.rotation = turn }
            if let skew = page.ocr?.deskewDegrees, skew.isFinite, skew != 0, abs(skew) <= 45 { view.deskewDegrees = skew }
            return view
        }
    }
}
