import FoundationEssentials
import Glibc
import PPShared

extension AssetStore {
    /// Moves the verified downloads into a new set folder, writes its manifest and `installed.json` (a set
    /// without it is incomplete and never used), syncs it all, and makes it active with one rename of a link.
    /// The set active before becomes `previous`; older sets are removed. `staged` is the file each SHA-256
    /// was verified in: a part that is another file by now (swapped after its check) is refused. A failure
    /// removes the half-built folder at once.
    func install(
        manifest: Manifest, bytes: [UInt8], signature: String, now: Date, folders: Folders,
        staged: [String: FileIdentity]
    ) throws(ToolError) {
        let building = ".v\(manifest.version).\(getpid()).building"
        folders.sets.remove(building)
        do {
            try build(
                building, manifest: manifest, bytes: bytes, signature: signature, now: now, folders: folders, staged: staged)
        } catch {
            folders.sets.remove(building)
            throw error
        }
        let final = "v\(manifest.version)"
        let old = version(of: "active")
        if folders.sets.status(final) != nil {
            let aside = ".v\(manifest.version).\(getpid()).old"
            let code = folders.sets.rename(final, to: aside)
            guard code == 0 else { throw Self.failure("cannot replace '\(sets)/\(final)'", code) }
            folders.sets.remove(aside)
        }
        let code = folders.sets.rename(building, to: final)
        guard code == 0 else {
            folders.sets.remove(building)
            throw Self.failure("cannot place '\(sets)/\(final)'", code)
        }
        folders.sets.sync()
        if let old, old != manifest.version { try pointLink("previous", to: old, in: folders) }
        try pointLink("active", to: manifest.version, in: folders)
        for asset in manifest.assets { folders.staging.remove(Self.partName(asset.sha256)) }
        prune(folders)
    }

    static func failure(_ what: String, _ code: Int32) -> ToolError {
        ToolError(
            .fatal, code: code == ENOSPC || code == EFBIG ? "disk_full" : "install", "\(what): \(systemErrorText(code))")
    }

    /// Everything inside the building folder. Nothing in it is visible until its rename, which comes after
    /// everything in it is on disk: its files are written plainly (not through AtomicFile's temporary file,
    /// rename and folder fsync each) and synced all at once (see syncFiles).
    private func build(
        _ name: String, manifest: Manifest, bytes: [UInt8], signature: String, now: Date, folders: Folders,
        staged: [String: FileIdentity]
    ) throws(ToolError) {
        guard mkdirat(folders.sets.fd, name, 0o755) == 0 else {
            throw Self.failure("cannot create '\(sets)/\(name)'", errno)
        }
        let building = try folders.sets.folder(name, create: false)
        var files: [String] = []
        for asset in manifest.assets {
            let parent = parentFolder(asset.name)
            let base = String(asset.name.dropFirst(parent.count + 1))
            let folder = try building.folder(parent, create: true)
            // The staged file is moved, not copied: same file system, no second 100 MB.
            let code = folders.staging.hardLink(Self.partName(asset.sha256), into: folder, as: base)
            guard code == 0 else { throw Self.failure("cannot place '\(asset.name)'", code) }
            guard let verified = staged[asset.sha256], folder.fileIdentity(base) == verified else {
                throw ToolError(
                    .fatal, code: "install",
                    "'\(staging)/\(Self.partName(asset.sha256))' is not the file that was verified for '\(asset.name)'")
            }
            files.append(asset.name)
            var up = parent  // its folders too, up to the set's own
            while !up.isEmpty, !files.contains(up) {
                files.append(up)
                up = up.contains("/") ? parentFolder(up) : ""
            }
        }
        let installed: JSON = [
            "version": .int(manifest.version), "installed": .string(Manifest.dateText(now)),
            "project": .string(manifest.project), "stage": .string(manifest.stage),
        ]
        for (file, content) in [
            ("manifest.json", bytes), ("manifest.json.minisig", Array(signature.utf8)),
            ("installed.json", Array((installed.encoded() + "\n").utf8)),  // a set without it is never used
        ] {
            let fd = try building.newFile(file)
            defer { close(fd) }
            if let code = content.withUnsafeBytes({ writeAll(fd, $0) }) {
                throw Self.failure("cannot write '\(sets)/\(name)/\(file)'", code)
            }
            files.append(file)
        }
        files.append(".")
        try syncFiles(files, in: building)
    }

    /// fsyncs every file (or folder) of `paths` below `folder`, up to 16 at once from threads of their own:
    /// the file system then commits its journal and flushes the disk's cache once for many of them, not
    /// once per file. On the bench's disk a flush took about 3.5 ms; installing a 4-file set went from 45 ms
    /// to 13 ms (median).
    func syncFiles(_ paths: [String], in folder: DataFolder) throws(ToolError) {
        /// What the threads share, under its lock.
        final class Tally: @unchecked Sendable {
            let lock = ConditionLock()
            var next = 0
            var running = 0
            var failures: [String] = []
        }
        let tally = Tally()
        let workers = min(16, paths.count)
        tally.running = workers
        let base = folder.fd
        let where_ = folder.path
        for _ in 0..<workers {
            startThread(stackSize: 64 << 10) {
                while true {
                    tally.lock.lock()
                    let index = tally.next
                    tally.next += 1
                    tally.lock.unlock()
                    guard index < paths.count else { break }
                    let fd = DataFolder.open(paths[index], O_RDONLY, below: base)
                    // Some file systems cannot sync a folder (EINVAL); its entries are then as safe as they get.
                    let ok = fd >= 0 && (fsync(fd) == 0 || errno == EINVAL)
                    let why = ok ? "" : systemErrorText(errno)
                    if fd >= 0 { close(fd) }
                    if !ok {
                        tally.lock.lock()
                        tally.failures.append("cannot sync '\(where_)/\(paths[index])': \(why)")
                        tally.lock.unlock()
                    }
                }
                tally.lock.lock()
                tally.running -= 1
                tally.lock.unlock()
                tally.lock.broadcast()
            }
        }
        tally.lock.lock()
        while tally.running > 0 { tally.lock.wait() }
        let failure = tally.failures.first
        tally.lock.unlock()
        if let failure { throw ToolError(.fatal, code: "install", failure) }
    }
}
