/// The one stream loop of the tools: read work units from files or stdin, work on them on `jobs`
/// threads, write the results in input order, and answer before waiting.
///
/// The tool says how its input becomes units (`read`), what a worker does with one (`makeWorker`, once
/// per thread, so an engine lives for the whole run), how a result is written (`write`) and, if it draws
/// a progress line, what a unit of progress is (`units`). The pipeline owns the rest: the worker threads
/// and their window (`OrderedParallelMap`), the inputs ("no file arguments means stdin", `StreamInputs`),
/// the drain before a read that would block (every finished result written and flushed, so a pipeline
/// never waits on a record that is done), the counts and the progress line, and the exit status (the
/// worst outcome of any record).
public final class RecordPipeline<Unit: Sendable, Output: Sendable> {
    public let tool: String
    public let sink: OutputSink
    public let progress: ProgressDisplay
    private let units: ProgressUnits<Unit, Output>
    private let map: OrderedParallelMap<Unit, Output>
    /// While `run` reads: writes every result still in flight (set by the map for each read).
    private var drainInFlight: (() throws -> Void)?
    /// What each unit in flight told the progress line, oldest first from `toldHead` (results come in unit order).
    private var toldInFlight: [[JSON]] = []
    private var toldHead = 0
    public private(set) var status = ExitStatus.ok
    public private(set) var counts = PipelineCounts()

    /// `window`: units in flight at most (default twice the jobs and one); `sink` with `autoFlush` for
    /// tools whose records are slow to make, so each leaves at once even while input keeps coming.
    /// `progress` draws what `units` count (a tool without a line leaves both out).
    public init(
        tool: String, jobs: Int, window: Int? = nil, sink: OutputSink, progress: ProgressDisplay? = nil,
        units: ProgressUnits<Unit, Output> = .none, makeWorker: @escaping @Sendable () -> (Unit) -> Output
    ) {
        self.tool = tool
        self.sink = sink
        self.progress = progress ?? ProgressDisplay(tool: tool, enabled: false)
        self.units = units
        self.map = OrderedParallelMap(jobs: jobs, window: window, makeWorker: makeWorker)
    }

    /// Runs the stream: `read` gives the next unit (nil at the end), `write` takes each result in input
    /// order. Returns the worst status noted (`note`, `write(record:)`). The final flush happens here.
    public func run(read: () throws -> Unit?, write: (Output) throws -> Void) throws -> ExitStatus {
        defer { progress.finish() }
        try map.run(
            nextDraining: { drain in
                try withoutActuallyEscaping(drain) { drain in
                    drainInFlight = drain
                    defer { drainInFlight = nil }
                    guard let unit = try read() else { return nil }
                    counted(read: unit)
                    return unit
                }
            },
            emit: { output in
                try write(output)
                counted(written: output)
            })
        try sink.flush()
        return status
    }

    private func counted(read unit: Unit) {
        counts.unitsRead += 1
        guard progress.enabled else { return }
        let told = units.told(unit)
        told.forEach(progress.learn)
        toldInFlight.append(told)
    }

    private func counted(written output: Output) {
        counts.resultsWritten += 1
        guard progress.enabled else { return }
        let told = toldInFlight[toldHead]
        toldHead += 1
        if toldHead > 64 {
            toldInFlight.removeFirst(toldHead)
            toldHead = 0
        }
        units.done(told, output).forEach(progress.finished)
    }

    /// Writes every finished result and flushes: what a reader does before it waits for input. Readers
    /// opened by `open` do it by themselves; a reader of its own calls it (or installs it) likewise.
    public func drain() throws {
        try drainInFlight?()
        try sink.flush()
    }

    /// Raises the run's exit status to at least `outcome`.
    public func note(_ outcome: ExitStatus) { status = max(status, outcome) }

    /// Writes a result record; an error record is counted and makes the run's status 3.
    public func write(record: JSON) throws {
        try sink.write(record)
        if record.isErrorRecord { notedErrorRecord() }
    }

    /// Writes a result record already encoded (its bytes, without the newline), `isError` when it is an
    /// error record.
    public func write(encoded bytes: [UInt8], isError: Bool) throws {
        try sink.write(line: bytes)
        if isError { notedErrorRecord() }
    }

