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
        /// Seconds to connect, and the window of the rate floor: a transfer that receives fewer than
        /// `minimumRate` bytes a second over a window of this length is too slow (a stall is one).
        public var timeout: Int = 20
        /// Bytes per second a transfer must keep up, over each `timeout` window (TUF's slow retrieval).
        public var minimumRate: Int = 1024
        /// Seconds one file (manifest, signature, asset) may take, retries and their waits included.
        public var requestDeadline: Int = 900
        /// Seconds the whole check or update may spend fetching, every file and retry included.
        public var deadline: Int = 3600
        /// Further attempts after a network failure (a stall is one; a transfer that is merely too slow is
        /// not retried); the wait doubles from `backoff` seconds.
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
    /// When the run's `deadline` passes (monotonic seconds).
    private let runEnds: Double

    public init(settings: Settings) throws(ToolError) {
        _ = Self.globalInit
        runEnds = monotonicSeconds() + Double(settings.deadline)
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
        try withRetries(url, until: deadlines()) { (ends) throws(ToolError) in
            sink.reset(offset: 0)
            try perform(url, sink: sink, resumeAt: 0, ends: ends)
        }
        return sink.memory
    }

    /// A download: the file's SHA-256, and the file it is of.
    struct Staged {
        let sha256: String
        let identity: FileIdentity
    }

    /// Downloads `url` into the file `name` of `staging`, resuming after the bytes it already holds, up to
    /// exactly `size` bytes. `progress` gets the bytes so far.
    func download(
        _ url: String, to name: String, in staging: DataFolder, size: Int, progress: @escaping (Int) -> Void
    ) throws(ToolError) -> Staged {
        let writer = try StagingWriter(folder: staging, name: name, limit: size, buffers: buffers)
        let sink = TransferSink(writer: writer, limit: size, offset: writer.end)
        sink.progress = progress
        // Everything received is on disk before a retry asks for what follows it, or before giving up.
        func written(after failure: ToolError?) -> ToolError? {
            let code = writer.drain()
            guard code != 0 else { return failure }
            return ToolError(.fatal, code: "disk_full", "cannot write the download of '\(url)': \(systemErrorText(code))")
        }
        do throws(ToolError) {
            try withRetries(url, until: deadlines()) { (ends) throws(ToolError) in
                guard writer.end < size else { return }
                sink.reset(offset: writer.end)
                var failure: ToolError?
                do throws(ToolError) { try perform(url, sink: sink, resumeAt: writer.end, ends: ends) } catch {
                    failure = error
                }
                if failure?.code == "no_ranges" {
                    writer.restart()
                    sink.reset(offset: 0)
                    failure = nil
                    do throws(ToolError) { try perform(url, sink: sink, resumeAt: 0, ends: ends) } catch { failure = error }
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
        return Staged(sha256: digest, identity: writer.identity)
    }

    /// The deadlines of a file fetched from now: its own, and the run's.
    private func deadlines() -> Deadlines {
        Deadlines(
            request: monotonicSeconds() + Double(settings.requestDeadline), run: runEnds, settings: settings)
    }

    /// Runs `attempt` again after a transient failure, waiting `backoff`, twice as long, … between tries;
    /// never past a deadline.
    private func withRetries(
        _ url: String, until ends: Deadlines, _ attempt: (Deadlines) throws(ToolError) -> Void
    ) throws(ToolError) {
        var wait = settings.backoff
        var tries = 0
        while true {
            try ends.check(url)
            do { return try attempt(ends) } catch {
                guard error.code == "network", tries < settings.retries, !Cancellation.isRequested else {
                    throw error
                }
                tries += 1
                let until = monotonicSeconds() + wait
                while monotonicSeconds() < until {
                    if Cancellation.isRequested { throw Cancellation.error }
                    try ends.check(url)
                    usleep(50_000)
                }
                wait *= 2
            }
        }
    }

    private func perform(_ url: String, sink: TransferSink, resumeAt: Int, ends: Deadlines) throws(ToolError) {
        curl_easy_reset(curl)
        pp_curl_set_string(curl, CURLOPT_URL, url)
        pp_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
        pp_curl_set_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        pp_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 1)
        pp_curl_set_long(curl, CURLOPT_MAXREDIRS, 5)
        pp_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
        pp_curl_set_long(curl, CURLOPT_FAILONERROR, 1)
        pp_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, settings.timeout)
        // The nearer deadline ends the transfer in libcurl itself; the rate floor is judged in the progress
        // callback below, which libcurl calls about once a second even when nothing arrives.
        let start = monotonicSeconds()
        pp_curl_set_long(curl, CURLOPT_TIMEOUT_MS, max(1, Int(((ends.nearest - start) * 1000).rounded(.up))))
        sink.pace = Pace(start: start, received: sink.received, settings: settings)
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
            return Cancellation.isRequested || !sink.keepsPace(at: monotonicSeconds()) ? 1 : 0
        }
        let code = curl_easy_perform(curl)
        if code == CURLE_OK { return }
        var status = 0
        pp_curl_response_code(curl, &status)
        let what = "'\(url)'"
        switch code {
        case _ where sink.pace?.shortfall != nil: throw sink.pace!.tooSlow(what)
        case CURLE_OPERATION_TIMEDOUT where monotonicSeconds() >= ends.nearest - 0.01: throw ends.passed(url)
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
    /// The rate floor of the attempt under way.
    var pace: Pace?

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
