import Foundation
import PPShared
import Records

/// One input of a run: a file to open, how the user named it, and the keys of the record it came
/// in (for stdin records) that must reach every page record unchanged.
public struct InputItem: Sendable {
    /// The path to open.
    public var path: String
    /// "source" in the output: the path as given.
    public var source: String
    /// The members of the input record that every page passes on (`PageRecord.passedOnByIngest`).
    public var base: PageRecord

    public init(path: String, source: String? = nil, base: PageRecord = PageRecord()) {
        self.path = path
        self.source = source ?? path
        self.base = base
    }

    /// The error record of this input: the input record's members kept, `kind`, `source` and `doc` set.
    func errorRecord(doc: String? = nil, _ error: ToolError) -> JSON {
        var record = base
        record.kind = PageKey.page.rawValue
        record.source = source
        if let doc { record.doc = doc }
        return record.markedAsError(error, tool: InputStream.tool).json
    }
}

/// What the input stream yields: a file to ingest, or a record to write as it is (an error record
/// from an earlier tool, or the error record for an unusable input line).
public enum InputEvent: Sendable {
    case file(InputItem)
    case record(JSON)
}

/// Turns operands and stdin lines into files: folders are walked recursively in sorted order,
/// keeping supported files only; stdin lines are records with "source" (such as pp-pages writes)
/// or plain paths.
public final class InputStream {
    private var operands: [String]
    private var operandIndex = 0
    private var pending: [InputEvent] = []
    private var pendingIndex = 0
    private var stdin: LineReader?
    private let readStdin: Bool
    private let workFolder: String
    public static let tool = "pp-ingest"
    /// Called with a folder that holds no supported file (the run says so on stderr, and writes its error record).
    public var onEmptyFolder: ((String) -> Void)?

    /// The kinds of file a folder walk picks up, for messages.
    static let supportedKinds = "PDF, PNG, JPEG, TIFF, BMP, PNM, WebP, XML e-invoice, e-mail, ZIP, DOCX, XLSX, ODT, ODS"

    /// File extensions a folder walk picks up.
    public static let supportedExtensions: Set<String> = [
        "pdf", "png", "jpg", "jpeg", "jpe", "tif", "tiff", "bmp", "pnm", "pbm", "pgm", "ppm", "webp", "xml", "eml", "mbox", "zip",
        "docx", "xlsx", "odt", "ods",
    ]

    public init(operands: [String], stdin: LineReader? = nil, workFolder: String) {
        self.operands = operands
        self.readStdin = stdin != nil
        self.stdin = stdin
        self.workFolder = workFolder
    }

    /// When no operand is stdin ("-"): finds every file now (folders walked), marks each with
    /// "planned_documents", the number of files, so the tool at the end of a pipe knows the total from
    /// the first record, and returns that number. With stdin the total is unknown: nil.
    public func planAll() -> Int? {
        guard !readStdin else { return nil }
        while operandIndex < operands.count {
            expand(operand: operands[operandIndex])
            operandIndex += 1
        }
        let count = pending[pendingIndex...].reduce(0) { n, event in if case .file = event { n + 1 } else { n } }
        for i in pendingIndex..<pending.count {
            guard case .file(var item) = pending[i] else { continue }
            item.base.plannedDocuments = count
            pending[i] = .file(item)
        }
        return count
    }

