import PPShared

/// The rate floor of one transfer attempt against TUF's slow-retrieval attack (a server that sends a
/// little now and then, enough for libcurl's own floor of 1 byte a second, and never finishes): at least
/// `minimumRate` bytes a second over each window of `timeout` seconds, judged as each window ends. The
/// windows follow each other from the attempt's start, so the first one includes connecting. The check
/// is a subtraction and a clock read per libcurl progress call: nothing a fast transfer would notice.
struct Pace {
    let window: Double
    let minimumRate: Int
    /// Bytes a window must bring.
    let floor: Int
    private var windowStart: Double
    private var windowBytes: Int
    /// What the window that fell short brought, and how long it was.
    private(set) var shortfall: (bytes: Int, seconds: Double)?

    init(start: Double, received: Int, settings: Downloader.Settings) {
        window = Double(settings.timeout)
        minimumRate = settings.minimumRate
        let (product, overflow) = settings.minimumRate.multipliedReportingOverflow(by: settings.timeout)
        floor = overflow ? Int.max : product
        windowStart = start
        windowBytes = received
    }

    /// False once a whole window has brought fewer bytes than the floor (`received` counts them all).
    mutating func keepsPace(at now: Double, received: Int) -> Bool {
        guard now - windowStart >= window else { return true }
        let brought = received - windowBytes
        if brought < floor {
            shortfall = (brought, now - windowStart)
            return false
        }
        windowStart = now
        windowBytes = received
        return true
    }

    /// The error for the window that fell short: a stall (not a byte) is a `network` failure a retry may
    /// get past; a server that does send, but too slowly, is `too_slow` and is not asked again.
    func tooSlow(_ what: String) -> ToolError {
        let (bytes, seconds) = shortfall ?? (0, window)
        if bytes == 0 {
            return ToolError(.fatal, code: "network", "\(what): not a byte in \(Int(seconds.rounded())) s (--timeout)")
        }
        return ToolError(
            .fatal, code: "too_slow",
            "\(what): \(bytes) bytes in \(Int(seconds.rounded())) s, below the floor of \(minimumRate) bytes/s over "
                + "\(Int(window)) s (--min-rate, --timeout)")
    }
}

/// The two deadlines a file is fetched under: its own (`requestDeadline` from its first attempt) and
/// the run's (`deadline` from the start of the check or update).
struct Deadlines {
    let request: Double
    let run: Double
    let settings: Downloader.Settings

    var nearest: Double { min(request, run) }

    /// Throws `deadline` once the nearer one has passed.
    func check(_ url: String) throws(ToolError) {
        if monotonicSeconds() >= nearest { throw passed(url) }
    }

    func passed(_ url: String) -> ToolError {
        let (seconds, of, flag) =
            run <= request
            ? (settings.deadline, "the whole run", "--deadline") : (settings.requestDeadline, "one file", "--request-deadline")
        return ToolError(
            .fatal, code: "deadline",
            "'\(url)': not fetched within the deadline of \(seconds) s for \(of) (\(flag)); what arrived of an asset "
                + "stays in staging for the next update")
    }
}

extension TransferSink {
    /// Whether the transfer keeps the rate floor (true when it has none).
    func keepsPace(at now: Double) -> Bool {
        guard var current = pace else { return true }
        defer { pace = current }
        return current.keepsPace(at: now, received: received)
    }
}
