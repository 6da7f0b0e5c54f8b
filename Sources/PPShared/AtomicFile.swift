#if canImport(Glibc)
    import Glibc
#endif

/// A file that appears whole under its name or not at all (docs/design.md: an interrupted run never leaves a
/// partial file). It is written to a temporary file beside the destination; every write, the fsync and
/// the close are checked, and only then is it renamed into place. A failure (a full disk, a file size
/// limit, a folder that went away) is a `write_failed` error and removes the temporary file; so do
/// SIGINT, SIGTERM and SIGHUP, and a later run removes the temporary of a process that was killed
/// (`TemporaryFiles`).
///
/// Not Sendable: one writer per file; different files may be written on different threads.
public final class AtomicFile {
    public let destination: String
    public let temporary: String
    private var fd: Int32
    private let slot: Int?
    private var finished = false

    /// Creates the temporary file beside `destination`, after removing stale temporaries there (once
    /// per folder and process).
    public init(destination: String) throws(ToolError) {
        if let problem = PathCheck.problem(destination, writing: true) { throw problem }  // never a cut name
        self.destination = destination
        let dir = folder(of: destination)
        TemporaryFiles.sweepOnce(folder: dir)
        temporary = TemporaryFiles.name(for: baseName(of: destination), in: dir)
        slot = TemporaryFiles.remember(temporary)
        // 0666 less the umask, as any new file; the lock tells a later sweep that a writer is alive.
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let reason = systemErrorText(errno)
            TemporaryFiles.forget(slot)
            throw ToolError(.record, code: "write_failed", "cannot write '\(destination)': \(reason)")
        }
        flock(fd, LOCK_EX | LOCK_NB)
    }

    deinit { discard() }

    /// Writes all of `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ToolError) {
        if let code = writeAll(fd, bytes) { throw failure(code) }
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(ToolError) {
        let code = bytes.withUnsafeBytes { writeAll(fd, $0) }
        if let code { throw failure(code) }
    }

    /// Lets a library that writes to a file name (qpdf, leptonica, poppler) write this file: `produce`
    /// gets the name of a pipe and returns whether the library succeeded; every byte that comes through
    /// is written here with checked writes, since such libraries may not check their last flush or
    /// close. `produce` must close what it opened before it returns. `observe` sees every piece of the file
    /// as it is written, in order, on the copying thread (a digest of the file without reading it again).
    public func write(
        throughPath produce: (String) -> Bool, observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws(ToolError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw failure(errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // F_SETPIPE_SZ (Linux, hidden behind _GNU_SOURCE): fewer wake-ups for large files; any size works.
        _ = fcntl(ends[0], 1031, Int32(1 << 20))
        let copy = PipeCopy(from: ends[0], to: fd, observe: observe)
        guard copy.start() else {
            close(ends[0])
            close(ends[1])
            throw failure(EAGAIN)
        }
        let produced = produce("/proc/self/fd/\(ends[1])")
        close(ends[1])
        let code = copy.wait()
        close(ends[0])
        if let code { throw failure(code) }
        guard produced else {
            throw ToolError(.record, code: "write_failed", "cannot write '\(destination)': nothing was written under that name")
        }
    }

    /// Flushes the file to the disk, closes it and renames it into place; `mode` (default: as created)
    /// is set first. Throws, and removes the temporary file, when any step fails.
    public func commit(mode: mode_t? = nil) throws(ToolError) {
        precondition(!finished, "AtomicFile committed twice")
        if let mode, fchmod(fd, mode) != 0 { throw failure(errno) }
        try finish()
    }

    /// Renames into place a file that replaces `original`: it gets the original's owner, group and mode
    /// first (owner and group before the mode, since a change of owner clears set-user-ID bits). Only root
    /// may give a file another owner: for anyone else what could not be kept is returned, in words.
    public func commit(replacing original: FileAttributes) throws(ToolError) -> String? {
        precondition(!finished, "AtomicFile committed twice")
        var lost: String?
        var now = stat()
        if fchown(fd, original.owner, original.group) != 0 {
            _ = fchown(fd, uid_t.max, original.group)  // a user may still give it a group they belong to
            fstat(fd, &now)
            let changed = [
                now.st_uid == original.owner ? nil : ("user", original.owner, now.st_uid),
                now.st_gid == original.group ? nil : ("group", original.group, now.st_gid),
            ].compactMap { $0 }
            if !changed.isEmpty {
                lost =
                    "'\(destination)' no longer belongs to " + changed.map { "\($0.0) \($0.1)" }.joined(separator: " and ")
                    + " but to " + changed.map { "\($0.0) \($0.2)" }.joined(separator: " and ")
                    + ", who edited it: only root can keep another user's file"
            }
        }
        if fchmod(fd, original.mode) != 0 { throw failure(errno) }
        try finish()
        return lost
    }

    private func finish() throws(ToolError) {
        // fsync reports what a full disk held back (delayed allocation); close what a network file system did.
        if fsync(fd) != 0, errno != EINVAL { throw failure(errno) }
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw failure(errno) }
        if rename(temporary, destination) != 0 { throw failure(errno) }
        finished = true
        TemporaryFiles.forget(slot)
        syncFolder(folder(of: destination))
    }

    /// Removes the temporary file (nothing happens after a commit).
    public func discard() {
        guard !finished else { return }
        finished = true
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporary)
        TemporaryFiles.forget(slot)
    }

    /// One whole file from `bytes`.
    public static func write(_ bytes: [UInt8], to destination: String, mode: mode_t? = nil) throws(ToolError) {
        let file = try AtomicFile(destination: destination)
        try file.write(bytes)
        try file.commit(mode: mode)
    }

    /// One whole file written by a library that takes a file name (`write(throughPath:)`).
    public static func write(to destination: String, through produce: (String) -> Bool) throws(ToolError) {
        let file = try AtomicFile(destination: destination)
        try file.write(throughPath: produce)
        try file.commit()
    }

    private func failure(_ code: Int32) -> ToolError {
        discard()
        return ToolError(
            .record, code: "write_failed",
            "cannot write '\(destination)': \(systemErrorText(code)); nothing was written under that name")
    }
}

