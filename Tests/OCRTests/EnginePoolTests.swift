import Dispatch
import Testing

@testable import OCR

/// The run's shared tesseract engines (`EnginePool`), with real engines: what a pool keeps, what it lends.
@Suite("engine pool")
struct EnginePoolTests {
    /// A borrowing (`+lang`, `+lang sample`) or a giving back (`-lang`, the engine borrowed first of those
    /// still out), then the idle engines' languages, least recently used first.
    static let cases: [(workers: Int, steps: [String], idle: [String])] = [
        // One worker: one engine; another language pushes it out.
        (1, ["+eng", "-eng", "+deu", "-deu"], ["deu"]),
        // Two workers reading one language: an engine each, both kept.
        (2, ["+deu", "+deu", "-deu", "-deu"], ["deu", "deu"]),
        // A third language pushes out the least recently used idle engine.
        (2, ["+deu", "-deu", "+fra", "-fra", "+ces", "-ces"], ["fra", "ces"]),
        // An idle engine of the language is lent again, not made anew.
        (2, ["+deu", "-deu", "+fra", "-fra", "+deu", "-deu"], ["fra", "deu"]),
        // From the first sample on, one more is kept: eng for the samples beside a page language each.
        (2, ["+eng sample", "-eng", "+deu", "+deu", "-deu", "-deu"], ["eng", "deu", "deu"]),
        // The samples' engine goes last: a third page language pushes out the least recently used other one.
        (2, ["+eng sample", "-eng", "+deu", "-deu", "+fra", "-fra", "+ces", "-ces"], ["eng", "fra", "ces"]),
        // All lent: one more is made, not waited for; given back, the pool shrinks to its size.
        (1, ["+deu", "+fra", "-deu", "-fra"], ["fra"]),
    ]

    @Test(arguments: cases.indices)
    func keepsWhatItShould(_ index: Int) throws {
        let (workers, steps, idle) = Self.cases[index]
        let options = try Fixture.options()
        let pool = EnginePool(workers: workers)
        var out: [TesseractEngine] = []
        for step in steps {
            let parts = step.dropFirst().split(separator: " ")
            let languages = String(parts[0])
            if step.hasPrefix("+") {
                let engine = try pool.borrow(languages, options: options, sample: parts.count > 1)
                #expect(engine.languages == languages)
                #expect(!out.contains { $0 === engine }, "an engine lent twice at once (\(step))")
                out.append(engine)
            } else {
                let at = try #require(out.firstIndex { $0.languages == languages })
                pool.giveBack(out.remove(at: at))
            }
        }
        #expect(pool.idleLanguages == idle)
    }

    /// A sample waits for the samples' engine another worker is reading a sample with, rather than have a second
    /// one made; a page reading of that language does not wait.
    @Test func aSampleWaitsForTheSamplesEngine() throws {
        let options = try Fixture.options()
        let pool = EnginePool(workers: 2)
        let first = try pool.borrow("eng", options: options, sample: true)
        let page = try pool.borrow("eng", options: options)
        #expect(page !== first)
        let second = Borrowed()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            second.engine = try? pool.borrow("eng", options: options, sample: true)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.5) == .timedOut)
        pool.giveBack(first)
        done.wait()
        #expect(second.engine === first)
        pool.giveBack(page)
        if let engine = second.engine { pool.giveBack(engine) }
        #expect(pool.idleLanguages == ["eng", "eng"])
    }

    final class Borrowed: @unchecked Sendable { var engine: TesseractEngine? }
}
