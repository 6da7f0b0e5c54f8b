import CTesseract
import PPShared
import PixImage
import Records

/// Everything a run of pp-ocr decides once, from the command line.
public struct OCROptions: Sendable {
    public var tessdata: Tessdata
    public var languages = "eng"
    /// Set for `--lang auto`: the languages are chosen per page (`languages` is then unused).
    public var auto: AutoLanguages?
    public var pageSegMode = 3
    /// Used when neither the record nor the image file gives a resolution.
    public var fallbackDPI = 300
    /// --dpi when it was given: also overrides a resolution pp-ingest marked as assumed.
    public var givenDPI: Int?
    public var deskew = true
    /// Skew below this (degrees) is left alone: tesseract copes, and boxes stay where the pixels are.
    public var deskewMinDegrees = 0.3
    public var rotatePages = false
    /// Orientation confidence (tesseract OSD) needed before a page is turned.
    public var rotateMinConfidence = 2.0
    /// Seconds one page may take; nil for no limit.
    public var pageTimeout: Double?
    /// OCR pages that already have text (a PDF text layer or an earlier OCR) too.
    public var force = false
    public var straighten = false  // --straighten: a photo of a sheet on a desk is read as the sheet, cut out, upright
    public var textLayerFonts: String?  // --text-layer: pdf.ttf's folder; each reading is also a PDF page (TextLayerPDF)
    /// The engines the run's workers share; pp-ocr makes one for its --jobs.
    public var engines = EnginePool(workers: 1)

    public init(tessdata: Tessdata) { self.tessdata = tessdata }

    /// The "engine" value written to each record.
    public static var engineName: String { "tesseract \(TesseractEngine.version)" }
}

/// Leptonica's skew finder is trusted from this confidence on (its own deskew uses the same bar).
let minimumSkewConfidence = 3.0

/// The OCR of pages for one worker thread: its engines are borrowed from the run's pool (`EnginePool`).
public final class PageOCR {
    public let options: OCROptions
    private var osdEngine: TesseractEngine?

    public init(options: OCROptions) { self.options = options }

    /// What pp-ocr does to one input record. Never throws: a failure becomes an error record.
    public func process(_ record: JSON) -> JSON {
        guard let page = PageRecord(record), needsOCR(page) else { return record }
        return process(page)
    }

    /// Reads a page that needs it (`needsOCR`) and writes its record.
    func process(_ page: PageRecord) -> JSON {
        defer { TesseractEngine.releaseFreedMemory() }
        do {
            return try recognize(page).json
        } catch {
            return page.markedAsError(Self.located(error, in: page), tool: "pp-ocr").json
        }
    }

    /// An image error names the image; when the image is a raster of another file's page (pp-ingest's work
    /// folder), the message starts with that page too, so the user knows which document to look at.
    static func located(_ error: ToolError, in record: PageRecord) -> ToolError {
        guard error.code.hasPrefix("image_"), let source = record.source, let path = record.image?.path, source != path
        else { return error }
        return ToolError(error.kind, code: error.code, "\(describe(record)): \(error.message)")
    }

    /// `process(_:runner:)` for a record as a line holds it: one that needs no reading leaves as it came.
    func process(_ record: JSON, runner: inout PageRunner?) -> JSON {
        guard let page = PageRecord(record), needsOCR(page) else { return record }
        return process(page, runner: &runner)
    }

    /// Worker entry for a page that needs reading: with a time limit the page runs on `runner`'s thread and
    /// is given up on when it overruns (see PageRunner), and the runner is replaced; without one it runs here.
    func process(_ page: PageRecord, runner: inout PageRunner?) -> JSON {
        guard let limit = options.pageTimeout else { return process(page) }
        let active = runner ?? PageRunner(options: options)
        if let done = active.process(page, within: limit + 1) {
            runner = active
            return done
        }
        runner = nil
        return page.markedAsError(timeoutError(Self.describe(page)), tool: "pp-ocr").json
    }

    /// Page records without text (or all pages with --force); error records and other kinds pass.
    public func needsOCR(_ record: JSON) -> Bool { PageRecord(record).map(needsOCR) ?? false }

    public func needsOCR(_ page: PageRecord) -> Bool { Self.needsOCR(page, force: options.force) }

    public static func needsOCR(_ page: PageRecord, force: Bool) -> Bool {
        guard page.isPage else { return false }
        // A stand-alone XML e-invoice (pp-ingest's "media":"xml", "pages":0) has no page to read.
        if page.media == .xml { return false }
        if force { return true }
        switch page.textSource {
        case .pdf?, .ocr?: return false
        case .awaitingOCR?: return true
        // Absent: no text yet; a value of another kind counts as text, as any but null always has.
        case nil: return page.unread(\.textSource) == nil
        }
    }

