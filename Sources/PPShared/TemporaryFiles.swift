#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files of this process (AtomicFile's), for two kinds of cleanup:
/// - SIGINT, SIGTERM and SIGHUP remove them, then end the process as the signal would have
///   (its parent sees the same status: 130, 143, 129);
/// - a later run removes those of a process that is gone (SIGKILL, a crash, a power cut): their
///   names carry the writer's pid, and a live writer holds a lock on its file.
///
/// The table is read by a signal handler, so it is plain memory (no Swift arrays, no locks there):
/// a slot's path is written while the slot is free and only then marked in use.
public enum TemporaryFiles {
    /// The suffix of every temporary name: `.<name>.<pid>.<random>.pp-tmp` beside the file it becomes.
    public static let suffix = ".pp-tmp"
    static let slotCount = 256
    private static let pathCapacity = Int(PATH_MAX)
    nonisolated(unsafe) private static let inUse: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        p.initialize(repeating: 0, count: slotCount)
        return p
    }()
    /// 1 MB of address space, of which only the pages of slots used become memory (never cleared).
    nonisolated(unsafe) private static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * pathCapacity)
    private static let lock = ConditionLock()
    nonisolated(unsafe) private static var handlersInstalled = false
    nonisolated(unsafe) private static var sweptFolders: Set<String> = []

    /// The temporary name for `base` in `folder` (the base cut so the name stays within NAME_MAX).
    static func name(for base: String, in folder: String) -> String {
        var short = ""
        for scalar in base.unicodeScalars {
            if short.utf8.count + String(scalar).utf8.count > 200 { break }
            short.unicodeScalars.append(scalar)
        }
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return "\(folder)/.\(short).\(getpid()).\(random)\(suffix)"
    }

    /// Remembers `path` until `forget`; returns its slot (nil when the table is full: the file is then
    /// left to the next run's sweep if a signal comes).
    static func remember(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < pathCapacity else { return nil }
        lock.lock()
        defer { lock.unlock() }
        installHandlers()
        for slot in 0..<slotCount where inUse[slot] == 0 {
            let target = paths + slot * pathCapacity
            for (i, b) in bytes.enumerated() { target[i] = CChar(bitPattern: b) }
            target[bytes.count] = 0
            inUse[slot] = 1
            return slot
        }
        return nil
    }

    static func forget(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        inUse[slot] = 0
        lock.unlock()
    }

    /// Unlinks every remembered file; async-signal-safe (unlink only).
    fileprivate static func removeAll() {
        for slot in 0..<slotCount where inUse[slot] != 0 {
            unlink(paths + slot * pathCapacity)
        }
    }

    /// Called by every tool at its start: installs the handler now, and lets those signals through where a
    /// parent blocked them by accident (children of a Swift concurrency or Dispatch thread inherit a mask
    /// that blocks SIGINT, SIGTERM and SIGHUP, so a kill would do nothing).
    public static func prepareForSignals() {
        lock.lock()
        let handled = installHandlers()
        lock.unlock()
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in handled { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Installs the handler for signals whose action is the default (returned); one that is ignored (a
    /// background job's SIGINT, nohup's SIGHUP) stays ignored. The lock is held.
    @discardableResult
    private static func installHandlers() -> [Int32] {
        guard !handlersInstalled else { return [] }
        handlersInstalled = true
        _ = (inUse, paths)  // made now: the handler must not be the first to touch them
        var handled: [Int32] = []
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var old = sigaction()
            guard sigaction(sig, nil, &old) == 0, old.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeTemporariesAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
            handled.append(sig)
        }
        return handled
    }

    /// Removes the temporaries in `folder` whose writer is gone, once per folder and process: the pid in
    /// the name does not run (kill(pid, 0) fails with ESRCH) and no one holds the file's lock.
    static func sweepOnce(folder: String) {
        lock.lock()
        let first = sweptFolders.insert(folder).inserted
        lock.unlock()
        guard first, let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            // Our names are UTF-8 (they are made from Strings); any other name is not ours.
            let text = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard let name = text, name.hasPrefix("."), name.hasSuffix(suffix), let pid = writerPID(name), !isRunning(pid)
            else { continue }
            let path = "\(folder)/\(name)"
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(fd)
        }
    }

    /// The pid of `.<name>.<pid>.<random>.pp-tmp`.
    static func writerPID(_ name: String) -> pid_t? {
        let parts = name.dropLast(suffix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, let pid = pid_t(parts[parts.count - 2]), pid > 0 else { return nil }
        return pid
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH
    }
}

/// The handler of SIGINT, SIGTERM and SIGHUP: remove the temporaries, then die of the same signal.
private func removeTemporariesAndDie(_ signal: Int32) {
    TemporaryFiles.removeAll()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = nil  // SIG_DFL
    sigaction(signal, &action, nil)
    raise(signal)
}
