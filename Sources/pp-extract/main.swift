import Extract
import Foundation
import PPShared
import Review

let extractSpec = CommandSpec(
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
            "jobs", short: "j", "N", help: "documents processed in parallel (default: all cores); output order is input order"),
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
            help: "print the profile's OCR languages for pp-ocr --lang (e.g. srp_latn+srp+eng; auto without --profile) and exit"),
    ] + ProgressRule.options,
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

let evalSpec = CommandSpec(
    name: "pp-extract eval",
    summary: "measure document records against confirmed values: top-1, recall@3, calibration, misses",
    usage: ["pp-extract eval --truth TRUTH.jsonl [RESULTS.jsonl | -]"],
    options: [
        .value("truth", "FILE", help: "confirmed values, one JSON object per document (keys: source, account, amount, …)"),
        .value("features-out", "FILE", help: "write one training row per candidate (results made with --explain) for fitting"),
    ],
    examples: [
        ("pp-extract eval --truth samples/truth.jsonl results.jsonl 2>summary.txt", "JSON report on stdout, summary on stderr")
    ],
    notes: """
        A field missing from a truth line is not scored; a field set to null means "confirmed absent" and
        is right when no candidate reaches 1500. Documents with "payment_expected": false are right when
        no candidate reaches 1500. The calibration table counts a top candidate as right only when it is
        the confirmed value (an abstention is no right value). Results are matched to truth by "source" (or its file name).
        """)

/// Reads all JSON objects of a JSON Lines file (or stdin for "-").
func readAll(_ path: String, tool: String) throws -> [JSON] {
    let reader = JSONLinesReader(path == "-" ? LineReader(standardInputNamed: "stdin") : try LineReader(path: path), tool: tool)
    var out: [JSON] = []
    while let item = try reader.next() {
        switch item {
        case .record(let r, _): out.append(r)
        case .unreadable(let e, _): throw ToolError(.fatal, code: e.code, e.message)
        }
    }
    return out
}

let tableSpec = CommandSpec(
    name: "pp-extract table",
    summary: "print a short table of the top candidates of document records (* marks confidence >= 1500)",
    usage: ["pp-extract table [--format text|csv|tsv] [RESULTS.jsonl ... | -]"],
    options: [
        .value(
            "format", "text|csv|tsv",
            help: "text (default): aligned columns, long cells cut with …; csv (RFC 4180) or tsv (\\t \\n escaped): whole values")
    ],
    examples: [
        ("pp-ingest bills/* | pp-extract | pp-extract table", "what was found, one line per document"),
        ("pp-extract table --format csv results.jsonl > results.csv", "the same for a spreadsheet"),
    ])

let args = RawNames.commandLine  // a file name that is not UTF-8 escaped, and opened by its bytes
if args.first == "table" {
    runTool(tableSpec, arguments: Array(args.dropFirst())) { parsed, _ in
        var records: [JSON] = []
        for input in parsed.operands.isEmpty ? ["-"] : parsed.operands { records += try readAll(input, tool: "pp-extract") }
        let name = parsed.value("format") ?? "text"
        guard let format = ResultTable.Format(rawValue: name) else {
            throw ToolError.usage("--format must be text, csv or tsv, not '\(name)'")
        }
        let sink = OutputSink()
        try sink.write(text: ResultTable.render(records, format: format))
        return .ok
    }
}
if args.first == "review" {
    runTool(ReviewCommand.spec, arguments: Array(args.dropFirst())) { parsed, diagnostics in
        try ReviewCommand.run(parsed, diagnostics)
    }
}
if args.first == "eval" {
    runTool(evalSpec, arguments: Array(args.dropFirst())) { parsed, diagnostics in
        guard let truthPath = parsed.value("truth") else { throw ToolError.usage("eval needs --truth TRUTH.jsonl") }
        guard parsed.operands.count <= 1 else { throw ToolError.usage("eval reads one results file (or stdin)") }
        let truth = try readAll(truthPath, tool: "pp-extract")
        let results = try readAll(parsed.operands.first ?? "-", tool: "pp-extract")
        let (report, summary) = Evaluation.run(truth: truth, results: results)
        if let path = parsed.value("features-out") {
            let rows = FeatureRows.rows(truth: truth, results: results)
            let text = rows.map { $0.encoded() }.joined(separator: "\n") + (rows.isEmpty ? "" : "\n")
            do throws(ToolError) {
                try AtomicFile.write(Array(text.utf8), to: path)
            } catch {
                throw ToolError(.fatal, code: error.code, error.message)  // a file the user asked for: the run fails
            }
        }
        let sink = OutputSink()
        try sink.write(report)
        diagnostics.emit(summary)
        return .ok
    }
}

