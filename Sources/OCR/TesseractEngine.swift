import CTesseract
import Foundation
import PPShared
import PixImage

#if canImport(Glibc)
    import Glibc
#endif

/// One recognized word: text, box in pixels of the image given to tesseract, confidence 0…100.
public struct OCRWord: Sendable, Equatable {
    public var text: String
    public var box: [Double]
    public var conf: Double
}

/// One text line with its words.
public struct OCRLine: Sendable, Equatable {
    public var text: String
    public var box: [Double]
    public var conf: Double
    public var words: [OCRWord]
}

/// What tesseract's orientation and script detection (OSD) found on a page.
struct PageOrientation {
    var clockwiseTurn: Int
    var confidence: Double
    /// OSD's script name: "Latin", "Cyrillic", "Greek", "Han", …
    var script: String?
    var scriptConfidence: Double
}

/// What one Recognize produced.
struct RecognizedPage {
    var lines: [OCRLine]
    var meanConf: Int
    /// `--text-layer`: this reading as Tesseract's text-only PDF page (`TextLayerPDF`).
    var textLayer: [UInt8]? = nil

    /// Characters of the words read with a confidence of 60 or more: which of two readings of one page
    /// read more of it (a mean would favour the reading that found little but found it well).
    var confidentCharacters: Int {
        lines.reduce(0) { sum, line in sum + line.words.reduce(0) { $0 + ($1.conf >= 60 ? $1.text.count : 0) } }
    }
}

/// Debian's libtesseract runs its LSTM through OpenMP; with OpenMP's defaults the threads spin and a
/// page takes ~9x longer on 2 cores. omp_set_dynamic(1) is per thread, so it is called on the thread
/// that is about to recognize, every time. Looked up at run time: libtesseract has loaded libgomp.
enum OpenMP {
    private static let setDynamicAddress: UInt = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "omp_set_dynamic") else { return 0 }
        return UInt(bitPattern: symbol)
    }()

    static func limitCurrentThread() {
        guard setDynamicAddress != 0, let symbol = UnsafeRawPointer(bitPattern: setDynamicAddress) else { return }
        typealias SetDynamic = @convention(c) (Int32) -> Void
        unsafeBitCast(symbol, to: SetDynamic.self)(1)
    }
}

/// Monotonic clock in nanoseconds.
enum Monotonic {
    static var now: UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}

/// The deadline a running Recognize checks between words (through tesseract's cancel callback).
final class CancelCheck {
    let deadline: UInt64
    var cancelled = false
    init(deadline: UInt64) { self.deadline = deadline }
}

private let engineCreation = Lock()

/// A Tesseract engine (TessBaseAPI) owned by one thread: created once, reused for every page.
/// Not thread-safe; every worker makes its own.
public final class TesseractEngine {
    let api: OpaquePointer
    public let languages: String

    /// The version string of the linked library, e.g. "5.3.0".
    public static var version: String { String(cString: TessVersion()) }