    private func notedErrorRecord() {
        counts.errorRecords += 1
        note(.recordErrors)
    }

    /// Opens an input ("-" is stdin) with the drain installed before its blocking reads; for one that
    /// cannot be opened, the error its record (`ToolError.inputRecord`) and message tell.
    public func open(_ input: String) -> Result<LineReader, ToolError> {
        guard input != "-" else { return .success(standardInput()) }
        do throws(ToolError) {
            let reader = try LineReader(path: input)
            reader.beforeBlockingRead = { [weak self] in try self?.drain() }
            return .success(reader)
        } catch {
            return .failure(error)
        }
    }

    /// Standard input, with the drain installed before its blocking reads.
    public func standardInput() -> LineReader {
        let reader = LineReader(standardInputNamed: "stdin")
        reader.beforeBlockingRead = { [weak self] in try self?.drain() }
        return reader
    }

    /// The JSON Lines records of `operands` (stdin when there are none), input after input.
    public func records(_ operands: [String]) -> RecordInputs {
        RecordInputs(StreamInputs.names(operands), tool: tool, open: open)
    }
}

/// What a run has done so far: units read, results written, error records among them.
public struct PipelineCounts: Sendable, Equatable {
    public internal(set) var unitsRead = 0
    public internal(set) var resultsWritten = 0
    public internal(set) var errorRecords = 0
}

/// What a unit of progress is for a tool, in the records its line counts (ProgressTally): what a unit
/// read tells of the work to come (`told`), and what its result has done once written (`done`, given
/// what the unit told). The pipeline asks only while the line is drawn.
public struct ProgressUnits<Unit, Output> {
    let told: (Unit) -> [JSON]
    let done: (_ told: [JSON], _ result: Output) -> [JSON]

    public init(told: @escaping (Unit) -> [JSON], done: @escaping (_ told: [JSON], _ result: Output) -> [JSON]) {
        self.told = told
        self.done = done
    }

    /// Nothing counted: a tool without a progress line.
    public static var none: Self { Self(told: { _ in [] }, done: { _, _ in [] }) }
}

extension ProgressUnits where Output == JSON {
    /// Records are the units: the page records a unit holds tell the totals, and each record written is
    /// done (its pages, pp-extract's document record all of its pages).
    public static func records(told: @escaping (Unit) -> [JSON]) -> Self {
        Self(told: told, done: { _, record in [record] })
    }
}

/// The inputs a stream tool reads.
public enum StreamInputs {
    /// The one place that says it: no file arguments means stdin ("-").
    public static func names(_ operands: [String]) -> [String] { operands.isEmpty ? ["-"] : operands }
}

/// One item of a record stream over several inputs.
public enum RecordInput: Sendable {
    /// A record, the input it came from and its line.
    case record(JSON, input: String, line: Int)
    /// A line that is not a JSON object: its error record, ready to write in its place.
    case unreadable(JSON, ToolError)
    /// An input that cannot be opened: its error record, in its place among the inputs.
    case unopenable(JSON, ToolError)
    /// The input named has ended (a tool that groups records closes its group here).
    case endOfInput(String)
}

/// Streams the records of several JSON Lines inputs in turn, each bad line and each input that cannot be
/// opened becoming an error record in its place.
public final class RecordInputs {
    private var names: ArraySlice<String>
    private let tool: String
    private let open: (String) -> Result<LineReader, ToolError>
    private var reader: JSONLinesReader?

    init(_ names: [String], tool: String, open: @escaping (String) -> Result<LineReader, ToolError>) {
        self.names = names[...]
        self.tool = tool
        self.open = open
    }

    /// The next item; nil after the last input's end.
    public func next() throws -> RecordInput? {
        guard let reader else {
            guard let name = names.popFirst() else { return nil }
            switch open(name) {
            case .success(let lines): reader = JSONLinesReader(lines, tool: tool)
            case .failure(let error): return .unopenable(error.inputRecord(tool: tool, input: name), error)
            }
            return try next()
        }
        switch try reader.next() {
        case .record(let record, let line): return .record(record, input: reader.lines.name, line: line)
        case .unreadable(let error, let line):
            return .unreadable(error.record(tool: tool, input: reader.lines.name, line: line), error)
        case nil:
            self.reader = nil
            return .endOfInput(reader.lines.name)
        }
    }
}
