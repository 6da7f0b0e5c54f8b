import PPShared
import PixImage

#if canImport(Glibc)
    import Glibc
#endif

/// A page picture a record names, opened once and checked before anything reads it further: a regular file
/// (symbolic links followed: a link to a device or a pipe is refused, as the device itself is) whose bytes
/// are an image, by its magic bytes and a decoded header (`ImageHeader`, leptonica's header readers). The
/// name promises nothing: a text file called `.png` is no picture, and a JPEG called `.png` is a JPEG. Every
/// later read — the copy, the decode — goes through the file opened here (`/proc/self/fd/N`), so the file
/// checked is the file used.
final class PictureFile {
    private let fd: Int32
    let path: String
    let header: ImageHeader

    init(path: String) throws(ToolError) {
        self.path = path
        fd = try Self.openRegular(path)
        guard let header = ImageHeader.read(path: "/proc/self/fd/\(fd)") else {
            close(fd)
            throw ToolError(
                .record, code: "picture_unreadable",
                "its picture '\(path)' is not an image (no PNG, JPEG, TIFF or other header leptonica reads); not shown")
        }
        self.header = header
    }

    deinit { close(fd) }

    /// The name under which leptonica, cairo or poppler read the file checked.
    var openPath: String { "/proc/self/fd/\(fd)" }

    /// The extension a browser shows the file by as it is (PNG, JPEG), from its bytes; nil for the rest.
    var browserFormat: String? { header.isPNG ? "png" : header.isJPEG ? "jpg" : nil }

    /// Copies the file's bytes to `destination`, whole or not at all, a piece at a time.
    func copy(to destination: String) throws(ToolError) {
        let file = try AtomicFile(destination: destination)
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var offset: off_t = 0
        while true {
            let n = pread(fd, buffer, size, offset)
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else {
                throw ToolError(
                    .record, code: "picture_unreadable", "cannot read its picture '\(path)': \(systemErrorText(errno))")
            }
            if n == 0 { break }
            try file.write(UnsafeRawBufferPointer(start: buffer, count: n))
            offset += off_t(n)
        }
        try file.commit()
    }

    /// Opens `path` for reading when it is a regular file. O_NONBLOCK: opening a pipe must not wait for a
    /// writer before it is found out. The caller owns the descriptor.
    static func openRegular(_ path: String) throws(ToolError) -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ToolError(.record, code: "picture_missing", "cannot open its picture '\(path)': \(systemErrorText(errno))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            let kind = Self.kind(st.st_mode & S_IFMT)
            close(fd)
            throw ToolError(
                .record, code: "picture_unreadable", "its picture '\(path)' is not a regular file but \(kind); not read")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    private static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a pipe"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "a special file"
        }
    }
}
