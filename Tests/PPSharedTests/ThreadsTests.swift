import PPShared
import Testing

@Suite("threads")
struct ThreadsTests {
    /// Every index runs exactly once, on several threads, and the call returns only when all are done;
    /// run many times, since a helper thread still holding the (non-escaping) body after the return traps.
    @Test func concurrentForEachRunsEveryIndexOnce() {
        for round in 0..<200 {
            let count = round % 17 + 1
            let seen = Counts(count)
            concurrentForEach(count, workers: 4) { seen.add($0) }
            #expect(seen.values == Array(repeating: 1, count: count), "round \(round)")
        }
    }

    @Test func concurrentForEachOfNothingCallsNothing() {
        let seen = Counts(1)
        concurrentForEach(0, workers: 4) { seen.add($0) }
        #expect(seen.values == [0])
    }

    @Test func lockSerialisesItsBodies() {
        let lock = Lock()
        let seen = Counts(1)
        concurrentForEach(1000, workers: 4) { _ in lock.withLock { seen.addUnlocked(0) } }
        #expect(seen.values == [1000])
    }

    /// Counts per index, behind a lock (or not: `addUnlocked`, for the lock's own test).
    final class Counts: @unchecked Sendable {
        private let lock = Lock()
        private var counts: [Int]
        init(_ count: Int) { counts = Array(repeating: 0, count: count) }
        func add(_ i: Int) { lock.withLock { counts[i] += 1 } }
        func addUnlocked(_ i: Int) { counts[i] += 1 }
        var values: [Int] { lock.withLock { counts } }
    }
}
