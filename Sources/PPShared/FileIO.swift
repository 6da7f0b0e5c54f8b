#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole file (or its first `limit` bytes) with open/read, no Foundation; nil when it cannot be read.
/// A name given on the command line that is not UTF-8 opens by its bytes (`RawNames`).
public func readFile(_ path: String, limit: Int = .max) -> [UInt8]? {
    let fd = RawNames.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        if n < 0 { return nil }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<min(n, limit - bytes.count)])
        if bytes.count >= limit { return bytes }
    }
}

/// Why an input file cannot be read, in the OS's words; the one rule every tool follows for the files
/// it is given (DESIGN.md: a missing input is an error record, and the run ends with status 3).
public enum InputFileProblem {
    /// The error for `path` (shown as `name`), or nil when it is there and can be read: a missing file
    /// gets `missingCode`, anything else (a symlink loop, permission denied, …) `unreadableCode`; the
    /// message says what the OS said ("too many levels of symbolic links", "permission denied"). A name
    /// given on the command line that is not UTF-8 is checked by its bytes (`RawNames`).
    public static func check(
        _ path: String, name: String? = nil, missingCode: String = "not_found", unreadableCode: String = "cannot_read"
    ) -> ToolError? {
        var st = stat()
        if RawNames.withCPath(path, { stat($0, &st) }) == 0 {
            if (st.st_mode & S_IFMT) == S_IFDIR { return nil }  // folders are the caller's to judge
            let fd = RawNames.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
            if fd >= 0 {
                close(fd)
                return nil
            }
        }
        return error(errno, path: name ?? path, missingCode: missingCode, unreadableCode: unreadableCode)
    }

    /// The record error for a failed open or stat of `path` with `code` (an errno value).
    public static func error(
        _ code: Int32, path: String, missingCode: String = "not_found", unreadableCode: String = "cannot_read"
    ) -> ToolError {
        let missing = code == ENOENT || code == ENOTDIR
        return ToolError(
            .record, code: missing ? missingCode : unreadableCode, "cannot open '\(path)': \(systemErrorText(code))")
    }
}

/// The folder part of a path ("." for a bare name).
public func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The last component of a path.
public func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
