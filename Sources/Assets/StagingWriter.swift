import Glibc
import PPShared

/// Writes a download into its staging file and hashes it, off the transfer's thread: the bytes libcurl
/// hands over are copied into one of three 1 MB buffers; a second thread takes each full buffer, feeds it
/// to SHA-256 and writes it with O_DIRECT, straight to the disk without a copy into the page cache. What
/// is hashed is exactly what is written, and the fsync before activation finds no dirty data left.
///
/// Measured (bench/assets/README.md): the page-cache write path and its writeback were a third of the
/// CPU an update used, more than curl's whole transfer. Where O_DIRECT is not supported (tmpfs) the same
/// buffers go through ordinary writes. Unaligned heads and tails (a resumed file, the last bytes) are
/// written through a second, ordinary descriptor. Ownership: both descriptors and the buffers are this
/// object's; `finish` stops the thread and closes them and must be called once on every path.
final class StagingWriter: @unchecked Sendable {
    static let bufferSize = 1 << 20
    static let block = 4096

    /// O_DIRECT, which Glibc's Swift module leaves out (it needs _GNU_SOURCE); its value depends on the
    /// architecture (asm-generic/fcntl.h, arch/arm64). Elsewhere files are written the ordinary way.
    static var directFlag: Int32? {
        #if arch(x86_64) || arch(i386) || arch(riscv64)
            return 0o40000
        #elseif arch(arm64) || arch(arm)
            return 0o200000
        #else
            return nil
        #endif
    }

    private let path: String
    private let plainFD: Int32
    private var directFD: Int32
    private let state = ConditionLock()
    private var buffers: [UnsafeMutableRawPointer] = []
    private var free: [Int] = []
    /// Full buffers in file order: (buffer, file offset of its first byte, its first byte's index, count).
    private var queue: [(buffer: Int, offset: Int, start: Int, count: Int)] = []
    private var current: (buffer: Int, offset: Int, start: Int, count: Int)?
    private var busy = false
    private var stopping = false
    private var stopped = false
    private var threadRuns = false
    private var hasher = SHA256Stream()
    /// errno of the first failed write; nothing more is written after it.
    private(set) var error: Int32 = 0
    /// The file offset after the last byte accepted.
    private(set) var end: Int

