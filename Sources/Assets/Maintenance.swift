import Digest
import FoundationEssentials
import Glibc
import PPShared

/// The commands that work on what is installed: status, verify, reset, rollback, cancel.
public struct Maintenance {
    let store: AssetStore
    let events: AssetEvents

    public init(store: AssetStore, events: AssetEvents) {
        self.store = store
        self.events = events
    }

    /// One `asset_status` record: the active set (version, folder, when installed and last verified), the
    /// previous one, and the newest manifest version trusted.
    public func status() throws {
        let state = store.readState()
        var record: JSON = [
            "kind": "asset_status", "data_dir": .string(store.root),
            "previous": store.version(of: "previous").map { .int($0) } ?? .null,
            "newest_trusted": state.newestVersion.map { .int($0) } ?? .null,
        ]
        if let active = ActiveAssets.find(in: store.root) {
            let installed = FileManager.default.contents(atPath: active.folder + "/installed.json").flatMap {
                try? JSON.parse(Array($0))
            }
            record["active"] = [
                "version": .int(active.version), "path": .string(active.folder),
                "installed": installed?["installed"] ?? .null, "verified": .string(state.verified),
            ]
        } else {
            record["active"] = .null
        }
        try events.record(record)
    }

    /// Hashes every file of the active set again against its manifest; the faults found, as error events.
    public func verify(now: Date = Date()) throws -> Int {
        guard let active = ActiveAssets.find(in: store.root) else {
            try events.finished(updated: false, version: nil)
            return 0
        }
        guard let data = FileManager.default.contents(atPath: active.folder + "/manifest.json") else {
            throw ToolError(.fatal, code: "incomplete", "'\(active.folder)': its manifest.json is missing")
        }
        let manifest = try Manifest.parse(Array(data))
        var faults = 0
        for asset in manifest.assets {
            try events.progress(asset: asset.name, bytes: 0, total: asset.size)
            let path = active.folder + "/" + asset.name
            let found = (try? SHA256.file(path).get())
            if found?.hex != asset.sha256 || found?.size != asset.size {
                faults += 1
                let what = found.map { "size \($0.size), SHA-256 \($0.hex)" } ?? "missing or unreadable"
                try events.error(
                    ToolError(
                        .record, code: "hash_mismatch",
                        "'\(path)': \(what); the manifest says size \(asset.size), SHA-256 \(asset.sha256)"))
            } else {
                try events.progress(asset: asset.name, bytes: asset.size, total: asset.size)
            }
        }
        if faults == 0 {
            var state = store.readState()
            state.verified = Manifest.dateText(now)
            try? store.writeState(state)
        }
        try events.finished(updated: false, version: active.version)
        return faults
    }

    public func reset() throws {
        let folders = try store.openFolders()
        let lock = try store.lock(in: folders)
        defer { close(lock) }
        store.sweep(folders)
        try store.reset(in: folders)
        try events.finished(updated: store.version(of: "previous") != nil, version: nil)
    }

    public func rollback() throws {
        let folders = try store.openFolders()
        let lock = try store.lock(in: folders)
        defer { close(lock) }
        store.sweep(folders)
        let version = try store.rollback(in: folders)
        try events.finished(updated: true, version: version)
    }

    /// Asks the running update to stop (SIGTERM to the process holding the lock); false when none runs.
    public func cancel() throws -> Bool {
        guard let pid = store.lockHolder(), pid > 0 else { return false }
        guard kill(pid, SIGTERM) == 0 else {
            throw ToolError(.fatal, code: "cancel", "cannot signal process \(pid): \(String(cString: strerror(errno)))")
        }
        return true
    }
}
