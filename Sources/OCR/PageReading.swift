import CTesseract
import PPShared
import PixImage
import Records

extension PageOCR {
    /// Reads the prepared page with --lang's languages, or under --lang auto with those its script and a
    /// first reading's words call for: a second reading only when the language differs from the first
    /// guess. What was used goes into `ocr` (lang; with auto also script, detected, first_pass).
    func read(
        _ pix: consuming PixImage, dpi: Int, osd: PageOrientation?, deadline: UInt64?, what: String,
        ocr: inout OCRReading
    ) throws(ToolError) -> RecognizedPage {
        guard let auto = options.auto else {
            ocr.lang = options.languages
            return try recognize(consume pix, with: options.languages, dpi: dpi, deadline: deadline, what: what)
        }
        var found = osd
        if found == nil { found = try detectScript(pix, dpi: dpi, notes: auto.notes) }
        let script = found?.script
        if let found { ocr.scriptConfidence = found.scriptConfidence }
        let first = auto.firstPass(script: script, page: what)
        ocr.script = .some(script)
        // Our reference stays for a possible second reading; tesseract copies the image either way.
        let firstPage = try recognize(copy pix, with: first, dpi: dpi, deadline: deadline, what: what)
        let text = firstPage.lines.map(\.text).joined(separator: "\n")
        let choice = auto.secondPass(text: text, script: script, first: first, page: what)
        ocr.detected = .some(choice.detected)
        guard let again = choice.again else {
            if choice.detected == nil, let other = auto.retryWhenNothingDetected(first: first) {
                let retry = try recognize(copy pix, with: other, dpi: dpi, deadline: deadline, what: what)
                if retry.meanConf > firstPage.meanConf {
                    let text = retry.lines.map(\.text).joined(separator: "\n")
                    let detected = auto.secondPass(text: text, script: script, first: other, page: what).detected
                    ocr.detected = .some(detected)
                    ocr.lang = other
                    ocr.firstPass = first
                    return retry
                }
            }
            ocr.lang = first
            return firstPage
        }
        ocr.lang = again
        ocr.firstPass = first
        return try recognize(consume pix, with: again, dpi: dpi, deadline: deadline, what: what)
    }

    /// A page whose reading tells no language may be lying sideways or upside down where OSD was not sure
    /// enough to turn it before reading: it is read again turned as OSD suggests, and that reading is kept
    /// (with "rotation" in `ocr`) when its mean word confidence is higher. Costs a second reading only on
    /// such pages.
    func readTurned(
        _ pix: consuming PixImage, by orientation: PageOrientation, dpi: Int, than first: RecognizedPage,
        deadline: UInt64?, what: String, ocr: inout OCRReading
    ) throws(ToolError) -> RecognizedPage? {
        let turned = pix.rotatedClockwise(quarterTurns: orientation.clockwiseTurn / 90)
        turned.setResolution(dpi)
        var again = ocr
        let page = try read(consume turned, dpi: dpi, osd: orientation, deadline: deadline, what: what, ocr: &again)
        guard page.meanConf > first.meanConf else { return nil }
        again.rotation = orientation.clockwiseTurn
        again.rotationConfidence = orientation.confidence
        ocr = again
        return page
    }

    private func recognize(
        _ pix: consuming PixImage, with languages: String, dpi: Int, deadline: UInt64?, what: String,
        mode: TessPageSegMode? = nil
    ) throws(ToolError) -> RecognizedPage {
        let engine = try engine(for: languages)
        guard let page = try engine.recognize(consume pix, dpi: dpi, deadline: deadline, mode: mode, what: what) else {
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
