import Foundation
import PPShared
import Testing

@testable import Assets

/// The network and the machine misbehaving during an update: slow and stalled servers, a dropped
/// connection, a cancel half way, a full disk, a second update, API keys. Each ends with the set that
/// was active before still active and whole (or, where the update may finish, with the new set whole).
@Suite("pp-assets faults during an update", .serialized)
struct FaultTests {
    static let big = AssetsFixture.bytes(1_500_000, seed: 7)
    static let v2: [String: [UInt8]] = UpdateTests.v2.merging(["tessdata/big.traineddata": big]) { a, _ in a }

    static func withV2() throws -> AssetsFixture {
        let f = try UpdateTests.installedV1()
        try f.publish(v2)
        return f
    }

    @Test("a slow server: the update finishes, with progress along the way")
    func slowServer() throws {
        let f = try Self.withV2()
        try f.serve(["--rate", "2000000"])
        let run = try f.run(["update"])
        #expect(run.status == 0, "\(run.stderr)")
        let steps = run.events("progress").filter { $0["asset"]?.stringValue == "tessdata/big.traineddata" }
        #expect(steps.count >= 10, "a twentieth of the file per event")
        #expect(!run.stderr.contains("pp-assets: ["), "a progress line on a stderr that is no terminal")
        #expect(f.activeVersion == 2 && f.activeHolds(Self.v2))
    }

    @Test("a stalled server: the transfer times out; without retries the update fails, with one it resumes")
    func stalledServer() throws {
        let f = try Self.withV2()
        try f.serve(["--stall", "100000"])
        let started = Date()
        let run = try f.run(["update", "--timeout", "1", "--retries", "0"])
        #expect(run.status == 2 && run.errorCode == "network", "\(run.events)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
        let retried = try f.run(["update", "--timeout", "1", "--retries", "1"])
        #expect(retried.status == 0, "\(retried.events)")
        #expect(f.activeVersion == 2 && f.activeHolds(Self.v2))
    }

    @Test("a dropped connection is resumed with a range request, and the result verifies")
    func droppedConnection() throws {
        let f = try Self.withV2()
        try f.serve(["--drop-after", "400000"])
        let run = try f.run(["update"])
        #expect(run.status == 0, "\(run.stderr) \(run.events)")
        let ranges = f.ranges(of: "big.traineddata")
        #expect(ranges == [nil, "bytes=400000-"])
        #expect(f.activeVersion == 2 && f.activeHolds(Self.v2))
    }

    @Test("a server without ranges: the download starts again from the first byte")
    func noRanges() throws {
        let f = try Self.withV2()
        try f.serve(["--drop-after", "400000", "--no-ranges"])
        let run = try f.run(["update"])
        #expect(run.status == 0, "\(run.stderr) \(run.events)")
        #expect(f.activeVersion == 2 && f.activeHolds(Self.v2))
    }

    /// Starts an update on a slow server and waits until it is half way through the big file.
    static func halfWay(_ f: AssetsFixture) throws -> RunningTool {
        try f.serve(["--rate", "1000000"])
        let tool = try f.start(["update"])
        let reached = tool.wait(seconds: 20) { events in
            events.contains { $0["asset"]?.stringValue == "tessdata/big.traineddata" && ($0["bytes"]?.intValue ?? 0) > 300_000 }
        }
        #expect(reached)
        return tool
    }

    @Test("pp-assets cancel stops an update half way; the next update resumes where it stopped")
    func cancelHalfWay() throws {
        let f = try Self.withV2()
        let tool = try Self.halfWay(f)
        let cancel = try f.run(["cancel"])
        #expect(cancel.status == 0)
        let run = tool.finish()
        #expect(run.status == 2 && run.errorCode == "cancelled", "\(run.events)")
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
        // Resumed: the second request for the big file starts past its first byte.
        try f.serve()
        let again = try f.run(["update"])
        #expect(again.status == 0)
        let ranges = f.ranges(of: "big.traineddata").compactMap { $0 }
        #expect(ranges.count == 1 && ranges.first != "bytes=0-")
        #expect(f.activeVersion == 2 && f.activeHolds(Self.v2))
    }

