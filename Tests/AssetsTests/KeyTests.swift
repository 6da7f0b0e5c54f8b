import Foundation
import PPShared
import Testing

@testable import Assets

/// Where trust starts (docs/assets.md "Keys"): the configured key, else the release key installed beside
/// the program as share/pp/release-key.pub, else nothing — and then no update.
@Suite("pp-assets keys", .serialized)
struct KeyTests {
    /// A copy of the built pp-assets in `prefix/bin`, as `make install` lays it out.
    static func install(into prefix: String) throws -> String {
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        let tool = prefix + "/bin/pp-assets"
        try FileManager.default.copyItem(atPath: RunningTool.executable, toPath: tool)
        return tool
    }

    @Test("the release key is found in share/pp beside bin/, and only there")
    func installedFile() throws {
        let f = try AssetsFixture()
        let prefix = f.root + "/usr"
        try FileManager.default.createDirectory(atPath: prefix + "/share/pp", withIntermediateDirectories: true)
        #expect(ShippedKey.file(executable: prefix + "/bin/pp-assets") == nil)
        try FileManager.default.copyItem(atPath: f.publicKeyFile, toPath: prefix + "/share/pp/release-key.pub")
        let found = try #require(ShippedKey.file(executable: prefix + "/bin/pp-assets"))
        #expect(found == prefix + "/share/pp/release-key.pub")
        #expect(try ShippedKey.read(found, origin: "release key") == f.key.publicKey)
        #expect(ShippedKey.file(executable: f.root + "/elsewhere/bin/pp-assets") == nil)
    }

    @Test("with no key configured or installed, update fetches nothing and says how to name one")
    func noKey() throws {
        let f = try AssetsFixture()
        try f.publish(["profiles/rs.json": Array("{}".utf8)])
        try f.serve()
        let tool = try Self.install(into: f.root + "/usr")
        let run = try f.run(["update", "--server", f.url, "--data-dir", f.installed], plain: true, executable: tool)
        #expect(run.status == 2 && run.errorCode == "no_public_key", "\(run.events) \(run.stderr)")
        #expect(run.events("error").first?["message"]?.stringValue?.contains("make release-key") == true)
        #expect(f.requests().isEmpty)
        #expect(f.activeVersion == nil)
    }

    @Test("the installed release key is trusted when the configuration names none; a configured key wins")
    func installedKeyTrusted() throws {
        let f = try AssetsFixture()
        let files = UpdateTests.v1
        try f.publish(files)
        try f.serve()
        let prefix = f.root + "/usr"
        let tool = try Self.install(into: prefix)
        try FileManager.default.createDirectory(atPath: prefix + "/share/pp", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: f.publicKeyFile, toPath: prefix + "/share/pp/release-key.pub")
        // Another key in the configuration is the one trusted: the repository's signature fails against it.
        let other = f.root + "/other.pub"
        try Minisign.SecretKey.generate().publicKey.fileText.write(toFile: other, atomically: true, encoding: .utf8)
        let refused = try f.run(
            ["update", "--server", f.url, "--data-dir", f.installed, "--public-key", other], plain: true, executable: tool)
        #expect(refused.status == 2 && refused.errorCode == "bad_signature", "\(refused.events) \(refused.stderr)")
        let run = try f.run(["update", "--server", f.url, "--data-dir", f.installed], plain: true, executable: tool)
        #expect(run.status == 0, "\(run.events) \(run.stderr)")
        #expect(f.activeVersion == 1 && f.activeHolds(files))
    }
}
