import PPShared

/// What the command line asks for, with the operations in the order they were given.
public struct Invocation: Sendable, Equatable {
    public var input: String?
    public var output: String?
    public var inPlace = false
    public var password: String?
    public var decrypt = false
    public var breakSignature = false
    public var deterministicID = false
    public var lockWait = EditJob.defaultLockWait
    public var opsFile: String?
    public var operations: [PageOperation] = []
    public var asIs = false
    public var whiten = false
    /// --searchable: pp-ocr's records of the input ('-': stdin), whose text layers go under its pages.
    public var searchable: String?

    public init() {}
}

/// The table of options: drives --help and the one parse (through PPShared), kept in order for the operations.
public let pagesCommand = CommandSpec(
    name: "pp-pages",
    summary: "edit a PDF's pages: delete, keep, reorder, move, insert pages or a photo, append, rotate",
    usage: [
        "pp-pages IN.pdf [--password P] OPERATION... -o OUT.pdf",
        "pp-pages IN.pdf OPERATION... --in-place",
        "pp-pages IN.pdf --ops FILE|- -o OUT.pdf      (operations as JSON Lines)",
        "pp-pages --ops FILE|-                        (records with \"source\", \"ops\", \"output\")",
    ],
    options: [
        .value("output", short: "o", "OUT.pdf", help: "write the result here (atomically: temporary file, then rename)"),
        .flag("in-place", help: "replace IN.pdf itself (atomically), keeping its owner, group and mode"),
        .value(
            "lock-wait", "SECONDS",
            help: "with --in-place: seconds to wait for another edit of the file (default 120; 0: none)"),
        .value("delete", "RANGE", help: "remove the pages of RANGE", repeatable: true),
        .value("keep", "RANGE", help: "keep only the pages of RANGE, in their present order", repeatable: true),
        .value("order", "RANGE", help: "the new page order, e.g. 3,1-2,4-z or z-1 (repeats allowed)", repeatable: true),
        .value("move", "RANGE", help: "move the pages of RANGE; with --to N", repeatable: true),
        .value("to", "N", help: "where moved pages start in the result (1..., or z for the end)", repeatable: true),
        .value("insert-at", "N FILE[:RANGE]", help: "insert a PDF's pages or an image so the first is page N", repeatable: true),
        .value("append", "FILE[:RANGE]", help: "add a PDF's pages or an image at the end", repeatable: true),
        .flag("as-is", help: "insert photos as they are (default: a photo of a sheet on a desk becomes the sheet, straightened)"),
        .flag("whiten", help: "also make a straightened sheet's background even and white, its shadows and uneven light gone"),
        .value(
            "rotate", "DEG[:RANGE]", help: "turn pages by 90, 180, 270 or -90 more (all pages without RANGE)", repeatable: true),
        .value(
            "searchable", "RECORDS",
            help: "put the text layers of pp-ocr --text-layer's records of IN.pdf (- is stdin) under its pages"),
        .value("ops", "FILE", help: "read operations (or whole edit records) as JSON Lines; - is stdin"),
        .value("password", "P", help: "password of encrypted input (default: $PP_PDF_PASSWORD)"),
        .flag("decrypt", help: "write the result without encryption (default: keep the input's encryption)"),
        .flag("break-signature", help: "allow --in-place on a signed PDF (editing invalidates the signature)"),
        .flag("deterministic-id", help: "derive the file /ID from the content: the same edit gives the same bytes"),
    ] + ProgressRule.options + LineLimit.options,
    examples: [
        ("pp-pages scan.pdf --delete 3 --insert-at 2 page.jpg -o fixed.pdf", "drop page 3, put a photo in as page 2"),
        ("pp-pages bill.pdf --append receipt-on-desk.jpg -o out.pdf", "add a phone photo as a cropped, straightened page"),
        ("pp-pages bill.pdf --append receipt-on-desk.jpg --whiten -o out.pdf", "the same, its background whitened"),
        ("pp-pages bill.pdf --append chart.png --as-is -o out.pdf", "add an image as it is, uncropped"),
        ("pp-pages scan.pdf --order z-1 -o reversed.pdf", "reverse the pages"),
        (
            "pp-ingest scan.pdf | pp-ocr --text-layer | pp-pages scan.pdf --searchable - -o searchable.pdf",
            "make a scan searchable: Tesseract's invisible text under each OCR'd page"
        ),
        (
            "pp-ingest bill.jpg | pp-ocr --text-layer | pp-pages bill.jpg --searchable - -o bill.pdf",
            "a photo of a bill becomes a searchable one-page PDF"
        ),
        ("pp-pages scan.pdf --rotate 90:2,4 --move 5 --to 1 --in-place", "turn pages 2 and 4, bring page 5 to the front"),
        ("pp-pages bill.pdf --append extra.pdf:1-2 -o out.pdf | pp-ingest | pp-ocr", "edit, then feed the pipeline"),
        (
            "echo '{\"source\":\"a.pdf\",\"ops\":[{\"op\":\"delete\",\"pages\":\"1\"}],\"output\":\"b.pdf\"}' | pp-pages --ops -",
            "edit many files from one stream"
        ),
    ],
    notes: """
        RANGE is qpdf's page-range syntax: 5, 2-4, 4-2 (downwards), z (last page), r2 (second from last),
        lists 1,3,5-z, then :odd or :even; x excludes from the item before it: 1-10,x3-4.
        Operations apply left to right, each to the pages as they stand after the ones before.
        FILE is a PDF, a JPEG (embedded as it is, no re-encoding) or another image leptonica reads
        (PNG, TIFF with all its pages, ...; stored losslessly). An image page has the image's size at
        its resolution, fitted to the first page when larger or without one; a JPEG's EXIF orientation
        turns the page. A photo of a sheet of paper lying on a desk, the desk showing all round it, becomes
        the sheet alone, as a scanner app makes it: its four corners found, the perspective and the tilt
        undone, the desk cut away; the page has the sheet's aspect (a JPEG is then encoded again, quality
        90); --whiten also makes its background even and white. Scans, rendered pages and photos the paper
        fills stay as they are; --as-is keeps every image as it is. Everything is checked before anything
        is written.
        --in-place locks IN.pdf (flock) from before it is read until the result replaces it: another
        pp-pages --in-place of the same file waits for it, up to --lock-wait seconds, then edits its
        result, so both edits are kept. The result keeps IN.pdf's owner, group and mode (another user's
        owner only when run as root; otherwise the record warns).
        IN.pdf's outlines, page labels, form fields, links, attachments and encryption are kept; a
        bookmark, field or link that pointed at a deleted page loses it, so deleted pages leave the file.
        --searchable RECORDS reads pp-ocr --text-layer's page records of IN.pdf and puts each page's
        text layer (ocr.text_layer) under the page's content as a form XObject, placed by the page's crop
        box and /Rotate; the page's content streams and images are not changed, and a page that shows
        text already (a font in its resources) is left as it is. It applies before the other operations.
        With --searchable, IN may be a photo or an image scan instead: the result is a new PDF of its
        pages (made as --insert-at makes them, a JPEG's bytes kept) with their text layers.
        The record on stdout ({"kind":"pages",...}) is what pp-ingest reads on stdin; its "warnings"
        say what a user should know about a written result.
        JSON operations: {"op":"delete"|"keep"|"order","pages":"RANGE"}, {"op":"move","pages":R,"to":N},
        {"op":"insert","at":N,"file":F,"pages":R}, {"op":"append","file":F}, {"op":"rotate","degrees":90,"pages":R}.

        How a run ends, case by case (the exit status, whether the result is written):
        \(ExitCase.helpLines)
        """
)

