import CCurl
import FoundationEssentials
import Glibc
import PPShared

/// HTTP(S) downloads through libcurl's easy interface, with the limits an update needs: a byte ceiling
/// (a server may not send more than the manifest declares), resume by HTTP range, timeouts, retries with
/// backoff, cancellation, and SHA-256 computed while the bytes arrive.
///
/// Ownership: a `Downloader` owns one CURL handle (curl_easy_init, freed by curl_easy_cleanup in deinit)
/// and reuses it, so connections are kept alive between files. Not Sendable: one thread uses it.
public final class Downloader {
    public struct Settings: Sendable {
        /// Seconds to connect, and seconds without a byte before a transfer counts as stalled.
        public var timeout: Int = 20
        /// Further attempts after a transient failure; the wait doubles from `backoff` seconds.
        public var retries: Int = 4
        public var backoff: Double = 0.5
        /// Sent as "Authorization: Bearer KEY"; never logged.
        public var apiKey: String?
        public init() {}
    }

    static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    private let curl: UnsafeMutableRawPointer
    private let settings: Settings
    private var headers: UnsafeMutablePointer<curl_slist>?

    public init(settings: Settings) throws(ToolError) {
        _ = Self.globalInit
        guard let handle = curl_easy_init() else { throw ToolError(.fatal, code: "curl", "libcurl: cannot start") }
        curl = handle
        self.settings = settings
        if let key = settings.apiKey { headers = curl_slist_append(nil, "Authorization: Bearer \(key)") }
    }

    deinit {
        curl_easy_cleanup(curl)
        curl_slist_free_all(headers)
    }

    /// A small file (manifest, signature) into memory; more than `limit` bytes is an `endless_data` error.
    public func fetch(_ url: String, limit: Int) throws(ToolError) -> [UInt8] {
        let sink = TransferSink(fd: -1, limit: limit, offset: 0)
        try withRetries(url) { () throws(ToolError) in
            sink.reset(offset: 0)
            try perform(url, sink: sink, resumeAt: 0)
        }
        return sink.memory
    }

