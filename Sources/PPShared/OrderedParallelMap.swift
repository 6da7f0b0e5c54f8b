#if canImport(Glibc)
    import Glibc
#endif

/// Maps a stream of inputs on `jobs` worker threads and hands the results back
/// in input order, with at most `window` items in flight so memory stays flat.
///
/// Each worker thread calls `makeWorker` once and keeps what it returns for
/// every item it takes: that is where a non-thread-safe engine (a Tesseract API,
/// a poppler document cache) lives, one per thread. Results are emitted on the
/// calling thread. With `jobs == 1` everything runs on the calling thread.
public struct OrderedParallelMap<Input: Sendable, Output: Sendable> {
    public let jobs: Int
    public let window: Int
    let makeWorker: @Sendable () -> (Input) -> Output

    public init(jobs: Int, window: Int? = nil, makeWorker: @escaping @Sendable () -> (Input) -> Output) {
        self.jobs = max(1, jobs)
        self.window = max(self.jobs, window ?? self.jobs * 2 + 1)
        self.makeWorker = makeWorker
    }

    /// Pulls inputs from `next` (nil ends the stream) and passes each result to `emit`, in order.
    /// If `next` or `emit` throws, the workers stop after their current item and the error is rethrown.
    public func run(next: () throws -> Input?, emit: (Output) throws -> Void) throws {
        try run(nextDraining: { _ in try next() }, emit: emit)
    }

    /// Like `run(next:emit:)`, but `next` gets a `drain` function that emits every result still in
    /// flight. A reader calls it before it blocks waiting for input, so an interactive stream gets
    /// each answer as soon as it is ready instead of when the next input arrives.
    public func run(nextDraining next: (_ drain: () throws -> Void) throws -> Input?, emit: (Output) throws -> Void) throws {
        if jobs == 1 {
            let work = makeWorker()
            while let input = try next({}) { try emit(work(input)) }
            return
        }
        let state = SharedState<Input, Output>()
        for _ in 0..<jobs {
            let make = makeWorker
            startThread(stackSize: 8 << 20) { [state] in
                do {
                    let work = make()
                    while let (seq, input) = state.take() {
                        state.finish(seq, work(input))
                    }
                }
                // The worker's state (an engine, an open document) is released above, before the run
                // may return: otherwise it is freed while the process exits and C libraries' static
                // data is torn down (a poppler document freed then crashed pp-ingest 1 run in 40).
                state.workerExited()
            }
        }
        defer { state.shutDown(workers: jobs) }

        // Counters live in a box so the drain function handed to `next` can advance them.
        let progress = Progress()
        try withoutActuallyEscaping(emit) { emit in
            let drain = {
                while progress.emitted < progress.submitted {
                    try emit(state.waitFor(progress.emitted))
                    progress.emitted += 1
                }
            }
            while let input = try next(drain) {
                // Keep the window: emit finished results (in order) until there is room.
                while progress.submitted - progress.emitted >= window {
                    try emit(state.waitFor(progress.emitted))
                    progress.emitted += 1
                }
                state.submit(progress.submitted, input)
                progress.submitted += 1
                while let ready = state.ready(progress.emitted) {
                    try emit(ready)
                    progress.emitted += 1
                }
            }
            try drain()
        }
    }
}

private final class Progress {
    var submitted = 0
    var emitted = 0
}

/// The queue and result table shared by the workers, guarded by one condition lock.
private final class SharedState<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let condition = ConditionLock()
    private var queue: [(Int, Input)] = []
    private var queueHead = 0
    private var results: [Int: Output] = [:]
    private var closed = false
    private var exited = 0

    func submit(_ seq: Int, _ input: Input) {
        condition.lock()
        queue.append((seq, input))
        condition.broadcast()
        condition.unlock()
    }

    /// The next item for a worker; nil when the stream is closed and drained.
    func take() -> (Int, Input)? {
        condition.lock()
        defer { condition.unlock() }
        while queueHead == queue.count, !closed { condition.wait() }
        guard !closed, queueHead < queue.count else { return nil }
        let item = queue[queueHead]
        queueHead += 1
        if queueHead > 64, queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        return item
    }

    func finish(_ seq: Int, _ output: Output) {
        condition.lock()
        results[seq] = output
        condition.broadcast()
        condition.unlock()
    }

    func ready(_ seq: Int) -> Output? {
        condition.lock()
        defer { condition.unlock() }
        return results.removeValue(forKey: seq)
    }

    func waitFor(_ seq: Int) -> Output {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let output = results.removeValue(forKey: seq) { return output }
            condition.wait()
        }
    }

    func workerExited() {
        condition.lock()
        exited += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Drops queued work, wakes the workers and waits until every one has left.
    func shutDown(workers: Int) {
        condition.lock()
        closed = true
        queue.removeAll()
        queueHead = 0
        condition.broadcast()
        while exited < workers { condition.wait() }
        condition.unlock()
    }
}
