#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole file (or its first `limit` bytes) with open/read, no Foundation; nil when it cannot be read.
/// A name given on the command line that is not UTF-8 opens by its bytes (`RawNames`).
public func readFile(_ path: String, limit: Int = .max) -> [UInt8]? {
    guard PathCheck.problem(path) == nil else { return nil }
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
/// it is given (docs/design.md: a missing input is an error record, and the run ends with status 3).
public enum InputFileProblem {
    /// The error for `path` (shown as `name`), or nil when it is there and can be read: a missing file
    /// gets `missingCode`, anything else (a symlink loop, permission denied, …) `unreadableCode`; the
    /// message says what the OS said ("too many levels of symbolic links", "permission denied"). A name
    /// given on the command line that is not UTF-8 is checked by its bytes (`RawNames`).
    public static func check(
        _ path: String, name: String? = nil, missingCode: String = "not_found", unreadableCode: String = "cannot_read"
    ) -> ToolError? {
        if let problem = PathCheck.problem(path, name: name) { return problem }
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

    /// The record error for a folder that cannot be read (opendir failed with `code`).
    public static func folderError(_ code: Int32, path: String) -> ToolError {
        let tooLong = code == ENAMETOOLONG
        return ToolError(
            .record, code: tooLong ? "name_too_long" : "cannot_read",
            "cannot read the folder '\(path)': \(tooLong ? nameTooLong : systemErrorText(code))")
    }

    /// The record error for a failed open or stat of `path` with `code` (an errno value).
    public static func error(
        _ code: Int32, path: String, missingCode: String = "not_found", unreadableCode: String = "cannot_read"
    ) -> ToolError {
        if code == ENAMETOOLONG { return ToolError(.record, code: "name_too_long", "cannot open '\(path)': \(nameTooLong)") }
        let missing = code == ENOENT || code == ENOTDIR
        return ToolError(
            .record, code: missing ? missingCode : unreadableCode, "cannot open '\(path)': \(systemErrorText(code))")
    }

    /// ENAMETOOLONG in the OS's words, with the limits it means (Linux: PATH_MAX, NAME_MAX).
    static let nameTooLong = "\(systemErrorText(ENAMETOOLONG)) (a path holds at most \(PATH_MAX - 1) bytes, a name \(NAME_MAX))"
}

/// A file opened to be read whole (pp-ingest's inputs): only a regular file. It is opened with O_NONBLOCK, so
/// that a FIFO cannot hold the open, and judged by fstat on the opened descriptor, not by a stat before the
/// open that a swap could outrun. A FIFO, a device or a socket, also behind a symbolic link, is refused
/// with `not_a_regular_file`: read whole, /dev/zero never ends and a FIFO waits for a writer for ever.
public final class RegularFile {
    /// The open descriptor (blocking again, as a regular file's reads are anyway); closed in deinit.
    public let descriptor: Int32
    public let size: Int

    /// Opens `path` (shown as `name`); the error names the file and what it is instead.
    public static func open(_ path: String, name: String? = nil) -> Result<RegularFile, ToolError> {
        let shown = name ?? path
        if let problem = PathCheck.problem(path, name: shown) { return .failure(problem) }
        var st = stat()
        let fd = RawNames.withCPath(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else {
            let reason = errno
            // A socket cannot be opened at all (ENXIO): say what it is rather than the OS's riddle.
            if reason == ENXIO, RawNames.withCPath(path, { stat($0, &st) }) == 0 { return .failure(refusal(st, shown)) }
            return .failure(InputFileProblem.error(reason, path: shown))
        }
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            let reason = errno
            close(fd)
            return .failure(st.st_mode == 0 ? InputFileProblem.error(reason, path: shown) : refusal(st, shown))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(RegularFile(descriptor: fd, size: Int(st.st_size)))
    }

    private init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    private static func refusal(_ st: stat, _ shown: String) -> ToolError {
        ToolError(
            .record, code: "not_a_regular_file",
            "'\(shown)' is \(describe(st.st_mode & S_IFMT)), not a regular file: only regular files are read (save a stream to a file first)"
        )
    }

    /// What a file type is, in words.
    static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "a special file"
        }
    }
}

/// Paths from outside (a record's field, a line of stdin) before the OS sees them. A C string ends at its
/// first NUL byte, so "a.pdf\0.txt" would open (or write) "a.pdf": such a path is refused, never cut.
/// Too long a path or name is the OS's to say (ENAMETOOLONG, "file name too long"), as every open reports.
public enum PathCheck {
    /// The error for a path no file can have (it holds a NUL byte), or nil. `name` is how messages show it.
    public static func problem(_ path: String, name: String? = nil, writing: Bool = false) -> ToolError? {
        guard path.utf8.contains(0) else { return nil }
        let shown = (name ?? path).replacingNUL
        return ToolError(
            .record, code: "bad_path",
            "cannot \(writing ? "write" : "open") '\(shown)': the name holds a NUL byte, which no file name can")
    }
}

extension String {
    /// The text with each NUL shown as `\0`, for messages.
    var replacingNUL: String {
        String(decoding: utf8.flatMap { $0 == 0 ? Array("\\0".utf8) : [$0] }, as: UTF8.self)
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
