import Foundation
import PPShared
import Testing

@testable import Assets

/// Updates from a real HTTP server, and every attack of the issue (TUF's list): each refused, each leaving
/// the set that was active before active and whole. Serialized: each test runs servers and processes.
@Suite("pp-assets update against a real server", .serialized)
struct UpdateTests {
    static let v1: [String: [UInt8]] = [
        "profiles/rs.json": Array(#"{"name":"rs","version":"one"}"#.utf8),
        "model/weights.json": AssetsFixture.bytes(70_000, seed: 1),
    ]
    static let v2: [String: [UInt8]] = [
        "profiles/rs.json": Array(#"{"name":"rs","version":"two"}"#.utf8),
        "model/weights.json": AssetsFixture.bytes(70_000, seed: 1),
        "lexicons/sr.json": AssetsFixture.bytes(300_000, seed: 2),
    ]

    /// A fixture with v1 published, served and installed.
    static func installedV1() throws -> AssetsFixture {
        let f = try AssetsFixture()
        try f.publish(v1)
        try f.serve()
        let run = try f.run(["update"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(f.activeVersion == 1 && f.activeHolds(v1))
        return f
    }

    @Test("update installs, reports its events, and a second update finds nothing new")
    func updateAndEvents() throws {
        let f = try Self.installedV1()
        try f.publish(Self.v2)
        let run = try f.run(["update"])
        #expect(run.status == 0)
        let available = try #require(run.events("update_available").first)
        #expect(available["version"]?.intValue == 2 && available["current"]?.intValue == 1)
        #expect(available["assets"]?.intValue == 3)
        let lexicon = run.events("progress").filter { $0["asset"]?.stringValue == "lexicons/sr.json" }
        #expect(lexicon.first?["bytes"]?.intValue == 0 && lexicon.last?["bytes"]?.intValue == 300_000)
        #expect(lexicon.last?["fraction"] == .number("1"))
        #expect(run.events("finished").last?["updated"] == .bool(true))
        #expect(f.activeVersion == 2 && f.activeHolds(Self.v2))
        // The asset that did not change keeps the version it was first published in.
        let manifest = try Manifest.parse(Array(FileManager.default.contents(atPath: f.installed + "/active/manifest.json")!))
        #expect(manifest.assets.first { $0.name == "model/weights.json" }?.version == 1)
        // ... and is taken from the active set, not downloaded again.
        let fetched = f.requests().compactMap { $0["path"]?.stringValue }
        #expect(fetched.contains("/pp/release/2/lexicons/sr.json") && !fetched.contains("/pp/release/2/model/weights.json"))
        let again = try f.run(["update"])
        #expect(again.events.count == 1 && again.events("finished").first?["updated"] == .bool(false))
        // rollback, status, reset.
        #expect(try f.run(["rollback"]).status == 0)
        #expect(f.activeVersion == 1 && f.activeHolds(Self.v1))
        let status = try f.run(["status"]).events.first
        #expect(status?["active"]?["version"]?.intValue == 1 && status?["previous"]?.intValue == 2)
        #expect(try f.run(["reset"]).status == 0)
        #expect(f.activeVersion == nil)
        #expect(ActiveAssets.find(in: f.installed) == nil)
    }

    @Test("verify re-hashes the active set and names a changed file")
    func verify() throws {
        let f = try Self.installedV1()
        #expect(try f.run(["verify"]).status == 0)
        let file = f.installed + "/active/profiles/rs.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        let run = try f.run(["verify"])
        #expect(run.status == 1)
        #expect(
            run.errorCode == "hash_mismatch" && run.events("error").first?["message"]?.stringValue?.contains("rs.json") == true)
    }

    /// Runs an update expected to fail with `code`; the set active before must still be v1 and whole.
    static func refused(_ f: AssetsFixture, _ code: String, _ options: [String] = []) throws {
        let run = try f.run(["update"] + options)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.errorCode == code, "\(run.events)")
        #expect(run.events("finished").isEmpty)
        #expect(f.activeVersion == 1 && f.activeHolds(v1), "the old set must stay active and intact")
    }

    @Test("a manifest changed after signing, or signed by another key, is refused")
    func badSignature() throws {
        let f = try Self.installedV1()
        try f.publish(Self.v2)
        let path = f.repository + "/pp/release/manifest.json"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try original.replacingOccurrences(of: "\"version\":2", with: "\"version\":3").write(
            toFile: path, atomically: true, encoding: .utf8)
        try Self.refused(f, "bad_signature")
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        try f.publish(Self.v2, key: Minisign.SecretKey.generate(), version: 3)
        try Self.refused(f, "bad_signature")
    }

    @Test("rollback: an older manifest, or another one with the same version, is refused")
    func rollback() throws {
        let f = try Self.installedV1()
        // A repository frozen at an older, still valid version: the attacker replays it.
        let old = f.root + "/old-repo"
        try FileManager.default.copyItem(atPath: f.repository, toPath: old)
        try f.publish(Self.v2)
        #expect(try f.run(["update"]).status == 0)
        #expect(f.activeVersion == 2)
        #expect(try f.run(["rollback"]).status == 0)  // the user may go back; the server may not force it
        try f.serve(root: old)
        try Self.refused(f, "rollback")
        // Same version number, different content.
        let other = f.root + "/other-repo"
        try f.publish(["profiles/rs.json": Array("{}".utf8)], repo: other, version: 2)
        try f.serve(root: other)
        try Self.refused(f, "rollback")
    }

    @Test("freeze: an expired manifest is refused")
    func freeze() throws {
        let f = try Self.installedV1()
        try f.publish(Self.v2, now: Date().addingTimeInterval(-31 * 86400))
        try Self.refused(f, "expired")
    }

    @Test("mix-and-match: a manifest of another stage, or an asset from another manifest, is refused")
    func mixAndMatch() throws {
        let f = try Self.installedV1()
        let beta = f.root + "/beta-repo"
        try f.publish(Self.v2, repo: beta, stage: "beta")
        let stage = f.repository + "/pp/release"
        for name in ["manifest.json", "manifest.json.minisig"] {
            try FileManager.default.removeItem(atPath: stage + "/" + name)
            try FileManager.default.copyItem(atPath: beta + "/pp/beta/" + name, toPath: stage + "/" + name)
        }
        try FileManager.default.copyItem(atPath: beta + "/pp/beta/1", toPath: stage + "/2")
        try Self.refused(f, "mix_and_match")
        // v2 of this stage, but its profile file swapped for v1's (same name, other manifest).
        try f.publish(Self.v2, version: 3)
        let swapped = stage + "/3/profiles/rs.json"
        try FileManager.default.removeItem(atPath: swapped)
        try Data(Self.v1["profiles/rs.json"]!).write(to: URL(fileURLWithPath: swapped))
        try Self.refused(f, "hash_mismatch")  // same length ("one", "two"), other bytes
    }

    @Test("an asset of the declared size but other bytes, or a longer one, is refused")
    func sizeAndHash() throws {
        let f = try Self.installedV1()
        try f.publish(Self.v2)
        let file = f.repository + "/pp/release/2/lexicons/sr.json"
        try Data(AssetsFixture.bytes(300_000, seed: 99)).write(to: URL(fileURLWithPath: file))
        try Self.refused(f, "hash_mismatch")
        try Data(AssetsFixture.bytes(300_001, seed: 2)).write(to: URL(fileURLWithPath: file))
        try Self.refused(f, "endless_data")
    }

    @Test("endless data: a server that never stops sending is cut off at the declared size")
    func endlessData() throws {
        let f = try Self.installedV1()
        try f.publish(Self.v2)
        try f.serve(["--endless", "lexicons/sr.json"])
        try Self.refused(f, "endless_data")
        let staged = (try? FileManager.default.contentsOfDirectory(atPath: f.installed + "/staging")) ?? []
        for name in staged {
            let size = (try FileManager.default.attributesOfItem(atPath: f.installed + "/staging/" + name)[.size] as? Int) ?? 0
            #expect(size <= 300_000)
        }
    }
}
