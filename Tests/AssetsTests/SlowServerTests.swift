import Digest
import Foundation
import PPShared
import Testing

@testable import Assets

/// TUF's slow-retrieval attack against a real HTTP server process (Server/serve.py): a server that sends
/// a little now and then, enough for libcurl's 1 byte/s floor, keeps a client waiting for ever unless a
/// rate floor over a window and deadlines (per request, per update) end the wait.
@Suite("pp-assets against slow servers: a rate floor and deadlines", .serialized)
struct SlowServerTests {
    struct Trickle: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let options: [String]
        let code: String
        /// When the run should end (seconds), and the flag its message names.
        let ends: Double
        let flag: String
    }

    /// Against a server sending the manifest 2 bytes every 0.5 s.
    static let trickles: [Trickle] = [
        Trickle(
            testDescription: "below the rate floor over the --timeout window (the server sends: not retried)",
            options: ["--timeout", "3"], code: "too_slow", ends: 3, flag: "--min-rate"),
        Trickle(
            testDescription: "past the deadline of the whole check", options: ["--timeout", "3", "--deadline", "2"],
            code: "deadline", ends: 2, flag: "--deadline"),
        Trickle(
            testDescription: "past the deadline of one request, under a floor the trickle keeps",
            options: ["--timeout", "3", "--min-rate", "1", "--request-deadline", "2"], code: "deadline", ends: 2,
            flag: "--request-deadline"),
    ]

    @Test("check against a trickling server ends near its limit with a clear error", arguments: trickles)
    func trickle(_ trickle: Trickle) throws {
        let f = try UpdateTests.installedV1()
        try f.publish(UpdateTests.v2)
        let state = FileManager.default.contents(atPath: f.installed + "/state.json")
        try f.serve(["--trickle", "manifest.json"])
        let (run, seconds, killed) = try f.timedRun(["check"] + trickle.options, limit: trickle.ends + 15)
        #expect(!killed, "still running after \(trickle.ends + 15) s")
        #expect(run.status == 2 && run.errorCode == trickle.code, "\(run.events) \(run.stderr)")
        #expect(seconds >= trickle.ends - 0.5 && seconds < trickle.ends + 4, "ended after \(seconds) s")
        let message = run.events("error").last?["message"]?.stringValue ?? ""
        #expect(message.contains(trickle.flag) && message.contains("manifest.json"), "\(message)")
        // Nothing half-read was trusted.
        #expect(FileManager.default.contents(atPath: f.installed + "/state.json") == state)
    }

    static let lexiconPart = SHA256.hex(of: UpdateTests.v2["lexicons/sr.json"]!) + ".part"

    @Test("an update below the rate floor is abandoned whole; its part stays in staging and the next update resumes it")
    func updateBelowFloor() throws {
        let f = try FaultTests.withV2()
        try f.serve(["--rate", "100000"])
        let options = ["--timeout", "1", "--min-rate", "400000", "--retries", "0"]
        let (run, seconds, killed) = try f.timedRun(["update"] + options, limit: 20)
        #expect(!killed && run.status == 2 && run.errorCode == "too_slow", "\(run.events) \(run.stderr)")
        #expect(seconds < 6, "ended after \(seconds) s")
        #expect(run.events("finished").isEmpty)
        #expect(f.activeVersion == 1 && f.activeHolds(UpdateTests.v1))
        #expect(f.entries("sets") == ["v1"], "nothing half-built")
        let staged = f.installed + "/staging/" + Self.lexiconPart
        let kept = (try? FileManager.default.attributesOfItem(atPath: staged)[.size] as? Int) ?? 0
        #expect(kept > 0 && kept < 300_000, "the part received so far is kept (\(kept) bytes)")
        try f.serve()
        let again = try f.run(["update"])
        #expect(again.status == 0, "\(again.events)")
        #expect(f.activeVersion == 2 && f.activeHolds(FaultTests.v2))
        let ranges = f.ranges(of: "lexicons/sr.json")
        #expect(ranges.last == "bytes=\(kept)-", "resumed where it stopped: \(ranges)")
    }

    @Test("the limits are flags with defaults in --help, refused when out of range")
    func limitFlags() throws {
        let help = AssetsCommand.spec.helpText
        for flag in ["--min-rate", "--deadline", "--request-deadline", "--timeout"] {
            let line = help.split(separator: "\n").first { $0.contains(flag + " ") }
            #expect(line?.contains("default") == true, "\(flag): \(line ?? "missing")")
        }
        let f = try AssetsFixture()
        for bad in [["--min-rate", "0"], ["--deadline", "-1"], ["--request-deadline", "1e20"], ["--timeout", "0"]] {
            let run = try f.run(["check"] + bad)
            #expect(run.status == 2 && run.stderr.contains(bad[0].dropFirst(2)), "\(bad): \(run.stderr)")
        }
    }
}
