import Foundation
import Lexicons
import PPShared

/// How a label points at the value it introduces, measured on the page.
extension DocumentView {
    /// How strongly a label points at a value: the distance factor below, raised for the value cell the
    /// layout linked to the label's caption cell and lowered for a value cell another caption owns.
    func proximity(_ label: LabelHit, toLine li: Int, range: Range<Int>, box: Box) -> Double {
        if label.page != lines[li].page { return 0 }
        let near = pointProximity(label, toLine: li, range: range, box: box)
        return layout.adjust(near, label: label, line: li, range: range)
    }

    /// The distance factor: 1 right before the value on the same line, less with distance;
    /// labels above the value count slightly less, labels below (slip captions) half.
    func pointProximity(_ label: LabelHit, toLine li: Int, range: Range<Int>, box: Box) -> Double {
        let r = reach
        if label.line == li {
            guard label.range.upperBound <= range.lowerBound else { return 0 }
            let gap = Double(range.lowerBound - label.range.upperBound)
            let f = gap <= r.sameLineGap ? 1.0 : max(r.sameLineFloor, 1.0 - (gap - r.sameLineGap) / r.sameLineFade)
            // A "line" far taller than text lines holds several rows glued together by the text layer:
            // its words' order says little about which caption belongs to which value. Its height is taken
            // along the slant: a row read askew is no taller than its words.
            return slantedBoxes[li].height > r.tallLine * medianLineHeight ? min(f, r.tallLineCap) : f
        }
        let lb = label.box
        let h = max(r.minHeight, min(lb.height, box.height) > 0 ? max(lb.height, box.height) : r.defaultHeight)
        // A row along the page's slant: on a photo read askew "CASH" and its amount share no height.
        if slant.rowOverlap(lb, box, page: label.page) >= r.rowOverlap {
            guard lb.x1 <= box.x0 + h else { return 0 }
            let dx = max(0, box.x0 - lb.x1)
            if dx <= r.rowNear * h { return r.rowNearFactor }
            // Right-aligned amount columns put values far from their captions on the same row.
            return dx > r.rowFar ? 0 : max(r.rowFloor, r.rowNearFactor - (dx - r.rowNear * h) / r.rowFade)
        }
        // Running text wraps: a label that ends its line ("… auf folgende Bankverbindung: IBAN") points at
        // the value that starts the next line of the same paragraph.
        if li == label.line + 1, wrapsToNextLine(label, lines[label.line], value: range, of: lines[li]) { return r.wrapFactor }
        let xOverlap = box.x0 < lb.x1 + r.columnRight * h && box.x1 > lb.x0 - r.columnLeft * h
        if lb.y1 <= box.y0 + r.touching * h {
            let dy = box.y0 - lb.y1
            guard xOverlap, dy <= r.belowReach * h else { return 0 }
            return r.belowFactor - r.belowFade * max(0, dy) / (r.belowReach * h)
        }
        if box.y1 <= lb.y0 + r.touching * h {
            let dy = lb.y0 - box.y1
            guard xOverlap, dy <= r.aboveReach * h else { return 0 }
            return r.aboveFactor
        }
        return 0
    }

    /// The label of `categories` that points at a value best, and how strongly.
    func nearestLabel(_ categories: Set<LabelCategory>, line li: Int, range: Range<Int>, box: Box) -> (LabelHit, Double)? {
        var best: (LabelHit, Double)?
        for l in labels where categories.contains(l.category) {
            let f = proximity(l, toLine: li, range: range, box: box)
            if f > 0, f > (best?.1 ?? 0) + 1e-9 { best = (l, f) }
        }
        return best
    }

