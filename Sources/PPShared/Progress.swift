#if canImport(Glibc)
    import Glibc
#endif

// The one progress printer of the tools: when to draw (ProgressRule), what is known (ProgressTally), the
// drawing (ProgressDisplay, which RecordPipeline holds and pp-assets draws its downloads with) and the
// text (ProgressLine). Every line goes through StatusLine, the one owner of stderr's bottom line.

/// Progress of a pipeline, drawn by one tool only: the last one of the pipe.
///
/// The rule: a tool draws when its stderr is a terminal and its stdout is not a pipe (a file, a
/// terminal, /dev/null). A tool whose stdout is a pipe or a socket has a tool after it and stays quiet;
/// the last tool counts the pages that reach it and learns the totals from the records: "page" and
/// "pages" of each page record, and pp-ingest's "planned_documents". `--progress` draws whatever
/// stdout and stderr are, `--quiet` never draws.
public enum ProgressRule {
    /// The two flags every streaming tool has; they go in its option table, so --help shows them.
    public static let options: [OptionSpec] = [
        .flag("progress", help: "draw the progress line on stderr even when this tool is not the last of a pipe"),
        .flag("quiet", short: "q", help: "draw no progress line (default: drawn by the last tool of a pipe on a terminal)"),
    ]

    /// Whether to draw: forced by a flag, else only for the last tool of a pipe on a terminal.
    public static func shouldDraw(forced: Bool?, stderrIsTerminal: Bool, stdoutIsPipe: Bool) -> Bool {
        if let forced { return forced }
        return stderrIsTerminal && !stdoutIsPipe
    }

    /// `--progress` (true), `--quiet` (false) or neither (nil); both is a usage error.
    public static func forced(_ args: ParsedArguments) throws(ToolError) -> Bool? {
        switch (args.has("progress"), args.has("quiet")) {
        case (true, true): throw .usage("--progress and --quiet contradict each other; give one")
        case (true, false): return true
        case (false, true): return false
        case (false, false): return nil
        }
    }

    /// Whether stdout is a pipe or a socket: another tool reads it.
    public static var stdoutIsPipe: Bool {
        var info = stat()
        guard fstat(1, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK
    }
}

/// What the last tool knows of the work: pages and documents done, and the totals the records tell.
public struct ProgressTally: Sendable, Equatable {
    public private(set) var pagesDone = 0
    public private(set) var documentsDone = 0
    /// Pages of the documents seen so far (their "pages").
    public private(set) var pagesKnown = 0
    public private(set) var documentsKnown = 0
    /// pp-ingest's "planned_documents": how many documents the run has (nil when not stated).
    public private(set) var documentsPlanned: Int?
    private var lastKey: String?
    private var lastPage = 0

    public init() {}

    /// Learns totals from a record on its way in (or, for the first tool, on its way out). A page
    /// record starts a new document when its "doc" (or "source") changes or its page number does not
    /// grow; a document record is one document of its "pages".
    public mutating func learn(_ record: JSON) {
        if let planned = record["planned_documents"]?.intValue, planned > (documentsPlanned ?? 0) {
            documentsPlanned = planned
        }
        switch record["kind"]?.stringValue {
        case "page":
            let key = record["doc"]?.stringValue ?? record["source"]?.stringValue ?? ""
            let page = record["page"]?.intValue ?? 1
            if key != lastKey || page <= lastPage {
                documentsKnown += 1
                pagesKnown += max(1, record["pages"]?.intValue ?? 1)
            }
            lastKey = key
            lastPage = page
        case "document":
            documentsKnown += 1
            pagesKnown += max(1, record["pages"]?.intValue ?? 1)
            lastKey = nil
        default: break
        }
    }

    /// Counts a record written: a page record is one page (and its document's last page ends the
    /// document), a document record is all of its pages, a pp-pages result one document.
    public mutating func finished(_ record: JSON) {
        switch record["kind"]?.stringValue {
        case "page":
            pagesDone += 1
            let page = record["page"]?.intValue
            let pages = record["pages"]?.intValue
            if page == nil || pages == nil || page! >= pages! { documentsDone += 1 }
        case "document":
            pagesDone += max(1, record["pages"]?.intValue ?? 1)
            documentsDone += 1
        case "pages":
            documentsDone += 1  // a PDF pp-pages edited: a document, its pages not worked on one by one
        default: break
        }
        pagesKnown = max(pagesKnown, pagesDone)
        documentsKnown = max(documentsKnown, documentsDone)
    }

