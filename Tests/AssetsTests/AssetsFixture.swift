import Foundation
import PPShared
import Testing

@testable import Assets

/// A temporary world for one test: a signing key, a repository published with `Publisher`, an install
/// folder, and runs of the built pp-assets against a real HTTP server (Server/serve.py on 127.0.0.1).
final class AssetsFixture {
    let root: String
    let key = Minisign.SecretKey.generate()
    var repository: String { root + "/repo" }
    var installed: String { root + "/installed" }
    var publicKeyFile: String { root + "/team.pub" }
    private(set) var server: TestServer?

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("pp-assets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try key.publicKey.fileText.write(toFile: publicKeyFile, atomically: true, encoding: .utf8)
    }

    deinit {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Publishes `files` (path in the set → bytes) as the next version of `repo` (default: the fixture's).
    @discardableResult
    func publish(
        _ files: [String: [UInt8]], repo: String? = nil, key: Minisign.SecretKey? = nil, rotateFrom: Minisign.SecretKey? = nil,
        stage: String = "release", version: Int? = nil, now: Date = Date()
    ) throws -> Manifest {
        let source = root + "/source-\(UUID().uuidString)"
        for (name, bytes) in files {
            let path = source + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        var publisher = Publisher(key: key ?? self.key)
        publisher.rotateFrom = rotateFrom
        publisher.stage = stage
        publisher.version = version
        publisher.now = now
        defer { try? FileManager.default.removeItem(atPath: source) }
        return try publisher.publish(source, to: repo ?? repository)
    }

    /// Starts the server over `root` (default: the repository) with serve.py's fault options.
    func serve(_ options: [String] = [], root served: String? = nil) throws {
        server?.stop()
        server = try TestServer(root: served ?? repository, options: options, log: root + "/requests.jsonl")
    }

    var url: String { "http://127.0.0.1:\(server?.port ?? 1)" }

    /// The requests the server saw, one object each (path, range, authorized).
    func requests() -> [JSON] {
        let text = (try? String(contentsOfFile: root + "/requests.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSON.parse(String($0)) }
    }

    /// The Range header of each request the server saw for a path ending in `suffix` (nil: none sent).
    func ranges(of suffix: String) -> [String?] {
        requests().filter { $0["path"]?.stringValue?.hasSuffix(suffix) == true }.map { $0["range"]?.stringValue }
    }

    struct Run {
        let status: Int32
        let events: [JSON]
        let stderr: String
        func events(_ name: String) -> [JSON] { events.filter { $0["event"]?.stringValue == name } }
        var errorCode: String? { events("error").last?["code"]?.stringValue }
    }

    /// The standard options: this server, this key, this install folder, quick retries.
    func options(timeout: Int = 5, retries: Int = 2) -> [String] {
        [
            "--server", url, "--public-key", publicKeyFile, "--data-dir", installed, "--timeout", "\(timeout)",
            "--retries", "\(retries)",
        ]
    }

    /// Runs the built pp-assets (or `executable`) with `arguments` (and `options()` unless `plain`), to the end.
    func run(
        _ arguments: [String], plain: Bool = false, environment: [String: String] = [:], shell: String? = nil,
        executable: String? = nil
    ) throws -> Run {
        let process = try start(arguments, plain: plain, environment: environment, shell: shell, executable: executable)
        process.process.waitUntilExit()
        return process.finish()
    }

    func start(
        _ arguments: [String], plain: Bool = false, environment: [String: String] = [:], shell: String? = nil,
        executable: String? = nil
    ) throws -> RunningTool {
        var env = ["XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data"]
        for (k, v) in environment { env[k] = v }
        // The standard options, less those the test gives itself.
        var standard: [String] = []
        let given = options()
        for i in stride(from: 0, to: given.count, by: 2) where !arguments.contains(given[i]) {
            standard += [given[i], given[i + 1]]
        }
        return try RunningTool(
            arguments: arguments + (plain ? [] : standard), environment: env, shell: shell, folder: root,
            executable: executable ?? RunningTool.executable)
    }

    // MARK: - What is installed

    var activeVersion: Int? { ActiveAssets.find(in: installed)?.version }

    /// The active set holds exactly `files`, byte for byte.
    func activeHolds(_ files: [String: [UInt8]]) -> Bool {
        guard let active = ActiveAssets.find(in: installed) else { return false }
        return files.allSatisfy { name, bytes in
            FileManager.default.contents(atPath: active.folder + "/" + name).map { Array($0) } == bytes
        }
    }

    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }
}

/// A pp-assets process whose stdout and stderr go to files, so a test can watch its events while it runs.
final class RunningTool {
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    static let executable: String = {
        let candidates = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for folder in candidates where FileManager.default.fileExists(atPath: folder.appendingPathComponent("pp-assets").path) {
            return folder.appendingPathComponent("pp-assets").path
        }
        return "pp-assets"
    }()

    init(arguments: [String], environment: [String: String], shell: String?, folder: String, executable: String) throws {
        let id = UUID().uuidString
        stdoutPath = folder + "/\(id).out"
        stderrPath = folder + "/\(id).err"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        if let shell {
            // `shell` runs first (a `ulimit`), then execs the tool with the arguments.
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shell + "; exec \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "PP_ASSETS_KEY")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var events: [JSON] {
        let text = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSON.parse(String($0)) }
    }

    /// Waits up to `seconds` for `condition` on the events so far.
    func wait(seconds: Double, until condition: ([JSON]) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition(events) { return true }
            usleep(20_000)
        }
        return false
    }

    func finish() -> AssetsFixture.Run {
        process.waitUntilExit()
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return AssetsFixture.Run(status: process.terminationStatus, events: events, stderr: stderr)
    }
}

/// Tests/AssetsTests/Server/serve.py, started for one test and stopped with it.
final class TestServer {
    let process = Process()
    let port: Int

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/serve.py").path

    init(root: String, options: [String], log: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, "--root", root, "--log", log] + options
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ToolError(.fatal, code: "server", "the test server did not start")
        }
        self.port = port
    }

    func stop() {
        // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