/// An exclusive advisory lock (flock(2)) on a file that is about to be replaced by an edited copy, held
/// from before the file is read until the copy is renamed over it: a second editor of the same file waits,
/// then reads the first one's result, so no edit is lost. The lock sits on the file itself, so it leaves
/// nothing behind; since the first editor's rename puts a new file under the name, a lock won on a file
/// that is no longer under that name is let go and taken again on the one that is. Editors that take no
/// lock are not held back (it is advisory), and on NFS flock is only as good as the server's locks.
public final class ReplaceLock {
    private let fd: Int32
    /// Those of the file locked: its replacement gets them (`AtomicFile.commit(replacing:)`).
    public let attributes: FileAttributes

    /// Locks `path`, waiting up to `seconds` for another holder; `waiting` is called once when the wait
    /// has gone on for a moment, to say why nothing happens. A lock not won in time is a `file_busy` error.
    public init(path: String, seconds: Int, waiting: () -> Void) throws(ToolError) {
        let deadline = monotonicSeconds() + Double(max(0, seconds))
        var pause: useconds_t = 10_000
        var told = false
        while true {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw ToolError(.record, code: "file_missing", "cannot open '\(path)': \(systemErrorText(errno))")
            }
            var held = stat()
            var named = stat()
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                if fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                    self.fd = fd
                    attributes = FileAttributes(held)
                    return
                }
                close(fd)  // replaced while we waited: lock the file now under the name
                continue
            }
            let busy = errno == EWOULDBLOCK || errno == EINTR
            let reason = systemErrorText(errno)
            close(fd)
            guard busy else { throw ToolError(.record, code: "file_busy", "cannot lock '\(path)': \(reason)") }
            guard monotonicSeconds() < deadline else {
                throw ToolError(
                    .record, code: "file_busy",
                    "'\(path)' is being edited by another program that still holds its lock after \(seconds) s; nothing was written"
                )
            }
            if !told, pause >= 160_000 {
                waiting()
                told = true
            }
            usleep(pause)
            pause = min(pause * 2, 200_000)
        }
    }

    deinit { close(fd) }
}

/// Owner, group and permission bits of a file: what an edit in place gives the file that replaces it.
public struct FileAttributes: Sendable, Equatable {
    public var owner: uid_t
    public var group: gid_t
    /// Permission bits with set-user-ID, set-group-ID and sticky (07777).
    public var mode: mode_t

    public init(_ st: stat) {
        owner = st.st_uid
        group = st.st_gid
        mode = st.st_mode & 0o7777
    }
}

/// Writes all bytes to `fd`; the errno of the failure, or nil.
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n > 0 {
            offset += n
        } else if n < 0, errno == EINTR {
            continue
        } else {
            return n == 0 ? ENOSPC : errno
        }
    }
    return nil
}

/// The rename into place survives a power cut only once the folder is on disk too; a folder that cannot be
/// synced (some file systems refuse) leaves the file complete, so failures here are not reported.
private func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
}
