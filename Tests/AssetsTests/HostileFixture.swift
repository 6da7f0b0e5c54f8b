import Digest
import Foundation
import PPShared
import Testing

@testable import Assets

/// What the tests of hostile servers, manifests and data folders need beyond AssetsFixture: manifests
/// signed as they are (a publisher that let a broken one through), runs with a time limit, and
/// snapshots of folders to compare.
extension AssetsFixture {
    /// Signs `manifest` with the fixture's key and makes it the stage's newest, as it is.
    func publishManifest(_ manifest: Manifest) throws {
        let stage = repository + "/pp/release"
        try FileManager.default.createDirectory(atPath: stage, withIntermediateDirectories: true)
        try Data(manifest.bytes).write(to: URL(fileURLWithPath: stage + "/manifest.json"))
        try key.sign(manifest.bytes, trustedComment: "pp-assets test").write(
            toFile: stage + "/manifest.json.minisig", atomically: true, encoding: .utf8)
    }

    /// A manifest of `version` listing `assets`, valid for a day from now.
    static func manifest(version: Int, assets: [Manifest.Asset]) -> Manifest {
        Manifest(
            project: "pp", stage: "release", version: version, published: Date(), expires: Date().addingTimeInterval(86400),
            assets: assets, rotations: [])
    }

    /// Runs pp-assets to its end, or kills it after `limit` seconds (a hang must fail the test, not stall
    /// the suite): the run, how long it took, and whether it had to be killed.
    func timedRun(_ arguments: [String], limit: Double) throws -> (run: Run, seconds: Double, killed: Bool) {
        let started = Date()
        let tool = try start(arguments)
        var killed = false
        while tool.process.isRunning {
            if Date().timeIntervalSince(started) > limit {
                kill(tool.process.processIdentifier, SIGKILL)
                killed = true
                break
            }
            usleep(20_000)
        }
        let run = tool.finish()
        return (run, Date().timeIntervalSince(started), killed)
    }

    /// The names in a folder of the install ("sets", "staging", "" for the install itself), sorted.
    func entries(_ folder: String) -> [String] {
        let path = folder.isEmpty ? installed : installed + "/" + folder
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Every file and link under `folder` (relative path → SHA-256 of its bytes, or "-> target" for a
    /// link), to check that a folder outside the install came through a run unchanged.
    static func snapshot(_ folder: String) -> [String: String] {
        var out: [String: String] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                out[name] = "-> \(target)"
            } else if let data = FileManager.default.contents(atPath: path) {
                out[name] = SHA256.hex(of: Array(data))
            }
        }
        return out
    }

    /// Writes `bytes` to `path`, making its folders.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
