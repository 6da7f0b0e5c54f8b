#if canImport(Glibc)
    import Glibc
#endif

/// Copies a pipe into a file on its own thread until the pipe ends (`AtomicFile.write(throughPath:)`); after a
/// failed write it keeps reading (and drops the bytes), so the writer on the other end never blocks.
final class PipeCopy: @unchecked Sendable {
    let source: Int32
    let target: Int32
    /// Called with each piece written; runs on the copying thread while the caller waits in `wait`.
    let observe: ((UnsafeRawBufferPointer) -> Void)?
    private let done = ConditionLock()
    private var finished = false
    private var failure: Int32?

    /// Bytes read at most at once: the buffer is resident memory, and larger reads were no faster.
    static let readSize = 32 << 10
    /// A read that empties the pipe (brings less than it asked) finds the copy ahead of the writer, whose stdio
    /// hands the pipe 4 KiB at a time: the copy then waits this many microseconds for the pipe to fill instead of
    /// waking for every piece (a 500-page book's 5.4 MB took some 1300 context switches, 100 with the wait).
    static let fillPause: useconds_t = 500
    /// The file's bytes are handed to the disk every `writebackStep` bytes (sync_file_range), so the commit's
    /// fsync finds little left to write: on the book it waited 6 ms, 1 ms with this.
    static let writebackStep = 1 << 20

    init(from source: Int32, to target: Int32, observe: ((UnsafeRawBufferPointer) -> Void)?) {
        self.source = source
        self.target = target
        self.observe = observe
    }

    /// Whether the copying thread runs (it cannot run here: the pipe would never end).
    func start() -> Bool {
        startThread(stackSize: 256 << 10, runHereIfNoThread: false) { self.run() }
    }

    private func run() {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.readSize, alignment: 16)
        defer { buffer.deallocate() }
        var error: Int32?
        var written = 0
        var handedToDisk = 0
        while true {
            let n = read(source, buffer, Self.readSize)
            if n < 0, errno == EINTR { continue }
            if n < 0 {
                error = error ?? errno
                break
            }
            if n == 0 { break }
            guard error == nil else { continue }
            let piece = UnsafeRawBufferPointer(start: buffer, count: n)
            error = writeAll(target, piece)
            if error == nil { observe?(piece) }
            written += n
            if written - handedToDisk >= Self.writebackStep {
                startWriteback(target, from: handedToDisk, count: written - handedToDisk)
                handedToDisk = written
            }
            if n < Self.readSize { usleep(Self.fillPause) }
        }
        done.lock()
        failure = error
        finished = true
        done.broadcast()
        done.unlock()
    }

    /// Waits for the end of the pipe; the errno of the first failure, or nil.
    func wait() -> Int32? {
        done.lock()
        defer { done.unlock() }
        while !finished { done.wait() }
        return failure
    }
}

/// sync_file_range(fd, offset, count, SYNC_FILE_RANGE_WRITE): starts writing a range of the file to the disk
/// without waiting. Glibc declares it only for _GNU_SOURCE, which Swift's Glibc module leaves out, hence dlsym;
/// where it is missing, nothing happens (fsync writes everything, as before).
private func startWriteback(_ fd: Int32, from offset: Int, count: Int) {
    typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    let syncWrite: UInt32 = 2  // SYNC_FILE_RANGE_WRITE
    guard let function = syncFileRange else { return }
    _ = unsafeBitCast(function, to: SyncFileRange.self)(fd, Int64(offset), Int64(count), syncWrite)
}

private nonisolated(unsafe) let syncFileRange: UnsafeMutableRawPointer? = dlsym(dlopen(nil, RTLD_NOW), "sync_file_range")