    /// Loads `languages` ("eng", "srp_latn+deu") from `datapath`; tesseract's own messages go to /dev/null.
    public init(languages: String, datapath: String, pageSegMode: Int) throws(ToolError) {
        LeptonicaMessages.silence()
        // "debug_file" is one global parameter shared by all engines, and Init reads further globals:
        // engines are made one at a time (about 0.06 s each, once per worker).
        engineCreation.lock()
        defer { engineCreation.unlock() }
        guard let handle = TessBaseAPICreate() else {
            throw ToolError(.fatal, code: "engine_failed", "cannot create a tesseract engine (out of memory?)")
        }
        // Before Init: every tprintf (load errors, resolution warnings) goes to the debug file.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        do {
            try Self.check(
                TessBaseAPIInit3(handle, datapath, languages), .fatal,
                "tesseract cannot load the language data '\(languages)' from \(datapath): the traineddata file is missing or damaged"
            )
        } catch {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
            throw error
        }
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(pageSegMode)))
        // Assign last: a throwing init that has set every property would run deinit on a handle already freed.
        self.api = handle
        self.languages = languages
    }

    deinit {
        // Tesseract keeps a language's dictionaries in a process-wide cache after its last engine ends: under
        // --lang auto every language met would stay until the end of the run. Made and freed one at a time.
        engineCreation.lock()
        TessBaseAPIEnd(api)
        TessBaseAPIClearPersistentCache(api)
        engineCreation.unlock()
        TessBaseAPIDelete(api)
    }

    /// The checking funnel of tesseract's calls that answer with a status (0: done): anything else is an
    /// `engine_failed` error with `fault`, which names the file and what failed.
    static func check(_ status: Int32, _ kind: ToolError.Kind, _ fault: @autoclosure () -> String)
        throws(ToolError)
    {
        guard status != 0 else { return }
        throw ToolError(kind, code: "engine_failed", fault())
    }

    /// Recognizes `image` at `dpi`. With a `deadline` (monotonic ns) recognition stops between words once
    /// it has passed and nil is returned.
    /// The image is consumed: tesseract copies it, and the caller's copy is freed before recognition starts.
    /// `mode` reads in that page segmentation instead of the engine's own.
    /// `what` names the page in the error of a failed recognition. With `textLayer` (the folder of
    /// tesseract's pdf.ttf) the reading is also rendered as a text-only PDF page.
    func recognize(
        _ image: consuming PixImage, dpi: Int, deadline: UInt64?, mode: TessPageSegMode? = nil, what: String,
        textLayer: String? = nil
    ) throws(ToolError) -> RecognizedPage? {
        OpenMP.limitCurrentThread()
        let engineMode = TessBaseAPIGetPageSegMode(api)
        if let mode { TessBaseAPISetPageSegMode(api, mode) }
        image.withPix { TessBaseAPISetImage2(api, $0) }
        _ = consume image
        TessBaseAPISetSourceResolution(api, Int32(dpi))
        defer {
            TessBaseAPIClear(api)
            TessBaseAPISetPageSegMode(api, engineMode)
        }

        var status: Int32
        if let deadline {
            let check = CancelCheck(deadline: deadline)
            let monitor = TessMonitorCreate()
            defer { TessMonitorDelete(monitor) }
            TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(check).toOpaque())
            TessMonitorSetCancelFunc(monitor) { context, _ in
                guard let context else { return false }
                let check = Unmanaged<CancelCheck>.fromOpaque(context).takeUnretainedValue()
                if Monotonic.now >= check.deadline { check.cancelled = true }
                return check.cancelled
            }
            status = withExtendedLifetime(check) { TessBaseAPIRecognize(api, monitor) }
            if check.cancelled || Monotonic.now >= deadline { return nil }
        } else {
            status = TessBaseAPIRecognize(api, nil)
        }
        try Self.check(status, .record, "\(what): tesseract failed to recognize the page (status \(status))")
        var page = RecognizedPage(lines: collectLines(), meanConf: Int(TessBaseAPIMeanTextConf(api)))
        if let textLayer { page.textLayer = try TextLayerPDF.render(self, fonts: textLayer, what: what) }
        return page
    }

    /// Reads one rectangle (left, top, right, bottom in pixels) of `image` in page segmentation `mode`
    /// (PSM_SINGLE_LINE, PSM_SINGLE_BLOCK, …) whatever the engine's own; boxes stay in the image's pixels.
    /// An empty rectangle reads nothing; a failed recognition is an `engine_failed` error naming `what`
    /// (the page) and `part` (what the rectangle holds), as a failed page is.
    func recognize(
        _ image: PixImage, in rect: [Int], mode: TessPageSegMode, dpi: Int, what: String, part: String
    ) throws(ToolError) -> [OCRLine] {
        guard rect.count == 4, rect[2] > rect[0], rect[3] > rect[1] else { return [] }
        OpenMP.limitCurrentThread()
        let engineMode = TessBaseAPIGetPageSegMode(api)
        TessBaseAPISetPageSegMode(api, mode)
        defer {
            TessBaseAPIClear(api)
            TessBaseAPISetPageSegMode(api, engineMode)
        }
        image.withPix { TessBaseAPISetImage2(api, $0) }
        TessBaseAPISetSourceResolution(api, Int32(dpi))
        TessBaseAPISetRectangle(api, Int32(rect[0]), Int32(rect[1]), Int32(rect[2] - rect[0]), Int32(rect[3] - rect[1]))
        let status = TessBaseAPIRecognize(api, nil)
        try Self.check(status, .record, "\(what): tesseract failed to read the \(part) (status \(status))")
        return collectLines()
    }

    /// Gives the page's freed memory back to the system (glibc keeps it per thread arena otherwise, and two
    /// workers' leftovers add up to the peak). Call after a page is done; costs about a millisecond.
    static func releaseFreedMemory() {
        guard mallocTrimAddress != 0, let symbol = UnsafeRawPointer(bitPattern: mallocTrimAddress) else { return }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }

    /// glibc's malloc_trim (malloc.h is not part of the Glibc module).
    private static let mallocTrimAddress: UInt = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") else { return 0 }
        return UInt(bitPattern: symbol)
    }()

    /// Orientation and script of the text on `image`: the clockwise turn (0, 90, 180, 270) that makes it
    /// upright, tesseract's confidence, and the script's OSD name ("Latin", "Cyrillic", "Greek", …).
    /// Needs an engine loaded with "osd".
    func detectOrientation(_ image: PixImage, dpi: Int) -> PageOrientation? {
        OpenMP.limitCurrentThread()
        image.withPix { TessBaseAPISetImage2(api, $0) }
        TessBaseAPISetSourceResolution(api, Int32(dpi))
        defer { TessBaseAPIClear(api) }
        var degrees: Int32 = 0
        var confidence: Float = 0
        var script: UnsafePointer<CChar>?
        var scriptConfidence: Float = 0
        // capi.h says to TessDeleteText the script name, but 5.3.0 returns a pointer into the engine's
        // unicharset: freeing it corrupts the heap. It is copied and left alone.
        guard TessBaseAPIDetectOrientationScript(api, &degrees, &confidence, &script, &scriptConfidence) != 0 else {
            return nil
        }
        // Tesseract reports how far the text is turned clockwise; undoing it is the counter-turn.
        return PageOrientation(
            clockwiseTurn: (360 - Int(degrees)) % 360, confidence: Double(confidence),
            script: script.map { String(cString: $0) }, scriptConfidence: Double(scriptConfidence))
    }

    /// Walks the result word by word; a word that starts a text line starts a new line.
    private func collectLines() -> [OCRLine] {
        guard let iterator = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIteratorConst(iterator)
        var lines: [OCRLine] = []
        var current: OCRLine?
        func box(_ level: TessPageIteratorLevel) -> [Double]? {
            var left: Int32 = 0
            var top: Int32 = 0
            var right: Int32 = 0
            var bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
            return [Double(left), Double(top), Double(right), Double(bottom)]
        }
        func finish() {
            if var line = current, !line.words.isEmpty {
                line.text = line.words.map(\.text).joined(separator: " ")
                lines.append(line)
            }
            current = nil
        }
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                finish()
                current = OCRLine(
                    text: "", box: box(RIL_TEXTLINE) ?? [0, 0, 0, 0],
                    conf: Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE)), words: [])
            }
            guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw).trimmingWhitespace()
            TessDeleteText(raw)
            guard !text.isEmpty, let wordBox = box(RIL_WORD) else { continue }
            let word = OCRWord(text: text, box: wordBox, conf: Double(TessResultIteratorConfidence(iterator, RIL_WORD)))
            if current == nil { current = OCRLine(text: "", box: wordBox, conf: word.conf, words: []) }
            current!.words.append(word)
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        finish()
        return lines
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring.UnicodeScalarView(unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
