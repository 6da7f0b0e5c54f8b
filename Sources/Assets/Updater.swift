import Digest
import FoundationEssentials
import Glibc
import PPShared

/// `pp-assets check` and `update`: fetch the manifest and its signature, trust it only after every check
/// (signature through the key chain, project and stage, expiry, rollback), then download each asset into
/// staging with resume, verify its size and SHA-256, and activate the new set with one rename.
public struct Updater {
    let context: AssetsContext
    let store: AssetStore
    let events: AssetEvents
    var now: () -> Date = Date.init

    public init(context: AssetsContext, events: AssetEvents) {
        self.context = context
        store = AssetStore(root: context.dataDirectory)
        self.events = events
    }

    /// A manifest that passed every check, with its bytes and signature.
    struct Trusted {
        let manifest: Manifest
        let bytes: [UInt8]
        let signature: String
        let sha256: String
        let key: Minisign.PublicKey
    }

    /// The key to check manifests with: the one reached by earlier rotations from the configured key.
    func trustedKey(_ state: AssetStore.State) throws(ToolError) -> Minisign.PublicKey {
        let root = try context.trustRoot()
        if let text = state.trustedKey, let key = try? Minisign.PublicKey(text: text), state.rootKey == root.base64 {
            return key
        }
        return root
    }

    func fetchTrusted(_ downloader: Downloader, state: AssetStore.State) throws(ToolError) -> Trusted {
        let trustedKey = try trustedKey(state)
        let url = try context.manifestURL()
        let bytes = try downloader.fetch(url, limit: Manifest.maximumBytes)
        let signatureBytes = try downloader.fetch(url + ".minisig", limit: 64 * 1024)
        guard let signature = String(validating: signatureBytes, as: UTF8.self) else {
            throw ToolError(.fatal, code: "bad_signature", "the signature file is not text")
        }
        let (manifest, key) = try ManifestTrust.verify(bytes, signature: signature, trusted: trustedKey)
        let hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update($0) }
        let sha = hasher.hex()
        let newest = state.newestVersion.flatMap { v in state.newestSHA256.map { (v, $0) } }
        try ManifestTrust.check(
            manifest, sha256: sha, project: context.project, stage: context.stage, now: now(), newest: newest)
        return Trusted(manifest: manifest, bytes: bytes, signature: signature, sha256: sha, key: key)
    }

    /// Reports whether a newer set is offered; changes nothing on disk but the trusted state.
    public func check() throws -> Bool {
        _ = try store.openFolders()
        let downloader = try Downloader(settings: context.settings)
        let state = store.readState()
        let trusted = try fetchTrusted(downloader, state: state)
        try remember(trusted, state: state)
        let active = store.version(of: "active")
        if trusted.manifest.version != active {
            try events.updateAvailable(trusted.manifest, current: active)
            return true
        }
        try events.finished(updated: false, version: active)
        return false
    }

    /// Installs the offered set when it differs from the active one; true when it did.
    public func update() throws -> Bool {
        let folders = try store.openFolders()
        let lock = try store.lock(in: folders)
        defer { close(lock) }
        store.sweep(folders)
        let downloader = try Downloader(settings: context.settings)
        let state = store.readState()
        let trusted = try fetchTrusted(downloader, state: state)
        try remember(trusted, state: state)
        let manifest = trusted.manifest
        store.sweepParts(folders, keeping: manifest)
        let active = store.version(of: "active")
        guard manifest.version != active else {
            try events.finished(updated: false, version: active)
            return false
        }
        try events.updateAvailable(manifest, current: active)
        let installed = installedAssets(folders)
        var staged: [String: FileIdentity] = [:]
        for asset in manifest.assets {
            try Cancellation.check()
            let part = AssetStore.partName(asset.sha256)
            try events.progress(asset: asset.name, bytes: 0, total: asset.size)
            if let reused = staged[asset.sha256] ?? reuse(asset, from: installed, as: part, folders: folders) {
                staged[asset.sha256] = reused
                try events.progress(asset: asset.name, bytes: asset.size, total: asset.size)
                continue
            }
            var reportError: Error?
            let download = try downloader.download(
                context.assetURL(asset, manifestVersion: manifest.version), to: part, in: folders.staging, size: asset.size
            ) { bytes in
                do { try events.progress(asset: asset.name, bytes: bytes, total: asset.size) } catch { reportError = error }
            }
            if let reportError { throw reportError }
            guard download.sha256 == asset.sha256 else {
                folders.staging.remove(part)
                throw ToolError(
                    .fatal, code: "hash_mismatch",
                    "'\(asset.name)': its SHA-256 is \(download.sha256), the manifest says \(asset.sha256); the download "
                        + "was discarded")
            }
            staged[asset.sha256] = download.identity
        }
        try Cancellation.check()
        try store.install(
            manifest: manifest, bytes: trusted.bytes, signature: trusted.signature, now: now(), folders: folders,
            staged: staged)
        try events.finished(updated: true, version: manifest.version)
        return true
    }

    /// The active set's folder (never through a link below the data folder) and its files by SHA-256.
    func installedAssets(_ folders: AssetStore.Folders) -> (folder: DataFolder, names: [String: String])? {
        guard let version = store.version(of: "active"), let set = try? folders.sets.folder("v\(version)", create: false),
            set.fileIdentity("installed.json") != nil
        else { return nil }
        let fd = set.open("manifest.json", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let bytes = readFile("/proc/self/fd/\(fd)", limit: Manifest.maximumBytes),
            let manifest = try? Manifest.parse(bytes)
        else { return nil }
        let names = Dictionary(manifest.assets.map { ($0.sha256, $0.name) }, uniquingKeysWith: { first, _ in first })
        return (set, names)
    }

    /// A file the active set already holds is linked into staging instead of downloaded again, once its
    /// bytes are hashed and found to be still the ones its manifest names; the file linked, nil when none
    /// could be. The file is opened without following a link, hashed through its descriptor, and what
    /// lands in staging must be that very file.
    func reuse(
        _ asset: Manifest.Asset, from installed: (folder: DataFolder, names: [String: String])?, as part: String,
        folders: AssetStore.Folders
    ) -> FileIdentity? {
        guard let installed, let name = installed.names[asset.sha256] else { return nil }
        let parent = parentFolder(name)
        guard let folder = try? installed.folder.folder(parent, create: false) else { return nil }
        let base = String(name.dropFirst(parent.count + 1))
        let fd = folder.open(base, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        // Hashed through the open file itself (procfs names the descriptor, not a path that could change).
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let found = try? SHA256.file("/proc/self/fd/\(fd)").get(), found.hex == asset.sha256, found.size == asset.size
        else { return nil }
        folders.staging.remove(part)
        guard folder.hardLink(base, into: folders.staging, as: part) == 0,
            folders.staging.fileIdentity(part) == FileIdentity(info)
        else {
            folders.staging.remove(part)
            return nil
        }
        return FileIdentity(info)
    }

    /// Records the newest trusted manifest (so an older one is refused from now on) and the key reached.
    func remember(_ trusted: Trusted, state: AssetStore.State) throws(ToolError) {
        var next = state
        next.newestVersion = max(trusted.manifest.version, state.newestVersion ?? 0)
        if trusted.manifest.version >= (state.newestVersion ?? 0) { next.newestSHA256 = trusted.sha256 }
        next.trustedKey = trusted.key.base64
        next.rootKey = try context.trustRoot().base64
        if next != state { try store.writeState(next) }
    }
}
