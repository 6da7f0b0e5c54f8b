import Lexicons
import PPShared
import Records

/// The numbers of a page view and a candidate as the site and the PNGs use them, checked: a results file
/// edited by hand (a size of 0, a box of three numbers, a turn of 45) must not draw garbage or divide by 0.
enum PageGeometry {
    /// Page numbers a record may give.
    static let pageNumbers = 1...1_000_000

    /// A page number within `pageNumbers`.
    static func page(_ number: Int?) -> Int? { number.flatMap { pageNumbers.contains($0) ? $0 : nil } }

    /// `[w, h]` in points when both are finite and positive.
    static func size(_ view: PageView) -> [Double]? {
        guard let s = view.size, s.count == 2, s.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 1_000_000 }) else { return nil }
        return s
    }

    /// The quarter turn pp-ocr (or pp-ingest's text_rotation) applied: 0, 90, 180 or 270.
    static func rotation(_ view: PageView) -> Int {
        let r = view.rotation ?? 0
        return [90, 180, 270].contains(r) ? r : 0
    }

    /// The straightening turn in degrees (pp-ocr looks up to 15° either way; more is not a skew).
    static func deskew(_ view: PageView) -> Double {
        guard let d = view.deskewDegrees, d.isFinite, abs(d) <= 45 else { return 0 }
        return d
    }

    /// `[x0, y0, x1, y1]` in points when the four are finite and in order.
    static func box(_ candidate: Records.Candidate) -> [Double]? {
        guard let b = candidate.box, b.count == 4, b.allSatisfy({ $0.isFinite && abs($0) < 1_000_000 }), b[0] <= b[2],
            b[1] <= b[3]
        else { return nil }
        return b
    }
}
