import Digest
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

/// "sha256:<hex>" of a file's bytes (Digest's SHA-256, the one pp-ingest names documents by).
func sha256Digest(ofFile path: String) throws(ToolError) -> String {
    switch SHA256.file(path) {
    case .success(let found): return "sha256:" + found.hex
    case .failure(let fault):
        throw ToolError(.record, code: "write_failed", "cannot read back '\(path)': \(systemErrorText(fault.errno))")
    }
}
