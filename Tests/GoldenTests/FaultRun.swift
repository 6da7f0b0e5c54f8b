import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A built tool started for fault injection (docs/reliability.md, "Faults"): pipes on stdin, stdout and
/// stderr that the test reads, writes, stalls or makes non-blocking; a file size limit (RLIMIT_FSIZE, with
/// SIGXFSZ ignored so a write past it fails with EFBIG, as on a full disk); signals at chosen moments.
final class FaultRun {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffered: [UInt8] = []
    private let errorText = DataBox()

    /// `fileSizeLimit` in bytes; `nonBlocking` makes the tool's stdin (0) or stdout (1) non-blocking, as
    /// some parents leave them; `stdout` replaces the pipe (e.g. /dev/full).
    init(
        _ tool: String, _ arguments: [String], fileSizeLimit: Int? = nil, nonBlocking: Set<Int32> = [],
        stdout: FileHandle? = nil
    ) throws {
        let executable = GoldenCase.productsFolder.appendingPathComponent(tool).path
        if let limit = fileSizeLimit {
            // prlimit (util-linux) sets the limit for the exec'd tool; the ignored SIGXFSZ survives both execs.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", #"trap '' XFSZ; exec prlimit --fsize="$0" -- "$@""#, "\(limit)", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.currentDirectoryURL = GoldenCase.repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment["PP_ASSETS_DIR"] = "none"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = stdout ?? output
        process.standardError = errors
        if nonBlocking.contains(0) { Self.setNonBlocking(input.fileHandleForReading.fileDescriptor) }
        if nonBlocking.contains(1) { Self.setNonBlocking(output.fileHandleForWriting.fileDescriptor) }
        try process.run()
        let reader = errors.fileHandleForReading
        let box = errorText
        Thread {
            box.data = reader.readDataToEndOfFile()
            box.done.signal()
        }.start()
    }

    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    var pid: pid_t { process.processIdentifier }

    /// Writes to the tool's stdin and waits until it is written (the test's end of the pipe blocks).
    func send(_ text: String) {
        feed(Data(text.utf8), to: input.fileHandleForWriting, thenClose: false).wait()
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// Writes all of `text` to stdin on another thread, then closes it, so a tool that stops reading
    /// cannot block the test.
    func sendInBackground(_ text: String) {
        feed(Data(text.utf8), to: input.fileHandleForWriting, thenClose: true)
    }

    /// The next line of stdout, or nil when none came within `timeout` seconds (or stdout ended).
    func line(timeout: Double) -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                defer { buffered.removeFirst(newline + 1) }
                return String(decoding: buffered[..<newline], as: UTF8.self)
            }
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, left) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return nil }
            buffered += chunk[..<n]
        }
    }

    /// The rest of stdout, up to its end.
    func rest() -> [String] {
        let data = buffered + [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        buffered = []
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// CPU time the tool has used so far, in clock ticks (utime + stime of /proc/<pid>/stat).
    func cpuTicks() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the command: state is field 3 of the line; utime and stime are fields 14 and 15.
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    func signal(_ number: Int32) { kill(pid, number) }

    /// Waits for the end; `signal` is the signal that ended the tool, if one did.
    func finish() -> (status: Int32, signal: Int32?, stderr: String) {
        process.waitUntilExit()
        errorText.done.wait()
        let signaled = process.terminationReason == .uncaughtSignal
        return (
            signaled ? 128 + process.terminationStatus : process.terminationStatus,
            signaled ? process.terminationStatus : nil, String(decoding: errorText.data, as: UTF8.self)
        )
    }
}

/// Waits without holding a thread of the test runner's pool (other tests run meanwhile).
func pause(_ seconds: Double) async throws {
    try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
}

/// Temporary folders of the fault tests and what to look for in them.
enum FaultFolder {
    static func make(_ label: String) throws -> URL {
        // Letters only: a UUID's digits, grouped by its hyphens, can look like a card number that
        // pp-cardcheck then masks in the messages a test compares.
        let token = String(
            UUID().uuidString.unicodeScalars.compactMap { c -> Character? in
                guard let d = Int(String(c)) else { return c == "-" ? nil : Character(c) }
                return Character(UnicodeScalar(UInt8(ascii: "g") + UInt8(d)))
            })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pp-fault-\(label)-\(token)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every file below `folder` (relative paths), hidden ones too.
    static func files(_ folder: URL) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let path = walk.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDir),
                !isDir.boolValue
            {
                found.append(path)
            }
        }
        return found.sorted()
    }

    /// The temporary files (AtomicFile's `.<name>.<pid>.<random>.pp-tmp`) below `folder`.
    static func temporaries(_ folder: URL) -> [String] {
        files(folder).filter { $0.hasSuffix(".pp-tmp") }
    }

    /// Whether a folder can be made read-only for this process: by its mode for an ordinary user; for
    /// root (CI), whom modes do not stop, by the immutable attribute (chattr +i) where the file system
    /// and the capabilities allow it.
    static let canMakeReadOnly: Bool = {
        guard let probe = try? make("probe") else { return false }
        defer {
            setReadOnly(probe, false)
            try? FileManager.default.removeItem(at: probe)
        }
        setReadOnly(probe, true)
        return !FileManager.default.createFile(atPath: probe.appendingPathComponent("x").path, contents: Data())
    }()

    static func setReadOnly(_ folder: URL, _ on: Bool) {
        if getuid() == 0 {
            _ = try? ToolRun.run(
                executable: URL(fileURLWithPath: "/usr/bin/chattr"), arguments: [on ? "+i" : "-i", folder.path], stdin: nil)
        } else {
            chmod(folder.path, on ? 0o555 : 0o755)
        }
    }
}
