import PPShared

/// Reads operations, one JSON object per line, from a file or stdin ("-").
///
/// A malformed line is a usage error that names the line: nothing is edited then.
public func readOperations(from path: String) throws(ToolError) -> [PageOperation] {
    let lines: LineReader
    do throws(ToolError) {
        lines = path == "-" ? LineReader(standardInputNamed: "stdin") : try LineReader(path: path)
    } catch {
        throw .usage(error.message)  // the operations of one edit are configuration: nothing is edited
    }
    let reader = JSONLinesReader(lines, tool: pagesCommand.name)
    var ops: [PageOperation] = []
    while true {
        let next: JSONLine?
        do {
            next = try reader.next()
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError(.fatal, code: "read_failed", "cannot read '\(path)': \(error)")
        }
        guard let next else { break }
        switch next {
        case .unreadable(let error, let line):
            _ = line
            throw .usage(error.message)
        case .record(let json, let line):
            if json["source"] != nil {
                throw .usage(
                    "\(reader.lines.name) line \(line): a record with \"source\" edits its own file; leave IN.pdf off the command line"
                )
            }
            do {
                ops.append(try operation(fromJSON: json))
            } catch {
                throw .usage("\(reader.lines.name) line \(line): \(error.message)")
            }
        }
    }
    if ops.isEmpty { throw .usage("no operations in \(path == "-" ? "stdin" : "'\(path)'")") }
    return ops
}

/// Settings of a batch that apply to every record.
public struct BatchSettings: Sendable {
    public var password: String?
    public var decrypt: Bool
    public var breakSignature: Bool
    public var deterministicID: Bool

    public init(password: String?, decrypt: Bool, breakSignature: Bool, deterministicID: Bool = false) {
        self.deterministicID = deterministicID
        self.password = password
        self.decrypt = decrypt
        self.breakSignature = breakSignature
    }
}

/// The edit a batch record asks for: {"source":IN,"ops":[...],"output":OUT} or "in_place":true.
public func job(fromRecord record: JSON, settings: BatchSettings) throws(ToolError) -> EditJob {
    func bad(_ text: String) -> ToolError { ToolError(.record, code: "bad_request", text) }
    guard let source = record["source"]?.stringValue, !source.isEmpty else {
        throw bad("the record has no \"source\" (the PDF to edit)")
    }
    guard let list = record["ops"]?.arrayValue, !list.isEmpty else {
        throw bad("the record for '\(source)' has no \"ops\" (a list of operations)")
    }
    var ops: [PageOperation] = []
    for (k, item) in list.enumerated() {
        do {
            ops.append(try operation(fromJSON: item))
        } catch {
            throw bad("'\(source)' operation \(k + 1): \(error.message)")
        }
    }
    let inPlace = record["in_place"]?.boolValue ?? false
    let output = record["output"]?.stringValue
    if inPlace, output != nil { throw bad("the record for '\(source)' has both \"output\" and \"in_place\"") }
    if !inPlace, output == nil || output!.isEmpty {
        throw bad("the record for '\(source)' needs \"output\" (or \"in_place\": true)")
    }
    return EditJob(
        input: source, output: output, inPlace: inPlace, password: settings.password,
        decrypt: record["decrypt"]?.boolValue ?? settings.decrypt, breakSignature: settings.breakSignature,
        deterministicID: settings.deterministicID, operations: ops)
}

/// The keys pp-pages owns in a batch record; every other key passes through to the result.
let ownedKeys: Set<String> = ["source", "ops", "output", "in_place", "decrypt", "password"]

/// Edits every record of a JSON Lines stream; a record that fails becomes an error record and
/// the run goes on. Returns whether any record failed or carried warnings (exit 3).
public func runBatch(
    path: String, settings: BatchSettings, sink: OutputSink, diagnostics: Diagnostics,
    progress: ProgressDisplay = ProgressDisplay(tool: pagesCommand.name, enabled: false)
) throws -> ExitStatus {
    let lines: LineReader
    do throws(ToolError) {
        lines = path == "-" ? LineReader(standardInputNamed: "stdin") : try LineReader(path: path)
    } catch {
        diagnostics.error(error.message)
        try sink.write(error.inputRecord(tool: pagesCommand.name, input: path))
        try sink.flush()
        return .recordErrors
    }
    lines.beforeBlockingRead = { try sink.flush() }
    let reader = JSONLinesReader(lines, tool: pagesCommand.name)
    var status = ExitStatus.ok
    defer { progress.finish() }
    while let next = try reader.next() {
        switch next {
        case .unreadable(let error, let line):
            diagnostics.error(error.message)
            try sink.write(error.record(tool: pagesCommand.name, input: path, line: line))
            status = max(status, .recordErrors)
        case .record(let record, _):
            if record.isErrorRecord {  // passed through unchanged, and the run says so (exit 3)
                try sink.write(record)
                status = max(status, .recordErrors)
                continue
            }
            do {
                let outcome = try performEdit(try job(fromRecord: record, settings: settings))
                var merged = record.objectValue ?? [:]
                for key in ownedKeys { merged[key] = nil }
                for (key, value) in outcome.record.objectValue ?? [:] { merged[key] = value }
                try sink.write(.object(merged))
                progress.finished(.object(merged))
                for w in outcome.warnings { diagnostics.warning(w) }
                if !outcome.warnings.isEmpty { status = max(status, .recordErrors) }
            } catch let error as ToolError {
                diagnostics.error(error.message)
                var failed = record.objectValue ?? [:]
                failed["password"] = nil
                try sink.write(JSON.object(failed).markedAsError(error, tool: pagesCommand.name))
                status = max(status, .recordErrors)
            }
        }
    }
    try sink.flush()
    return status
}