extension Invocation {
    /// Parses the command line against `pagesCommand` (the one parse).
    public static func parse(_ arguments: [String], environment: [String: String]) throws(ToolError) -> Invocation {
        try Invocation(try ParsedArguments.parse(arguments, spec: pagesCommand), environment: environment)
    }

    /// The edit a parsed command line asks for: the operations in the order given (`ordered`), each
    /// applied to the pages as the ones before left them.
    public init(_ parsed: ParsedArguments, environment: [String: String]) throws(ToolError) {
        self.init()
        output = parsed.value("output")
        inPlace = parsed.has("in-place")
        decrypt = parsed.has("decrypt")
        asIs = parsed.has("as-is")
        whiten = parsed.has("whiten")
        breakSignature = parsed.has("break-signature")
        deterministicID = parsed.has("deterministic-id")
        password = parsed.value("password")
        opsFile = parsed.value("ops")
        searchable = parsed.value("searchable")
        if let text = parsed.value("lock-wait") {
            guard let seconds = Int(text), (0...Self.maximumLockWait).contains(seconds) else {
                throw .usage("--lock-wait \(text): not a number of seconds from 0 to \(Self.maximumLockWait)")
            }
            lockWait = seconds
        }
        var operands: [String] = []
        var pendingMove: PageRange?
        var items = parsed.ordered[...]
        func range(_ text: String, _ option: String) throws(ToolError) -> PageRange {
            let r = PageRange(text)
            do {
                _ = try r.parsed()
            } catch {
                throw .usage("\(option) \(text): \(error.description)")
            }
            return r
        }
        func add(_ op: PageOperation) throws(ToolError) {
            if let pendingMove { throw .usage("--move \(pendingMove) needs --to N right after it") }
            operations.append(op)
        }
        while let (name, value) = items.popFirst() {
            guard let name else {
                operands.append(value!)
                continue
            }
            guard let value else { continue }  // a flag, read above
            let option = "--\(name)"
            switch name {
            case "delete": try add(.delete(try range(value, option)))
            case "keep": try add(.keep(try range(value, option)))
            case "order": try add(.order(try range(value, option)))
            case "move":
                if let pendingMove { throw .usage("--move \(pendingMove) needs --to N right after it") }
                pendingMove = try range(value, option)
            case "to":
                guard let moved = pendingMove else { throw .usage("--to comes only right after --move RANGE") }
                guard let to = Position(value) else { throw .usage("--to \(value): not a page number or z") }
                pendingMove = nil
                try add(.move(moved, to: to))
            case "insert-at":
                guard let at = Position(value) else { throw .usage("--insert-at \(value): not a page number or z") }
                // The file is the word after the position, which the option table reads as an operand.
                guard case (nil, let spec?)? = items.popFirst() else {
                    throw .usage("--insert-at needs a file after the position (N FILE)")
                }
                let (file, r) = splitFileSpec(spec)
                try add(.insert(at: at, file: file, range: r))
            case "append":
                let (file, r) = splitFileSpec(value)
                try add(.insert(at: .end, file: file, range: r))
            case "rotate": try add(try Self.rotation(value))
            default: break  // a value option read above
            }
        }
        if let pendingMove { throw .usage("--move \(pendingMove) needs --to N right after it") }
        if operands.count > 1 {
            throw .usage("one input PDF at a time (got \(operands.map { "'\($0)'" }.joined(separator: ", ")))")
        }
        input = operands.first
        if password == nil, let env = environment["PP_PDF_PASSWORD"], !env.isEmpty { password = env }
        try validate()
    }

