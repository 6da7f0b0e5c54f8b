import Foundation
import Lexicons
import PPShared

/// Where a value a caption introduces ends on the line below or beside it: a grid prints the next caption's
/// value on the same text line ("18281572991 BTRLRO22" under "Cod client pentru plată" and "Swift").
extension DocumentView {
    /// The latest end of a value that starts at `start` of line `li` below `label`: the next cell of the
    /// line (a payment model's box stays joined to the reference box after it), and the first word under
    /// another label printed right of `label` on its line. A value beside the label runs on: its finder's
    /// test of the whole text is what keeps a table row out of a caption's value.
    func valueCellEnd(line li: Int, from start: Int, introducedBy label: LabelHit) -> Int {
        let line = lines[li]
        var end = line.chars.count
        let slack = reach.touching * max(reach.minHeight, label.box.height)
        guard li != label.line, line.box.y0 >= label.box.y1 - slack else { return end }
        let starts = layout.cellStarts(line: li).filter { $0 > start }.sorted()
        if let first = starts.first {
            end = Self.isModelBox(line.chars[start..<first]) ? (starts.dropFirst().first ?? end) : first
        }
        for other in labels
        where other.line == label.line && other.range.lowerBound >= label.range.upperBound && other.box.x0 > label.box.x1 {
            if let o = line.offset(ofFirstWordFrom: other.box.x0 - slack), o > start { end = min(end, o) }
        }
        return end
    }

    /// Whether a cell holds only a payment model ("97", "(97)", "HR01", "SI12"), printed in a box of its own
    /// before the reference's box.
    static func isModelBox(_ cell: ArraySlice<Character>) -> Bool {
        let t = Array(String(cell).trimmingCharacters(in: CharacterSet(charactersIn: " ()[]")))
        if t.count == 2 { return t.allSatisfy(\.isNumber) }
        return t.count == 4 && t[0...1].allSatisfy({ $0.isASCII && $0.isUppercase }) && t[2...3].allSatisfy(\.isNumber)
    }
}
