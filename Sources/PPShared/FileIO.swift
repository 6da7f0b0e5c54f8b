#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole file (or its first `limit` bytes) with open/read, no Foundation; nil when it cannot be read.
public func readFile(_ path: String, limit: Int = .max) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        if n < 0 { return nil }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<min(n, limit - bytes.count)])
        if bytes.count >= limit { return bytes }
    }
}
