#if canImport(Glibc)
    import Glibc
#endif

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
