import PPShared

/// The tesseract engines of a run, shared by its workers: a reading borrows one and gives it back. An engine
/// serves one thread at a time (tesseract's are not thread-safe) and is made on first need (0.06 to 0.3 s).
/// One engine a worker is kept (12 to 25 MB each), the least recently used idle one going first, and one
/// more from the first sample on: `--lang auto` reads a page without text in two languages, a sample of its
/// lines in eng and the page in its own. With engines of their own, workers kept two each (the page's
/// language read from a text layer needs one); shared, workers reading one language need an engine of it
/// each and one eng between them for the samples. A language met on one page costs an engine made for it
/// (0.06 to 0.3 s), and one made again for the language it pushed out. The samples' engine goes last: every
/// page without text needs it, while a page language may not come again. A sample waits for the samples'
/// engine another worker is reading a sample with (a sample takes 0.05 to 0.3 s) rather than have a second
/// one made: at the start every worker samples at once (the OCR bench's 12 scans: 9 engines made, eng 4; now 5).
public final class EnginePool: @unchecked Sendable {
    /// Engines kept, idle and lent, before the first sample; one more is made (not waited for, but by a sample for
    /// the samples' engine) when all are lent.
    public let keep: Int
    private let lock = ConditionLock()
    /// Idle engines, least recently used first.
    private var idle: [TesseractEngine] = []
    private var lent = 0
    /// Samples being read (or their engine made), by languages, and the engines lent for them.
    private var samplesOut: [String: Int] = [:]
    private var lentForSamples: Set<ObjectIdentifier> = []
    private var sampled = false
    /// The languages the last sample was read with.
    private var sampleLanguages: String?

    /// A pool for `workers` threads.
    public init(workers: Int) { keep = max(1, workers) }

    private var limit: Int { keep + (sampled ? 1 : 0) }

    /// An idle engine of `languages` or a new one (made after the least recently used idle ones have gone,
    /// when the pool is full); `giveBack` it when the reading is done. `sample`: for reading a sample.
    func borrow(_ languages: String, options: OCROptions, sample: Bool = false) throws(ToolError) -> TesseractEngine {
        var dropped: [TesseractEngine] = []
        defer { withExtendedLifetime(dropped) {} }  // freed outside the lock
        lock.lock()
        if sample { (sampled, sampleLanguages) = (true, languages) }
        while true {
            if let at = idle.lastIndex(where: { $0.languages == languages }) {
                let found = idle.remove(at: at)
                lent += 1
                if sample {
                    samplesOut[languages, default: 0] += 1
                    lentForSamples.insert(ObjectIdentifier(found))
                }
                lock.unlock()
                return found
            }
            guard sample, samplesOut[languages, default: 0] > 0 else { break }
            lock.wait()
        }
        while !idle.isEmpty, idle.count + lent >= limit { dropped.append(idle.remove(at: leastNeeded)) }
        lent += 1
        if sample { samplesOut[languages, default: 0] += 1 }
        lock.unlock()
        do {
            let made = try TesseractEngine(
                languages: languages, datapath: options.tessdata.directory, pageSegMode: options.pageSegMode)
            if sample {
                lock.lock()
                lentForSamples.insert(ObjectIdentifier(made))
                lock.unlock()
            }
            return made
        } catch {
            lock.lock()
            lent -= 1
            if sample { samplesOut[languages, default: 1] -= 1 }
            lock.broadcast()
            lock.unlock()
            throw error
        }
    }

    func giveBack(_ engine: TesseractEngine) {
        var dropped: [TesseractEngine] = []
        defer { withExtendedLifetime(dropped) {} }
        lock.lock()
        lent -= 1
        if lentForSamples.remove(ObjectIdentifier(engine)) != nil { samplesOut[engine.languages, default: 1] -= 1 }
        idle.append(engine)
        while !idle.isEmpty, idle.count + lent > limit { dropped.append(idle.remove(at: leastNeeded)) }
        lock.broadcast()
        lock.unlock()
    }

    /// The idle engine to let go first (under the lock): the least recently used one not of the samples'
    /// languages, else the least recently used. Pushing the samples' engine out cost an engine made again for
    /// the next page's sample: on the OCR bench's 12 scans (4 languages, 2 workers) 10 engines were made, 8 now.
    private var leastNeeded: Int { idle.firstIndex { $0.languages != sampleLanguages } ?? 0 }

    /// The languages of the idle engines, least recently used first (for tests).
    var idleLanguages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return idle.map(\.languages)
    }
}
