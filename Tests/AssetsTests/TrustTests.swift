import Foundation
import PPShared
import Testing

@testable import Assets

@Suite("pp-assets trust: minisign signatures, manifests, key rotation")
struct TrustTests {
    static let manifest = Manifest(
        project: "pp", stage: "release", version: 3, published: Date(timeIntervalSince1970: 1_700_000_000),
        expires: Date(timeIntervalSince1970: 1_800_000_000),
        assets: [Manifest.Asset(name: "profiles/rs.json", size: 3, sha256: String(repeating: "ab", count: 32), version: 3)],
        rotations: [])

    @Test("a signature verifies with its key and with no other, and not over changed bytes")
    func signAndVerify() throws {
        let key = Minisign.SecretKey.generate()
        let bytes = Self.manifest.bytes
        let signature = key.sign(bytes, trustedComment: "pp-assets test")
        #expect(try Minisign.verify(bytes, signature: signature, key: key.publicKey) == "pp-assets test")
        #expect(throws: ToolError.self) {
            try Minisign.verify(bytes, signature: signature, key: Minisign.SecretKey.generate().publicKey)
        }
        var changed = bytes
        changed[changed.count / 2] ^= 1
        #expect(throws: ToolError.self) { try Minisign.verify(changed, signature: signature, key: key.publicKey) }
        // The trusted comment is signed too.
        let forged = signature.replacingOccurrences(of: "trusted comment: pp-assets test", with: "trusted comment: other")
        #expect(throws: ToolError.self) { try Minisign.verify(bytes, signature: forged, key: key.publicKey) }
    }

    @Test("key files round-trip in minisign's format")
    func keyFiles() throws {
        let key = Minisign.SecretKey.generate()
        let again = try Minisign.SecretKey(text: key.fileText, password: nil)
        #expect(again.publicKey == key.publicKey)
        #expect(try Minisign.PublicKey(text: key.publicKey.fileText) == key.publicKey)
        #expect(throws: ToolError.self) { try Minisign.PublicKey(text: "RWQnot a key") }
    }

    @Test("a manifest round-trips, and asset names that leave the set are refused")
    func manifestParsing() throws {
        #expect(try Manifest.parse(Self.manifest.bytes) == Self.manifest)
        for name in ["profiles/rs.json", "tessdata/srp_latn.traineddata", "model/weights.json"] {
            #expect(Manifest.isSafeName(name))
        }
        for name in [
            "../etc/passwd", "profiles/../../x", "/etc/passwd", "profiles/.hidden", "other/x.json", "profiles/", "profiles",
        ] {
            #expect(!Manifest.isSafeName(name), "\(name)")
        }
        let evil = String(decoding: Self.manifest.bytes, as: UTF8.self).replacingOccurrences(
            of: "profiles/rs.json", with: "profiles/../../../x")
        #expect(throws: ToolError.self) { try Manifest.parse(Array(evil.utf8)) }
    }

    @Test("expired, rolled back and other-stage manifests are refused; a newer one passes")
    func checks() throws {
        let m = Self.manifest
        let sha = String(repeating: "0", count: 64)
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        func code(_ body: () throws(ToolError) -> Void) -> String? {
            do { try body() } catch { return error.code }
            return nil
        }
        #expect(
            code { () throws(ToolError) in
                try ManifestTrust.check(m, sha256: sha, project: "pp", stage: "release", now: now, newest: (2, "x"))
            } == nil)
        #expect(
            code { () throws(ToolError) in
                try ManifestTrust.check(m, sha256: sha, project: "pp", stage: "release", now: now, newest: (3, sha))
            } == nil)
        #expect(
            code { () throws(ToolError) in
                try ManifestTrust.check(m, sha256: sha, project: "pp", stage: "release", now: now, newest: (4, "x"))
            } == "rollback")
        #expect(
            code { () throws(ToolError) in
                try ManifestTrust.check(m, sha256: sha, project: "pp", stage: "release", now: now, newest: (3, "x"))
            } == "rollback")
        #expect(
            code { () throws(ToolError) in
                try ManifestTrust.check(m, sha256: sha, project: "pp", stage: "beta", now: now, newest: nil)
            } == "mix_and_match")
        #expect(
            code { () throws(ToolError) in
                try ManifestTrust.check(
                    m, sha256: sha, project: "pp", stage: "release", now: Date(timeIntervalSince1970: 1_900_000_000), newest: nil)
            } == "expired")
    }

    @Test("rotation: a key announced by the trusted key is followed; one not announced is refused")
    func rotationChain() throws {
        let old = Minisign.SecretKey.generate()
        let new = Minisign.SecretKey.generate()
        let newest = Minisign.SecretKey.generate()
        func rotation(_ from: Minisign.SecretKey, _ to: Minisign.SecretKey) -> Manifest.Rotation {
            let text = to.publicKey.base64
            return Manifest.Rotation(
                key: text, signature: from.sign(Array("pp-assets key rotation to \(text)\n".utf8), trustedComment: "r"))
        }
        func manifest(_ rotations: [Manifest.Rotation]) -> Manifest {
            Manifest(
                project: "pp", stage: "release", version: 5, published: Date(), expires: Date().addingTimeInterval(60),
                assets: [], rotations: rotations)
        }
        let chained = manifest([rotation(old, new), rotation(new, newest)])
        let signature = newest.sign(chained.bytes, trustedComment: "c")
        // From the oldest key, through both rotations; from the middle key, through the last one.
        #expect(try ManifestTrust.verify(chained.bytes, signature: signature, trusted: old.publicKey).key == newest.publicKey)
        #expect(try ManifestTrust.verify(chained.bytes, signature: signature, trusted: new.publicKey).key == newest.publicKey)
        // A rotation signed by a stranger does not move trust.
        let stranger = Minisign.SecretKey.generate()
        let forged = manifest([rotation(stranger, newest)])
        #expect(throws: ToolError.self) {
            try ManifestTrust.verify(
                forged.bytes, signature: newest.sign(forged.bytes, trustedComment: "c"), trusted: old.publicKey)
        }
    }
}
