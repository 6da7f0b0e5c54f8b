import Digest
import Foundation
import PPShared
import Testing

@testable import Assets

/// What a failed or killed run leaves in the data folder is removed by the next run that holds the
/// lock (update, reset, rollback), whether that run succeeds or not; a part being resumed is kept.
@Suite("pp-assets removes what failed runs left", .serialized)
struct LeftoverTests {
    static let empty = SHA256.hex(of: [])

    @Test("a set listing both profiles/p and profiles/p/q.json is refused whole, and leaves nothing")
    func fileAndFolder() throws {
        let f = try UpdateTests.installedV1()
        // Empty files need no download, so only installing could trip over them.
        try f.publishManifest(
            AssetsFixture.manifest(
                version: 2,
                assets: [
                    Manifest.Asset(name: "profiles/p", size: 0, sha256: Self.empty, version: 2),
                    Manifest.Asset(name: "profiles/p/q.json", size: 0, sha256: Self.empty, version: 2),
                ]))
        for _ in 0..<2 {
            let run = try f.run(["update"])
            #expect(run.status == 2 && run.errorCode == "bad_manifest", "\(run.events)")
            let message = run.events("error").last?["message"]?.stringValue ?? ""
            #expect(message.contains("profiles/p") && message.contains("profiles/p/q.json"), "\(message)")
        }
        #expect(f.entries("sets") == ["v1"])
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
        #expect(AssetStore(root: f.installed).readState().newestVersion == 1, "the refused manifest was not trusted")
    }

    @Test("an install that fails half way (the disk full while the set is built) removes its folder at once")
    func failedInstall() throws {
        let f = try UpdateTests.installedV1()
        // Only a file the active set holds: nothing to download, so building the set is the first write.
        try f.publish(["model/weights.json": UpdateTests.v1["model/weights.json"]!])
        #expect(try f.run(["check"]).status == 0, "trusted now: the update writes no state")
        // No file may grow (stdout goes through a pipe to `cat`, which the limit does not reach).
        let full = #"{ ulimit -f 0; "$0" "$@"; } | cat; exit "${PIPESTATUS[0]}""#
        let run = try f.run(["update"], shell: full)
        #expect(run.status == 2 && run.errorCode == "disk_full", "\(run.events) \(run.stderr)")
        #expect(f.entries("sets") == ["v1"], "nothing half-built is left")
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
        #expect(try f.run(["update"]).status == 0 && f.activeVersion == 2)
        #expect(f.entries("sets") == ["v1", "v2"])
    }

    /// What a run killed in each phase leaves: a half-built set, a set moved aside, a link not yet renamed
    /// into place, a stray file in staging, a part of a manifest no longer offered, and one to resume.
    static func plantLeftovers(_ f: AssetsFixture) throws {
        let pid = 99_999_999
        try AssetsFixture.write(Array("{}".utf8), to: f.installed + "/sets/.v7.\(pid).building/profiles/x.json")
        try AssetsFixture.write(Array("{}".utf8), to: f.installed + "/sets/.v1.\(pid).old/installed.json")
        try FileManager.default.createSymbolicLink(atPath: f.installed + "/.active.\(pid).new", withDestinationPath: "sets/v7")
        try AssetsFixture.write(Array("junk".utf8), to: f.installed + "/staging/notes.txt")
        try AssetsFixture.write(Array("junk".utf8), to: f.installed + "/staging/" + String(repeating: "0", count: 64) + ".part")
    }

    static var bigPart: String { SHA256.hex(of: FaultTests.big) + ".part" }

    @Test("the next update removes them even when it fails, keeps the part to resume, and resumes it")
    func nextUpdateCleans() throws {
        let f = try FaultTests.withV2()
        try Self.plantLeftovers(f)
        try AssetsFixture.write(Array(FaultTests.big[0..<100_000]), to: f.installed + "/staging/" + Self.bigPart)
        // Fails before any manifest is trusted: parts cannot be judged yet, everything else can.
        try f.serve(["--require-key", "other"])
        let failed = try f.run(["update"])
        #expect(failed.status == 2 && failed.errorCode == "http_401")
        #expect(f.entries("sets") == ["v1"])
        #expect(!f.entries("").contains { $0.hasPrefix(".") }, "\(f.entries(""))")
        #expect(f.entries("staging") == [String(repeating: "0", count: 64) + ".part", Self.bigPart].sorted())
        // Once the manifest is trusted, a part it does not name goes; the big file resumes from its part.
        try f.serve()
        let run = try f.run(["update"])
        #expect(run.status == 0, "\(run.events)")
        #expect(f.activeVersion == 2 && f.activeHolds(FaultTests.v2))
        let ranges = f.ranges(of: "big.traineddata")
        #expect(ranges == ["bytes=100000-"])
        #expect(f.entries("staging").isEmpty && f.entries("sets") == ["v1", "v2"])
    }

    @Test("reset and rollback remove them too", arguments: ["reset", "rollback"])
    func maintenanceCleans(_ command: String) throws {
        let f = try FaultTests.withV2()
        #expect(try f.run(["update"]).status == 0)
        try Self.plantLeftovers(f)
        let run = try f.run([command])
        #expect(run.status == 0, "\(run.events)")
        #expect(!f.entries("sets").contains { $0.hasPrefix(".") }, "\(f.entries("sets"))")
        #expect(!f.entries("").contains { $0.hasPrefix(".") })
        #expect(!f.entries("staging").contains("notes.txt"))
    }
}