    /// Downloads `url` into the file `part`, resuming after the bytes it already holds, up to exactly
    /// `size` bytes; returns the SHA-256 of the whole file. `progress` gets (bytes so far, size).
    public func download(
        _ url: String, to part: String, size: Int, progress: @escaping (Int) -> Void
    ) throws(ToolError) -> String {
        let fd = open(part, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ToolError(.fatal, code: "staging", "cannot write '\(part)': \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var have = Int(lseek(fd, 0, SEEK_END))
        if have > size {  // a part longer than the asset is not this asset: start again
            ftruncate(fd, 0)
            have = 0
        }
        let sink = TransferSink(fd: fd, limit: size, offset: have)
        sink.progress = progress
        // The hash runs over the bytes as they are written; a resumed file's first part is read once.
        if have > 0 { try sink.hashExisting(part, bytes: have) }
        try withRetries(url) { () throws(ToolError) in
            let at = Int(lseek(fd, 0, SEEK_END))
            guard at < size else { return }
            sink.reset(offset: at)
            do throws(ToolError) { try perform(url, sink: sink, resumeAt: at) } catch {
                guard error.code == "no_ranges" else { throw error }
                ftruncate(fd, 0)
                lseek(fd, 0, SEEK_SET)
                sink.reset(offset: 0)
                sink.hasher = SHA256Stream()
                try perform(url, sink: sink, resumeAt: 0)
            }
        }
        guard sink.received == size else {
            throw ToolError(.fatal, code: "size_mismatch", "'\(url)': the server sent fewer bytes than the manifest says")
        }
        progress(size)
        return sink.hasher.hex()
    }

    /// Runs `attempt` again after a transient failure, waiting `backoff`, twice as long, … between tries.
    private func withRetries(_ url: String, _ attempt: () throws(ToolError) -> Void) throws(ToolError) {
        var wait = settings.backoff
        var tries = 0
        while true {
            do { return try attempt() } catch {
                guard error.code == "network", tries < settings.retries, !Cancellation.isRequested else { throw error }
                tries += 1
                let until = Date().addingTimeInterval(wait)
                while Date() < until {
                    if Cancellation.isRequested { throw Cancellation.error }
                    usleep(50_000)
                }
                wait *= 2
            }
        }
    }

    private func perform(_ url: String, sink: TransferSink, resumeAt: Int) throws(ToolError) {
        curl_easy_reset(curl)
        pp_curl_set_string(curl, CURLOPT_URL, url)
        pp_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
        pp_curl_set_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        pp_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 1)
        pp_curl_set_long(curl, CURLOPT_MAXREDIRS, 5)
        pp_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
        pp_curl_set_long(curl, CURLOPT_FAILONERROR, 1)
        pp_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, settings.timeout)
        pp_curl_set_long(curl, CURLOPT_LOW_SPEED_LIMIT, 1)
        pp_curl_set_long(curl, CURLOPT_LOW_SPEED_TIME, settings.timeout)
        pp_curl_set_long(curl, CURLOPT_BUFFERSIZE, 256 * 1024)
        pp_curl_set_string(curl, CURLOPT_USERAGENT, "pp-assets/\(ppVersion)")
        if let headers { pp_curl_set_pointer(curl, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers)) }
        if resumeAt > 0 { pp_curl_set_offset(curl, CURLOPT_RESUME_FROM_LARGE, curl_off_t(resumeAt)) }
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        pp_curl_set_pointer(curl, CURLOPT_WRITEDATA, context.toOpaque())
        pp_curl_set_write(curl) { data, size, count, user in
            let sink = Unmanaged<TransferSink>.fromOpaque(user!).takeUnretainedValue()
            return sink.accept(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        pp_curl_set_long(curl, CURLOPT_NOPROGRESS, 0)
        pp_curl_set_pointer(curl, CURLOPT_XFERINFODATA, context.toOpaque())
        pp_curl_set_progress(curl) { user, _, _, _, _ in
            let sink = Unmanaged<TransferSink>.fromOpaque(user!).takeUnretainedValue()
            sink.report()
            return Cancellation.isRequested ? 1 : 0
        }
        let code = curl_easy_perform(curl)
        if code == CURLE_OK { return }
        var status = 0
        pp_curl_response_code(curl, &status)
        let what = "'\(url)'"
        switch code {
        case _ where Cancellation.isRequested || code == CURLE_ABORTED_BY_CALLBACK: throw Cancellation.error
        case _ where sink.overflow:
            throw ToolError(
                .fatal, code: "endless_data", "\(what) sent more than the \(sink.limit) bytes the manifest declares")
        case _ where sink.writeError != 0:
            let why = String(cString: strerror(sink.writeError))
            throw ToolError(.fatal, code: "disk_full", "cannot write the download of \(what): \(why)")
        case CURLE_RANGE_ERROR: throw ToolError(.fatal, code: "no_ranges", "\(what): the server does not resume")
        case CURLE_HTTP_RETURNED_ERROR:
            let transient = status >= 500 || status == 429 || status == 408
            throw ToolError(.fatal, code: transient ? "network" : "http_\(status)", "\(what): HTTP status \(status)")
        default:
            throw ToolError(.fatal, code: "network", "\(what): \(String(cString: curl_easy_strerror(code)))")
        }
    }
}

/// Where a transfer's bytes go (a file descriptor, else memory), with the ceiling and the progress state;
/// reached from libcurl's callbacks through its opaque pointer.
final class TransferSink {
    let fd: Int32
    let limit: Int
    private(set) var received = 0
    private(set) var memory: [UInt8] = []
    private(set) var overflow = false
    private(set) var writeError: Int32 = 0
    var progress: ((Int) -> Void)?
    var hasher = SHA256Stream()
    private var writtenBack = 0

    init(fd: Int32, limit: Int, offset: Int) {
        self.fd = fd
        self.limit = limit
        received = offset
    }

    func reset(offset: Int) {
        received = offset
        writtenBack = offset
        memory.removeAll(keepingCapacity: true)
        overflow = false
        writeError = 0
    }

    /// Takes one piece from libcurl; false stops the transfer (too many bytes, or the write failed).
    func accept(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard received + bytes.count <= limit else {
            overflow = true
            return false
        }
        if fd < 0 {
            memory.append(contentsOf: bytes)
        } else {
            var done = 0
            while done < bytes.count {
                let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    writeError = errno
                    return false
                }
                done += n
            }
        }
        if fd >= 0 { hasher.update(bytes) }
        received += bytes.count
        // Start writing each 8 MB to disk now (POSIX_FADV_DONTNEED begins writeback and frees the cache),
        // so the fsync before activation finds little left to do.
        if fd >= 0, received - writtenBack >= 8 << 20 {
            _ = posix_fadvise(fd, off_t(writtenBack), off_t(received - writtenBack), POSIX_FADV_DONTNEED)
            writtenBack = received
        }
        return true
    }

    /// Feeds the first `bytes` of an interrupted download to the hash.
    func hashExisting(_ path: String, bytes: Int) throws(ToolError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ToolError(.fatal, code: "staging", "cannot read '\(path)'") }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
        defer { buffer.deallocate() }
        var left = bytes
        while left > 0 {
            let n = read(fd, buffer.baseAddress, min(left, buffer.count))
            guard n > 0 else { throw ToolError(.fatal, code: "staging", "cannot read '\(path)'") }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            left -= n
        }
    }

    func report() { progress?(received) }
}
