import CCurl
import FoundationEssentials
import Glibc
import PPShared

/// HTTP(S) downloads through libcurl's easy interface, with the limits an update needs: a byte ceiling
/// (a server may not send more than the manifest declares), resume by HTTP range, timeouts, retries with
/// backoff, cancellation, and SHA-256 computed while the bytes arrive (beside the transfer: StagingWriter).
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
    /// The staging writers' buffers, one set for every file this downloader fetches.
    private lazy var buffers = StagingWriter.Buffers()

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
        let sink = TransferSink(writer: nil, limit: limit, offset: 0)
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
        var have = 0
        var info = stat()
        if stat(part, &info) == 0 { have = Int(info.st_size) }
        if have > size {  // a part longer than the asset is not this asset: start again
            truncate(part, 0)
            have = 0
        }
        let writer = try StagingWriter(path: part, existing: have, buffers: buffers)
        let sink = TransferSink(writer: writer, limit: size, offset: have)
        sink.progress = progress
        // Everything received is on disk before a retry asks for what follows it, or before giving up.
        func written(after failure: ToolError?) -> ToolError? {
            let code = writer.drain()
            guard code != 0 else { return failure }
            return ToolError(
                .fatal, code: "disk_full", "cannot write the download of '\(url)': \(String(cString: strerror(code)))")
        }
        do throws(ToolError) {
            try withRetries(url) { () throws(ToolError) in
                guard writer.end < size else { return }
                sink.reset(offset: writer.end)
                var failure: ToolError?
                do throws(ToolError) { try perform(url, sink: sink, resumeAt: writer.end) } catch { failure = error }
                if failure?.code == "no_ranges" {
                    writer.restart()
                    sink.reset(offset: 0)
                    failure = nil
                    do throws(ToolError) { try perform(url, sink: sink, resumeAt: 0) } catch { failure = error }
                }
                if let failure = written(after: failure) { throw failure }
            }
        } catch {
            _ = writer.finish()
            throw error
        }
        let digest = writer.finish()
        guard sink.received == size else {
            throw ToolError(.fatal, code: "size_mismatch", "'\(url)': the server sent fewer bytes than the manifest says")
        }
        guard let digest else {
            throw ToolError(.fatal, code: "disk_full", "cannot write the download of '\(url)'")
        }
        progress(size)
        return digest
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
        case _ where sink.writeFailed:
            throw ToolError(.fatal, code: "disk_full", "cannot write the download of \(what)")
        case CURLE_RANGE_ERROR: throw ToolError(.fatal, code: "no_ranges", "\(what): the server does not resume")
        case CURLE_HTTP_RETURNED_ERROR:
            let transient = status >= 500 || status == 429 || status == 408
            throw ToolError(.fatal, code: transient ? "network" : "http_\(status)", "\(what): HTTP status \(status)")
        default:
            throw ToolError(.fatal, code: "network", "\(what): \(String(cString: curl_easy_strerror(code)))")
        }
    }
}

/// Where a transfer's bytes go (a staging file through its writer, else memory), with the ceiling and the
/// progress state; reached from libcurl's callbacks through its opaque pointer.
final class TransferSink {
    let writer: StagingWriter?
    let limit: Int
    private(set) var received = 0
    private(set) var memory: [UInt8] = []
    private(set) var overflow = false
    private(set) var writeFailed = false
    var progress: ((Int) -> Void)?

    init(writer: StagingWriter?, limit: Int, offset: Int) {
        self.writer = writer
        self.limit = limit
        received = offset
    }

    func reset(offset: Int) {
        received = offset
        memory.removeAll(keepingCapacity: true)
        overflow = false
        writeFailed = false
    }

    /// Takes one piece from libcurl; false stops the transfer (too many bytes, or a write failed).
    func accept(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard received + bytes.count <= limit else {
            overflow = true
            return false
        }
        if let writer {
            guard writer.append(bytes) else {
                writeFailed = true
                return false
            }
        } else {
            memory.append(contentsOf: bytes)
        }
        received += bytes.count
        return true
    }

    func report() { progress?(received) }
}