    func recognize(_ record: PageRecord) throws(ToolError) -> PageRecord {
        let started = Monotonic.now
        let deadline = options.pageTimeout.map { started + UInt64($0 * 1e9) }
        let what = Self.describe(record)
        guard let image = record.image, let path = image.path, !path.isEmpty else {
            throw ToolError(
                .record, code: "no_image",
                "\(what) has no image to read (no \"image\".\"path\"): run pp-ingest without --no-raster, or give the page an image"
            )
        }
        let frame = image.frame
        if frame.map({ !(0...Int(Int32.max)).contains($0) }) ?? !(image.unread(\.frame)?.isNull ?? true) {
            throw ToolError(
                .record, code: "bad_record", "\(what): \"image\".\"frame\" must be a whole number (a TIFF page, from 0)")
        }
        var (pix, straightened) = try readImage(path: path, frame: frame)
        // Boxes use the resolution the page's "size" was computed with; tesseract gets --dpi instead when
        // pp-ingest only assumed one ("dpi_assumed") and the user knows better.
        let geometryDPI = Self.resolution(
            record: image.dpi.flatMap { Self.resolutions.contains($0) ? $0 : nil }, file: pix.resolution,
            fallback: options.fallbackDPI)
        var dpi = geometryDPI
        if image.dpiAssumed == true, let given = options.givenDPI { dpi = given }
        pix.setResolution(dpi)
        var ocr = OCRReading()
        ocr.engine = OCROptions.engineName
        ocr.psm = options.pageSegMode
        ocr.dpi = dpi
        ocr.rotation = 0
        ocr.deskewDegrees = 0
        ocr.assets = options.tessdata.assetVersion
        ocr.paper = straightened?.paper.json
        var size = straightened == nil ? record.size : nil  // a straightened photo: the sheet's size, below
        var (osd, skewDegrees) = (PageOSD(), nil as Double?)
        if options.rotatePages {
            let found = try orientationEngine().detectOrientation(pix, dpi: dpi)
            osd = PageOSD(found: found)
            if let found {
                ocr.rotationConfidence = found.confidence
                if found.clockwiseTurn != 0, found.confidence >= options.rotateMinConfidence {
                    pix = pix.rotatedClockwise(quarterTurns: found.clockwiseTurn / 90)
                    pix.setResolution(dpi)
                    ocr.rotation = found.clockwiseTurn
                    if found.clockwiseTurn % 180 != 0, let wh = size, wh.count == 2 { size = [wh[1], wh[0]] }
                }
            } else {
                ocr.rotationConfidence = 0
            }
            try checkDeadline(deadline, what: what)
        }
        if options.deskew, let skew = pix.findSkew(), skew.confidence >= minimumSkewConfidence,
            abs(skew.degrees) >= options.deskewMinDegrees
        {
            (pix, skewDegrees) = (pix.rotated(degrees: skew.degrees), skew.degrees)
            ocr.deskewDegrees = JSON.rounded(skew.degrees).doubleValue  // as written: the codes below turn by it
            try checkDeadline(deadline, what: what)
        }
        let turnedCodes = TurnedPageCodes.find(record, ocr: ocr, on: pix, dpi: geometryDPI)
        let even = pix.evenGray()
        let combs = FormBoxes.find(on: pix, even: even)
        // Only the automatic layout leaves blocks out; a named --psm reads what it is told to.
        let missed = options.pageSegMode == Int(PSM_AUTO.rawValue) ? even.flatMap(MissedText.init(even:)) : nil
        let stamps = ColourStamps(on: pix)
        var (width, height) = (pix.width, pix.height)
        let textLayer = options.auto != nil ? Self.textLayer(of: record) : nil
        // Under --lang auto without --rotate-pages, a reading turned as OSD suggests (see `readTurned`) may
        // follow, from the page as prepared (`SparePage`); OSD itself runs only when the reading calls for it.
        let spare = sparePage(
            pix, path: path, frame: frame, dpi: dpi, skewDegrees: skewDegrees, straightened: straightened != nil)
        let oneColumn = isTall(width: width, height: height) ? copy pix : nil
        var turnedAfterReading = false
        var page = try read(
            consume pix, dpi: dpi, osd: &osd, textLayer: textLayer, deadline: deadline, what: what, ocr: &ocr)
        if let oneColumn,
            let block = try readAsOneBlock(oneColumn, dpi: dpi, than: page, deadline: deadline, what: what, ocr: &ocr)
        {
            page = block
        }
        if let spare, let auto = options.auto, Self.worthTurning(detected: ocr.detected, meanConf: page.meanConf),
            let found = try osd.get({ () throws(ToolError) in
                try detectScript(try spare.image(self), dpi: dpi, notes: auto.notes)
            }),
            found.clockwiseTurn != 0,
            let turned = try readTurned(
                try spare.image(self), by: found, dpi: dpi, than: page, textLayer: textLayer, deadline: deadline, what: what,
                ocr: &ocr)
        {
            page = turned
            turnedAfterReading = true
            if found.clockwiseTurn % 180 != 0 {
                (width, height) = (height, width)
                if let wh = size, wh.count == 2 { size = [wh[1], wh[0]] }
            }
        }
        // Comb rows and stamps were found on the page as first read, not on one turned after it.
        if !turnedAfterReading {
            if let combs { page.lines = try readCombRows(combs, over: page.lines, dpi: dpi, what: what, ocr: &ocr) }
            page.lines = try readStamps(stamps, over: page.lines, dpi: dpi, what: what, ocr: &ocr)
            if let missed {
                page.lines = try readMissed(missed, over: page.lines, dpi: dpi, deadline: deadline, what: what, ocr: &ocr)
            }
        }
        ocr.meanConfidence = page.lines.isEmpty ? 0 : page.meanConf
        let layer = TextLayerPDF.member(page.textLayer, of: record, read: (width, height), dpi: (dpi, geometryDPI), ocr)
        ocr.textLayer = straightened == nil ? layer : nil  // a sheet cut out of a photo is not the page as given
        let scale = 72.0 / Double(geometryDPI)
        func points(_ box: [Double]) -> JSON { .box(box.map { $0 * scale }) }
        let lines: [JSON] = page.lines.map { line in
            [
                "text": .string(line.text), "box": points(line.box), "conf": .rounded(line.conf),
                "words": .array(
                    line.words.map { word in ["text": .string(word.text), "box": points(word.box), "conf": .rounded(word.conf)] }),
            ]
        }
        var out = record
        out.lines = .array(lines)
        out.textSource = .ocr
        out.ocr = ocr
        // Absent or null: the image's size (a size of another kind stays as it came).
        if size == nil, record.unread(\.size)?.isNull ?? true {
            size = [Double(width) * scale, Double(height) * scale]
        }
        out.size = size
        // Codes as pp-ingest found them (a record read by pp-ocr before has them in its frame already).
        if !record.has(\.ocr), let codes = record.codes, let from = record.size, let to = size {
            let turn = Double(ocr.rotation ?? 0) + (ocr.deskewDegrees ?? 0)
            let (onPage, frame) = straightened?.codes(codes, photoSize: from) ?? (codes, from)
            out.codes = CodeBoxes.turned(onPage, degrees: turn, from: frame, to: to)
        }
        if !turnedAfterReading, !turnedCodes.isEmpty { out.codes = turnedCodes }  // in the frame of `lines`
        return out
    }

