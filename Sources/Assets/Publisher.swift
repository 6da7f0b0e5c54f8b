import Digest
import FoundationEssentials
import Glibc
import PPShared

/// `pp-assets publish DIR --key KEY -o REPO`: a repository any static web server can serve.
///
///     REPO/<project>/<stage>/manifest.json(.minisig)        the newest manifest, what clients fetch
///     REPO/<project>/<stage>/<version>/manifest.json(.minisig)  each version's own copy (for pinned clients)
///     REPO/<project>/<stage>/<version>/<kind>/<file>         the assets of that version
public struct Publisher {
    public var project = "pp"
    public var stage = "release"
    public var version: Int?
    public var expiresAfter: TimeInterval = 30 * 86400
    public var key: Minisign.SecretKey
    /// The key trusted before `key`: signs the rotation to it, published in this and every later manifest.
    public var rotateFrom: Minisign.SecretKey?
    public var now = Date()

    public init(key: Minisign.SecretKey) { self.key = key }

    /// Publishes the files under `source` (profiles/…, lexicons/…, model/…, tessdata/…, cards/…).
    public func publish(_ source: String, to repository: String) throws(ToolError) -> Manifest {
        let stageFolder = "\(repository)/\(project)/\(stage)"
        let previous = FileManager.default.contents(atPath: stageFolder + "/manifest.json").flatMap {
            try? Manifest.parse(Array($0))
        }
        let number = version ?? (previous?.version ?? 0) + 1
        if let previous, number <= previous.version {
            throw ToolError(
                .usage, code: "rollback", "version \(number) is not newer than the published \(previous.version)")
        }
        let oldVersions = Dictionary(
            (previous?.assets ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let versionFolder = "\(stageFolder)/\(number)"
        var assets: [Manifest.Asset] = []
        for name in try files(under: source) {
            guard Manifest.isSafeName(name) else {
                throw ToolError(
                    .usage, code: "bad_asset_name",
                    "'\(source)/\(name)': assets live in \(Manifest.kinds.joined(separator: ", ")) with plain names")
            }
            let destination = versionFolder + "/" + name
            do {
                try FileManager.default.createDirectory(
                    atPath: parentFolder(destination), withIntermediateDirectories: true)
                if FileManager.default.fileExists(atPath: destination) {
                    try FileManager.default.removeItem(atPath: destination)
                }
                try FileManager.default.copyItem(atPath: source + "/" + name, toPath: destination)
            } catch { throw ToolError(.fatal, code: "write_failed", "cannot copy '\(name)' to '\(destination)'") }
            guard let digest = (try? SHA256.file(destination).get()) else {
                throw ToolError(.fatal, code: "unreadable", "cannot read '\(destination)'")
            }
            let same = oldVersions[name].flatMap { $0.sha256 == digest.hex ? $0.version : nil }
            assets.append(Manifest.Asset(name: name, size: digest.size, sha256: digest.hex, version: same ?? number))
        }
        var rotations = previous?.rotations ?? []
        if let rotateFrom {
            let newKey = key.publicKey.base64
            let statement = Manifest.rotationStatement(newKey)
            rotations.append(
                Manifest.Rotation(
                    key: newKey, signature: rotateFrom.sign(statement, trustedComment: "pp-assets key rotation")))
        }
        let manifest = Manifest(
            project: project, stage: stage, version: number, published: now,
            expires: now.addingTimeInterval(expiresAfter), assets: assets, rotations: rotations)
        let bytes = manifest.bytes
        let signature = key.sign(
            bytes, trustedComment: "pp-assets project=\(project) stage=\(stage) version=\(number)")
        // The version's own copy first, then the one clients fetch.
        for folder in [versionFolder, stageFolder] {
            try AtomicFile.write(Array(signature.utf8), to: folder + "/manifest.json.minisig")
            try AtomicFile.write(bytes, to: folder + "/manifest.json")
        }
        return manifest
    }

    /// The regular files under `folder`, as sorted relative paths.
    func files(under given: String) throws(ToolError) -> [String] {
        guard let resolved = realpath(given, nil) else {
            throw ToolError(.usage, code: "unreadable", "cannot read the folder '\(given)'")
        }
        let folder = String(cString: resolved)
        free(resolved)
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: folder) else {
            throw ToolError(.usage, code: "unreadable", "cannot read the folder '\(given)'")
        }
        var out: [String] = []
        for name in names {
            var info = stat()
            if stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG { out.append(name) }
        }
        guard !out.isEmpty else { throw ToolError(.usage, code: "empty", "'\(folder)' holds no files to publish") }
        return out.sorted()
    }
}