    /// The pages the run will have: those known, plus, while documents are still to come, as many per
    /// document to come as the known ones have on average. `estimated` is true when that guess is in it.
    public var pagesExpected: (count: Int, estimated: Bool) {
        guard let planned = documentsPlanned, planned > documentsKnown, documentsKnown > 0 else {
            return (pagesKnown, false)
        }
        let perDocument = Double(pagesKnown) / Double(documentsKnown)
        return (pagesKnown + Int((Double(planned - documentsKnown) * perDocument).rounded()), true)
    }
}

/// The one progress printer: a tool's line on the shared status line, drawn at most ten times a second
/// and left on screen with a newline at the end. It counts in pages and documents (the records of a
/// RecordPipeline, through ProgressUnits) or shows a transfer in bytes (pp-assets' downloads). Does
/// nothing when the tool does not draw (ProgressRule). Call it from one thread.
public final class ProgressDisplay {
    public let enabled: Bool
    let tool: String
    let line: StatusLine
    let clock: () -> Double
    let start: Double
    private var lastDraw = -1.0
    private var drawn = false
    public private(set) var tally = ProgressTally()

    /// Draws when `enabled`; `clock` gives seconds (monotonic) and is replaced in tests.
    public init(tool: String, enabled: Bool, line: StatusLine = .shared, clock: @escaping () -> Double = monotonicSeconds) {
        self.tool = tool
        self.enabled = enabled
        self.line = line
        self.clock = clock
        self.start = clock()
    }

    /// The display a tool's flags and file descriptors ask for (see ProgressRule).
    public convenience init(tool: String, arguments: ParsedArguments) throws(ToolError) {
        let draw = ProgressRule.shouldDraw(
            forced: try ProgressRule.forced(arguments), stderrIsTerminal: StatusLine.shared.isTerminal,
            stdoutIsPipe: ProgressRule.stdoutIsPipe)
        self.init(tool: tool, enabled: draw)
    }

    /// Seconds since the display was made.
    public var elapsed: Double { clock() - start }

    /// A record read: the totals it tells.
    public func learn(_ record: JSON) {
        guard enabled else { return }
        tally.learn(record)
        redraw()
    }

    /// A record written: the pages it finishes.
    public func finished(_ record: JSON) {
        guard enabled else { return }
        tally.finished(record)
        redraw()
    }

    /// `bytes` of `total` of the transfer `name` done; its start and its end are always drawn.
    public func transferred(_ name: String, bytes: Int, of total: Int) {
        guard enabled else { return }
        draw(force: bytes == 0 || bytes >= total) { now, width in
            ProgressLine.transfer(tool: tool, name, bytes: bytes, of: total, elapsed: now - start, width: width)
        }
    }

    /// Draws the page tally's line at most ten times a second.
    func redraw() {
        draw(force: false) { now, width in ProgressLine.running(tool: tool, tally, elapsed: now - start, width: width) }
    }

    private func draw(force: Bool, _ text: (_ now: Double, _ width: Int) -> String) {
        let now = clock()
        guard force || now - lastDraw >= 0.1 else { return }
        lastDraw = now
        drawn = true
        line.draw(text(now, line.width()))
    }

    /// Leaves the final line of the tally on screen with a newline, when anything was counted.
    public func finish() {
        guard enabled, drawn || tally.pagesDone > 0 else { return }
        line.finish(ProgressLine.finished(tool: tool, tally, elapsed: elapsed, width: line.width()))
    }

    /// Leaves `outcome` (what the run did: "now at version 3") on screen with the time it took.
    public func finish(saying outcome: String) {
        guard enabled else { return }
        line.finish(ProgressLine.outcome(tool: tool, outcome, elapsed: elapsed))
    }
}

/// Seconds on the monotonic clock.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

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

    /// A transfer's line: "pp-assets: [###.......] tessdata/deu.traineddata 4.2/15.0 MB, 2.1 MB/s".
    public static func transfer(tool: String, _ name: String, bytes: Int, of total: Int, elapsed: Double, width: Int)
        -> String
    {
        let fraction = total > 0 ? Double(bytes) / Double(total) : 1
        let rate = Double(bytes) / max(elapsed, 0.001) / 1e6
        return "\(tool): \(bar(fraction, cells: 10)) \(name) \(megabytes(bytes))/\(megabytes(total)) MB, \(tenths(rate)) MB/s"
    }

    /// The last line of a run told by its outcome: "pp-assets: nothing to update (0.4 s)".
    public static func outcome(tool: String, _ outcome: String, elapsed: Double) -> String {
        "\(tool): \(outcome) (\(tenths(elapsed)) s)"
    }

    /// Bytes as megabytes with one decimal: "1.5".
    public static func megabytes(_ bytes: Int) -> String { tenths(Double(bytes) / 1e6) }

    /// A number with one decimal: "0.3".
    public static func tenths(_ value: Double) -> String {
        let t = Int((value * 10).rounded())
        return "\(t / 10).\(t % 10)"
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
