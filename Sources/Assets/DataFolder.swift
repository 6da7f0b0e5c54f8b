import FoundationEssentials
import Glibc
import PPShared

/// The identity of a file (device and inode): what was verified is what gets installed.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// A folder of pp-assets' data folder, held by its descriptor. Everything below it is reached with the
/// *at() calls relative to that descriptor, one component at a time and with O_NOFOLLOW, so a symbolic
/// link planted in the data folder is never followed, and no name is looked up twice between a check
/// and its use. Names are plain components: no "/", no NUL byte (C would cut the name there), not "."
/// or "..".
///
/// Ownership: the descriptor is this object's, closed in deinit. Not Sendable: one thread at a time.
final class DataFolder {
    let fd: Int32
    /// The folder's path, for messages only.
    let path: String

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// The data folder itself, made with its parents when `create`. Links in the path the user gave are
    /// theirs and are followed; nothing below it is.
    static func root(_ path: String, create: Bool) throws(ToolError) -> DataFolder {
        if create {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                throw ToolError(.fatal, code: "data_dir", "cannot create '\(path)': \(error)")
            }
        }
        let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ToolError(.fatal, code: "data_dir", "cannot open '\(path)': \(systemErrorText(errno))")
        }
        return DataFolder(fd: fd, path: path)
    }

    /// The folder `name` below this one ("sets", "v7/profiles"), its folders made when `create`. A link or
    /// a file in its place is refused, and nothing is changed.
    func folder(_ name: String, create: Bool) throws(ToolError) -> DataFolder {
        let sub = open(name, O_RDONLY | O_DIRECTORY, createFolders: create)
        guard sub >= 0 else {
            let code = errno
            var info = stat()
            let link = fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
            let why =
                link
                ? "is a symbolic link: pp-assets follows no link inside its data folder (remove it to go on)"
                : "cannot be opened as a folder: \(systemErrorText(code))"
            throw ToolError(.fatal, code: "data_dir", "'\(path)/\(name)' \(why)")
        }
        return DataFolder(fd: sub, path: path + "/" + name)
    }

    /// Opens `name` below this folder with `flags`, every component without following a link (each but
    /// the last a folder, made when `createFolders`); the descriptor, or -1 with errno set.
    func open(_ name: String, _ flags: Int32, createFolders: Bool = false) -> Int32 {
        Self.open(name, flags, below: fd, createFolders: createFolders)
    }

    /// `open` below the folder open as `base` (for threads, which may not share a DataFolder).
    static func open(_ name: String, _ flags: Int32, below base: Int32, createFolders: Bool = false) -> Int32 {
        if name == "." { return openat(base, ".", flags | O_CLOEXEC) }
        let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard components.allSatisfy(isPlain) else {
            errno = EINVAL
            return -1
        }
        var current = base
        for (index, component) in components.enumerated() {
            let last = index == components.count - 1
            if createFolders && (!last || flags & O_DIRECTORY != 0) { mkdirat(current, component, 0o755) }
            let next = openat(current, component, (last ? flags : O_RDONLY | O_DIRECTORY) | O_NOFOLLOW | O_CLOEXEC, 0o644)
            let code = errno
            if current != base { close(current) }
            guard next >= 0 else {
                errno = code
                return -1
            }
            current = next
        }
        return current
    }

    /// A regular file of ours to write, `name` in this folder, made when missing. Whatever else is there
    /// (a link, a fifo, a folder) is removed first, never followed, so the bytes land in a file of our own.
    func writableFile(_ name: String, code: String) throws(ToolError) -> Int32 {
        for _ in 0..<3 {
            let file = open(name, O_RDWR | O_CREAT | O_NONBLOCK)
            if file >= 0 {
                var info = stat()
                if fstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG {
                    _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
                    return file
                }
                close(file)
            } else if ![ELOOP, EISDIR, ENXIO, EOPNOTSUPP].contains(errno) {
                break
            }
            remove(name)
        }
        throw ToolError(.fatal, code: code, "cannot write '\(path)/\(name)': \(systemErrorText(errno))")
    }

    /// A new file `name` (refused when anything has that name); the descriptor.
    func newFile(_ name: String) throws(ToolError) -> Int32 {
        let file = open(name, O_WRONLY | O_CREAT | O_EXCL)
        guard file >= 0 else {
            throw ToolError(.fatal, code: "install", "cannot write '\(path)/\(name)': \(systemErrorText(errno))")
        }
        return file
    }

    /// The status of `name` itself (a link is not followed), nil when it cannot be had.
    func status(_ name: String) -> stat? {
        guard Self.isPlain(name) else { return nil }
        var info = stat()
        return fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// The identity of `name` when it is a regular file (not a link).
    func fileIdentity(_ name: String) -> FileIdentity? {
        status(name).flatMap { $0.st_mode & S_IFMT == S_IFREG ? FileIdentity($0) : nil }
    }

    /// The target of the link `name`, nil when it is no link.
    func linkTarget(_ name: String) -> String? {
        guard Self.isPlain(name) else { return nil }
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlinkat(fd, name, &buffer, 4096)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The names in this folder, as their bytes (with the closing NUL): a planted name need not be UTF-8.
    func rawNames() -> [[CChar]] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var names: [[CChar]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.bindMemory(to: CChar.self).prefix { $0 != 0 }) + [0]
            }
            if name != [0x2E, 0] && name != [0x2E, 0x2E, 0] { names.append(name) }
        }
        return names
    }

    /// Removes `name`: a file or a link (never what it points to), or a folder and all in it.
    func remove(_ name: String) {
        guard Self.isPlain(name) else { return }
        name.withCString { remove(raw: $0) }
    }

    /// `remove` for a name as its bytes, from `rawNames`.
    func remove(raw name: UnsafePointer<CChar>) {
        if unlinkat(fd, name, 0) == 0 || errno == ENOENT { return }
        let sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard sub >= 0 else { return }
        let folder = DataFolder(fd: sub, path: path)
        for entry in folder.rawNames() { entry.withUnsafeBufferPointer { folder.remove(raw: $0.baseAddress!) } }
        unlinkat(fd, name, AT_REMOVEDIR)
    }

    /// Renames `name` to `newName` in `folder` (default: this one), replacing what is there; errno or 0.
    func rename(_ name: String, to newName: String, in folder: DataFolder? = nil) -> Int32 {
        guard Self.isPlain(name), Self.isPlain(newName) else { return EINVAL }
        return renameat(fd, name, (folder ?? self).fd, newName) == 0 ? 0 : errno
    }

    /// A second name for the file `name` (a link there is linked as a link, never followed); errno or 0.
    func hardLink(_ name: String, into folder: DataFolder, as newName: String) -> Int32 {
        guard Self.isPlain(name), Self.isPlain(newName) else { return EINVAL }
        return linkat(fd, name, folder.fd, newName, 0) == 0 ? 0 : errno
    }

    /// A symbolic link `name` to `target`; errno or 0.
    func makeLink(_ name: String, to target: String) -> Int32 {
        guard Self.isPlain(name), !target.utf8.contains(0) else { return EINVAL }
        return symlinkat(target, fd, name) == 0 ? 0 : errno
    }

    /// fsyncs the folder (its entries); some file systems cannot, and then they are as safe as they get.
    func sync() { fsync(fd) }

    /// A name of one component that C reads whole.
    static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(0) && !name.utf8.contains(0x2F)
    }
}
