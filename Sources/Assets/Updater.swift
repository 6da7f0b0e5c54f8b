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
        try store.makeFolders()
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
        try store.makeFolders()
        let lock = try store.lock()
        defer { close(lock) }
        let downloader = try Downloader(settings: context.settings)
        let state = store.readState()
        let trusted = try fetchTrusted(downloader, state: state)
        try remember(trusted, state: state)
        let manifest = trusted.manifest
        let active = store.version(of: "active")
        guard manifest.version != active else {
            try events.finished(updated: false, version: active)
            return false
        }
        try events.updateAvailable(manifest, current: active)
        let installed = installedAssets()
        for asset in manifest.assets {
            try Cancellation.check()
            let part = store.part(asset.sha256)
            try events.progress(asset: asset.name, bytes: 0, total: asset.size)
            if reuse(asset, from: installed, as: part) {
                try events.progress(asset: asset.name, bytes: asset.size, total: asset.size)
                continue
            }
            var reportError: Error?
            let sha = try downloader.download(
                context.assetURL(asset, manifestVersion: manifest.version), to: part, size: asset.size
            ) { bytes in
                do { try events.progress(asset: asset.name, bytes: bytes, total: asset.size) } catch { reportError = error }
            }
            if let reportError { throw reportError }
            guard sha == asset.sha256 else {
                unlink(part)
                throw ToolError(
                    .fatal, code: "hash_mismatch",
                    "'\(asset.name)': its SHA-256 is \(sha), the manifest says \(asset.sha256); the download was discarded")
            }
        }
        try Cancellation.check()
        try store.install(manifest: manifest, bytes: trusted.bytes, signature: trusted.signature, now: now())
        try events.finished(updated: true, version: manifest.version)
        return true
    }

    /// The files of the active set by SHA-256, from its manifest.
    func installedAssets() -> [String: String] {
        guard let active = ActiveAssets.find(in: store.root),
            let data = FileManager.default.contents(atPath: active.folder + "/manifest.json"),
            let manifest = try? Manifest.parse(Array(data))
        else { return [:] }
        return Dictionary(
            manifest.assets.map { ($0.sha256, active.folder + "/" + $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// A file the active set already holds is linked into staging instead of downloaded again, once its
    /// bytes are hashed and found to be still the ones its manifest names.
    func reuse(_ asset: Manifest.Asset, from installed: [String: String], as part: String) -> Bool {
        guard let path = installed[asset.sha256], let found = (try? SHA256.file(path).get()), found.hex == asset.sha256,
            found.size == asset.size
        else { return false }
        unlink(part)
        return link(path, part) == 0
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