    /// Opens (or creates) `path` and hashes the first `existing` bytes already in it (a resumed download).
    init(path: String, existing: Int) throws(ToolError) {
        self.path = path
        plainFD = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard plainFD >= 0 else {
            throw ToolError(.fatal, code: "staging", "cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        directFD = Self.directFlag.map { open(path, O_WRONLY | O_CLOEXEC | $0) } ?? -1
        end = existing
        for index in 0..<3 {
            buffers.append(UnsafeMutableRawPointer.allocate(byteCount: Self.bufferSize + Self.block, alignment: Self.block))
            free.append(index)
        }
        if existing > 0 {
            do throws(ToolError) { try hashExisting(existing) } catch {
                close()
                throw error
            }
        }
        threadRuns = true  // before the thread starts: it reads this
        if !startThread(stackSize: 256 << 10, runHereIfNoThread: false, { [self] in work() }) { threadRuns = false }
    }

    /// Takes bytes that follow the ones before; false once a write has failed (`error` says why).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var from = 0
        while from < bytes.count {
            if current == nil {
                state.lock()
                while free.isEmpty && error == 0 { state.wait() }
                let failed = error != 0
                let index = failed ? 0 : free.removeLast()
                state.unlock()
                if failed { return false }
                // Place the data so that its memory and file offsets agree modulo the block size.
                current = (index, end, end % Self.block, 0)
            }
            guard var piece = current else { return false }
            let room = Self.bufferSize + Self.block - piece.start - piece.count
            let n = min(room, bytes.count - from)
            (buffers[piece.buffer] + piece.start + piece.count).copyMemory(from: bytes.baseAddress! + from, byteCount: n)
            piece.count += n
            from += n
            end += n
            current = piece
            if n == room { submit() }
        }
        state.lock()
        defer { state.unlock() }
        return error == 0
    }

    /// Writes out everything accepted so far and waits for it; errno of a failed write, else 0.
    func drain() -> Int32 {
        submit()
        state.lock()
        while busy || !queue.isEmpty { state.wait() }
        let result = error
        state.unlock()
        return result
    }

    /// Empties the file and the hash, to download it again from the first byte.
    func restart() {
        _ = drain()
        ftruncate(plainFD, 0)
        state.lock()
        hasher = SHA256Stream()
        error = 0
        end = 0
        state.unlock()
    }

    /// Writes out what is left, stops the thread and closes the file; the SHA-256 of all bytes written,
    /// nil when a write failed.
    func finish() -> String? {
        let failed = drain()
        state.lock()
        stopping = true
        state.broadcast()
        while threadRuns && !stopped { state.wait() }
        state.unlock()
        close()
        return failed == 0 ? hasher.hex() : nil
    }

    private func close() {
        Glibc.close(plainFD)
        if directFD >= 0 { Glibc.close(directFD) }
        for buffer in buffers { buffer.deallocate() }
        buffers = []
    }

    private func submit() {
        guard let piece = current else { return }
        current = nil
        state.lock()
        if piece.count > 0 { queue.append(piece) } else { free.append(piece.buffer) }
        state.broadcast()
        state.unlock()
        if !threadRuns { work() }
    }

    /// The second thread: hashes and writes full buffers in order until `finish`. Without a thread,
    /// `drain` runs it here until the queue is empty.
    private func work() {
        state.lock()
        while true {
            while queue.isEmpty && !stopping && threadRuns { state.wait() }
            guard !queue.isEmpty else { break }
            let piece = queue.removeFirst()
            busy = true
            let failed = error != 0
            state.unlock()
            if !failed {
                let bytes = UnsafeRawBufferPointer(start: buffers[piece.buffer] + piece.start, count: piece.count)
                hasher.update(bytes)
                let code = write(bytes, at: piece.offset)
                if code != 0 {
                    state.lock()
                    error = code
                    state.unlock()
                }
            }
            state.lock()
            busy = false
            free.append(piece.buffer)
            state.broadcast()
        }
        if threadRuns { stopped = true }
        state.broadcast()
        state.unlock()
    }

    /// Writes `bytes` at file offset `offset`: the block-aligned middle through O_DIRECT, the rest (and
    /// everything when O_DIRECT is refused) through the ordinary descriptor. errno on failure, else 0.
    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int32 {
        var done = 0
        while done < bytes.count {
            let at = offset + done
            let left = bytes.count - done
            let head = (Self.block - at % Self.block) % Self.block
            let direct = directFD >= 0 && head == 0 && left >= Self.block
            let length = direct ? left / Self.block * Self.block : min(left, head == 0 ? left : head)
            let n = pwrite(direct ? directFD : plainFD, bytes.baseAddress! + done, length, off_t(at))
            if n < 0 {
                if errno == EINTR { continue }
                if direct && errno == EINVAL {  // this file system takes no direct writes after all
                    Glibc.close(directFD)
                    directFD = -1
                    continue
                }
                return errno
            }
            guard n > 0 else { return EIO }
            done += n
        }
        return 0
    }

    /// Feeds the first `bytes` bytes already in the file to the hash.
    private func hashExisting(_ bytes: Int) throws(ToolError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ToolError(.fatal, code: "staging", "cannot read '\(path)'") }
        defer { Glibc.close(fd) }
        let buffer = UnsafeMutableRawBufferPointer(start: buffers[0], count: Self.bufferSize)
        var left = bytes
        while left > 0 {
            let n = read(fd, buffer.baseAddress, min(left, buffer.count))
            guard n > 0 else { throw ToolError(.fatal, code: "staging", "cannot read '\(path)'") }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            left -= n
        }
    }
}
