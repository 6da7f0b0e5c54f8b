#if canImport(Glibc)
    import Glibc
#endif

// Threads and a condition lock on POSIX threads, so that PPShared needs no Foundation:
// a tool that does not use Foundation itself then does not load it (about 9.5 MB of
// resident memory on Debian 12 with Swift 6.3.1).

/// A mutex with one condition variable (pthread_mutex_t + pthread_cond_t), like NSCondition.
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for a broadcast; the lock must be held (it is held again on return).
    public func wait() { pthread_cond_wait(cond, mutex) }
    /// Waits for a broadcast until `deadline` (from `deadline(after:)`); false when the time ran out.
    public func wait(until deadline: timespec) -> Bool {
        var limit = deadline
        return pthread_cond_timedwait(cond, mutex, &limit) != ETIMEDOUT
    }
    /// The moment `seconds` from now, on the clock `wait(until:)` measures (CLOCK_REALTIME).
    public static func deadline(after seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanos = Int(now.tv_nsec) + Int((seconds - seconds.rounded(.down)) * 1e9)
        return timespec(tv_sec: now.tv_sec + Int(seconds.rounded(.down)) + nanos / 1_000_000_000, tv_nsec: nanos % 1_000_000_000)
    }
    public func broadcast() { pthread_cond_broadcast(cond) }
}

private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// Starts a detached POSIX thread running `body` with the given stack size (pthread_create). When no
/// thread can be made, `body` runs here (`runHereIfNoThread`) or not at all; returns whether a thread runs it.
@discardableResult
public func startThread(
    stackSize: Int = 8 << 20, runHereIfNoThread: Bool = true, _ body: @escaping @Sendable () -> Void
) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
        &thread, &attributes,
        { raw in
            Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, context)
    guard status != 0 else { return true }
    // No thread could be made: run the work here rather than lose it (unless the caller cannot wait for it).
    let work = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
    if runHereIfNoThread { work.body() }
    return false
}

/// A mutex (pthread_mutex_t), like NSLock: the one lock pp's libraries use.
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// Runs `body` for every index in 0..<count on up to `workers` threads (this one among them) and returns
/// when all have finished, like DispatchQueue.concurrentPerform; the order of the calls is not defined.
public func concurrentForEach(_ count: Int, workers: Int = coreCount, _ body: (Int) -> Void) {
    guard count > 1, workers > 1 else {
        for i in 0..<count { body(i) }
        return
    }
    // `body` does not escape: the helper threads are joined, so every reference they held is gone, before
    // withoutActuallyEscaping checks that none is left.
    withoutActuallyEscaping(body) { body in
        let loop = SharedLoop(count: count, body: body)
        var helpers: [pthread_t] = []
        for _ in 0..<(min(workers, count) - 1) {
            let context = Unmanaged.passRetained(loop).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(
                &thread, nil,
                { raw in
                    Unmanaged<SharedLoop>.fromOpaque(raw!).takeRetainedValue().work()
                    return nil
                }, context)
            if status == 0 {
                helpers.append(thread)
            } else {
                Unmanaged<SharedLoop>.fromOpaque(context).release()  // no thread: this one does that share
            }
        }
        loop.work()
        for thread in helpers { pthread_join(thread, nil) }
    }
}

/// The next index of one `concurrentForEach`, shared by its threads.
private final class SharedLoop: @unchecked Sendable {
    private let lock = Lock()
    private let count: Int
    private let body: (Int) -> Void
    private var next = 0

    init(count: Int, body: @escaping (Int) -> Void) {
        self.count = count
        self.body = body
    }

    func work() {
        while true {
            let i = lock.withLock {
                defer { next += 1 }
                return next
            }
            guard i < count else { return }
            body(i)
        }
    }
}