    @Test("SIGINT stops an update the same way")
    func interrupt() throws {
        let f = try Self.withV2()
        let tool = try Self.halfWay(f)
        kill(tool.process.processIdentifier, SIGINT)
        let run = tool.finish()
        #expect(run.status == 2 && run.errorCode == "cancelled", "\(run.events)")
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
    }

    @Test("a crash (SIGKILL) half way leaves the old set active; the next update finishes the new one")
    func crash() throws {
        let f = try Self.withV2()
        let tool = try Self.halfWay(f)
        kill(tool.process.processIdentifier, SIGKILL)
        _ = tool.finish()
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
        try f.serve()
        let again = try f.run(["update"])
        #expect(again.status == 0, "\(again.events)")
        #expect(f.activeVersion == 2 && f.activeHolds(Self.v2))
        let sets = try FileManager.default.contentsOfDirectory(atPath: f.installed + "/sets").sorted()
        #expect(sets == ["v1", "v2"])
    }

    @Test("a full disk (a file size limit) fails the download and keeps the old set")
    func diskFull() throws {
        let f = try Self.withV2()
        try f.serve()
        // 1000 blocks of 1 KB: the 1.5 MB asset cannot be written whole.
        let run = try f.run(["update"], shell: "ulimit -f 1000")
        #expect(run.status == 2 && run.errorCode == "disk_full", "\(run.events) \(run.stderr)")
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
    }

    @Test("a second update while one runs is refused")
    func lock() throws {
        let f = try Self.withV2()
        try f.serve()
        let store = AssetStore(root: f.installed)
        let held = try store.lock()
        defer { close(held) }
        let run = try f.run(["update"])
        #expect(run.status == 2 && run.errorCode == "busy")
        #expect(f.activeVersion == 1)
    }

    @Test("the API key: from PP_ASSETS_KEY or a private key file, sent to the server, never printed")
    func apiKey() throws {
        let f = try Self.withV2()
        try f.serve(["--require-key", "s3cret-key"])
        let refused = try f.run(["update"])
        #expect(refused.errorCode == "http_401")
        let keyFile = f.root + "/api.key"
        try "s3cret-key\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        chmod(keyFile, 0o644)
        let open = try f.run(["update", "--key-file", keyFile])
        #expect(open.status == 2 && open.stderr.contains("chmod 600"))
        chmod(keyFile, 0o600)
        let run = try f.run(["update", "--key-file", keyFile])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(f.activeVersion == 2)
        try f.publish(UpdateTests.v1)
        let viaEnvironment = try f.run(["update"], environment: ["PP_ASSETS_KEY": "s3cret-key"])
        #expect(viaEnvironment.status == 0 && f.activeVersion == 3)
        for r in [refused, open, run, viaEnvironment] {
            #expect(!r.stderr.contains("s3cret") && !r.events.description.contains("s3cret"))
        }
    }

    @Test("a rotated key: a manifest signed by the new key, announced by the old one, is accepted, and stays trusted")
    func keyRotation() throws {
        let f = try UpdateTests.installedV1()
        let newKey = Minisign.SecretKey.generate()
        try f.publish(UpdateTests.v2, key: newKey, rotateFrom: f.key)
        #expect(try f.run(["update"]).status == 0 && f.activeVersion == 2)
        try f.publish(Self.v2, key: newKey)
        #expect(try f.run(["update"]).status == 0 && f.activeVersion == 3)
        // The old key alone no longer signs for this repository.
        try f.publish(UpdateTests.v1, key: f.key)
        let run = try f.run(["update"])
        #expect(run.errorCode == "bad_signature" && f.activeVersion == 3)
    }
}
