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
        guard let next = try nextLine(reader, path: path) else { break }
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
    /// Records with "in_place": how long each waits for another pp-pages editing the same file.
    public var lockWait: Int
    /// --as-is for every record's photos.
    public var asIs = false
    public var whiten = false

    public init(
        password: String?, decrypt: Bool, breakSignature: Bool, deterministicID: Bool = false,
        lockWait: Int = EditJob.defaultLockWait
    ) {
        self.deterministicID = deterministicID
        self.lockWait = lockWait
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
    var job = EditJob(
        input: source, output: output, inPlace: inPlace, password: settings.password,
        decrypt: record["decrypt"]?.boolValue ?? settings.decrypt, breakSignature: settings.breakSignature,
        deterministicID: settings.deterministicID, lockWait: settings.lockWait, operations: ops)
    (job.asIs, job.whiten) = (settings.asIs, settings.whiten)
    return job
}

/// The keys pp-pages owns in a batch record; every other key passes through to the result.
let ownedKeys: Set<String> = ["source", "ops", "output", "in_place", "decrypt", "password"]

/// What one batch record gave: the record to write, and what to say on stderr.
struct BatchEdit: Sendable {
    var record: JSON
    var edited = false
    var errors: [String] = []
    var warnings: [String] = []
}

/// Edits every record of a JSON Lines stream, one at a time in input order (RecordPipeline); a record
/// that fails becomes an error record and the run goes on. Returns whether any record failed or carried
/// warnings (exit 3).
public func runBatch(
    path: String, settings: BatchSettings, sink: OutputSink, diagnostics: Diagnostics,
    progress: ProgressDisplay? = nil
) throws -> ExitStatus {
    let pipeline = RecordPipeline<RecordInput, BatchEdit>(
        tool: pagesCommand.name, jobs: 1, sink: sink, progress: progress,
        // A PDF edited is a document done; records that fail or pass through are not counted.
        units: ProgressUnits(told: { _ in [] }, done: { _, edit in edit.edited ? [edit.record] : [] })
    ) {
        { input in edit(input, settings: settings) }
    }
    let records = pipeline.records([path])
    return try pipeline.run(
        read: {
            while let input = try records.next() {
                if case .endOfInput = input { continue }
                return input
            }
            return nil
        },
        write: { edit in
            for message in edit.errors { diagnostics.error(message) }
            try pipeline.write(record: edit.record)
            for warning in edit.warnings { diagnostics.warning(warning) }
            if !edit.warnings.isEmpty { pipeline.note(.recordErrors) }
        })
}

/// One batch record's edit; an error record from upstream passes through unchanged (the run still exits 3).
func edit(_ input: RecordInput, settings: BatchSettings) -> BatchEdit {
    switch input {
    case .unreadable(let record, let error), .unopenable(let record, let error):
        return BatchEdit(record: record, errors: [error.message])
    case .endOfInput: return BatchEdit(record: [:])  // not handed to workers
    case .record(let record, _, _):
        if record.isErrorRecord { return BatchEdit(record: record) }
        do throws(ToolError) {
            let outcome = try performEdit(try job(fromRecord: record, settings: settings))
            var merged = record.objectValue ?? [:]
            for key in ownedKeys { merged[key] = nil }
            for (key, value) in outcome.record.objectValue ?? [:] { merged[key] = value }
            return BatchEdit(record: .object(merged), edited: true, warnings: outcome.warnings)
        } catch {
            var failed = record.objectValue ?? [:]
            failed["password"] = nil
            return BatchEdit(record: JSON.object(failed).markedAsError(error, tool: pagesCommand.name), errors: [error.message])
        }
    }
}

/// The next line of an operations or records file; a failure to read it is fatal and names the file.
func nextLine(_ reader: JSONLinesReader, path: String) throws(ToolError) -> JSONLine? {
    do {
        return try reader.next()
    } catch let error as ToolError {
        throw error
    } catch {
        throw ToolError(.fatal, code: "read_failed", "cannot read '\(path)': \(error)")
    }
}
