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
