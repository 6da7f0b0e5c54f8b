import Lexicons
import PPShared

extension ExtractCommand {
    /// `pp-extract table`: the top candidates of document records as text, CSV or TSV.
    static func table(_ parsed: ParsedArguments) throws -> ExitStatus {
        var records: [JSON] = []
        for input in StreamInputs.names(parsed.operands) { records += try readAll(input, tool: spec.name) }
        let name = parsed.value("format") ?? "text"
        guard let format = ResultTable.Format(rawValue: name) else {
            throw ToolError.usage("--format must be text, csv or tsv, not '\(name)'")
        }
        try OutputSink().write(text: ResultTable.render(records, format: format))
        return .ok
    }

    /// `pp-extract eval`: document records measured against confirmed values.
    static func eval(_ parsed: ParsedArguments, _ diagnostics: Diagnostics) throws -> ExitStatus {
        guard let truthPath = parsed.value("truth") else { throw ToolError.usage("eval needs --truth TRUTH.jsonl") }
        guard parsed.operands.count <= 1 else { throw ToolError.usage("eval reads one results file (or stdin)") }
        let truth = try readAll(truthPath, tool: spec.name)
        let results = try readAll(StreamInputs.names(parsed.operands)[0], tool: spec.name)
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
        try OutputSink().write(report)
        diagnostics.emit(summary)
        return .ok
    }

    /// The OCR languages for pp-ocr --lang that a profile asks for, English last; "auto" without a profile:
    /// across all profiles pp-ocr picks per page, by script and words, rather than reading with every language.
    public static func ocrLanguages(profile name: String, store: ProfileStore) throws -> String {
        if name == "auto" { return "auto" }
        let profile = try store.load(name)
        // A profile without its own list uses its languages' lexicons ("sr" gives srp_latn+srp).
        var langs: [String] = []
        let codes = profile.ocrLanguages.isEmpty ? store.lexicons.ocrLanguages(for: profile.languages) : profile.ocrLanguages
        for l in codes where !langs.contains(l) { langs.append(l) }
        if langs.contains("eng") {
            langs.removeAll { $0 == "eng" }
            langs.append("eng")
        }
        return langs.isEmpty ? "eng" : langs.joined(separator: "+")
    }

    /// The main run: page records in, one document record per document out, on --jobs threads.
    static func run(_ parsed: ParsedArguments, _ diagnostics: Diagnostics) throws -> ExitStatus {
        if case .failure(let error) = Scoring.loaded { throw error }
        let store = ProfileStore.standard()
        if parsed.has("list-profiles") {
            let sink = OutputSink()
            for p in try store.loadAll() { try sink.write(text: "\(p.name)\t\(p.description)\n") }
            return .ok
        }
        let name = parsed.value("profile") ?? "auto"
        if parsed.has("ocr-languages") {
            try OutputSink().write(text: try ocrLanguages(profile: name, store: store) + "\n")
            return .ok
        }
        let choice: DocumentProcessor.ProfileChoice
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
        let splitName = parsed.value("split") ?? "none"
        guard let split = SplitMode(rawValue: splitName) else {
            throw ToolError.usage("--split takes none or auto, not '\(splitName)'")
        }
        let pipeline = RecordPipeline<DocumentAssembler.Output, JSON>(
            tool: spec.name, jobs: jobs, sink: OutputSink(autoFlush: false),
            progress: try ProgressDisplay(tool: spec.name, arguments: parsed),
            units: .records { output in
                switch output {
                case .passThrough(let record): [record]
                case .document(let pages): pages.map(\.json)
                }
            }
        ) {
            { output in
                switch output {
                case .passThrough(let record): return record
                case .document(let pages): return processor.process(pages)
                }
            }
        }
        let source = PageRecordSource(records: pipeline.records(parsed.operands), split: split)
        let status = try pipeline.run(read: source.next, write: pipeline.write(record:))
        for e in source.failedInputs { diagnostics.error(e.message) }
        return source.failedInputs.isEmpty ? status : max(status, .recordErrors)
    }
}
