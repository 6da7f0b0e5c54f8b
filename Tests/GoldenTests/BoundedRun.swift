import Foundation

/// A built tool run with its stdin on a file (a device such as /dev/zero, a generated file), a time limit
/// after which it is killed, and its own peak memory, for the tests of the tools' bounds
/// (docs/reliability.md). A small Python parent starts it and reads its resource usage
/// (RUSAGE_CHILDREN: the tool alone). Measured from the test process itself, the peak would include the
/// test process's own memory: posix_spawn's child shares it until exec, and Linux counts it.
struct BoundedRun {
    let stdout: [UInt8]
    let stderr: String
    let status: Int32
    /// Killed at the time limit: the tool did not end by itself.
    let timedOut: Bool
    /// Peak resident memory, in bytes.
    let peakBytes: Int

    var lines: [String] { String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init) }

    static let parent = """
        import json, resource, subprocess, sys
        limit, stdin_path, out_path, err_path, command = float(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
        with open(stdin_path, "rb") as i, open(out_path, "wb") as o, open(err_path, "wb") as e:
            tool = subprocess.Popen(command, stdin=i, stdout=o, stderr=e)
            try:
                status, timed_out = tool.wait(timeout=limit), False
            except subprocess.TimeoutExpired:
                tool.kill()
                status, timed_out = tool.wait(), True
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
        print(json.dumps({"status": status if status >= 0 else 128 - status, "timed_out": timed_out, "peak": peak}))
        """

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
        let run = try ToolRun.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["python3", "-c", parent, "\(limit)", stdinPath, outPath, errPath, executable] + arguments, stdin: nil)
        let report = (try? JSONSerialization.jsonObject(with: run.stdout) as? [String: Any]) ?? [:]
        guard let status = report["status"] as? Int, let timedOut = report["timed_out"] as? Bool,
            let peak = report["peak"] as? Int
        else {
            throw BatchFixtureError(message: "the Python parent failed: \(String(decoding: run.stderr, as: UTF8.self))")
        }
        return BoundedRun(
            stdout: [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()),
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "", status: Int32(status), timedOut: timedOut,
            peakBytes: peak)
    }
}
