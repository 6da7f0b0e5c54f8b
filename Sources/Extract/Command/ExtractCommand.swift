import Lexicons
import PPShared

/// pp-extract's command line: the main run (page records in, document records out) and its
/// subcommands `eval` and `table`; `review`, which lives in a library above this one, is handed in.
public enum ExtractCommand {
    /// A subcommand's table and run.
    public typealias Subcommand = (spec: CommandSpec, run: (ParsedArguments, Diagnostics) throws -> ExitStatus)

    public static let spec = CommandSpec(
        name: "pp-extract",
        summary: "find payee account, amount, reference and more in page records, ranked with confidence 0..2000",
        usage: [
            "pp-extract [--profile NAME|FILE|auto] [--jobs N] [PAGES.jsonl ...]",
            "pp-extract eval --truth TRUTH.jsonl [RESULTS.jsonl | -]",
            "pp-extract --list-profiles",
            "pp-extract table [RESULTS.jsonl | -]",
            "pp-extract review [RESULTS.jsonl | -] -o DIR | --png DIR",
        ],
        options: [
            .value(
                "profile", short: "p", "NAME|FILE",
                help: "profile to apply: a shipped name (rs, at, sepa), a JSON file, or auto (default)"),
            .value(
                "jobs", short: "j", "N", help: "documents processed in parallel (default: all cores); output order is input order"
            ),
            .value("max-candidates", "N", help: "candidates kept per field (default 5)"),
            .flag(
                "explain",
                help:
                    "add per candidate its rule score, the points of each piece of evidence, the label phrase and the model's terms"
            ),
            .flag("no-model", help: "rank by the rule scores alone, without the fitted confidence model"),
            .value(
                "split", "none|auto",
                help: "auto: split an input that holds several bills (a scanned stack) into one document per bill (default none)"),
            .flag("list-profiles", help: "print the shipped profiles (name and description) and exit"),
            .flag(
                "ocr-languages",
                help:
                    "print the profile's OCR languages for pp-ocr --lang (e.g. srp_latn+srp+eng; auto without --profile) and exit"
            ),
        ] + ProgressRule.options + LineLimit.options,
        examples: [
            ("pp-ingest bills/*.pdf | pp-ocr | pp-extract --profile rs > payments.jsonl", "the whole pipeline on Serbian bills"),
            ("pp-extract --profile my-bank.json pages.jsonl", "a profile of your own (see Sources/Extract/Profiles/*.json)"),
            ("pp-extract eval --truth samples/truth.jsonl payments.jsonl", "accuracy and calibration against confirmed values"),
            ("pp-ingest stack.pdf | pp-ocr | pp-extract --split auto", "a scan of several bills: one document per bill"),
            ("pp-extract review payments.jsonl -o review/", "a site to check and correct the values in a browser"),
        ],
        notes: """
            Reads page records (pp-ingest / pp-ocr), groups the pages of each document and writes one
            "kind":"document" record per document after its last page, with "candidates" per field
            (account, amount, reference, bic, payee, due_date, payment_code, currency), each sorted by
            confidence. Confidence >= 1500 means "use it"; docs/scoring.md explains the scoring.
            With --split auto, an input whose pages hold several bills (page numbering
            restarting, a new letterhead or account, a payment slip closing a bill) gives one document per
            bill, with "split": {part, parts, page_range, pages, why}. Error records pass through unchanged. Profiles are looked up in $PP_PROFILES, beside the
            executable (pp_Extract.resources/Profiles) and in ../share/pp/profiles.
            """)

    public static let evalSpec = CommandSpec(
        name: "pp-extract eval",
        summary: "measure document records against confirmed values: top-1, recall@3, calibration, misses",
        usage: ["pp-extract eval --truth TRUTH.jsonl [RESULTS.jsonl | -]"],
        options: [
            .value("truth", "FILE", help: "confirmed values, one JSON object per document (keys: source, account, amount, …)"),
            .value(
                "features-out", "FILE", help: "write one training row per candidate (results made with --explain) for fitting"),
        ],
        examples: [
            (
                "pp-extract eval --truth samples/truth.jsonl results.jsonl 2>summary.txt",
                "JSON report on stdout, summary on stderr"
            )
        ],
        notes: """
            A field missing from a truth line is not scored; a field set to null means "confirmed absent" and
            is right when no candidate reaches 1500. Documents with "payment_expected": false are right when
            no candidate reaches 1500. The calibration table counts a top candidate as right only when it is
            the confirmed value (an abstention is no right value). Results are matched to truth by "source" (or its file name).
            """)

    public static let tableSpec = CommandSpec(
        name: "pp-extract table",
        summary: "print a short table of the top candidates of document records (* marks confidence >= 1500)",
        usage: ["pp-extract table [--format text|csv|tsv] [RESULTS.jsonl ... | -]"],
        options: [
            .value(
                "format", "text|csv|tsv",
                help:
                    "text (default): aligned columns, long cells cut with …; csv (RFC 4180) or tsv (\\t \\n escaped): whole values"
            )
        ],
        examples: [
            ("pp-ingest bills/* | pp-extract | pp-extract table", "what was found, one line per document"),
            ("pp-extract table --format csv results.jsonl > results.csv", "the same for a spreadsheet"),
        ])

    /// Reads all JSON objects of a JSON Lines file (or stdin for "-").
    static func readAll(_ path: String, tool: String) throws -> [JSON] {
        let reader = JSONLinesReader(
            path == "-" ? LineReader(standardInputNamed: "stdin") : try LineReader(path: path), tool: tool)
        var out: [JSON] = []
        while let item = try reader.next() {
            switch item {
            case .record(let r, _): out.append(r)
            case .unreadable(let e, _): throw ToolError(.fatal, code: e.code, e.message)
            }
        }
        return out
    }

    /// Runs pp-extract with `arguments` (a first word eval, table or review picks the subcommand).
    public static func main(arguments: [String] = RawNames.commandLine, review: Subcommand) -> Never {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "table": runTool(tableSpec, arguments: rest) { parsed, _ in try table(parsed) }
        case "review": runTool(review.spec, arguments: rest, review.run)
        case "eval": runTool(evalSpec, arguments: rest, eval)
        default: runTool(spec, arguments: arguments, subcommands: [evalSpec, tableSpec], run)
        }
    }
}
