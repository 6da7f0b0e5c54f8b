import PPShared

/// Input lines read together and checked on one worker thread.
public struct LineBatch: Sendable {
    public var input: String
    /// The lines' bytes, one after another: one buffer for the batch, not one per line.
    public private(set) var bytes: [UInt8] = []
    /// Each line's number in its input and where its bytes are in `bytes`.
    public private(set) var lines: [(number: Int, range: Range<Int>)] = []
    /// Set when the input could not be opened: the batch stands for one error record.
    public var failure: ToolError?
    /// Set with `failure` when it stands for a line of the input (one over --max-line), not the input.
    public var failureLine: Int?

    public init(input: String, failure: ToolError? = nil) {
        self.input = input
        self.failure = failure
    }

    public mutating func append(line number: Int, _ line: some Collection<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: line)
        lines.append((number, start..<bytes.count))
    }
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
        if let failure = batch.failure {
            var record =
                batch.failureLine.map { failure.record(tool: Self.tool, input: batch.input, line: $0) }
                ?? failure.inputRecord(tool: Self.tool, input: batch.input)
            if !reveal { record = Redaction.redacting(record: record) }  // a file name may be a card number
            record.encode(into: &result.output)
            result.output.append(0x0A)
            result.status = .recordErrors
            if batch.failureLine == nil { result.messages.append(failure.message) }  // stderr redacts it too
        }
        let reuse = JSONParseReuse()  // the batch's records share their keys
        let lines = JSONLinesWriter(capacity: batch.lines.count * 400)  // a verdict record is about 330 bytes
        var kept = KeptMembers()
        batch.bytes.withUnsafeBufferPointer { all in
            for (number, range) in batch.lines {
                let buffer = UnsafeBufferPointer(rebasing: all[range])
                // The common card record is answered from its bytes; the rest is parsed.
                if !bareNumbers, let card = FlatCardRecord.read(buffer, kept: &kept) {
                    let verdict = verdict(
                        number: card.number, expiry: card.expiry.map(JSON.string), cvc: card.cvc.map(JSON.string))
                    lines.writeLine { write(verdict, kept: kept, to: &$0) }
                    result.status = max(result.status, verdict.outcome.exitStatus)
                    continue
                }
                switch answer(line: buffer, number: number, input: batch.input, bareNumbers: bareNumbers, reuse: reuse) {
                case .record(let record, let outcome):
                    lines.write(record)
                    result.status = max(result.status, outcome.exitStatus)
                case .card(let verdict, let members):
                    lines.writeLine { write(verdict, kept: members, to: &$0) }
                    result.status = max(result.status, verdict.outcome.exitStatus)
                }
            }
        }
        lines.move(to: &result.output)
        return result
    }
}

extension CardChecker {
    /// A line answered the general way: a bare number, or a record parsed into a tree.
    func answer(
        line buffer: UnsafeBufferPointer<UInt8>, number: Int, input: String, bareNumbers: Bool, reuse: JSONParseReuse
    ) -> Answer {
        if bareNumbers {
            guard let text = String(validating: buffer, as: UTF8.self) else {
                let error = ToolError(.record, code: "bad_utf8", "\(input) line \(number): not valid UTF-8")
                return .record(error.record(tool: Self.tool, input: input, line: number), .unreadable)
            }
            return .card(verdict(number: text, expiry: nil, cvc: nil), KeptMembers(line: number))
        }
        switch JSONLinesReader.decode(buffer, input: input, line: number, tool: Self.tool, reuse: reuse) {
        case .record(let value, _): return answer(record: value)
        case .unreadable(let error, let line):
            return .record(error.record(tool: Self.tool, input: input, line: line), .unreadable)
        }
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
    /// A line over --max-line, reported by the next call (after the lines before it).
    private var tooLong: LineTooLong?

    /// `inputs`: each input's name and its reader, or why it could not be opened (reported in its turn).
    public init(_ inputs: [(name: String, opened: Result<LineReader, ToolError>)], batchSize: Int = 256) {
        self.readers = inputs[...]
        self.batchSize = batchSize
    }

    /// The next batch; nil at the end of all inputs.
    public func next() throws -> LineBatch? {
        if let long = tooLong {
            tooLong = nil
            var batch = LineBatch(input: long.input, failure: long.error)
            batch.failureLine = long.line
            return batch
        }
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
                let read: Void?
                do {
                    read = try reader.withNextLine { line in
                        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
                        batch.append(line: reader.lineNumber, line)
                    }
                } catch let long as LineTooLong {
                    tooLong = long
                    return batch.lines.isEmpty ? try next() : batch
                }
                if read == nil { break }
            }
            if batch.lines.count == batchSize { return batch }
            readers.removeFirst()  // this input has ended
            if !batch.lines.isEmpty { return batch }
        }
        return nil
    }
}
