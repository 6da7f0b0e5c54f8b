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