    /// The text a label introduces: the rest of its line, else the nearest line right of it or below it.
    func valueText(after label: LabelHit, accept: (String) -> Bool = { _ in true }) -> (line: Int, range: Range<Int>)? {
        let line = lines[label.line]
        var s = label.range.upperBound
        let skip: Set<Character> = [":", " ", "#", "-", ".", "\u{00A0}", "\t", ")", "/"]
        while s < line.chars.count, skip.contains(line.chars[s]) { s += 1 }
        if let cap = labels.first(where: { $0.line == label.line && $0.category == .caption && $0.range.lowerBound == s }) {
            s = cap.range.upperBound
            while s < line.chars.count, skip.contains(line.chars[s]) { s += 1 }
        }
        var e = line.chars.count
        for other in labels where other.line == label.line && other.range.lowerBound >= s && other.range.lowerBound < e {
            e = other.range.lowerBound
        }
        // Stop at a wide gap in the line (two or more spaces) — the next column.
        if let gap = (s..<e).first(where: { $0 + 1 < e && line.chars[$0] == " " && line.chars[$0 + 1] == " " }) { e = gap }
        // … or where the word boxes show one.
        // A two-digit model box before its reference box stays with it ("97   12-345").
        if let start = layout.cellStarts(line: label.line).filter({ $0 > s && $0 < e }).min(),
            !(start - s <= 4 && line.chars[s..<start].filter(\.isNumber).count == 2)
        {
            e = start
        }
        while e > s, line.chars[e - 1] == " " || line.chars[e - 1] == "," || line.chars[e - 1] == ";" { e -= 1 }
        if e > s, line.chars[s..<e].contains(where: { $0.isLetter || $0.isNumber }), accept(String(line.chars[s..<e])) {
            return (label.line, s..<e)
        }
        // A caption the layout linked to a value cell: the cell right of it, under it, or in its column.
        // The value runs on to its line's next label or next cell, a model box joined to its reference box.
        // Not a cell an amount label of its own line introduces or starts ("Valor do iva 23% 690,21 €" right
        // of "Referência de pagamento:"): that value is the amount label's.
        if let v = layout.linkedValue(of: label),
            v.line == label.line || label.category.isAmount
                || !labels.contains(where: {
                    $0.line == v.line && $0.category.isAmount && $0.range.lowerBound <= v.range.lowerBound
                })
        {
            let vl = lines[v.line]
            var ve =
                v.line == label.line
                ? vl.chars.count : valueCellEnd(line: v.line, from: v.range.lowerBound, introducedBy: label)
            for other in labels where other.line == v.line && other.range.lowerBound >= v.range.upperBound {
                ve = min(ve, other.range.lowerBound)
            }
            while ve > v.range.upperBound, vl.chars[ve - 1] == " " { ve -= 1 }
            let r = v.range.lowerBound..<max(ve, v.range.upperBound)
            if accept(String(vl.chars[r])) { return (v.line, r) }
        }
        // Otherwise: the closest line to the right on the same row, then below.
        let lb = label.box
        var best: (Int, Double)?
        var columnStart: [Int: Int] = [:]
        for (i, l) in lines.enumerated() where l.page == label.page && i != label.line {
            let h = max(reach.minHeight, lb.height)
            var text = l.text
            let columnEdge = lb.x0 - reach.valueColumn * h
            if l.box.x0 < columnEdge, l.box.y0 >= lb.y1 - reach.touching * h, let offset = l.offset(ofFirstWordFrom: columnEdge) {
                columnStart[i] = offset
                text = String(l.chars[offset...])
                if labels.contains(where: {
                    $0.line == i && $0.range.lowerBound <= offset && $0.range.upperBound > offset && $0.category != .caption
                }) {
                    continue
                }
            } else if labels.contains(where: { $0.line == i && $0.range.lowerBound == 0 && $0.category != .caption }) {
                continue
            }
            var d: Double?
            if slant.rowOverlap(lb, l.box, page: l.page) >= reach.rowOverlap, l.box.x0 >= lb.x1 - reach.rowTouching {
                let dx = l.box.x0 - lb.x1
                if dx < reach.valueRight { d = dx }
            } else if l.box.y0 >= lb.y1 - reach.touching * h, l.box.y0 - lb.y1 <= reach.valueBelow * h,
                l.box.x0 < lb.x1 + reach.valueColumn * h || columnStart[i] != nil,
                l.box.x1 > lb.x0 - reach.valueColumnLeft * h
            {
                let x0 = columnStart[i].map { l.box(of: $0..<($0 + 1)).x0 } ?? l.box.x0
                d = reach.belowStart + (l.box.y0 - lb.y1) * reach.belowRank + abs(x0 - lb.x0) * reach.offsetRank
            }
            // The text is tested (the costliest part: every line of the page) only where it would be the nearest.
            if let d, d < (best?.1 ?? .infinity), accept(text) { best = (i, d) }
        }
        guard let (bi, _) = best else { return valueAbove(label, accept: accept) }
        let bl = lines[bi]
        var be = bl.chars.count
        // OCR joins columns into one line ("primalac 97 14 3004117852026"): keep the words under the label's column.
        if let start = columnStart[bi] {
            var s0 = start
            while s0 < be, bl.chars[s0] == " " { s0 += 1 }
            be = min(be, valueCellEnd(line: bi, from: s0, introducedBy: label))
            for other in labels where other.line == bi && other.range.lowerBound > s0 && other.range.lowerBound < be {
                be = other.range.lowerBound
            }
            while be > s0, bl.chars[be - 1] == " " { be -= 1 }
            guard be > s0 else { return nil }
            return (bi, s0..<be)
        }
        be = min(be, valueCellEnd(line: bi, from: 0, introducedBy: label))
        for other in labels where other.line == bi && other.range.lowerBound > 0 && other.range.lowerBound < be {
            be = other.range.lowerBound
        }
        // A line that starts with a label is a label line, not the value.
        if labels.contains(where: { $0.line == bi && $0.range.lowerBound == 0 }) { return nil }
        while be > 0, bl.chars[be - 1] == " " { be -= 1 }
        guard be > 0 else { return nil }
        return (bi, 0..<be)
    }

