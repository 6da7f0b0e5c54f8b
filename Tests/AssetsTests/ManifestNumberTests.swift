import Digest
import Foundation
import PPShared
import Testing

@testable import Assets

/// Numbers and names of a manifest come from the network: each is checked (sizes and versions through
/// PPShared's checked numbers, the sum of the sizes without overflow), and the manifest is trusted only
/// once all of it has passed, so a refused one leaves no trace.
@Suite("pp-assets manifests with hostile numbers and names", .serialized)
struct ManifestNumberTests {
    static let sha = String(repeating: "ab", count: 32)

    static func asset(_ name: String = "profiles/a.json", size: JSON = .int(3), version: JSON = .int(3)) -> JSON {
        ["name": .string(name), "size": size, "sha256": .string(sha), "version": version]
    }

    /// A manifest's bytes with these assets (and version), else as TrustTests' one.
    static func text(_ assets: [JSON], version: JSON = .int(3)) -> [UInt8] {
        var json = try! JSON.parse(TrustTests.manifest.bytes)
        json["assets"] = .array(assets)
        json["version"] = version
        return Array(json.encoded().utf8)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let bytes: [UInt8]
        /// A word the refusal must name.
        let names: String
    }

    static let huge = JSON.int(Int.exactInDouble)
    static let cases: [Case] = [
        Case(
            testDescription: "sizes adding past Int.max",
            bytes: text([asset(size: .int(Int.max)), asset("profiles/b", size: .int(1))]),
            names: "size"),
        Case(
            testDescription: "1,025 sizes of 2^53, whose sum overflows",
            bytes: text((0..<1025).map { asset("profiles/f\($0)", size: huge) }), names: "add up"),
        Case(
            testDescription: "two sizes of 2^53: a sum past the limit",
            bytes: text([asset(size: huge), asset("profiles/b", size: huge)]),
            names: "add up"),
        Case(testDescription: "size 1e20", bytes: text([asset(size: .number("1e20"))]), names: "size"),
        Case(testDescription: "size -1", bytes: text([asset(size: .int(-1))]), names: "size"),
        Case(testDescription: "size 1.5", bytes: text([asset(size: .number("1.5"))]), names: "size"),
        Case(testDescription: "size as text", bytes: text([asset(size: .string("3"))]), names: "size"),
        Case(testDescription: "version 0", bytes: text([asset()], version: .int(0)), names: "version"),
        Case(testDescription: "version 1e300", bytes: text([asset()], version: .number("1e300")), names: "version"),
        Case(testDescription: "version 2^53 + 1", bytes: text([asset()], version: .int(Int.exactInDouble + 1)), names: "version"),
        Case(testDescription: "an asset newer than its manifest", bytes: text([asset(version: .int(4))]), names: "version"),
        Case(testDescription: "an asset version 0", bytes: text([asset(version: .int(0))]), names: "version"),
        Case(testDescription: "a NUL byte in a name", bytes: text([asset("profiles/a\u{0}b.json")]), names: "name"),
        Case(testDescription: "a NUL byte ending a name", bytes: text([asset("profiles/a.json\u{0}")]), names: "name"),
        Case(testDescription: "a name with ..", bytes: text([asset("profiles/../../etc/passwd")]), names: "name"),
        Case(testDescription: "an absolute name", bytes: text([asset("/etc/passwd")]), names: "name"),
        Case(
            testDescription: "a file that is also a folder", bytes: text([asset("profiles/p"), asset("profiles/p/q.json")]),
            names: "profiles/p/q.json"),
    ]

    @Test("each is refused as bad_manifest, naming what is wrong", arguments: cases)
    func refused(_ c: Case) {
        do {
            _ = try Manifest.parse(c.bytes)
            Issue.record("accepted")
        } catch {
            #expect(error.code == "bad_manifest" && error.message.contains(c.names), "\(error.message)")
        }
    }

    @Test("the checked sum: nil on overflow, the sum otherwise")
    func checkedSum() {
        #expect([Int.max, 1].checkedSum() == nil)
        #expect([Int.max - 1, 1].checkedSum() == Int.max)
        #expect([Int.min, -1].checkedSum() == nil)
        #expect([Int]().checkedSum() == 0)
        #expect([3, 4, 5].checkedSum() == 12)
    }

    @Test("a signed manifest whose sizes add past Int.max: a clean error, and the next check as if never seen")
    func signedOverflow() throws {
        let f = try UpdateTests.installedV1()
        let state = FileManager.default.contents(atPath: f.installed + "/state.json")
        try f.publishManifest(
            AssetsFixture.manifest(
                version: 3,
                assets: [
                    Manifest.Asset(name: "profiles/a.json", size: Int.max, sha256: Self.sha, version: 3),
                    Manifest.Asset(name: "profiles/b.json", size: 1, sha256: Self.sha, version: 3),
                ]))
        for command in ["check", "update"] {
            let run = try f.run([command])
            #expect(run.status == 2 && run.errorCode == "bad_manifest", "\(command): \(run.status) \(run.events)")
            #expect(run.events("error").last?["message"]?.stringValue?.contains("size") == true)
        }
        #expect(FileManager.default.contents(atPath: f.installed + "/state.json") == state, "nothing trusted")
        // The server goes on to offer version 2: not a rollback from a version 3 never trusted.
        let other = f.root + "/other-repo"
        try f.publish(UpdateTests.v2, repo: other, version: 2)
        try f.serve(root: other)
        let check = try f.run(["check"])
        #expect(check.status == 0 && check.events("update_available").first?["version"]?.intValue == 2, "\(check.events)")
        #expect(try f.run(["update"]).status == 0 && f.activeVersion == 2)
    }
}
