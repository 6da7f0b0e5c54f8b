import FoundationEssentials
import Glibc
import PPShared

/// The signed list of a repository's assets (docs/assets.md "Repository format"). One manifest names every
/// file of one asset set with its size and SHA-256, so nothing from another manifest can be mixed in.
public struct Manifest: Sendable, Equatable {
    public struct Asset: Sendable, Equatable {
        /// Path inside the set: "profiles/rs.json", "tessdata/srp.traineddata".
        public let name: String
        public let size: Int
        public let sha256: String
        /// The manifest version in which this content was first published.
        public let version: Int
    }

    /// A new signing key, announced with a signature by the key trusted before it.
    public struct Rotation: Sendable, Equatable {
        public let key: String
        public let signature: String
    }

    public static let format = "pp-assets/1"
    /// The folders an asset may live in, one per kind of data the tools read.
    public static let kinds = ["profiles", "lexicons", "model", "tessdata", "cards"]
    /// A manifest larger than this is refused before parsing (endless data on the manifest itself).
    public static let maximumBytes = 4 << 20
    /// The largest size, sum of sizes and version number a manifest may give: 2^53, where JSON numbers
    /// stop being exact in most readers, and far below what would overflow an Int in any sum or product
    /// pp-assets makes of them (progress counts up to 20 × a size).
    public static let maximumNumber = Int.exactInDouble

    public let project: String
    public let stage: String
    public let version: Int
    public let published: Date
    public let expires: Date
    public let assets: [Asset]
    public let rotations: [Rotation]

    public init(
        project: String, stage: String, version: Int, published: Date, expires: Date, assets: [Asset],
        rotations: [Rotation]
    ) {
        self.project = project
        self.stage = stage
        self.version = version
        self.published = published
        self.expires = expires
        self.assets = assets.sorted { $0.name < $1.name }
        self.rotations = rotations
    }

    /// The bytes of all assets (Int.max if they overflow, which a parsed manifest never does).
    public var totalBytes: Int { assets.map(\.size).checkedSum() ?? Int.max }

    /// The bytes that are signed: the manifest as one JSON line.
    public var bytes: [UInt8] {
        let assetList: [JSON] = assets.map {
            ["name": .string($0.name), "size": .int($0.size), "sha256": .string($0.sha256), "version": .int($0.version)]
        }
        var json: JSON = [
            "format": .string(Self.format), "project": .string(project), "stage": .string(stage),
            "version": .int(version), "published": .string(Self.dateText(published)),
            "expires": .string(Self.dateText(expires)), "assets": .array(assetList),
        ]
        if !rotations.isEmpty {
            json["rotations"] = .array(rotations.map { ["key": .string($0.key), "signature": .string($0.signature)] })
        }
        return Array((json.encoded() + "\n").utf8)
    }

    /// Parses a manifest's bytes; every field is checked, since they come from the network: numbers through
    /// the checked conversions (a size or version out of range is refused, never a trap), the sum of the
    /// sizes, the names (plain paths, none both a file and a folder). A manifest that parses is whole.
    public static func parse(_ bytes: [UInt8]) throws(ToolError) -> Manifest {
        func bad(_ why: String) -> ToolError { ToolError(.fatal, code: "bad_manifest", "manifest: \(why)") }
        guard bytes.count <= maximumBytes else { throw bad("larger than \(maximumBytes) bytes") }
        let json: JSON
        do { json = try JSON.parse(bytes) } catch { throw bad("not valid JSON (\(error.reason))") }
        guard json["format"]?.stringValue == format else { throw bad("format is not \(format)") }
        guard let project = json["project"]?.stringValue, let stage = json["stage"]?.stringValue,
            let published = json["published"]?.stringValue.flatMap(date),
            let expires = json["expires"]?.stringValue.flatMap(date),
            let list = json["assets"]?.arrayValue
        else { throw bad("project, stage, version, published, expires and assets are required") }
        guard let version = json["version"]?.int(in: 1...maximumNumber) else {
            throw bad("version must be a whole number from 1 to \(maximumNumber)")
        }
        var assets: [Asset] = []
        var names: Set<String> = []
        for item in list {
            guard let name = item["name"]?.stringValue, let sha = item["sha256"]?.stringValue, sha.utf8.count == 64,
                sha.allSatisfy(\.isHexDigit)
            else { throw bad("an asset needs name, size, sha256 and version") }
            guard isSafeName(name) else { throw bad("asset name '\(printable(name))' is not a plain path under \(kinds)") }
            guard let size = item["size"]?.int(in: 0...maximumNumber) else {
                throw bad("asset '\(name)': size must be a whole number of bytes from 0 to \(maximumNumber)")
            }
            guard let assetVersion = item["version"]?.int(in: 1...version) else {
                throw bad("asset '\(name)': version must be a whole number from 1 to the manifest's \(version)")
            }
            guard names.insert(name).inserted else { throw bad("asset '\(name)' is listed twice") }
            assets.append(Asset(name: name, size: size, sha256: sha.lowercased(), version: assetVersion))
        }
        guard let total = assets.map(\.size).checkedSum(), total <= maximumNumber else {
            throw bad("the sizes of its \(assets.count) assets add up to more than \(maximumNumber) bytes")
        }
        if let (file, inside) = fileAndFolder(names) {
            throw bad("'\(file)' is both a file and the folder of '\(inside)'")
        }
        var rotations: [Rotation] = []
        for item in json["rotations"]?.arrayValue ?? [] {
            guard let key = item["key"]?.stringValue, let signature = item["signature"]?.stringValue else {
                throw bad("a rotation needs key and signature")
            }
            rotations.append(Rotation(key: key, signature: signature))
        }
        return Manifest(
            project: project, stage: stage, version: version, published: published, expires: expires, assets: assets,
            rotations: rotations)
    }

