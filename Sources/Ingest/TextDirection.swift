/// Writing directions in a text layer. Poppler's page text glues the rows of turned text into
/// vertical "words", but each character's rectangle is right; the direction is read from the
/// rectangles of characters that poppler puts next to each other.
///
/// A direction is stated as a turn: the clockwise quarter turn (0, 90, 180, 270) that makes the
/// text upright, as `ocr.rotation` states it. Text running up the page has turn 90, upside-down
/// text 180, text running down the page 270.
enum TextDirection {
    /// The turn of every scalar of `raw` and the page's dominant turn, both in quarter turns, or nil when no run of three
    /// or more characters goes another way than left to right (nearly every page: those keep
    /// poppler's lines as they are). Characters without a clear direction of their own (single
    /// letters, two-letter words, spaces) get the dominant turn.
    static func detect(_ raw: RawTextLayer, width: Double, height: Double) -> (quarters: [UInt8], dominant: Int)? {
        let scalars = raw.scalars
        let rects = raw.rects
        guard rects.count == scalars.count, scalars.count > 2 else { return nil }
        // Runs of consecutive, touching characters that agree on a direction.
        var runs: [(start: Int, end: Int, quarter: Int)] = []
        var glyphs = [0, 0, 0, 0]
        var runStart = -1
        var runEnd = -1
        var runQuarter = -1
        func closeRun() {
            guard runQuarter >= 0 else { return }
            if runEnd - runStart >= 2 {
                glyphs[runQuarter] += runEnd - runStart + 1
                runs.append((runStart, runEnd, runQuarter))
            }
            runQuarter = -1
        }
        var previous = -1  // index of the last character that can carry a direction
        for i in 0..<scalars.count {
            guard isDirected(scalars[i]), isInside(rects[i], width: width, height: height) else {
                previous = -1
                continue
            }
            defer { previous = i }
            guard previous >= 0, previous == i - 1 else { continue }
            let q = quarter(from: rects[previous], to: rects[i])
            if q >= 0, q == runQuarter, runEnd == previous {
                runEnd = i
                continue
            }
            closeRun()
            if q >= 0 {
                runStart = previous
                runEnd = i
                runQuarter = q
            }
        }
        closeRun()
        guard runs.contains(where: { $0.quarter != 0 }) else { return nil }
        var dominant = 0
        for q in 1..<4 where glyphs[q] > glyphs[dominant] { dominant = q }
        var turns = [UInt8](repeating: UInt8(dominant), count: scalars.count)
        // Upright runs stay upright on a turned page (a stamp, a header drawn the usual way).
        for run in runs { for i in run.start...run.end { turns[i] = UInt8(run.quarter) } }
        // Short words between two turned runs of one poppler line ("by" in a note up the margin) go with them.
        for (a, b) in zip(runs, runs.dropFirst()) where a.quarter == b.quarter && a.quarter != dominant {
            let gap = (a.end + 1)..<b.start
            if !gap.isEmpty, !scalars[gap].contains("\n") { for i in gap { turns[i] = UInt8(a.quarter) } }
        }
        return (turns, dominant)
    }

    /// The quarter (0 right, 1 up, 2 left, 3 down the page; y grows downwards) in which `b`
    /// follows `a` when the two touch along that axis and overlap across it, else -1.
    static func quarter(from a: RawTextLayer.Rect, to b: RawTextLayer.Rect) -> Int {
        let aw = a.x1 - a.x0
        let ah = a.y1 - a.y0
        let bw = b.x1 - b.x0
        let bh = b.y1 - b.y0
        let dx = (b.x0 + b.x1 - a.x0 - a.x1) / 2
        let dy = (b.y0 + b.y1 - a.y0 - a.y1) / 2
        if abs(dx) > abs(dy) {
            let across = min(a.y1, b.y1) - max(a.y0, b.y0)
            let gap = dx > 0 ? b.x0 - a.x1 : a.x0 - b.x1
            guard across >= 0.5 * min(ah, bh), gap <= max(ah, bh), gap >= -0.5 * max(aw, bw) else { return -1 }
            return dx > 0 ? 0 : 2
        }
        if abs(dy) > abs(dx) {
            let across = min(a.x1, b.x1) - max(a.x0, b.x0)
            let gap = dy > 0 ? b.y0 - a.y1 : a.y0 - b.y1
            guard across >= 0.5 * min(aw, bw), gap <= max(aw, bw), gap >= -0.5 * max(ah, bh) else { return -1 }
            return dy > 0 ? 3 : 1
        }
        return -1
    }

    /// Characters whose neighbours tell a direction: not spaces or garbage, and not right-to-left
    /// scripts (their logical order runs leftwards on an upright line).
    static func isDirected(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0..<0x21, 0x7F...0xA0, 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0xFFFD, 0xE000...0xF8FF,
            0xF0000...0x10FFFF:
            return false
        case 0x21..<0x7F: return true
        default: return !c.properties.isWhitespace
        }
    }

    static func isInside(_ r: RawTextLayer.Rect, width: Double, height: Double) -> Bool {
        let cx = (r.x0 + r.x1) / 2
        let cy = (r.y0 + r.y1) / 2
        return cx >= 0 && cy >= 0 && cx <= width && cy <= height
    }

    /// `r` in the frame of a `width` x `height` page turned clockwise by `quarters` quarter turns.
    static func turned(_ r: RawTextLayer.Rect, quarters: Int, width: Double, height: Double) -> RawTextLayer.Rect {
        switch quarters & 3 {
        case 1: return .init(x0: height - r.y1, y0: r.x0, x1: height - r.y0, y1: r.x1)
        case 2: return .init(x0: width - r.x1, y0: height - r.y1, x1: width - r.x0, y1: height - r.y0)
        case 3: return .init(x0: r.y0, y0: width - r.x1, x1: r.y1, y1: width - r.x0)
        default: return r
        }
    }
}
