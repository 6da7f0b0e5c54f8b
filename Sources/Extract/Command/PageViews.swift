import Lexicons
import PPShared

/// What a picture of each page needs beside the candidates' boxes: the page's size in points, the image
/// pp-ingest showed it as, and the turn that maps that image onto the frame the boxes are in.
///
/// Document records keep no page-only keys, so without this a reviewer would see boxes with nothing to
/// draw them on (`pp-extract review`, docs/review.md).
enum PageViews {
    /// One object per page, in page order: `page`, `size`, and when the page record had them `image`
    /// (`path`, `width`, `height`, `dpi`, `frame`), `thumbnail` (`path`, `width`, `height`), `rotation`
    /// (pp-ocr's `ocr.rotation`, or pp-ingest's `text_rotation`) and `deskew_degrees`.
    static func of(_ pages: [JSON]) -> JSON {
        .array(
            pages.enumerated().map { index, page in
                var view: [String: JSON] = ["page": .int(DocumentProcessor.pageNumber(page) ?? index + 1)]
                if let size = page["size"]?.arrayValue?.compactMap(\.doubleValue), size.count == 2,
                    size.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 1_000_000 })
                {
                    view["size"] = .box(size)
                }
                view["image"] = picked(page["image"], keys: ["path", "width", "height", "dpi", "frame"])
                view["thumbnail"] = picked(page["thumbnail"], keys: ["path", "width", "height"])
                let turn = page["ocr"]?["rotation"]?.intValue ?? page["text_rotation"]?.intValue ?? 0
                if [90, 180, 270].contains(turn) { view["rotation"] = .int(turn) }
                if let skew = page["ocr"]?["deskew_degrees"]?.doubleValue, skew.isFinite, skew != 0, abs(skew) <= 45 {
                    view["deskew_degrees"] = .rounded(skew)
                }
                return .object(view)
            })
    }

    private static func picked(_ value: JSON?, keys: [String]) -> JSON? {
        guard let members = value?.members, members["path"]?.stringValue != nil else { return nil }
        var out: [String: JSON] = [:]
        for key in keys { if let v = members[key], !v.isNull { out[key] = v } }
        return .object(out)
    }
}
