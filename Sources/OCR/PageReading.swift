import CTesseract
import PPShared
import PixImage
import Records

extension PageOCR {
    /// Reads the prepared page with --lang's languages, or under --lang auto with those its own text, a
    /// sample of its lines or its script call for (`readAuto`). What was used goes into `ocr` (lang; with
    /// auto also script, detected, detected_from, read_again, first_pass).
    func read(
        _ pix: consuming PixImage, dpi: Int, osd: inout PageOSD, textLayer: String?, deadline: UInt64?, what: String,
        ocr: inout OCRReading
    ) throws(ToolError) -> RecognizedPage {
        guard let auto = options.auto else {
            ocr.lang = options.languages
            return try recognize(consume pix, with: options.languages, dpi: dpi, deadline: deadline, what: what)
        }
        return try readAuto(
            pix, auto: auto, dpi: dpi, osd: &osd, textLayer: textLayer, deadline: deadline, what: what, ocr: &ocr)
    }

    /// A page whose reading tells no language may be lying sideways or upside down where OSD was not sure
    /// enough to turn it before reading: it is read again turned as OSD suggests, and that reading is kept
    /// (with "rotation" in `ocr`) when its mean word confidence is higher. Costs a second reading only on
    /// such pages.
    func readTurned(
        _ pix: consuming PixImage, by orientation: PageOrientation, dpi: Int, than first: RecognizedPage,
        textLayer: String?, deadline: UInt64?, what: String, ocr: inout OCRReading
    ) throws(ToolError) -> RecognizedPage? {
        let turned = pix.rotatedClockwise(quarterTurns: orientation.clockwiseTurn / 90)
        turned.setResolution(dpi)
        var again = ocr
        // The turned page's script is the one OSD saw: OSD is not run on it again.
        var osd = PageOSD(found: orientation)
        let page = try read(
            consume turned, dpi: dpi, osd: &osd, textLayer: textLayer, deadline: deadline, what: what, ocr: &again)
        guard page.meanConf > first.meanConf else { return nil }
        again.readAgain = true
        again.rotation = orientation.clockwiseTurn
        again.rotationConfidence = orientation.confidence
        ocr = again
        return page
    }

    /// `sample`: a sample of the page's lines (`TextSample`), read for its language.
    func recognize(
        _ pix: consuming PixImage, with languages: String, dpi: Int, deadline: UInt64?, what: String,
        mode: TessPageSegMode? = nil, sample: Bool = false
    ) throws(ToolError) -> RecognizedPage {
        let engine = try options.engines.borrow(languages, options: options, sample: sample)
        defer { options.engines.giveBack(engine) }
        guard
            let page = try engine.recognize(
                consume pix, dpi: dpi, deadline: deadline, mode: mode, what: what, textLayer: options.textLayerFonts)
        else {
            throw timeoutError(what)
        }
        try checkDeadline(deadline, what: what)
        return page
    }

    /// The page's script by tesseract's OSD; nil when OSD is not installed or finds too little text
    /// (the page is then read as Latin).
    func detectScript(_ pix: PixImage, dpi: Int, notes: MissingPackNotes) throws(ToolError) -> PageOrientation? {
        guard options.tessdata.hasOSD else {
            notes.missing("osd", why: "finding the script of a page", fallback: "eng")
            return nil
        }
        return try orientationEngine().detectOrientation(pix, dpi: dpi)
    }

    /// A page at least `tallRatio` times as high as wide (a till receipt, a slip) is one column, and
    /// tesseract's automatic layout often splits it into blocks it then misreads or drops. Such a page
    /// is read once more as one block of text (PSM 6), and that reading kept when it reads more
    /// characters confidently. Only under the automatic segmentation (--psm 3), only on such pages.
    func readAsOneBlock(
        _ pix: consuming PixImage, dpi: Int, than first: RecognizedPage, deadline: UInt64?, what: String,
        ocr: inout OCRReading
    ) throws(ToolError) -> RecognizedPage? {
        guard let languages = ocr.lang else { return nil }
        let page = try recognize(consume pix, with: languages, dpi: dpi, deadline: deadline, what: what, mode: PSM_SINGLE_BLOCK)
        guard page.confidentCharacters > first.confidentCharacters else { return nil }
        ocr.psm = Int(PSM_SINGLE_BLOCK.rawValue)
        return page
    }

    static let tallRatio = 1.6

    func isTall(width: Int, height: Int) -> Bool {
        options.pageSegMode == Int(PSM_AUTO.rawValue) && Double(height) >= Self.tallRatio * Double(width)
    }
}
