import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A built tool run with its stdin on a file (a device such as /dev/zero, a FIFO, a generated file), a
/// time limit after which it is killed, and its peak memory (wait4's ru_maxrss), for the tests of the
/// tools' bounds (docs/reliability.md). Started with posix_spawn, not Foundation's Process, so that the
/// test itself reaps the child and gets its own resource usage.
struct BoundedRun {
    let stdout: [UInt8]
    let stderr: String
    let status: Int32
    /// Killed at the time limit: the tool did not end by itself.
    let timedOut: Bool
    let seconds: Double
    /// Peak resident memory, in bytes.
    let peakBytes: Int

    var lines: [String] { String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init) }

    /// Runs `tool` from the repository root with `arguments`, stdin read from `stdinPath`, for at most `limit` seconds.
    static func run(
        tool: String, _ arguments: [String], stdinPath: String = "/dev/null", limit: Double = 30
    ) throws -> BoundedRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pp-bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("stdout").path
        let errPath = scratch.appendingPathComponent("stderr").path
        let executable = GoldenCase.productsFolder.appendingPathComponent(tool).path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment["PP_ASSETS_DIR"] = "none"
        // sh goes to the repository root and execs the tool, which keeps the process (and its usage).
        let script = #"cd "$0" && exec "$@""#
        let argv = (["/bin/sh", "-c", script, GoldenCase.repositoryRoot.path, executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }

        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if Date().timeIntervalSince(started) > limit {
                kill(pid, SIGKILL)
                timedOut = true
                wait4(pid, &status, 0, &usage)
                break
            }
            usleep(20_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let exited = status & 0x7F == 0
        return BoundedRun(
            stdout: [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()),
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), timedOut: timedOut, seconds: seconds,
            peakBytes: Int(usage.ru_maxrss) * 1024)
    }
}
