import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a file (or folder) exists at `path`.
public func fileExists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
}

func isRegularFile(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
}

/// Throws `file_missing` when `path` cannot be read (the OS's words: missing, a symlink loop, permission
/// denied; `InputFileProblem`) or is not a regular file.
func requireInputFile(_ path: String, role: String? = nil) throws(ToolError) {
    if let problem = InputFileProblem.check(path, missingCode: "file_missing", unreadableCode: "file_missing") {
        throw ToolError(.record, code: problem.code, role.map { "\($0): \(problem.message)" } ?? problem.message)
    }
    guard isRegularFile(path) else { throw ToolError(.record, code: "file_missing", "'\(path)' is not a regular file") }
}

/// The file a symbolic link points at (realpath), so an edit replaces the file, not the link.
func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    let target = String(cString: resolved)
    return target == path ? path : (isSymlink(path) ? target : path)
}

private func isSymlink(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
}

func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat()
    var sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
}

/// The lock of an edit in place (`ReplaceLock`, held until the result is renamed over the file); says on
/// stderr, once, that it waits for another edit.
func lockForEdit(_ target: String, job: EditJob) throws(ToolError) -> ReplaceLock {
    try ReplaceLock(path: target, seconds: job.lockWait) {
        Diagnostics(tool: pagesCommand.name).note(
            "waiting for another edit of '\(job.input)' to finish (up to \(job.lockWait) s, --lock-wait)")
    }
}
