#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a file descriptor with one buffer that grows up to the line limit.
///
/// Lines end at "\n"; a trailing "\r" is dropped, so CRLF input reads the same. A line longer than
/// `maxLineLength` bytes is never held: the reader skips to its newline and throws `LineTooLong` in its
/// place, and the next call goes on after it (`LineLimit`). Memory is bounded by the limit, not by the
/// input. `beforeBlockingRead` runs before a read(2) that would wait (a pipe or terminal with no data
/// ready), which lets a writer flush exactly when the tool is about to wait for more input; a regular
/// file or a pipe with data never runs it, so bulk input keeps its workers busy.
public final class LineReader {
    public let name: String
    /// The longest line read, in bytes before its newline; a longer one is skipped (`LineTooLong`).
    public let maxLineLength: Int
    private let chunkSize: Int
    private let fd: Int32
    private let ownsDescriptor: Bool
    // One reader belongs to one thread: the per-access exclusivity check is skipped on the hot path.
    // The buffer is malloc'd and grown with realloc, so growing a big one moves pages instead of holding
    // an old and a new copy at once.
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var capacity: Int
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var scanFrom = 0
    private var eof = false
    @exclusivity(unchecked) public private(set) var lineNumber = 0
    public var beforeBlockingRead: (() throws -> Void)?

    /// Reads standard input; `name` is how messages refer to it.
    public init(standardInputNamed name: String = "stdin", chunkSize: Int = 1 << 16, maxLineLength: Int = LineLimit.current) {
        self.name = name
        self.fd = 0
        self.ownsDescriptor = false
        self.maxLineLength = max(1, maxLineLength)
        self.chunkSize = max(1, chunkSize)
        self.capacity = self.chunkSize
        self.buffer = Self.allocate(self.chunkSize)
    }

    /// Opens `path` for reading; throws a `.record` ToolError naming the file and the OS's reason when it
    /// cannot (`InputFileProblem`; a name with a NUL byte: `PathCheck`): the caller writes it as an error
    /// record and goes on. A command-line name that is not UTF-8 comes as its escaped form, which `name`
    /// keeps, and opens by its bytes (`RawNames`). A FIFO or a device is read as a stream, as stdin is:
    /// the line limit bounds it.
    public init(path: String, chunkSize: Int = 1 << 16, maxLineLength: Int = LineLimit.current) throws(ToolError) {
        if let problem = PathCheck.problem(path) { throw problem }
        let fd = RawNames.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw InputFileProblem.error(errno, path: path) }
        self.name = path
        self.fd = fd
        self.ownsDescriptor = true
        self.maxLineLength = max(1, maxLineLength)
        self.chunkSize = max(1, chunkSize)
        self.capacity = self.chunkSize
        self.buffer = Self.allocate(self.chunkSize)
    }

    deinit {
        if ownsDescriptor { close(fd) }
        free(buffer)
    }

    /// Calls `body` with the next line's bytes (valid only during the call); nil at end of input.
    /// Throws `LineTooLong` for a line over the limit (the next call reads the line after it).
    public func withNextLine<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        while true {
            if let newline = findNewline() {
                if newline - start > maxLineLength { try skipLine(endingAt: newline) }
                lineNumber += 1
                var lineEnd = newline
                if lineEnd > start, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let lineStart = start
                start = newline + 1
                return try body(UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart))
            }
            if eof {
                guard start < end else { return nil }
                if end - start > maxLineLength { try skipLine(endingAt: end) }
                lineNumber += 1
                var lineEnd = end
                if buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let lineStart = start
                start = end
                return try body(UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart))
            }
            if end - start > maxLineLength { try skipLongLine() }
            try fill()
        }
    }

    /// A line over the limit that is in the buffer whole: taken out, reported.
    private func skipLine(endingAt lineEnd: Int) throws -> Never {
        lineNumber += 1
        let length = lineEnd - start
        start = min(lineEnd + 1, end)
        throw LineTooLong(input: name, line: lineNumber, limit: maxLineLength, skipped: length, ended: true)
    }

    /// A line that has grown past the limit with no newline yet: its bytes are dropped as they come, up
    /// to its newline or the end of input. One that goes on past `LineLimit.skipBound` ends the input
    /// (an endless stream such as /dev/zero holds no line to go on with).
    private func skipLongLine() throws -> Never {
        lineNumber += 1
        var skipped = 0
        while true {
            if let newline = findNewline() {
                skipped += newline - start
                start = newline + 1
                shrink()
                throw LineTooLong(input: name, line: lineNumber, limit: maxLineLength, skipped: skipped, ended: true)
            }
            skipped += end - start
            start = end
            let givenUp = skipped > LineLimit.skipBound(maxLineLength)
            if eof || givenUp {
                eof = true
                shrink()
                throw LineTooLong(input: name, line: lineNumber, limit: maxLineLength, skipped: skipped, ended: !givenUp)
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

    private func findNewline() -> Int? {
        let i = max(start, scanFrom)
        guard i < end, let hit = memchr(buffer + i, 0x0A, end - i) else {
            scanFrom = end
            return nil
        }
        let found = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        scanFrom = found  // a found newline stays findable until its line is taken
        return found
    }

    /// Moves the unfinished line to the front of the buffer.
    private func compact() {
        guard start > 0 else { return }
        let pending = end - start
        if pending > 0 { memmove(buffer, buffer + start, pending) }
        scanFrom = max(0, scanFrom - start)
        end = pending
        start = 0
    }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        guard let bytes = malloc(count) else { fatalError("out of memory for a \(count)-byte read buffer") }
        return bytes.assumingMemoryBound(to: UInt8.self)
    }

    /// Sets the buffer's size (realloc; the bytes up to `end` are kept); false when there is no memory.
    @discardableResult
    private func resize(to count: Int) -> Bool {
        guard let moved = realloc(buffer, count) else { return false }
        buffer = moved.assumingMemoryBound(to: UInt8.self)
        capacity = count
        return true
    }

    /// After a skipped line the buffer goes back to its first size, keeping what follows the line.
    private func shrink() {
        compact()
        if capacity > chunkSize, end <= chunkSize { resize(to: chunkSize) }
    }

    private func fill() throws {
        compact()
        if end == capacity {
            // Grow, but never past the limit and one byte: a longer line is skipped, not held.
            let grown = min(capacity * 2, maxLineLength + 1)
            guard resize(to: grown) else {
                throw ToolError(
                    .fatal, code: "out_of_memory",
                    "cannot read '\(name)': no memory for a line of \(ByteCount.text(grown)) (a smaller --max-line bounds it)")
            }
        }
        if let beforeBlockingRead, !descriptorReady { try beforeBlockingRead() }
        while true {
            let n = read(fd, buffer + end, capacity - end)
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
