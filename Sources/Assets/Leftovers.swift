import Glibc
import PPShared

/// What runs that failed or were killed leave in the data folder, removed by the next run that holds the
/// lock (update, reset, rollback), whether that run then succeeds or not. Holding the lock, no other run
/// is building anything, so every half-built folder is a leftover. Nothing is followed: a link is
/// removed as a link.
extension AssetStore {
    /// Removes sets neither `active` nor `previous` names, half-built and set-aside folders
    /// (`sets/.vN.PID.building`, `.old`), links left before their rename (`.active.PID.new`), and what in
    /// `staging` is no download (a part is `<sha256>.part`, a regular file). Parts are kept for resuming.
    func sweep(_ folders: Folders) {
        prune(folders)
        for raw in folders.root.rawNames() {
            let name = String(decoding: raw.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if name.hasSuffix(".new") && (name.hasPrefix(".active.") || name.hasPrefix(".previous.")) {
                raw.withUnsafeBufferPointer { folders.root.remove(raw: $0.baseAddress!) }
            }
        }
        removeFromStaging(folders) { name in
            guard let sha = Self.sha256(ofPart: name) else { return true }
            return folders.staging.fileIdentity(Self.partName(sha)) == nil
        }
    }

    /// Removes the parts of `staging` that no asset of the trusted manifest names: downloads of a set no
    /// longer offered would otherwise stay for ever.
    func sweepParts(_ folders: Folders, keeping manifest: Manifest) {
        let wanted = Set(manifest.assets.map(\.sha256))
        removeFromStaging(folders) { name in Self.sha256(ofPart: name).map { !wanted.contains($0) } ?? true }
    }

    /// Removes sets neither link names, and any other entry of `sets`.
    func prune(_ folders: Folders) {
        let keep = Set([version(of: "active"), version(of: "previous")].compactMap { $0 }.map { "v\($0)" })
        for raw in folders.sets.rawNames() {
            let name = String(decoding: raw.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if keep.contains(name), folders.sets.status(name).map({ $0.st_mode & S_IFMT == S_IFDIR }) == true { continue }
            raw.withUnsafeBufferPointer { folders.sets.remove(raw: $0.baseAddress!) }
        }
    }

    private func removeFromStaging(_ folders: Folders, where unwanted: (String) -> Bool) {
        for raw in folders.staging.rawNames() {
            let bytes = raw.dropLast().map { UInt8(bitPattern: $0) }
            let name = String(validating: bytes, as: UTF8.self)
            if name.map(unwanted) ?? true { raw.withUnsafeBufferPointer { folders.staging.remove(raw: $0.baseAddress!) } }
        }
    }

    /// The SHA-256 a part's name gives ("<64 lower-case hex>.part"), nil for any other name.
    static func sha256(ofPart name: String) -> String? {
        guard name.utf8.count == 69, name.hasSuffix(".part") else { return nil }
        let sha = String(name.dropLast(5))
        return sha.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) } ? sha : nil
    }
}
