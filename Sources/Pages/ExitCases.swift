import PPShared

/// One way a pp-pages run ends, as --help states it: the exit status, and whether the result was written.
public struct ExitCase: Sendable, Equatable {
    /// Which case; Tests/PagesTests/ExitStatusTests.swift runs each one.
    public enum ID: Sendable, CaseIterable {
        case done, warned, badRequest, notAPage, password, signedInPlace, unwritableOutput, opsFile, locked
        case unopenable, writeFailed, failedRecord
    }

    public let id: ID
    public let status: ExitStatus
    public let written: Bool
    /// The case in the help's words.
    public let what: String

    init(_ id: ID, _ status: ExitStatus, written: Bool, _ what: String) {
        self.id = id
        self.status = status
        self.written = written
        self.what = what
    }

    /// Every case --help lists, in its order.
    public static let all: [ExitCase] = [
        ExitCase(.done, .ok, written: true, "the edit is done and its record has no warnings"),
        ExitCase(
            .warned, .recordErrors, written: true,
            "its record has warnings: a damaged input repaired, a signature invalidated, an owner not kept"),
        ExitCase(.badRequest, .usage, written: false, "a bad option, page range or position"),
        ExitCase(.notAPage, .usage, written: false, "a file to insert that is neither a PDF nor an image"),
        ExitCase(.password, .usage, written: false, "an encrypted input without its password, or with a wrong one"),
        ExitCase(.signedInPlace, .usage, written: false, "--in-place on a signed PDF without --break-signature"),
        ExitCase(
            .unwritableOutput, .usage, written: false,
            "an output that is a folder or a device, or whose folder is missing or read-only"),
        ExitCase(.opsFile, .usage, written: false, "the --ops FILE of one edit cannot be read, or has a bad line"),
        ExitCase(.locked, .usage, written: false, "--in-place while another pp-pages edits the file past --lock-wait"),
        ExitCase(.unopenable, .recordErrors, written: false, "IN.pdf or a file to insert cannot be opened (an error record)"),
        ExitCase(
            .writeFailed, .recordErrors, written: false, "the result cannot be written whole, a full disk (an error record)"),
        ExitCase(
            .failedRecord, .recordErrors, written: false,
            "--ops records: a record whose edit fails (its error record; the run goes on)"),
    ]

    public static subscript(_ id: ID) -> ExitCase { all.first { $0.id == id }! }

    /// The help's list: a line per case.
    static var helpLines: String {
        all.map { "  \($0.status.rawValue)  \($0.written ? "written" : "nothing written"): \($0.what)" }
            .joined(separator: "\n")
    }
}
