#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place records leave a tool: JSON Lines on a file descriptor.
///
/// SIGPIPE is ignored so a closed reader surfaces as EPIPE, which becomes
/// `OutputClosed` (a quiet exit 0). With `autoFlush` every record is written
/// at once; without it the tool calls `flush()` before it waits for input, which
/// streams just as well and saves a system call per record on bulk input.
public final class OutputSink {
    private let fd: Int32
    private var pending: [UInt8] = []
    public var autoFlush: Bool
    public private(set) var recordsWritten = 0

    public init(fileDescriptor: Int32 = 1, autoFlush: Bool = true) {
        Self.ignoreSIGPIPE()
        self.fd = fileDescriptor
        self.autoFlush = autoFlush
        pending.reserveCapacity(1 << 16)
    }

    /// Ignores SIGPIPE for the process, so writes to a closed pipe fail with EPIPE instead of killing it.
    public static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes one record and a newline.
    public func write(_ record: JSON) throws {
        record.encode(into: &pending)
        pending.append(0x0A)
        recordsWritten += 1
        if autoFlush || pending.count >= 1 << 16 { try flush() }
    }

    /// Writes bytes that already hold whole encoded records.
    public func write(bytes: [UInt8]) throws {
        pending.append(contentsOf: bytes)
        if autoFlush || pending.count >= 1 << 16 { try flush() }
    }

    /// Writes one record already encoded (its bytes, without the newline) and the newline.
    public func write(line bytes: [UInt8]) throws {
        pending.append(contentsOf: bytes)
        pending.append(0x0A)
        recordsWritten += 1
        if autoFlush || pending.count >= 1 << 16 { try flush() }
    }

    /// Writes raw text (a line of --format output, a table), as is.
    public func write(text: String) throws {
        pending.append(contentsOf: text.utf8)
        if autoFlush || pending.count >= 1 << 16 { try flush() }
    }

    /// Writes everything pending; throws OutputClosed on a closed pipe, ToolError on other failures.
    public func flush() throws {
        guard !pending.isEmpty else { return }
        if fd == 1 {
            try StatusLine.shared.aroundOutput { try writePending() }
        } else {
            try writePending()
        }
    }

    private func writePending() throws {
        var offset = 0
        defer {
            if offset > 0 { pending.removeFirst(offset) }
        }
        while offset < pending.count {
            let n = pending.withUnsafeBufferPointer { buf in
                Glibc.write(fd, buf.baseAddress! + offset, buf.count - offset)
            }
            if n >= 0 {
                offset += n
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN:  // a non-blocking stdout whose reader is slow: sleep until it reads, never spin
                waitForDescriptor(fd, POLLOUT)
            case EPIPE:
                pending.removeAll()
                offset = 0
                throw OutputClosed()
            default:
                throw ToolError(.fatal, code: "write_failed", "cannot write output: \(systemErrorText(errno))")
            }
        }
    }
}

/// Sleeps until `fd` is ready for `events` (POLLIN, POLLOUT) or has failed: for descriptors a parent
/// left non-blocking, whose reads and writes fail with EAGAIN instead of waiting.
func waitForDescriptor(_ fd: Int32, _ events: Int32) {
    var entry = pollfd(fd: fd, events: Int16(events), revents: 0)
    _ = poll(&entry, 1, -1)
}

/// Diagnostics on stderr: `pp-<tool>: error: …`, warnings and progress. Never data.
public struct Diagnostics: Sendable {
    public let tool: String
    /// Applied to every message before it is written (pp-cardcheck hides card numbers).
    let redact: @Sendable (String) -> String

    public init(tool: String, redact: @escaping @Sendable (String) -> String = { $0 }) {
        self.tool = tool
        self.redact = redact
    }

    public func error(_ message: String) { emit("\(tool): error: \(message)\n") }
    public func warning(_ message: String) { emit("\(tool): warning: \(message)\n") }
    public func note(_ message: String) { emit("\(tool): \(message)\n") }

    /// Writes text to stderr unbuffered, through the status line (a progress line on screen is cleared
    /// first and drawn again after); failures to write diagnostics are ignored.
    public func emit(_ text: String) {
        StatusLine.shared.message(redact(text))
    }
}
