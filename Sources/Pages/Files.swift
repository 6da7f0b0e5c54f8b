import CGnuTLS
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

/// The folder part of a path ("." for a bare name).
func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
}

func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}

/// "sha256:<hex>" of a file's bytes, through GnuTLS (gnutls_hash_*), which uses the CPU's SHA
/// instructions where present; the file is read in 128 KiB chunks, so memory stays flat.
func sha256Digest(ofFile path: String) throws(ToolError) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
        throw ToolError(.record, code: "write_failed", "cannot read back '\(path)': \(systemErrorText(errno))")
    }
    defer { close(fd) }
    var hash: gnutls_hash_hd_t?
    guard gnutls_hash_init(&hash, GNUTLS_DIG_SHA256) == 0, let hash else {
        throw ToolError(.fatal, code: "internal", "GnuTLS has no SHA-256")
    }
    var digest = [UInt8](repeating: 0, count: 32)
    defer { gnutls_hash_deinit(hash, nil) }
    let size = 1 << 17
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
    defer { buffer.deallocate() }
    while true {
        let n = read(fd, buffer, size)
        if n < 0, errno == EINTR { continue }
        if n < 0 {
            throw ToolError(.record, code: "write_failed", "cannot read back '\(path)': \(systemErrorText(errno))")
        }
        if n == 0 { break }
        _ = gnutls_hash(hash, buffer, n)
    }
    gnutls_hash_output(hash, &digest)
    return "sha256:" + hex(digest)
}

func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for b in bytes {
        out.append(digits[Int(b >> 4)])
        out.append(digits[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
}

/// The temporary file an edit is being written to, so a signal can remove it.
nonisolated(unsafe) private var pendingTemporary: UnsafeMutablePointer<CChar>?

private func removePendingAndExit(_ signal: Int32) {
    if let path = pendingTemporary { unlink(path) }
    _exit(128 + signal)
}

/// A temporary file beside the destination, renamed over it on success and removed otherwise
/// (also on SIGINT, SIGTERM, SIGHUP): an interrupted run never leaves a partial file.
final class AtomicDestination {
    let destination: String
    let temporary: String
    private var done = false

    init(destination: String) throws(ToolError) {
        self.destination = destination
        let dir = folder(of: destination)
        var template = Array("\(dir)/.\(baseName(of: destination)).pp-pages-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw ToolError(
                .record, code: "output_unwritable",
                "cannot write beside '\(destination)': \(systemErrorText(errno)) (does the folder '\(dir)' exist and is it writable?)"
            )
        }
        close(fd)
        temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        pendingTemporary = strdup(temporary)
        signal(SIGINT, removePendingAndExit)
        signal(SIGTERM, removePendingAndExit)
        signal(SIGHUP, removePendingAndExit)
    }

    /// Gives the finished file the mode of `modeOf` (or the usual 0666 minus umask), then renames it into place.
    func commit(modeOf original: String?) throws(ToolError) {
        var mode: mode_t
        var st = stat()
        if let original, stat(original, &st) == 0 {
            mode = st.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        chmod(temporary, mode)
        guard rename(temporary, destination) == 0 else {
            let err = errno
            discard()
            throw ToolError(
                .record, code: "output_unwritable", "cannot rename the result to '\(destination)': \(systemErrorText(err))")
        }
        done = true
        release()
    }

    func discard() {
        if !done { unlink(temporary) }
        done = true
        release()
    }

    private func release() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
        if let p = pendingTemporary { free(p) }
        pendingTemporary = nil
    }

    deinit { if !done { discard() } }
}
