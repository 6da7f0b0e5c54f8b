#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines of any length from a file descriptor with one growing buffer.
///
/// Lines end at "\n"; a trailing "\r" is dropped, so CRLF input reads the same.
/// Memory is bounded by the longest line, not by the input. `beforeBlockingRead`
/// runs before a read(2) that would wait (a pipe or terminal with no data ready),
/// which lets a writer flush exactly when the tool is about to wait for more input;
/// a regular file or a pipe with data never runs it, so bulk input keeps its workers busy.
public final class LineReader {
    public let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    // One reader belongs to one thread: the per-access exclusivity check is skipped on the hot path.
    @exclusivity(unchecked) private var buffer: [UInt8]
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    private var eof = false
    @exclusivity(unchecked) public private(set) var lineNumber = 0
    public var beforeBlockingRead: (() throws -> Void)?

    /// Reads standard input; `name` is how messages refer to it.
    public init(standardInputNamed name: String = "stdin", chunkSize: Int = 1 << 16) {
        self.name = name
        self.fd = 0
        self.ownsDescriptor = false
        self.buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    /// Opens `path` for reading; throws a `.record` ToolError naming the file and the OS's reason when it
    /// cannot (`InputFileProblem`): the caller writes it as an error record and goes on. A command-line
    /// name that is not UTF-8 comes as its escaped form, which `name` keeps, and opens by its bytes (`RawNames`).
    public init(path: String, chunkSize: Int = 1 << 16) throws(ToolError) {
        let fd = RawNames.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw InputFileProblem.error(errno, path: path) }
        self.name = path
        self.fd = fd
        self.ownsDescriptor = true
        self.buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Calls `body` with the next line's bytes (valid only during the call); nil at end of input.
    public func withNextLine<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        while true {
            if let newline = findNewline() {
                lineNumber += 1
                var lineEnd = newline
                if lineEnd > start, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let lineStart = start
                start = newline + 1
                return try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[lineStart..<lineEnd])) }
            }
            if eof {
                guard start < end else { return nil }
                lineNumber += 1
                var lineEnd = end
                if buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let lineStart = start
                start = end
                return try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[lineStart..<lineEnd])) }
            }
            try fill()
        }
    }

    /// Whether the next line can be had without a read(2): a whole line is buffered, or input has ended.
    public var hasBufferedLine: Bool {
        eof || findNewline() != nil
    }

    /// Whether taking the next line may wait for input: nothing whole is buffered and the
    /// descriptor (a pipe or terminal) has no data ready. A regular file never waits.
    public var mayWait: Bool {
        !hasBufferedLine && !descriptorReady
    }

    /// Whether a read(2) returns at once: data (or end of input) is waiting, or the input is a regular file.
    private var descriptorReady: Bool {
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pollfd, 1, 0) != 0
    }

    /// The next line as bytes; nil at end of input.
    public func nextLine() throws -> [UInt8]? {
        try withNextLine { Array($0) }
    }

    @exclusivity(unchecked) private var scanFrom = 0

    private func findNewline() -> Int? {
        let i = max(start, scanFrom)
        let found: Int? = buffer.withUnsafeBufferPointer { buf in
            guard i < end, let hit = memchr(buf.baseAddress! + i, 0x0A, end - i) else { return nil }
            return buf.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        scanFrom = found ?? end  // a found newline stays findable until its line is taken
        return found
    }

    private func fill() throws {
        // Move the unfinished line to the front, grow when one line fills the buffer.
        if start > 0 {
            let pending = end - start
            if pending > 0 {
                buffer.withUnsafeMutableBufferPointer { buf in
                    _ = memmove(buf.baseAddress!, buf.baseAddress! + start, pending)
                }
            }
            scanFrom -= start
            end = pending
            start = 0
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        if let beforeBlockingRead, !descriptorReady { try beforeBlockingRead() }
        while true {
            let n = buffer.withUnsafeMutableBufferPointer { buf in
                read(fd, buf.baseAddress! + end, buf.count - end)
            }
            if n > 0 {
                end += n
                return
            }
            if n == 0 {
                eof = true
                return
            }
            if errno == EINTR { continue }
            if errno == EAGAIN {  // a non-blocking stdin with no data yet: wait for it, never spin or stop
                waitForDescriptor(fd, POLLIN)
                continue
            }
            throw ToolError(.fatal, code: "read_failed", "cannot read '\(name)': \(systemErrorText(errno))")
        }
    }
}

/// The text of an errno value, e.g. "No such file or directory".
public func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
}