    /// Resolutions a record's "image"."dpi" may give; another value is ignored (the file's is used).
    static let resolutions = 1...100_000
    /// The record's resolution, else the file's (below 100 dpi counts as a screen default, not a scan), else the fallback.
    static func resolution(record: Int?, file: Int, fallback: Int) -> Int {
        if let record, record > 0 { return record }
        if file >= 100 { return file }
        return fallback
    }

    func checkDeadline(_ deadline: UInt64?, what: String) throws(ToolError) {
        if let deadline, Monotonic.now >= deadline { throw timeoutError(what) }
    }

    func timeoutError(_ what: String) -> ToolError {
        let limit = options.pageTimeout.map { Self.seconds($0) } ?? "?"
        return ToolError(
            .record, code: "page_timeout",
            "\(what): OCR stopped at the --page-timeout limit of \(limit) s; the image may be noise or far larger than a page (raise the limit to wait longer)"
        )
    }

    static func seconds(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : "\(value)" }

    /// A mean word confidence below this makes a reading doubtful (straight photos read at 80 and more).
    static let doubtfulReading = 60

    /// A reading that tells no language, or one of words tesseract itself doubts (an upside-down page read
    /// as garbage may still look like some language), is worth a try turned as OSD suggests.
    static func worthTurning(detected: String??, meanConf: Int) -> Bool {
        (detected ?? nil) == nil || meanConf < doubtfulReading
    }

    func orientationEngine() throws(ToolError) -> TesseractEngine {
        if let osdEngine { return osdEngine }
        let made = try TesseractEngine(languages: "osd", datapath: options.tessdata.directory, pageSegMode: 0)
        osdEngine = made
        return made
    }

    /// "page 2 of bills/a.pdf", or the image path when the record has no source.
    static func describe(_ record: PageRecord) -> String {
        let source = record.source ?? record.image?.path
        switch (record.page, source) {
        case (let page?, let source?): return "page \(page) of \(source)"
        case (nil, let source?): return source
        case (let page?, nil): return "page \(page)"
        default: return "page record"
        }
    }
}
