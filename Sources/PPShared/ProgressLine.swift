/// The text of the progress line: counts and times in, one line out that fits the terminal.
///
///     pp-extract: [#####.....] 12/~30 pages, 3/10 documents, 1.5 pages/s, ETA 0:12
///     pp-extract: 30 pages, 10 documents in 0:20, 1.5 pages/s          (the last draw)
///
/// "~" marks a total that is partly guessed (documents still to come, at the pages per document seen).
/// On a narrow terminal the parts go in this order until the line fits: the bar, the documents, the
/// rate, the ETA; then the line is cut with "…". The line stays one column short of the width, so a
/// terminal never wraps it.
public enum ProgressLine {
    /// The line while the work goes on, `elapsed` seconds after the start.
    public static func running(tool: String, _ tally: ProgressTally, elapsed: Double, width: Int) -> String {
        let (total, estimated) = tally.pagesExpected
        var pages = "\(tally.pagesDone)"
        if total > 0 { pages += "/" + (estimated ? "~" : "") + "\(total)" }
        pages += (total > 0 ? total : tally.pagesDone) == 1 ? " page" : " pages"
        let documents =
            tally.documentsPlanned.map { "\(tally.documentsDone)/\($0) documents" } ?? "\(tally.documentsDone) documents"
        let rate = pagesPerSecond(tally.pagesDone, elapsed)
        var parts: [(text: String, keep: Int)] = []
        if total > 0 { parts.append((bar(Double(tally.pagesDone) / Double(total), cells: 10), 0)) }
        if total > 0 || tally.pagesDone > 0 {
            parts.append((pages, 9))
            parts.append((documents, 1))
        } else {
            parts.append((documents, 9))  // no pages counted (pp-pages edits whole PDFs)
        }
        if let rate {
            parts.append((format(rate: rate), 2))
            if total > tally.pagesDone {
                parts.append(("ETA " + duration((Double(total - tally.pagesDone) / rate).rounded(.up)), 3))
            }
        }
        return fit(tool: tool, parts, width: width)
    }

    /// The last line, left on screen: what was done, in how long, how fast.
    public static func finished(tool: String, _ tally: ProgressTally, elapsed: Double, width: Int) -> String {
        let pages = "\(tally.pagesDone) " + (tally.pagesDone == 1 ? "page" : "pages")
        let documents = "\(tally.documentsDone) " + (tally.documentsDone == 1 ? "document" : "documents")
        var parts: [(text: String, keep: Int)] = [(documents + " in " + duration(elapsed.rounded()), 3)]
        if tally.pagesDone > 0 { parts.insert((pages, 9), at: 0) }
        if let rate = pagesPerSecond(tally.pagesDone, elapsed) { parts.append((format(rate: rate), 2)) }
        return fit(tool: tool, parts, width: width)
    }

    /// A bar of `cells` cells: "[###.......]".
    public static func bar(_ fraction: Double, cells: Int) -> String {
        let filled = max(0, min(cells, Int((fraction * Double(cells)).rounded(.down))))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: cells - filled) + "]"
    }

    /// Seconds as "m:ss", or "h:mm:ss" from an hour on.
    public static func duration(_ seconds: Double) -> String {
        let total = seconds.isFinite ? max(0, Int(seconds)) : 0
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h == 0 { return "\(m):\(ss)" }
        return "\(h):" + (m < 10 ? "0\(m)" : "\(m)") + ":\(ss)"
    }

    /// "21 s/page" under one page in 0.95 s, "1.5 pages/s" under 10 a second, "12 pages/s" from 10 on.
    public static func format(rate: Double) -> String {
        if rate < 0.95 { return "\(Int((1 / rate).rounded())) s/page" }
        if rate >= 9.95 { return "\(Int(rate.rounded())) pages/s" }
        let tenths = Int((rate * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) pages/s"
    }

    /// Pages per second, once there is a page and half a second to measure.
    static func pagesPerSecond(_ pages: Int, _ elapsed: Double) -> Double? {
        guard pages > 0, elapsed >= 0.5 else { return nil }
        return Double(pages) / elapsed
    }

    /// Joins the parts that fit into `width - 1` columns, dropping the lowest `keep` first.
    static func fit(tool: String, _ parts: [(text: String, keep: Int)], width: Int) -> String {
        let room = max(1, width - 1)
        var kept = parts
        func text() -> String {
            let body = kept.map(\.text)
            // The bar goes before the counts with a space, the others after a comma.
            var out = "\(tool): "
            for (i, part) in body.enumerated() {
                if i > 0 { out += part.hasPrefix("[") || body[i - 1].hasPrefix("[") ? " " : ", " }
                out += part
            }
            return out
        }
        while text().count > room, kept.count > 1, let lowest = kept.indices.min(by: { kept[$0].keep < kept[$1].keep }) {
            kept.remove(at: lowest)
        }
        let line = text()
        return line.count <= room ? line : String(line.prefix(room - 1)) + "…"
    }
}
