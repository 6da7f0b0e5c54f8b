import FoundationEssentials
import Glibc
import PPShared

/// The folder pp-assets installs into (docs/assets.md "On disk"):
///
///     sets/v7/…            one folder per installed set: the assets, manifest.json(.minisig), installed.json
///     active -> sets/v7    the set the tools read; replaced by one rename of a new link
///     previous -> sets/v6  the set before, for `pp-assets rollback`
///     staging/<sha256>.part downloads in progress, kept for resuming
///     state.json           the newest manifest trusted (against rollback) and the signing key after rotations
///     lock                 held by the update running now, with its process id
public struct AssetStore: Sendable {
    public let root: String
    public init(root: String) { self.root = root }

    var sets: String { root + "/sets" }
    public var staging: String { root + "/staging" }

    /// The name in `staging` of an asset's download.
    static func partName(_ sha256: String) -> String { sha256 + ".part" }

    /// The manifest version `link` ("active" or "previous") points to, nil when absent.
    public func version(of link: String) -> Int? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + link),
            target.hasPrefix("sets/v")
        else { return nil }
        return Int(target.dropFirst("sets/v".count))
    }

    /// The folders an update writes in, each held open (DataFolder): nothing below `root` is reached through
    /// a link, and `sets` or `staging` being one is refused before anything is written or deleted.
    public final class Folders {
        let root: DataFolder
        let sets: DataFolder
        let staging: DataFolder
        init(root: DataFolder, sets: DataFolder, staging: DataFolder) {
            self.root = root
            self.sets = sets
            self.staging = staging
        }
    }

    /// Opens (and makes when missing) the data folder, `sets` and `staging`.
    public func openFolders() throws(ToolError) -> Folders {
        let top = try DataFolder.root(root, create: true)
        return Folders(root: top, sets: try top.folder("sets", create: true), staging: try top.folder("staging", create: true))
    }

    // MARK: - State

    public struct State: Sendable, Equatable {
        public var newestVersion: Int?
        public var newestSHA256: String?
        public var trustedKey: String?
        /// The configured key the rotations started from; another configured key starts over.
        public var rootKey: String?
        public var verified: String?
    }

    public func readState() -> State {
        guard let data = FileManager.default.contents(atPath: root + "/state.json"),
            let json = try? JSON.parse(Array(data))
        else { return State() }
        return State(
            newestVersion: json["newest_version"]?.intValue, newestSHA256: json["newest_sha256"]?.stringValue,
            trustedKey: json["trusted_key"]?.stringValue, rootKey: json["root_key"]?.stringValue,
            verified: json["verified"]?.stringValue)
    }

    public func writeState(_ state: State) throws(ToolError) {
        var json: JSON = [:]
        if let v = state.newestVersion { json["newest_version"] = .int(v) }
        if let v = state.newestSHA256 { json["newest_sha256"] = .string(v) }
        if let v = state.trustedKey { json["trusted_key"] = .string(v) }
        if let v = state.rootKey { json["root_key"] = .string(v) }
        if let v = state.verified { json["verified"] = .string(v) }
        try AtomicFile.write(Array((json.encoded() + "\n").utf8), to: root + "/state.json")
    }

    // MARK: - Lock

    /// Takes the update lock (flock on `lock`, which then holds our process id); the descriptor keeps it
    /// until the process ends. Refused while another update runs. A `lock` that is not a file of its own
    /// (a link) is replaced, never written through.
    public func lock(in folders: Folders? = nil) throws(ToolError) -> Int32 {
        let top: DataFolder
        if let folders { top = folders.root } else { top = try DataFolder.root(root, create: true) }
        for _ in 0..<3 {
            let fd = try top.writableFile("lock", code: "data_dir")
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                close(fd)
                let holder = lockHolder().map { " (process \($0))" } ?? ""
                throw ToolError(.fatal, code: "busy", "another update is running\(holder)")
            }
            // Locked, but maybe a file another run has just replaced: the lock is the one under the name.
            var info = stat()
            guard fstat(fd, &info) == 0, top.fileIdentity("lock") == FileIdentity(info) else {
                close(fd)
                continue
            }
            ftruncate(fd, 0)
            let pid = Array("\(getpid())\n".utf8)
            _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            return fd
        }
        throw ToolError(.fatal, code: "busy", "'\(root)/lock' keeps being replaced while it is taken")
    }

    /// The process id of the update holding the lock, nil when none holds it (a `lock` that is a link
    /// names no update: it is not read).
    public func lockHolder() -> pid_t? {
        guard let top = try? DataFolder.root(root, create: false) else { return nil }
        let fd = top.open("lock", O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 { return nil }  // nobody holds it
        var bytes = [UInt8](repeating: 0, count: 32)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return pid_t(trimmed(String(decoding: bytes[0..<n], as: UTF8.self)))
    }

    // MARK: - Links

    /// Makes `name` point at `sets/vN`: a new link beside it, renamed over it (atomic for every reader).
    func pointLink(_ name: String, to version: Int, in folders: Folders) throws(ToolError) {
        let temporary = ".\(name).\(getpid()).new"
        folders.root.remove(temporary)
        guard folders.root.makeLink(temporary, to: "sets/v\(version)") == 0,
            folders.root.rename(temporary, to: name) == 0
        else {
            folders.root.remove(temporary)
            throw ToolError(.fatal, code: "install", "cannot point '\(root)/\(name)' at set \(version)")
        }
        folders.root.sync()
    }

    /// Back to the shipped data: `active` goes, the set it named becomes `previous`.
    public func reset(in folders: Folders) throws(ToolError) {
        guard let active = version(of: "active") else { return }
        try pointLink("previous", to: active, in: folders)
        folders.root.remove("active")
        folders.root.sync()
        prune(folders)
    }

    /// One step back: `previous` becomes active and the active set becomes previous.
    public func rollback(in folders: Folders) throws(ToolError) -> Int {
        guard let previous = version(of: "previous"),
            (try? folders.sets.folder("v\(previous)", create: false))?.fileIdentity("installed.json") != nil
        else { throw ToolError(.fatal, code: "no_previous", "there is no previous set to go back to") }
        let active = version(of: "active")
        try pointLink("active", to: previous, in: folders)
        if let active { try pointLink("previous", to: active, in: folders) } else { folders.root.remove("previous") }
        return previous
    }
}
