#if canImport(Glibc)
    import Glibc
#endif

/// The whole content of a file, or nil when it cannot be opened or read (open/read, no Foundation).
public func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n > 0 {
            bytes.append(contentsOf: chunk[0..<n])
        } else if n == 0 {
            return bytes
        } else if errno != EINTR {
            return nil
        }
    }
}
