import Foundation
import PPShared
import Records

/// Keeps the boxes of a page's payment codes on their codes when pp-ocr turns and straightens the page.
///
/// pp-ingest finds the codes on the page as presented; pp-ocr's lines are in the frame of the page turned
/// by `ocr.rotation` and `ocr.deskew_degrees` about its centre. A code's box left in the first frame points
/// elsewhere on an upside-down or skewed photo (pp-extract's candidates from the code carry it, and
/// `pp-extract review` draws it), so it is moved into the second frame with the rest.
enum CodeBoxes {
    /// `codes` with every box turned clockwise by `degrees` about the centre of a `from` page ([w, h]
    /// points) and placed on a `to` page of the same centre: the bounding box of its turned corners.
    static func turned(_ codes: [PageCode], degrees: Double, from: [Double], to: [Double]) -> [PageCode] {
        guard degrees != 0, from.count == 2, to.count == 2 else { return codes }
        let angle = degrees * .pi / 180
        let (cosA, sinA) = (cos(angle), sin(angle))
        return codes.map { code in
            guard let box = code.box, box.count == 4 else { return code }
            let corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])].map { x, y in
                let (dx, dy) = (x - from[0] / 2, y - from[1] / 2)
                return (to[0] / 2 + dx * cosA - dy * sinA, to[1] / 2 + dx * sinA + dy * cosA)
            }
            let xs = corners.map(\.0)
            let ys = corners.map(\.1)
            var turned = code
            turned.box = [xs.min()!, ys.min()!, xs.max()!, ys.max()!]
            return turned
        }
    }
}
