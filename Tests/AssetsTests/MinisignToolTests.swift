import Foundation
import PPShared
import Testing

@testable import Assets

/// Debian's `minisign` (installed by `make deps`) and pp-assets read each other's keys and signatures.
@Suite("pp-assets and the minisign tool", .serialized)
struct MinisignToolTests {
    static func minisign(_ arguments: [String], in folder: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["minisign"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("minisign verifies what publish signed; a manifest signed by minisign is accepted")
    func bothWays() throws {
        let f = try AssetsFixture()
        try f.publish(UpdateTests.v1)
        let stage = f.repository + "/pp/release"
        #expect(try Self.minisign(["-V", "-p", f.publicKeyFile, "-m", stage + "/manifest.json"], in: f.root) == 0)
        // A key made by minisign signs the manifest in place of ours.
        #expect(try Self.minisign(["-G", "-W", "-p", "m.pub", "-s", "m.key"], in: f.root) == 0)
        #expect(
            try Self.minisign(
                ["-S", "-s", "m.key", "-m", stage + "/manifest.json", "-x", stage + "/manifest.json.minisig", "-t", "team"],
                in: f.root) == 0)
        try f.serve()
        let run = try f.run(["update", "--public-key", f.root + "/m.pub"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
        // And publish reads minisign's secret key.
        let source = f.root + "/new/profiles"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: source + "/x.json"))
        let again = try f.run(["publish", f.root + "/new", "--key", f.root + "/m.key", "-o", f.root + "/r2"], plain: true)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.minisign(["-V", "-p", "m.pub", "-m", f.root + "/r2/pp/release/manifest.json"], in: f.root) == 0)
    }
}
