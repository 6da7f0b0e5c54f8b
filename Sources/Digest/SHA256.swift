import CGnuTLS

#if canImport(Glibc)
    import Glibc
#endif

/// SHA-256, the one implementation every tool uses (GnuTLS's gnutls_hash, which takes the CPU's SHA
/// instructions where present). pp-ingest and pp-pages name a document by "sha256:<hex>" of its bytes
/// (the `doc` key that joins their records), so both must hash through here to agree byte for byte.
///
/// Not Sendable: one stream per thread.
public final class SHA256 {
    private var handle: gnutls_hash_hd_t?
    private var finished: String?

    public init() {
        // Fails only when GnuTLS lacks SHA-256 (never on a working install): the digest then reads "".
        if gnutls_hash_init(&handle, GNUTLS_DIG_SHA256) != 0 { handle = nil }
    }

    deinit { if finished == nil, let handle { gnutls_hash_deinit(handle, nil) } }

    /// Adds `bytes` to the digest (ignored once `hex()` was called).
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let handle, finished == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _ = gnutls_hash(handle, base, bytes.count)
    }

    public func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The digest as lower-case hex; the stream is finished afterwards (later calls return the same).
    public func hex() -> String {
        if let finished { return finished }
        var digest = [UInt8](repeating: 0, count: 32)
        if let handle { gnutls_hash_deinit(handle, &digest) }
        finished = handle == nil ? "" : Self.hexText(digest)
        return finished!
    }

    /// Lower-case hex of the SHA-256 of `bytes`.
    public static func hex(of bytes: [UInt8]) -> String {
        let stream = SHA256()
        stream.update(bytes)
        return stream.hex()
    }

    /// The digest of a file's bytes, read in 256 KiB pieces so memory stays flat: its lower-case hex and
    /// the byte count, or the errno of the failed open or read.
    public static func file(_ path: String) -> Result<(hex: String, size: Int), FileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(FileError(errno: errno)) }
        defer { close(fd) }
        return file(descriptor: fd)
    }

    /// The digest of the bytes of an open file, from where it stands to its end (the caller keeps `fd`).
    public static func file(descriptor fd: Int32) -> Result<(hex: String, size: Int), FileError> {
        let stream = SHA256()
        var size = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n < 0 { return .failure(FileError(errno: errno)) }
            if n == 0 { break }
            stream.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            size += n
        }
        return .success((stream.hex(), size))
    }

    /// "sha256:<hex>" of a file's bytes (the `doc` key of docs/design.md), nil when it cannot be read.
    public static func documentKey(path: String) -> String? {
        guard case .success(let found) = file(path) else { return nil }
        return "sha256:" + found.hex
    }

    /// Why a file could not be hashed: the errno of its open or read.
    public struct FileError: Error {
        public let errno: Int32
    }

    /// Lower-case hex of `bytes`.
    public static func hexText(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
