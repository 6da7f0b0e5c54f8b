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
    public var opsFile: String?
    public var operations: [PageOperation] = []

    public init() {}
}

/// The table of options: drives --help (through PPShared) and the ordered parse below.
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
        .flag("in-place", help: "replace IN.pdf itself (atomically)"),
        .value("delete", "RANGE", help: "remove the pages of RANGE", repeatable: true),
        .value("keep", "RANGE", help: "keep only the pages of RANGE, in their present order", repeatable: true),
        .value("order", "RANGE", help: "the new page order, e.g. 3,1-2,4-z or z-1 (repeats allowed)", repeatable: true),
        .value("move", "RANGE", help: "move the pages of RANGE; with --to N", repeatable: true),
        .value("to", "N", help: "where moved pages start in the result (1..., or z for the end)", repeatable: true),
        .value("insert-at", "N FILE[:RANGE]", help: "insert a PDF's pages or an image so the first is page N", repeatable: true),
        .value("append", "FILE[:RANGE]", help: "add a PDF's pages or an image at the end", repeatable: true),
        .value(
            "rotate", "DEG[:RANGE]", help: "turn pages by 90, 180, 270 or -90 more (all pages without RANGE)", repeatable: true),
        .value("ops", "FILE", help: "read operations (or whole edit records) as JSON Lines; - is stdin"),
        .value("password", "P", help: "password of encrypted input (default: $PP_PDF_PASSWORD)"),
        .flag("decrypt", help: "write the result without encryption (default: keep the input's encryption)"),
        .flag("break-signature", help: "allow --in-place on a signed PDF (editing invalidates the signature)"),
        .flag("deterministic-id", help: "derive the file /ID from the content: the same edit gives the same bytes"),
    ] + ProgressRule.options,
    examples: [
        ("pp-pages scan.pdf --delete 3 --insert-at 2 page.jpg -o fixed.pdf", "drop page 3, put a photo in as page 2"),
        ("pp-pages scan.pdf --order z-1 -o reversed.pdf", "reverse the pages"),
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
        turns the page. Everything is checked before anything is written:
        a bad range or position, a missing file or a wrong password exits 2 and writes nothing.
        IN.pdf's outlines, page labels, form fields, links, attachments and encryption are kept; a
        bookmark, field or link that pointed at a deleted page loses it, so deleted pages leave the file.
        The record on stdout ({"kind":"pages",...}) is what pp-ingest reads on stdin.
        Warnings (a damaged input qpdf repaired, a signature the edit invalidates) are in the record's
        "warnings" and make the exit status 3.
        JSON operations: {"op":"delete"|"keep"|"order","pages":"RANGE"}, {"op":"move","pages":R,"to":N},
        {"op":"insert","at":N,"file":F,"pages":R}, {"op":"append","file":F}, {"op":"rotate","degrees":90,"pages":R}.
        """
)

extension Invocation {
    /// Parses the command line keeping the operations in order (the option table parses
    /// values independently per option, so the order lives here).
    public static func parse(_ arguments: [String], environment: [String: String]) throws(ToolError) -> Invocation {
        var inv = Invocation()
        var operands: [String] = []
        var i = 0
        var pendingMove: PageRange?
        func next(_ option: String, _ what: String) throws(ToolError) -> String {
            guard i < arguments.count else { throw .usage("\(option) needs \(what)") }
            i += 1
            return arguments[i - 1]
        }
        func range(_ text: String, _ option: String) throws(ToolError) -> PageRange {
            let r = PageRange(text)
            do {
                _ = try r.parsed()
            } catch {
                throw .usage("\(option) \(text): \(error.description)")
            }
            return r
        }
        func operation(_ op: PageOperation) throws(ToolError) {
            if let pendingMove {
                throw .usage("--move \(pendingMove) needs --to N right after it")
            }
            inv.operations.append(op)
        }
        var onlyOperands = false
        while i < arguments.count {
            var arg = arguments[i]
            i += 1
            if onlyOperands || arg == "-" || !arg.hasPrefix("-") || Int(arg) != nil {
                operands.append(arg)
                continue
            }
            if arg == "--" {
                onlyOperands = true
                continue
            }
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                inline = String(arg[arg.index(after: eq)...])
                arg = String(arg[..<eq])
            } else if arg.hasPrefix("-o"), arg.count > 2, !arg.hasPrefix("--") {
                inline = String(arg.dropFirst(2))
                arg = "-o"
            }
            func value(_ what: String) throws(ToolError) -> String {
                if let inline { return inline }
                return try next(arg, what)
            }
            switch arg {
            case "-o", "--output":
                if inv.output != nil { throw .usage("-o given more than once") }
                inv.output = try value("a file name (OUT.pdf)")
            case "--in-place": inv.inPlace = true
            case "--decrypt": inv.decrypt = true
            case "--break-signature": inv.breakSignature = true
            case "--deterministic-id": inv.deterministicID = true
            case "--password": inv.password = try value("a password")
            case "--ops":
                if inv.opsFile != nil { throw .usage("--ops given more than once") }
                inv.opsFile = try value("a file name or - for stdin")
            case "--delete": try operation(.delete(try range(try value("a page range"), arg)))
            case "--keep": try operation(.keep(try range(try value("a page range"), arg)))
            case "--order": try operation(.order(try range(try value("a page range"), arg)))
            case "--move":
                if let pendingMove { throw .usage("--move \(pendingMove) needs --to N right after it") }
                pendingMove = try range(try value("a page range"), arg)
            case "--to":
                guard let moved = pendingMove else { throw .usage("--to comes only right after --move RANGE") }
                let text = try value("a position (N or z)")
                guard let to = Position(text) else { throw .usage("--to \(text): not a page number or z") }
                pendingMove = nil
                try operation(.move(moved, to: to))
            case "--insert-at":
                let text = try value("a position and a file (N FILE)")
                guard let at = Position(text) else { throw .usage("--insert-at \(text): not a page number or z") }
                let spec = try next(arg, "a file after the position (N FILE)")
                let (file, r) = splitFileSpec(spec)
                try operation(.insert(at: at, file: file, range: r))
            case "--append":
                let (file, r) = splitFileSpec(try value("a file"))
                try operation(.insert(at: .end, file: file, range: r))
            case "--rotate":
                try operation(try rotation(try value("degrees, e.g. 90 or 90:1-3")))
            case "-h", "--help", "--version":
                break  // answered by runTool before we get here
            case "--progress", "--quiet", "-q":
                break  // read by the progress display (ProgressRule)
            default:
                throw .usage("unknown option '\(arg)'")
            }
        }
        if let pendingMove { throw .usage("--move \(pendingMove) needs --to N right after it") }
        if operands.count > 1 {
            throw .usage("one input PDF at a time (got \(operands.map { "'\($0)'" }.joined(separator: ", ")))")
        }
        inv.input = operands.first
        if inv.password == nil, let env = environment["PP_PDF_PASSWORD"], !env.isEmpty { inv.password = env }
        try inv.validate()
        return inv
    }

    /// Checks the combination of options.
    func validate() throws(ToolError) {
        if inPlace, output != nil { throw .usage("give either -o OUT.pdf or --in-place, not both") }
        guard let input else {
            guard opsFile != nil else { throw .usage("no input PDF given") }
            if !operations.isEmpty { throw .usage("operations on the command line need an input PDF") }
            if inPlace || output != nil {
                throw .usage("with records from --ops, each record names its \"output\" (or \"in_place\": true)")
            }
            return
        }
        if input == "-" { throw .usage("the input PDF must be a file, not stdin") }
        if output == nil, !inPlace { throw .usage("say where to write: -o OUT.pdf, or --in-place") }
        if operations.isEmpty, opsFile == nil { throw .usage("no operation given (e.g. --delete 3, --order z-1)") }
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
