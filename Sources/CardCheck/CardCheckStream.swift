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
/// the next line would have to wait, so interactive use answers each record at once.
/// An input that cannot be opened becomes a batch with `failure` set, in its place among the others.
public final class BatchReader {
    private var readers: [Result<LineReader, InputFailure>]
    private let batchSize: Int

    public struct InputFailure: Error {
        var name: String
        var error: ToolError
    }

    public init(_ readers: [LineReader], batchSize: Int = 256) {
        self.readers = readers.map { .success($0) }
        self.batchSize = batchSize
    }

    /// Opens each input now ("-" is stdin); one that cannot be opened is reported in its turn.
    public convenience init(inputs: [String], batchSize: Int = 256) {
        self.init([], batchSize: batchSize)
        readers = inputs.map { input -> Result<LineReader, InputFailure> in
            if input == "-" { return .success(LineReader(standardInputNamed: "stdin")) }
            do throws(ToolError) {
                return .success(try LineReader(path: input))
            } catch {
                return .failure(InputFailure(name: input, error: error))
            }
        }
    }

    /// The next batch; `beforeWaiting` runs before a read that may block. Nil at the end of all inputs.
    public func next(beforeWaiting: () throws -> Void) throws -> LineBatch? {
        while let first = readers.first {
            let reader: LineReader
            switch first {
            case .failure(let failure):
                readers.removeFirst()
                return LineBatch(input: failure.name, failure: failure.error)
            case .success(let opened): reader = opened
            }
            var batch = LineBatch(input: reader.name)
            while batch.lines.count < batchSize {
                if reader.mayWait {
                    if !batch.lines.isEmpty { return batch }
                    try beforeWaiting()
                }
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