    /// The longest --lock-wait: a day.
    static let maximumLockWait = 86_400

    /// Checks the combination of options.
    func validate() throws(ToolError) {
        if asIs, whiten { throw .usage("--whiten works on the photos --as-is keeps as they are; give one of the two") }
        if inPlace, output != nil { throw .usage("give either -o OUT.pdf or --in-place, not both") }
        guard let input else {
            guard opsFile != nil, searchable == nil else { throw .usage("no input PDF given") }
            if !operations.isEmpty { throw .usage("operations on the command line need an input PDF") }
            if inPlace || output != nil {
                throw .usage("with records from --ops, each record names its \"output\" (or \"in_place\": true)")
            }
            return
        }
        if input == "-" { throw .usage("the input PDF must be a file, not stdin") }
        if output == nil, !inPlace { throw .usage("say where to write: -o OUT.pdf, or --in-place") }
        if searchable == "-", opsFile == "-" { throw .usage("--searchable and --ops cannot both read stdin") }
        if operations.isEmpty, opsFile == nil, searchable == nil {
            throw .usage("no operation given (e.g. --delete 3, --order z-1)")
        }
        if !operations.isEmpty, opsFile != nil { throw .usage("give operations either on the command line or with --ops") }
    }

    static func rotation(_ text: String) throws(ToolError) -> PageOperation {
        var degreesText = Substring(text)
        var r: PageRange?
        if let colon = text.firstIndex(of: ":") {
            degreesText = text[..<colon]
            let rest = String(text[text.index(after: colon)...])
            let candidate = PageRange(rest)
            do {
                _ = try candidate.parsed()
            } catch {
                throw .usage("--rotate \(text): \(error.description)")
            }
            r = candidate
        }
        if degreesText.hasPrefix("+") { degreesText = degreesText.dropFirst() }
        guard let d = Int(degreesText), d % 90 == 0 else {
            throw .usage("--rotate \(text): degrees must be 90, 180, 270 or -90 (a multiple of 90)")
        }
        return .rotate(degrees: d, range: r)
    }
}

