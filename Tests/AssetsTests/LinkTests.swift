import Digest
import Foundation
import PPShared
import Testing

@testable import Assets

/// Symbolic links planted in the data folder are never followed by what pp-assets writes or deletes: a
/// folder of its own (sets, staging) that is a link is refused before anything is touched; a file of its
/// own (a staged part, the lock) that is a link is replaced by a file, and what it pointed at is unchanged.
@Suite("pp-assets follows no link planted in its data folder", .serialized)
struct LinkTests {
    static let lexicon = UpdateTests.v2["lexicons/sr.json"]!
    static let lexiconPart = SHA256.hex(of: lexicon) + ".part"

    /// A folder outside the install holding what an update would write or delete if it followed a link.
    static func outside(_ f: AssetsFixture) throws -> String {
        let folder = f.root + "/outside"
        try AssetsFixture.write(Array("keep me".utf8), to: folder + "/file.txt")
        try AssetsFixture.write(Array("keep me too".utf8), to: folder + "/keep/file.txt")
        try AssetsFixture.write(Array("not a part".utf8), to: folder + "/" + lexiconPart)
        try AssetsFixture.write(Array("{}".utf8), to: folder + "/.v9.1.building/installed.json")
        try AssetsFixture.write(Array("{}".utf8), to: folder + "/v5/installed.json")
        return folder
    }

    struct Planted: CustomTestStringConvertible, Sendable {
        let folder: String
        let command: String
        var testDescription: String { "'\(folder)' linked outside, then \(command)" }
    }

    static let planted: [Planted] = ["sets", "staging"].flatMap { folder in
        ["update", "reset", "rollback"].map { Planted(folder: folder, command: $0) }
    }

    @Test("a folder of the install linked to an outside folder: refused, and the outside folder unchanged", arguments: planted)
    func linkedFolder(_ p: Planted) throws {
        let f = try FaultTests.withV2()
        #expect(try f.run(["update"]).status == 0)
        try f.publish(UpdateTests.v2)  // a version 3 to update to
        let outside = try Self.outside(f)
        let before = AssetsFixture.snapshot(outside)
        let own = f.installed + "/" + p.folder
        try FileManager.default.moveItem(atPath: own, toPath: f.root + "/moved")
        try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: outside)
        let run = try f.run([p.command])
        #expect(run.status == 2 && run.errorCode == "data_dir", "\(run.events)")
        #expect(run.events("error").last?["message"]?.stringValue?.contains("symbolic link") == true)
        #expect(AssetsFixture.snapshot(outside) == before, "the outside folder changed")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: own)) == outside, "the link itself stays")
    }

    @Test("a staged part that is a link to an outside file: the link is replaced, the file untouched", arguments: [false, true])
    func linkedPart(holdingTheAsset: Bool) throws {
        let f = try UpdateTests.installedV1()
        try f.publish(UpdateTests.v2)
        // Holding the asset's own bytes, the link would pass as a finished download.
        let victim = f.root + "/victim"
        let content = holdingTheAsset ? Self.lexicon : Array("precious".utf8)
        try AssetsFixture.write(content, to: victim)
        try FileManager.default.createSymbolicLink(
            atPath: f.installed + "/staging/" + Self.lexiconPart, withDestinationPath: victim)
        let run = try f.run(["update"])
        #expect(run.status == 0, "\(run.events)")
        #expect(FileManager.default.contents(atPath: victim).map { SHA256.hex(of: Array($0)) } == SHA256.hex(of: content))
        #expect(f.activeVersion == 2 && f.activeHolds(UpdateTests.v2))
        let installed = f.installed + "/sets/v2/lexicons/sr.json"
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: installed)) == nil, "the set holds a link")
        #expect(f.entries("staging").isEmpty)
    }

    @Test("the lock file linked to an outside file: replaced by a lock of its own, the file untouched")
    func linkedLock() throws {
        let f = try UpdateTests.installedV1()
        try f.publish(UpdateTests.v2)
        let victim = f.root + "/victim"
        try AssetsFixture.write(Array("precious\n".utf8), to: victim)
        unlink(f.installed + "/lock")
        try FileManager.default.createSymbolicLink(atPath: f.installed + "/lock", withDestinationPath: victim)
        let run = try f.run(["update"])
        #expect(run.status == 0, "\(run.events)")
        #expect(FileManager.default.contents(atPath: victim).map(Array.init) == Array("precious\n".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: f.installed + "/lock")) == nil)
    }

    @Test("cancel does not signal a process named by a lock file that is a link")
    func cancelThroughLink() throws {
        let f = try UpdateTests.installedV1()
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer { if sleeper.isRunning { kill(sleeper.processIdentifier, SIGKILL) } }
        // Someone else's file, held locked, naming the sleeper as if it were an update.
        let victim = f.root + "/victim"
        try AssetsFixture.write(Array("\(sleeper.processIdentifier)\n".utf8), to: victim)
        let held = open(victim, O_RDONLY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        unlink(f.installed + "/lock")
        try FileManager.default.createSymbolicLink(atPath: f.installed + "/lock", withDestinationPath: victim)
        let run = try f.run(["cancel"])
        #expect(run.errorCode == "idle", "\(run.events)")
        for _ in 0..<50 where sleeper.isRunning { usleep(20_000) }
        #expect(sleeper.isRunning, "the process named through the link was signalled")
    }

    @Test("a data_dir, public_key or key_file with a NUL byte in the configuration is refused")
    func nulInConfiguration() throws {
        let f = try AssetsFixture()
        for key in ["data_dir", "public_key", "key_file"] {
            let config = f.root + "/config-\(key).json"
            var json: JSON = [:]
            json[key] = .string(f.root + "/x\u{0}y")
            try json.encoded().write(toFile: config, atomically: true, encoding: .utf8)
            var arguments = ["update", "--config", config, "--server", "http://127.0.0.1:1"]
            if key != "data_dir" { arguments += ["--data-dir", f.installed] }
            if key != "public_key" { arguments += ["--public-key", f.publicKeyFile] }
            let run = try f.run(arguments, plain: true)
            #expect(run.status == 2 && run.stderr.contains("NUL"), "\(key): \(run.status) \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: f.root + "/x"), "\(key): used the name cut at the NUL")
        }
    }
}