runTool(extractSpec, arguments: args, subcommands: [evalSpec, tableSpec]) { parsed, diagnostics in
    if case .failure(let error) = Scoring.loaded { throw error }
    let store = ProfileStore.standard()
    if parsed.has("list-profiles") {
        let sink = OutputSink()
        for p in try store.loadAll() { try sink.write(text: "\(p.name)\t\(p.description)\n") }
        return .ok
    }
    let choice: DocumentProcessor.ProfileChoice
    let name = parsed.value("profile") ?? "auto"
    if parsed.has("ocr-languages") {
        // Across all profiles pp-ocr picks per page, by script and words, rather than reading with every language.
        if name == "auto" {
            try OutputSink().write(text: "auto\n")
            return .ok
        }
        let profiles = name == "auto" ? try store.loadAll() : [try store.load(name)]
        var langs: [String] = []
        for p in profiles {
            // A profile without its own list uses its languages' lexicons ("sr" gives srp_latn+srp).
            let codes = p.ocrLanguages.isEmpty ? store.lexicons.ocrLanguages(for: p.languages) : p.ocrLanguages
            for l in codes where !langs.contains(l) { langs.append(l) }
        }
        if langs.contains("eng") {
            langs.removeAll { $0 == "eng" }
            langs.append("eng")
        }
        try OutputSink().write(text: (langs.isEmpty ? "eng" : langs.joined(separator: "+")) + "\n")
        return .ok
    }
    if name == "auto" {
        let all = try store.loadAll()
        guard !all.isEmpty else {
            throw ToolError(
                .fatal, code: "no_profiles",
                "no shipped profiles found (looked in \(store.folders.joined(separator: ", "))); set PP_PROFILES")
        }
        choice = .auto(all)
    } else {
        choice = .fixed(try store.load(name))
    }
    let jobs = try parsed.int("jobs", default: coreCount, in: 1...256)
    var configured = DocumentProcessor(
        choice: choice, lexicons: try store.lexicons.loadAll(),
        model: parsed.has("no-model") ? nil : try ConfidenceModel.standard())
    configured.explain = parsed.has("explain")
    configured.maxCandidates = try parsed.int("max-candidates", default: 5, in: 1...50)
    let processor = configured
    let sink = OutputSink(autoFlush: false)
    let progress = try ProgressDisplay(tool: extractSpec.name, arguments: parsed)
    var sawError = false
    // Before waiting for more input, finish and write what is in flight, so a slow upstream still streams.
    var drainInFlight: (() throws -> Void)?
    let splitName = parsed.value("split") ?? "none"
    guard let split = SplitMode(rawValue: splitName) else {
        throw ToolError.usage("--split takes none or auto, not '\(splitName)'")
    }
    let source = PageRecordSource(
        inputs: parsed.operands, split: split,
        beforeBlockingRead: {
            try drainInFlight?()
            try sink.flush()
        })
    let map = OrderedParallelMap<DocumentAssembler.Output, JSON>(jobs: jobs) {
        { output in
            switch output {
            case .passThrough(let r): return r
            case .document(let pages): return processor.process(pages)
            }
        }
    }
    try map.run(nextDraining: { drain in
        try withoutActuallyEscaping(drain) { drain in
            drainInFlight = drain
            defer { drainInFlight = nil }
            let next = try source.next()
            switch next {
            case .passThrough(let record): progress.learn(record)
            case .document(let pages): pages.forEach(progress.learn)
            case nil: break
            }
            return next
        }
    }) { record in
        if record.isErrorRecord { sawError = true }
        try sink.write(record)
        progress.finished(record)
    }
    try sink.flush()
    progress.finish()
    for e in source.failedInputs {
        diagnostics.error(e.message)
        sawError = true
    }
    return sawError ? .recordErrors : .ok
}
