import Lexicons
import PPShared

/// Assembles the page records of a record stream into documents and hands them out in order.
public final class PageRecordSource {
    private let records: RecordInputs
    private let assembler: DocumentAssembler
    private var pending: [DocumentAssembler.Output] = []
    private var pendingIndex = 0
    /// Inputs that could not be opened; their error records are in the stream, in their place.
    public private(set) var failedInputs: [ToolError] = []

    public init(records: RecordInputs, split: SplitMode = .none) {
        self.records = records
        self.assembler = DocumentAssembler(split: split)
    }

    /// The next complete document or pass-through record; nil at the end of all inputs.
    public func next() throws -> DocumentAssembler.Output? {
        while pendingIndex == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            guard let input = try records.next() else { return nil }
            switch input {
            case .record(let record, _, _): pending += assembler.add(record)
            case .endOfInput: pending += assembler.finish()
            case .unreadable(let record, _):
                pending += assembler.finish()
                pending.append(.passThrough(record))
            case .unopenable(let record, let error):
                failedInputs.append(error)
                pending.append(.passThrough(record))
            }
        }
        defer { pendingIndex += 1 }
        return pending[pendingIndex]
    }
}
