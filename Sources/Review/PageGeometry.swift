import Lexicons
import PPShared

/// The numbers of a page view and a candidate as the site and the PNGs use them, checked: a results file
/// edited by hand (a size of 0, a box of three numbers, a turn of 45) must not draw garbage or divide by 0.
enum PageGeometry {
    /// `[w, h]` in points when both are finite and positive.
    static func size(_ view: JSON) -> [Double]? {
        guard let s = view["size"]?.arrayValue?.compactMap(\.doubleValue), s.count == 2,
            s.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 1_000_000 })
        else { return nil }
        return s
    }

    /// The quarter turn pp-ocr (or pp-ingest's text_rotation) applied: 0, 90, 180 or 270.
    static func rotation(_ view: JSON) -> Int {
        let r = view["rotation"]?.intValue ?? 0
        return [90, 180, 270].contains(r) ? r : 0
    }

    /// The straightening turn in degrees (pp-ocr looks up to 15° either way; more is not a skew).
    static func deskew(_ view: JSON) -> Double {
        guard let d = view["deskew_degrees"]?.doubleValue, d.isFinite, abs(d) <= 45 else { return 0 }
        return d
    }

    /// `[x0, y0, x1, y1]` in points when the four are finite and in order.
    static func box(_ candidate: JSON) -> [Double]? {
        guard let b = candidate["box"]?.arrayValue?.compactMap(\.doubleValue), b.count == 4,
            b.allSatisfy({ $0.isFinite && abs($0) < 1_000_000 }), b[0] <= b[2], b[1] <= b[3]
        else { return nil }
        return b
    }
}
