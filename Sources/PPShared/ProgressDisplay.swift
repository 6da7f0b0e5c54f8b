#if canImport(Glibc)
    import Glibc
#endif

/// The progress line of one tool: a tally, a clock and the shared status line. Does nothing when the
/// tool does not draw (ProgressRule). Call it from the thread that reads and writes records.
public final class ProgressDisplay {
    public let enabled: Bool
    let tool: String
    let line: StatusLine
    let clock: () -> Double
    let start: Double
    private var lastDraw = -1.0
    private var drawn = false
    public private(set) var tally = ProgressTally()

    /// Draws when `enabled`; `clock` gives seconds (monotonic) and is replaced in tests.
    public init(tool: String, enabled: Bool, line: StatusLine = .shared, clock: @escaping () -> Double = monotonicSeconds) {
        self.tool = tool
        self.enabled = enabled
        self.line = line
        self.clock = clock
        self.start = clock()
    }

    /// The display a tool's flags and file descriptors ask for (see ProgressRule).
    public convenience init(tool: String, arguments: ParsedArguments) throws(ToolError) {
        let draw = ProgressRule.shouldDraw(
            forced: try ProgressRule.forced(arguments), stderrIsTerminal: StatusLine.shared.isTerminal,
            stdoutIsPipe: ProgressRule.stdoutIsPipe)
        self.init(tool: tool, enabled: draw)
    }

    /// A record read: the totals it tells.
    public func learn(_ record: JSON) {
        guard enabled else { return }
        tally.learn(record)
        redraw()
    }

    /// A record written: the pages it finishes.
    public func finished(_ record: JSON) {
        guard enabled else { return }
        tally.finished(record)
        redraw()
    }

    /// A record that is both read and written here (the first tool of a pipe).
    public func passed(_ record: JSON) {
        guard enabled else { return }
        tally.learn(record)
        tally.finished(record)
        redraw()
    }

    /// Draws the line at most ten times a second.
    func redraw() {
        let now = clock()
        guard now - lastDraw >= 0.1 else { return }
        lastDraw = now
        drawn = true
        line.draw(ProgressLine.running(tool: tool, tally, elapsed: now - start, width: line.width()))
    }

    /// Leaves the final line on screen with a newline, when anything was counted.
    public func finish() {
        guard enabled, drawn || tally.pagesDone > 0 else { return }
        line.finish(ProgressLine.finished(tool: tool, tally, elapsed: clock() - start, width: line.width()))
    }
}

/// Seconds on the monotonic clock.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
