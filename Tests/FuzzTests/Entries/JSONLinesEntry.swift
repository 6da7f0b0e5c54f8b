import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// Target `json-lines`: PPShared's line reader, JSON Lines reader, JSON parser and encoder, and the
/// redaction every pp-cardcheck record goes through.
extension FuzzEntry {
    /// The input as a stream on a pipe, read the way every tool reads stdin; each record must survive
    /// encoding and parsing again unchanged, and redacting twice must change nothing more than once.
    static func jsonLines(_ bytes: [UInt8]) {
        // A pipe holds 64 KiB; libFuzzer's inputs here are far smaller.
        guard bytes.count <= 60_000, let reader = pipeReader(bytes) else { return }
        let lines = JSONLinesReader(reader, tool: "fuzz")
        var lastLine = 0
        while let item = try? lines.next() {
            switch item {
            case .record(let json, let line):
                FuzzCheck.require(line > lastLine, "line numbers go down: \(line) after \(lastLine)")
                lastLine = line
                roundTrip(json)
                let once = Redaction.redacting(record: json)
                FuzzCheck.require(Redaction.redacting(record: once) == once, "redaction is not idempotent")
            case .unreadable(let error, let line):
                FuzzCheck.require(line > lastLine, "line numbers go down: \(line) after \(lastLine)")
                lastLine = line
                roundTrip(error.record(tool: "fuzz", input: "stdin", line: line))
            }
        }
    }

    /// Encodes `json` and parses it again: the same value must come back.
    static func roundTrip(_ json: JSON) {
        let text = json.encoded()
        guard let again = try? JSON.parse(text) else {
            FuzzCheck.require(false, "encoded JSON does not parse")
            return
        }
        FuzzCheck.require(again == json, "JSON changes through encoding and parsing")
    }

    /// A `LineReader` over a pipe that already holds `bytes`; the buffer starts small (1–61 bytes,
    /// from the input's length) so that growing it and moving unfinished lines is exercised too.
    static func pipeReader(_ bytes: [UInt8]) -> LineReader? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        defer { close(ends[0]) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(ends[1], $0.baseAddress! + written, bytes.count - written) }
            if n <= 0 { break }
            written += n
        }
        close(ends[1])
        return try? LineReader(path: "/dev/fd/\(ends[0])", chunkSize: 1 + bytes.count % 61)
    }
}