    /// A name that is also a folder of another name ("profiles/p" and "profiles/p/q.json"), which no set
    /// can hold: the first such pair.
    static func fileAndFolder(_ names: Set<String>) -> (file: String, inside: String)? {
        for name in names.sorted() {
            var folder = Substring(name)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if names.contains(String(folder)) { return (String(folder), name) }
            }
        }
        return nil
    }

    /// `name` with control characters (a NUL byte) shown as \u{…}, for a message.
    static func printable(_ name: String) -> String {
        name.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }
            .joined()
    }

    /// A relative path under one of `kinds`, of plain components only: no "..", no hidden names, no
    /// absolute path, so an asset can never be written outside its set.
    public static func isSafeName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, name.utf8.count <= 200, kinds.contains(String(parts[0])) else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && !part.hasPrefix(".")
                && part.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
                }
        }
    }

    /// The text signed in a rotation: the new key, bound to its purpose.
    static func rotationStatement(_ key: String) -> [UInt8] { Array("pp-assets key rotation to \(key)\n".utf8) }

    /// "2026-12-31T09:00:00Z". By hand with gmtime_r: ISO8601DateFormatter loads ICU, megabytes of
    /// resident memory for one date.
    static func dateText(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var t = tm()
        gmtime_r(&seconds, &t)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(t.tm_year + 1900)-\(two(t.tm_mon + 1))-\(two(t.tm_mday))T\(two(t.tm_hour)):\(two(t.tm_min)):\(two(t.tm_sec))Z"
    }

    /// Reads dateText's form ("Z" only: manifests are written in UTC).
    static func date(_ text: String) -> Date? {
        let u = Array(text.utf8)
        guard u.count == 20, u[4] == 0x2D, u[7] == 0x2D, u[10] == 0x54, u[13] == 0x3A, u[16] == 0x3A, u[19] == 0x5A else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int32? {
            u[range].allSatisfy { (0x30...0x39).contains($0) } ? Int32(String(decoding: u[range], as: UTF8.self)) : nil
        }
        guard let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10), let h = number(11..<13),
            let mi = number(14..<16), let s = number(17..<19), (1...12).contains(mo), (1...31).contains(d), h < 24,
            mi < 60, s < 61
        else { return nil }
        var t = tm()
        t.tm_year = y - 1900
        t.tm_mon = mo - 1
        t.tm_mday = d
        t.tm_hour = h
        t.tm_min = mi
        t.tm_sec = s
        return Date(timeIntervalSince1970: Double(timegm(&t)))
    }
}

/// The checks a client makes on a manifest before it trusts anything in it.
public enum ManifestTrust {
    /// The key that signed `manifest`, walking its rotations from `trusted`: each rotation must be signed by
    /// the key before it. Then the signature itself must verify with the last key.
    public static func verify(
        _ bytes: [UInt8], signature: String, trusted: Minisign.PublicKey
    ) throws(ToolError) -> (manifest: Manifest, key: Minisign.PublicKey) {
        let manifest = try Manifest.parse(bytes)
        var key = trusted
        // Rotations are listed oldest first; those before the trusted key are history and are skipped.
        var started = false
        for rotation in manifest.rotations {
            let next = try Minisign.PublicKey(text: rotation.key)
            if !started {
                if (try? Minisign.verify(Manifest.rotationStatement(rotation.key), signature: rotation.signature, key: key))
                    != nil
                {
                    started = true
                } else {
                    continue
                }
            } else {
                _ = try Minisign.verify(Manifest.rotationStatement(rotation.key), signature: rotation.signature, key: key)
            }
            key = next
        }
        _ = try Minisign.verify(bytes, signature: signature, key: key)
        return (manifest, key)
    }

    /// Refuses a manifest for another project or stage (mix-and-match), an expired one (freeze), and one
    /// older than or as old as the newest already trusted with different content (rollback).
    public static func check(
        _ manifest: Manifest, sha256: String, project: String, stage: String, now: Date, newest: (version: Int, sha256: String)?
    ) throws(ToolError) {
        guard manifest.project == project, manifest.stage == stage else {
            throw ToolError(
                .fatal, code: "mix_and_match",
                "the manifest is for project '\(manifest.project)' stage '\(manifest.stage)', not '\(project)' '\(stage)'")
        }
        guard manifest.expires > now else {
            throw ToolError(
                .fatal, code: "expired",
                "the manifest (version \(manifest.version)) expired at \(Manifest.dateText(manifest.expires)): "
                    + "the repository may be frozen")
        }
        if let newest {
            if manifest.version < newest.version || (manifest.version == newest.version && sha256 != newest.sha256) {
                throw ToolError(
                    .fatal, code: "rollback",
                    "the server offers manifest version \(manifest.version), but version \(newest.version) was already "
                        + "trusted: refusing to go back")
            }
        }
    }
}