    /// The next event, nil at the end.
    public func next() throws -> InputEvent? {
        while true {
            if pendingIndex < pending.count {
                let event = pending[pendingIndex]
                pendingIndex += 1
                if pendingIndex == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    pendingIndex = 0
                }
                return event
            }
            if operandIndex < operands.count {
                let operand = operands[operandIndex]
                operandIndex += 1
                if operand == "-" {
                    try drainStdin()
                } else {
                    expand(operand: operand)
                }
                continue
            }
            return nil
        }
    }

    private func drainStdin() throws {
        guard let reader = stdin else { return }
        // Read one line at a time so the stream stays lazy; re-queue "-" until stdin ends.
        let next: [UInt8]?
        do {
            next = try reader.nextLine()
        } catch let long as LineTooLong {
            operandIndex -= 1
            pending.append(.record(long.record(tool: Self.tool)))
            return
        }
        guard let line = next else {
            stdin = nil
            return
        }
        operandIndex -= 1  // come back to "-" for the next line
        guard let decoded = String(validating: line, as: UTF8.self) else {
            // A path whose name is not UTF-8: read through a link, shown escaped (FileNames).
            switch FileNames.item(bytes: line, base: PageRecord(), workFolder: workFolder) {
            case .file(let item): expand(item)
            case .record(let record): pending.append(.record(record))
            }
            return
        }
        let text = decoded.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        if text.hasPrefix("{") {
            let lineNumber = reader.lineNumber
            let decoded: JSONLine
            do {
                let value = try JSON.parse(text)
                if case .object = value {
                    decoded = .record(value, line: lineNumber)
                } else {
                    decoded = .unreadable(
                        ToolError(.record, code: "not_an_object", "\(reader.name) line \(lineNumber): not a JSON object"),
                        line: lineNumber)
                }
            } catch {
                decoded = .unreadable(
                    ToolError(
                        .record, code: "bad_json",
                        "\(reader.name) line \(lineNumber): not valid JSON (\(error.reason) at byte \(error.offset + 1))"),
                    line: lineNumber)
            }
            switch decoded {
            case .unreadable(let error, let line):
                pending.append(.record(error.record(tool: Self.tool, input: reader.name, line: line)))
            case .record(let json, let line):
                guard let record = PageRecord(json) else { return }  // parsed as an object above
                if record.isError {
                    pending.append(.record(json))
                    return
                }
                guard let source = record.source, !source.isEmpty else {
                    let error = ToolError(
                        .record, code: "no_source", "\(reader.name) line \(line): the record has no \"source\" file to ingest")
                    pending.append(.record(record.markedAsError(error, tool: Self.tool).json))
                    return
                }
                expand(InputItem(path: source, source: source, base: record.passedOnByIngest))
            }
        } else {
            expand(InputItem(path: text))
        }
    }

    /// Queues an operand. One whose name is not UTF-8 (Swift's arguments hold it escaped) is read by its
    /// bytes on the command line, as a folder walk reads such a name (`FileNames.item`).
    private func expand(operand: String) {
        guard let bytes = RawNames.argument(shownAs: operand) else { return expand(InputItem(path: operand)) }
        expand(InputItem(path: operand), bytes: bytes)
    }

    /// Queues a path: a folder becomes its supported files (recursive, sorted, any name the OS holds:
    /// `FileNames`), anything else itself. A folder with no such file is an error record, not nothing.
    /// `bytes`: the path's own bytes when its name is not UTF-8 (`item.path` is then its escaped form).
    private func expand(_ item: InputItem, bytes: [UInt8]? = nil) {
        let path = bytes ?? Array(item.path.utf8)
        // A NUL byte would cut the name short and open (or walk) another file: refused before any stat.
        if let problem = PathCheck.problem(item.path, name: item.source) {
            return pending.append(Self.errorRecord(base: item.base, source: item.source, problem))
        }
        var st = stat()
        guard RawNames.withCPath(path, { stat($0, &st) }) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            pending.append(bytes.map { FileNames.item(bytes: $0, base: item.base, workFolder: workFolder) } ?? .file(item))
            return
        }
        let found = FileNames.walk(folder: path, skipping: workFolder)
        if found.files.isEmpty, found.problems.isEmpty {
            onEmptyFolder?(item.source)
            // The planner makes its error record (empty_folder); a name that is not UTF-8 goes through its link.
            pending.append(bytes.map { FileNames.item(bytes: $0, base: item.base, workFolder: workFolder) } ?? .file(item))
        }
        for path in found.files {
            pending.append(FileNames.item(bytes: path, base: item.base, workFolder: workFolder))
        }
        for (path, error) in found.problems {
            pending.append(Self.errorRecord(base: item.base, source: RawNames.escaped(path), error))
        }
    }

    /// The error record of an input that cannot be read: the input record's keys kept, "source" set.
    static func errorRecord(base: PageRecord, source: String, _ error: ToolError) -> InputEvent {
        .record(InputItem(path: source, source: source, base: base).errorRecord(error))
    }
}
