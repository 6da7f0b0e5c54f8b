import Foundation
import Synchronization
import Testing

@testable import PPShared

@Suite("ordered parallel map")
struct ParallelMapTests {
    @Test("results come back in input order whatever the finishing order", arguments: [1, 2, 4])
    func order(jobs: Int) throws {
        let map = OrderedParallelMap<Int, Int>(jobs: jobs) {
            { n in
                usleep(UInt32((n * 7919) % 5) * 200)  // uneven work so workers finish out of order
                return n * n
            }
        }
        var inputs = (0..<200).makeIterator()
        var outputs: [Int] = []
        try map.run(next: { inputs.next() }, emit: { outputs.append($0) })
        #expect(outputs == (0..<200).map { $0 * $0 })
    }

    @Test("each worker thread makes its state once")
    func workerStatePerThread() throws {
        let made = Mutex(0)
        let map = OrderedParallelMap<Int, Int>(jobs: 3) {
            made.withLock { $0 += 1 }
            var seen = 0  // worker-local, never shared
            return { _ in
                seen += 1
                return seen
            }
        }
        var inputs = (0..<50).makeIterator()
        var total = 0
        try map.run(next: { inputs.next() }, emit: { _ in total += 1 })
        #expect(total == 50)
        #expect(made.withLock { $0 } == 3)
    }

    @Test("no more than `window` items are in flight")
    func boundedWindow() throws {
        let inFlight = Mutex((now: 0, peak: 0))
        let map = OrderedParallelMap<Int, Int>(jobs: 2, window: 4) {
            { n in
                usleep(300)
                return n
            }
        }
        var next = 0
        try map.run(
            next: {
                guard next < 100 else { return nil }
                inFlight.withLock {
                    $0.now += 1
                    $0.peak = max($0.peak, $0.now)
                }
                next += 1
                return next
            },
            emit: { _ in inFlight.withLock { $0.now -= 1 } })
        #expect(inFlight.withLock { $0.peak } <= 5)  // window plus the item being read
    }

    struct Stop: Error {}

    @Test("an error from the consumer stops the run and is rethrown")
    func consumerError() {
        let map = OrderedParallelMap<Int, Int>(jobs: 2) { { $0 } }
        var inputs = (0..<10_000).makeIterator()
        var emitted = 0
        #expect(throws: Stop.self) {
            try map.run(
                next: { inputs.next() },
                emit: { _ in
                    emitted += 1
                    if emitted == 10 { throw Stop() }
                })
        }
        #expect(emitted == 10)
    }
}
