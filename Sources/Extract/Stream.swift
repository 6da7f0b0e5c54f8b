import Foundation
import PPShared

/// Reads page records from files (or stdin), assembles documents and hands them out in order.
public final class PageRecordSource {
    private let inputs: [String]
    private var inputIndex = 0
    private var reader: JSONLinesReader?
    private var readerName = ""
    private let assembler: DocumentAssembler
    private var pending: [DocumentAssembler.Output] = []
    private let beforeBlockingRead: () throws -> Void
    public private(set) var failedInputs: [ToolError] = []

    public init(inputs: [String], split: SplitMode = .none, beforeBlockingRead: @escaping () throws -> Void = {}) {
        self.inputs = inputs.isEmpty ? ["-"] : inputs
        self.assembler = DocumentAssembler(split: split)
        self.beforeBlockingRead = beforeBlockingRead
    }

    private func openNext() -> Bool {
        while inputIndex < inputs.count {
            let path = inputs[inputIndex]
            inputIndex += 1
            readerName = path == "-" ? "stdin" : path
            if path == "-" {
                reader = JSONLinesReader(LineReader(standardInputNamed: "stdin"), tool: "pp-extract")
            } else {
                do {
                    reader = JSONLinesReader(try LineReader(path: path), tool: "pp-extract")
                } catch {
                    // In its place in the stream, as every tool reports an input it cannot open.
                    failedInputs.append(error)
                    pending.append(.passThrough(error.inputRecord(tool: "pp-extract", input: path)))
                    return true
                }
            }
            reader!.lines.beforeBlockingRead = beforeBlockingRead
            return true
        }
        return false
    }

    /// The next complete document or pass-through record; nil at the end of all inputs.
    public func next() throws -> DocumentAssembler.Output? {
        while pending.isEmpty {
            if reader == nil {
                if !openNext() { return nil }
                if reader == nil { continue }  // an input that could not be opened: its error record is pending
            }
            guard let item = try reader!.next() else {
                reader = nil
                pending += assembler.finish()
                continue
            }
            switch item {
            case .record(let r, _): pending += assembler.add(r)
            case .unreadable(let e, let line):
                pending += assembler.finish()
                pending.append(.passThrough(e.record(tool: "pp-extract", input: readerName, line: line)))
            }
        }
        return pending.removeFirst()
    }
}
