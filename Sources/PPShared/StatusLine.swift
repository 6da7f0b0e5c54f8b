#if canImport(Glibc)
    import Glibc
#endif

/// The one owner of stderr's bottom line: every diagnostic and every progress draw goes through here,
/// so a warning never lands in the middle of a progress line. A message clears the line ("\r", then
/// "ESC [K", clear to end of line), is printed, and the line is drawn again below it.
///
/// It writes to its own copy of file descriptor 2, taken when the tool starts: pp-ocr points fd 2 at
/// /dev/null while image decoders run (they print straight to stderr), and a message or a progress
/// draw made meanwhile must still reach the user.
public final class StatusLine: @unchecked Sendable {
    public static let shared = StatusLine()

    private let lock = ConditionLock()
    private let fd: Int32
    /// The progress text shown now (without "\r" and the clear sequence); nil when no line is shown.
    private var shown: String?
    /// Whether stdout is the same terminal, so data written there must not land on the line either.
    public let stdoutIsTerminal: Bool

    convenience init() {
        let copy = fcntl(2, F_DUPFD_CLOEXEC, 3)
        self.init(fileDescriptor: copy >= 0 ? copy : 2)
    }

    /// A line on `fileDescriptor` (tests draw on a pipe or a pseudo-terminal of their own).
    init(fileDescriptor: Int32) {
        fd = fileDescriptor
        stdoutIsTerminal = isatty(1) == 1
    }

    /// The escape sequence that returns to the start of the line and clears it.
    public static let clear = "\r\u{1B}[K"

    /// Writes a diagnostic; a progress line on screen is cleared first and drawn again after a whole
    /// line (text ending in a newline).
    public func message(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard let line = shown else {
            put(text)
            return
        }
        if text.hasSuffix("\n") {
            put(Self.clear + text + line)
        } else {
            put(Self.clear + text)
            shown = nil
        }
    }

    /// Shows `line` in place of the one on screen.
    public func draw(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        shown = line
        put(Self.clear + line)
    }

    /// Leaves `line` on screen for good, ended by a newline; the next message starts below it.
    public func finish(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        shown = nil
        put(Self.clear + line + "\n")
    }

    /// Runs `body` (a write of data to stdout) with the line cleared first and drawn again after, when
    /// stdout is the same terminal and a line is shown; otherwise just runs it.
    public func aroundOutput<T>(_ body: () throws -> T) rethrows -> T {
        guard stdoutIsTerminal else { return try body() }
        lock.lock()
        defer { lock.unlock() }
        guard let line = shown else { return try body() }
        put(Self.clear)
        defer { put(line) }
        return try body()
    }

    /// The terminal's width in columns (stderr's), else $COLUMNS, else 80.
    public func width() -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 { return columns }
        return 80
    }

    /// Whether stderr is a terminal (checked on the copy, which fd 2 redirections do not change).
    public var isTerminal: Bool { isatty(fd) == 1 }

    private func put(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBufferPointer { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else if n < 0, errno == EAGAIN {
                waitForDescriptor(fd, POLLOUT)
            } else {
                return
            }
        }
        bytes.removeAll()
    }
}