    /// Whether `label` ends its line and `value` starts the next one, left-aligned with it as in a paragraph.
    func wrapsToNextLine(_ label: LabelHit, _ line: TextLine, value: Range<Int>, of next: TextLine) -> Bool {
        guard line.page == next.page, abs(line.box.x0 - next.box.x0) <= medianLineHeight,
            next.box.y0 - line.box.y1 <= medianLineHeight, next.box.y0 >= line.box.y0,
            line.chars[label.range.upperBound...].allSatisfy({ $0 == " " || $0 == ":" }),
            next.chars[..<value.lowerBound].allSatisfy({ $0 == " " })
        else { return false }
        return true
    }

    /// A caption printed under its box (slips with captions below): the line just above it, over the
    /// same columns, when nothing right of the caption or under it is a value.
    func valueAbove(_ label: LabelHit, accept: (String) -> Bool) -> (line: Int, range: Range<Int>)? {
        let lb = label.box
        let h = max(reach.minHeight, lb.height)
        var best: (Int, Double)?
        for (i, l) in lines.enumerated() where l.page == label.page && i != label.line {
            guard l.box.y1 <= lb.y0 + reach.touching * h, lb.y0 - l.box.y1 <= reach.valueAbove * h, l.box.x0 < lb.x1 + h,
                l.box.x1 > lb.x0 - h
            else { continue }
            if labels.contains(where: { $0.line == i && $0.range.lowerBound == 0 && $0.category != .caption }) { continue }
            guard accept(l.text) else { continue }
            let d = lb.y0 - l.box.y1
            if d < (best?.1 ?? .infinity) { best = (i, d) }
        }
        guard let (bi, _) = best else { return nil }
        let bl = lines[bi]
        var be = bl.chars.count
        for other in labels where other.line == bi && other.range.lowerBound > 0 && other.range.lowerBound < be {
            be = other.range.lowerBound
        }
        // The text over the caption: OCR joins a row's far cell into the line ("Vertrag Nr: 00.123.456.7" and,
        // far right, the letter's date "18. April 2014"); a word starting past the caption's column is not above it.
        if let far = bl.offset(ofFirstWordFrom: lb.x1 + reach.valueColumn * h), far < be { be = far }
        while be > 0, bl.chars[be - 1] == " " { be -= 1 }
        return be > 0 ? (bi, 0..<be) : nil
    }

    /// The text of `line` followed by the boxes printed right after it on the same row (a model box and
    /// its reference box, comb fields), joined by a space.
    func rowContinuation(_ li: Int, _ range: Range<Int>) -> String {
        var text = String(lines[li].chars[range]).trimmingCharacters(in: .whitespaces)
        var right = lines[li].box(of: range).x1
        let row = lines[li].box
        while true {
            let next = lines.enumerated().filter { i, l in
                i != li && l.page == lines[li].page && l.box.verticalOverlap(row) >= reach.rowShare && l.box.x0 >= right - 1
                    && l.box.x0 - right < reach.continuedGap
                    && !labels.contains(where: { $0.line == i && $0.range.lowerBound == 0 })
            }.min { $0.1.box.x0 < $1.1.box.x0 }
            guard let (_, l) = next, text.count < reach.continuedLength else { break }
            text += " " + l.text.trimmingCharacters(in: .whitespaces)
            right = l.box.x1
        }
        return text
    }

    /// Lowers a candidate read with low OCR confidence and says so in its evidence; a value a checksum
    /// verified loses half as much.
    func applyOCRPenalty(to candidate: inout Candidate, _ line: TextLine, _ range: Range<Int>, verified: Bool) {
        guard let c = line.confidence(of: range) else { return }
        let floor = Double(ocrWeights.floor)
        guard c < floor else { return }
        var p = Int(clamping: (floor - c) * Double(ocrWeights.perPoint), to: Scoring.weightRange, rounding: .towardZero) ?? 0
        if verified { p /= 2 }
        candidate.credit(.ocrConfidence(Int(clamping: c, to: 0...100) ?? 0), -p)
    }

    /// Whether `value` stands on `label`'s row (they share `rowShare` of the smaller height) and right of it: a
    /// label and its value that a text layer or OCR cut into two lines of one row.
    func onRow(of label: TextLine, right value: TextLine) -> Bool {
        label.page == value.page && slant.rowOverlap(label.box, value.box, page: value.page) >= reach.rowShare
            && value.box.x0 >= label.box.x1 - 1
    }
}
