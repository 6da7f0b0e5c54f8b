import Digest
import Glibc
import PPShared

/// Writes a download into its staging file and hashes it, off the transfer's thread. The bytes libcurl
/// hands over are copied into a ring of four 1 MB buffers; one thread feeds each full buffer to SHA-256,
/// another then writes it with O_DIRECT, straight to the disk without a copy into the page cache. What is
/// hashed is exactly what is written, and the fsync before activation finds no dirty data left.
///
/// Measured (bench/assets/README.md): the page-cache write path and its writeback were a third of the CPU
/// an update used, more than curl's whole transfer; hashing and a direct write one after the other on one
/// thread capped a download near 500 MB/s. Where O_DIRECT is refused (tmpfs) the same buffers go through
/// ordinary writes; unaligned heads and tails (a resumed file, the last bytes) always do, through a second
/// descriptor. Ownership: the descriptors, buffers and threads are this object's; `finish` stops the
/// threads and closes the rest, and must be called once on every path.
final class StagingWriter: @unchecked Sendable {
    static let bufferSize = 1 << 20
    static let block = 4096
    static let slots = 4

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

    /// One buffer of the ring: its data starts at `start`, which is the file offset modulo the block size,
    /// so that block-aligned file offsets fall on block-aligned memory.
    private struct Slot {
        let memory: UnsafeMutableRawPointer
        var offset = 0
        var start = 0
        var count = 0
        var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: memory + start, count: count) }
    }

    /// The ring's memory, kept by the Downloader for all its files: fresh buffers for each file cost 4,000
    /// page faults per 100 MB (about 10 ms). Used by one StagingWriter at a time.
    final class Buffers: @unchecked Sendable {
        let memory: [UnsafeMutableRawPointer]
        init() {
            memory = (0..<StagingWriter.slots).map { _ in
                UnsafeMutableRawPointer.allocate(
                    byteCount: StagingWriter.bufferSize + StagingWriter.block, alignment: StagingWriter.block)
            }
        }
        deinit { for buffer in memory { buffer.deallocate() } }
    }

    private let buffers: Buffers
    private let path: String
    private let plainFD: Int32
    private var directFD: Int32
    private let state = ConditionLock()
    /// A fixed block, not an array: the threads read slots while this one fills another, and an array's
    /// copy-on-write check would race with their reads.
    private let slots = UnsafeMutablePointer<Slot>.allocate(capacity: StagingWriter.slots)
    /// Buffers handed over, hashed and written so far; buffer n lives in slot n % slots.
    private var filled = 0
    private var hashed = 0
    private var written = 0
    /// Whether the buffer `filled` is being filled (it holds accepted bytes not yet handed over).
    private var filling = false
    private var stopping = false
    private var running = 0
    private var inline = false
    private var hasher = SHA256()
    /// errno of the first failed write; nothing more is written after it.
    private var failure: Int32 = 0
    /// The file offset after the last byte accepted.
    private(set) var end: Int
    /// The file written (what the hash is of, and what may be installed).
    let identity: FileIdentity

    /// Opens (or creates) `name` in `folder` as a regular file of its own (a link there is replaced, never
    /// followed) and hashes the bytes already in it (a resumed download); a file longer than `limit` is not
    /// this download and is emptied.
    init(folder: DataFolder, name: String, limit: Int, buffers: Buffers = Buffers()) throws(ToolError) {
        path = folder.path + "/" + name
        self.buffers = buffers
        plainFD = try folder.writableFile(name, code: "staging")
        var info = stat()
        fstat(plainFD, &info)
        identity = FileIdentity(info)
        var existing = Int(info.st_size)
        if existing > limit {
            ftruncate(plainFD, 0)
            existing = 0
        }
        // The direct descriptor must be the same file: the name is opened again (a fifo swapped in cannot
        // block the open), and checked.
        directFD = Self.directFlag.map { folder.open(name, O_WRONLY | O_NONBLOCK | $0) } ?? -1
        if directFD >= 0, fstat(directFD, &info) != 0 || FileIdentity(info) != identity {
            Glibc.close(directFD)
            directFD = -1
        }
        end = existing
        for index in 0..<Self.slots { (slots + index).initialize(to: Slot(memory: buffers.memory[index])) }
        if existing > 0 {
            do throws(ToolError) { try hashExisting(existing) } catch {
                close()
                throw error
            }
        }
        running = 2  // before the threads start: they count themselves out
        let hashing = startThread(stackSize: 256 << 10, runHereIfNoThread: false) { [self] in stage(hashing: true) }
        let writing = startThread(stackSize: 256 << 10, runHereIfNoThread: false) { [self] in stage(hashing: false) }
        if !hashing || !writing {  // no threads to be had: hash and write on this thread
            state.lock()
            running -= (hashing ? 0 : 1) + (writing ? 0 : 1)
            inline = true
            stopping = true
            state.unlock()
            state.broadcast()
        }
    }

    /// Takes bytes that follow the ones before; false once a write has failed (`error()` says why).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var from = 0
        while from < bytes.count {
            if !filling {
                state.lock()
                while filled - written == Self.slots && failure == 0 { state.wait() }
                let failed = failure != 0
                state.unlock()
                if failed { return false }
                let index = filled % Self.slots
                slots[index].offset = end
                slots[index].start = end % Self.block
                slots[index].count = 0
                filling = true
            }
            let index = filled % Self.slots
            let slot = slots[index]
            let room = Self.bufferSize + Self.block - slot.start - slot.count
            let n = min(room, bytes.count - from)
            (slot.memory + slot.start + slot.count).copyMemory(from: bytes.baseAddress! + from, byteCount: n)
            slots[index].count += n
            from += n
            end += n
            if n == room { handOver() }
        }
        return error() == 0
    }

    /// errno of the first failed write, else 0.
    func error() -> Int32 {
        state.lock()
        defer { state.unlock() }
        return failure
    }

    /// Writes out everything accepted so far and waits for it; errno of a failed write, else 0.
    func drain() -> Int32 {
        handOver()
        state.lock()
        while written < filled { state.wait() }
        state.unlock()
        return error()
    }

    /// Empties the file and the hash, to download it again from the first byte.
    func restart() {
        _ = drain()
        ftruncate(plainFD, 0)
        state.lock()
        hasher = SHA256()
        failure = 0
        end = 0
        state.unlock()
    }

    /// Writes out what is left, stops the threads and closes the file; the SHA-256 of all bytes written,
    /// nil when a write failed.
    func finish() -> String? {
        let failed = drain()
        state.lock()
        stopping = true
        state.unlock()
        state.broadcast()
        state.lock()
        while running > 0 { state.wait() }
        state.unlock()
        close()
        return failed == 0 ? hasher.hex() : nil
    }

    private func close() {
        Glibc.close(plainFD)
        if directFD >= 0 { Glibc.close(directFD) }
        slots.deinitialize(count: Self.slots)
        slots.deallocate()
    }

    /// Passes the buffer being filled to the hashing thread (an empty one is kept for the next bytes).
    private func handOver() {
        guard filling, slots[filled % Self.slots].count > 0 else { return }
        filling = false
        state.lock()
        filled += 1
        state.unlock()
        state.broadcast()
        if inline {
            hash(filled - 1)
            write(filled - 1)
        }
    }

    /// A thread's loop: hash (or write) each buffer in turn as soon as the stage before is done with it.
    private func stage(hashing: Bool) {
        state.lock()
        while true {
            while (hashing ? hashed == filled : written == hashed) && !stopping { state.wait() }
            guard hashing ? hashed < filled : written < hashed else { break }
            let n = hashing ? hashed : written
            state.unlock()
            if hashing { hash(n) } else { write(n) }
            state.lock()
        }
        running -= 1
        state.unlock()
        state.broadcast()
    }

    private func hash(_ n: Int) {
        hasher.update(slots[n % Self.slots].bytes)
        state.lock()
        hashed = n + 1
        state.unlock()
        state.broadcast()
    }

    private func write(_ n: Int) {
        let slot = slots[n % Self.slots]
        state.lock()
        let failed = failure != 0
        state.unlock()
        let code = failed ? 0 : write(slot.bytes, at: slot.offset)
        state.lock()
        if code != 0 { failure = code }
        written = n + 1
        state.unlock()
        state.broadcast()
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
        let buffer = UnsafeMutableRawBufferPointer(start: slots[0].memory, count: Self.bufferSize)
        var at = 0
        while at < bytes {
            let n = pread(plainFD, buffer.baseAddress, min(bytes - at, buffer.count), off_t(at))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw ToolError(.fatal, code: "staging", "cannot read '\(path)'") }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            at += n
        }
    }
}
