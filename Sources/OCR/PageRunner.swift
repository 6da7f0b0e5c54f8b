import PPShared
import Records

/// Runs pages on a thread of its own so that a page past its time limit can be given up on.
///
/// Tesseract checks its deadline only between words while recognizing; page layout analysis of a
/// pathological image (noise, a huge photo) is not interruptible and can take minutes. The worker hands
/// each page to its runner and waits at most the limit plus a second. On time, the runner (and its engine,
/// created once on the runner's thread) serves the next page. Too late, the worker turns the page into an
/// error record and starts a fresh runner; the old one finishes the page in the background, drops the
/// result and ends, freeing its engine. A thread inside tesseract cannot be stopped safely, only left.
final class PageRunner {
    private let mailbox: Mailbox

    init(options: OCROptions) {
        let mailbox = Mailbox()
        self.mailbox = mailbox
        // No thread means no runner: each page then times out into an error record instead of blocking here.
        startThread(stackSize: 8 << 20, runHereIfNoThread: false) {
            let ocr = PageOCR(options: options)
            while let page = mailbox.take() {
                mailbox.deliver(ocr.process(page))
            }
        }
    }

    deinit { mailbox.close() }

    /// The processed record, or nil when `seconds` passed first (this runner is then abandoned).
    func process(_ page: PageRecord, within seconds: Double) -> JSON? {
        mailbox.process(page, within: seconds)
    }
}

/// The one-page mailbox between a worker and its runner thread.
private final class Mailbox: @unchecked Sendable {
    private let condition = ConditionLock()
    private var job: PageRecord?
    private var result: JSON?
    private var closed = false

    /// Runner side: the next page, or nil when the worker is gone (or gave up on this runner).
    func take() -> PageRecord? {
        condition.lock()
        defer { condition.unlock() }
        while job == nil, !closed { condition.wait() }
        if closed { return nil }
        return job
    }

    func deliver(_ output: JSON) {
        condition.lock()
        job = nil
        if !closed { result = output }
        condition.broadcast()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func process(_ page: PageRecord, within seconds: Double) -> JSON? {
        condition.lock()
        defer { condition.unlock() }
        job = page
        result = nil
        condition.broadcast()
        let limit = ConditionLock.deadline(after: seconds)
        while result == nil {
            if !condition.wait(until: limit), result == nil {
                closed = true  // the runner ends after this page and drops what it found
                return nil
            }
        }
        defer { result = nil }
        return result
    }
}
