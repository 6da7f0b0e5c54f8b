import Foundation
import PPShared

/// The bodies of the fuzz targets, one per family of readers (the files beside this one).
enum FuzzEntry {}

/// What the fuzz entries share: the input cut into lines as the tools cut it, and where the
/// repository's data files are.
///
/// The entries in this folder are the bodies of the libFuzzer targets (fuzz/targets/*.swift call
/// them) and of the regression tests (FuzzReplayTests), so a crash found by the fuzzer is replayed
/// through exactly the code that found it. An entry returns normally for any input; a trap, or a
/// `FuzzCheck` failure, is a finding.
enum FuzzInput {
    /// The lines of a byte stream as `LineReader` yields them: split at "\n", a trailing "\r" dropped.
    static func lines(_ bytes: some Collection<UInt8>) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var line: [UInt8] = []
        for b in bytes {
            if b == 0x0A {
                out.append(line.last == 0x0D ? Array(line.dropLast()) : line)
                line = []
            } else {
                line.append(b)
            }
        }
        if !line.isEmpty { out.append(line.last == 0x0D ? Array(line.dropLast()) : line) }
        return out
    }

    /// The JSON Lines records of the input, decoded by the tools' own `JSONLinesReader.decode`;
    /// blank and unreadable lines are left out.
    static func records(_ bytes: some Collection<UInt8>, tool: String) -> [JSON] {
        var out: [JSON] = []
        for (index, line) in lines(bytes).enumerated() {
            let item = line.withUnsafeBufferPointer { buffer -> JSONLine? in
                if JSONLinesReader.isBlank(buffer) { return nil }
                return JSONLinesReader.decode(buffer, input: "fuzz", line: index + 1, tool: tool)
            }
            if case .record(let json, _)? = item { out.append(json) }
        }
        return out
    }

    /// The input as text, with bytes that are not UTF-8 replaced, as a decoded payment code reaches pp-extract.
    static func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// A property an entry checks beyond "does not trap"; a failure stops the run as a crash would.
enum FuzzCheck {
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz check failed: \(message())") }
    }
}

/// The repository's folders, found from this file's place in it (Tests/FuzzTests/Entries).
enum FuzzRepo {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var profiles: String { root + "/Sources/Extract/Profiles" }
    static var model: String { root + "/Sources/Extract/Model/confidence.json" }
}

/// Files for entries whose readers take a file name (leptonica, qpdf): a fresh folder per input, in
/// /dev/shm when there is one (no disk, and fsync costs nothing), removed with what is in it afterwards.
enum FuzzFiles {
    static let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory()

    /// Runs `body` with a new folder that holds `bytes` as `name`; nil when it cannot be made.
    static func withFile<T>(_ bytes: [UInt8], named name: String, _ body: (_ folder: String, _ file: String) -> T) -> T? {
        var template = Array((base + "/pp-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        let folder = String(cString: made)
        defer {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { unlink(folder + "/" + entry) }
            rmdir(folder)
        }
        let file = folder + "/" + name
        guard (try? Data(bytes).write(to: URL(fileURLWithPath: file))) != nil else { return nil }
        return body(folder, file)
    }
}
