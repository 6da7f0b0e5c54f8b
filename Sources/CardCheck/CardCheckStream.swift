import PPShared

/// Input lines read together and checked on one worker thread.
public struct LineBatch: Sendable {
    public var input: String
    public var lines: [(number: Int, bytes: [UInt8])] = []
    /// Set when the input could not be opened: the batch stands for one error record.
    public var failure: ToolError?
}

/// A batch's output, ready to write, and the worst outcome in it.
public struct BatchResult: Sendable {
    public var output: [UInt8] = []
    public var status = ExitStatus.ok
    /// Messages for stderr (an input that could not be opened).
    public var messages: [String] = []
}

extension CardChecker {
    /// Checks every line of a batch: JSON records, or bare numbers with `bareNumbers`.
    public func check(batch: LineBatch, bareNumbers: Bool) -> BatchResult {
        var result = BatchResult()
        result.output.reserveCapacity(batch.lines.count * 256)
        if let failure = batch.failure {
            var record = failure.inputRecord(tool: Self.tool, input: batch.input)
            if !reveal { record = Redaction.redacting(record: record) }  // a file name may be a card number
            record.encode(into: &result.output)
            result.output.append(0x0A)
            result.status = .recordErrors
            result.messages.append(failure.message)  // stderr redacts it too
        }
        let reuse = JSONParseReuse()  // the batch's records share their keys
        let lines = JSONLinesWriter()
        for (number, bytes) in batch.lines {
            let (record, outcome) = bytes.withUnsafeBufferPointer { buffer -> (JSON, CardOutcome) in
                if bareNumbers {
                    guard let text = String(validating: buffer, as: UTF8.self) else {
                        let error = ToolError(.record, code: "bad_utf8", "\(batch.input) line \(number): not valid UTF-8")
                        return (error.record(tool: Self.tool, input: batch.input, line: number), .unreadable)
                    }
                    return check(line: text, lineNumber: number)
                }
                switch JSONLinesReader.decode(buffer, input: batch.input, line: number, tool: Self.tool, reuse: reuse) {
                case .record(let value, _): return check(record: value)
                case .unreadable(let error, let line):
                    return (error.record(tool: Self.tool, input: batch.input, line: line), .unreadable)
                }
            }
            lines.write(record)
            result.status = max(result.status, outcome.exitStatus)
        }
        lines.move(to: &result.output)
        return result
    }
}

extension CardOutcome {
    var exitStatus: ExitStatus {
        switch self {
        case .valid: .ok
        case .notValid: .findings
        case .unreadable, .upstreamError: .recordErrors
        }
    }
}

/// Cuts the inputs into batches: full batches while input is plentiful, a short one as soon as
/// the next line would have to wait, so interactive use answers each record at once (the readers
/// themselves drain the pipeline before they block: `RecordPipeline.open`).
/// An input that cannot be opened becomes a batch with `failure` set, in its place among the others.
public final class BatchReader {
    private var readers: ArraySlice<(name: String, opened: Result<LineReader, ToolError>)>
    private let batchSize: Int

    /// `inputs`: each input's name and its reader, or why it could not be opened (reported in its turn).
    public init(_ inputs: [(name: String, opened: Result<LineReader, ToolError>)], batchSize: Int = 256) {
        self.readers = inputs[...]
        self.batchSize = batchSize
    }

    /// The next batch; nil at the end of all inputs.
    public func next() throws -> LineBatch? {
        while let first = readers.first {
            let reader: LineReader
            switch first.opened {
            case .failure(let error):
                readers.removeFirst()
                return LineBatch(input: first.name, failure: error)
            case .success(let opened): reader = opened
            }
            var batch = LineBatch(input: reader.name)
            while batch.lines.count < batchSize {
                if !batch.lines.isEmpty, reader.mayWait { return batch }
                guard let line = try reader.nextLine() else { break }
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                batch.lines.append((reader.lineNumber, line))
            }
            if batch.lines.count == batchSize { return batch }
            readers.removeFirst()  // this input has ended
            if !batch.lines.isEmpty { return batch }
        }
        return nil
    }
}