/// Splits "FILE[:RANGE]": a name that exists as given is a file; otherwise the part after
/// the first ':' that leaves a well-formed range is the range ("a.pdf:1-2", "a.pdf:1-z:odd").
public func splitFileSpec(_ spec: String, exists: (String) -> Bool = fileExists) -> (String, PageRange?) {
    if exists(spec) { return (spec, nil) }
    var index = spec.startIndex
    var existing: (String, PageRange)?
    while let colon = spec[index...].firstIndex(of: ":") {
        let file = String(spec[..<colon])
        let rest = String(spec[spec.index(after: colon)...])
        if !file.isEmpty, PageRange(rest).isWellFormed { return (file, PageRange(rest)) }
        if existing == nil, !file.isEmpty, exists(file) { existing = (file, PageRange(rest)) }
        index = spec.index(after: colon)
    }
    // An existing file with a malformed range: keep the range, so the message names it.
    return existing ?? (spec, nil)
}

/// Reads operations from JSON: {"op":"delete","pages":"3"}, {"op":"insert","at":2,"file":"scan.jpg"}, ...
public func operation(fromJSON json: JSON) throws(ToolError) -> PageOperation {
    guard let object = json.objectValue else { throw .usage("an operation must be a JSON object") }
    guard let op = object["op"]?.stringValue else {
        throw .usage("an operation needs \"op\" (delete, keep, order, move, insert, append, rotate)")
    }
    func rangeText(_ key: String) -> String? {
        switch object[key] {
        case .string(let s)?: s
        case .number(let n)?: n
        default: nil
        }
    }
    func range(required: Bool) throws(ToolError) -> PageRange? {
        guard let text = rangeText("pages") else {
            if required { throw .usage("\"op\":\"\(op)\" needs \"pages\" (a page range like \"1-3\")") }
            return nil
        }
        let r = PageRange(text)
        do {
            _ = try r.parsed()
        } catch {
            throw .usage("\"op\":\"\(op)\": \(error.description)")
        }
        return r
    }
    func position(_ key: String) throws(ToolError) -> Position {
        guard let text = rangeText(key), let p = Position(text) else {
            throw .usage("\"op\":\"\(op)\" needs \"\(key)\" (a page number or \"z\")")
        }
        return p
    }
    func file() throws(ToolError) -> String {
        guard let f = object["file"]?.stringValue, !f.isEmpty else { throw .usage("\"op\":\"\(op)\" needs \"file\"") }
        return f
    }
    switch op {
    case "delete": return .delete(try range(required: true)!)
    case "keep": return .keep(try range(required: true)!)
    case "order": return .order(try range(required: true)!)
    case "move": return .move(try range(required: true)!, to: try position("to"))
    case "insert": return .insert(at: try position("at"), file: try file(), range: try range(required: false))
    case "append": return .insert(at: .end, file: try file(), range: try range(required: false))
    case "rotate":
        let degrees = object["degrees"]?.intValue ?? object["degrees"]?.stringValue.flatMap { Int($0) }
        guard let d = degrees, d % 90 == 0 else {
            throw .usage("\"op\":\"rotate\" needs \"degrees\": 90, 180, 270 or -90")
        }
        return .rotate(degrees: d, range: try range(required: false))
    default:
        throw .usage("unknown \"op\":\"\(op)\" (delete, keep, order, move, insert, append, rotate)")
    }
}
