import PPShared

/// A page's `ocr` (pp-ocr): how the kept reading was made.
public struct OCRReading: RecordObject {
    /// Where `--lang auto` found the language a page was read in (`detected_from`).
    public enum LanguageEvidence: String, RecordName {
        /// The page's own text: the PDF's text layer, or an earlier OCR (pp-ocr --force).
        case textLayer = "text_layer"
        /// A few of the page's longest lines, read first.
        case sample
        /// The page read whole.
        case reading
    }

    /// `tesseract <version>`.
    public var engine: String?
    /// The tesseract languages the kept reading used (`deu+eng`).
    public var lang: String?
    public var psm: Int?
    /// The resolution tesseract was told.
    public var dpi: Int?
    /// The clockwise quarter turn applied before reading.
    public var rotation: Int?
    /// tesseract's orientation confidence (`--rotate-pages`, or a page read again turned).
    public var rotationConfidence: Double?
    /// The clockwise turn that straightened the page.
    public var deskewDegrees: Double?
    public var meanConfidence: Int?
    /// `--lang auto`: the page's script, of the words that told the language, else OSD's; null when
    /// nothing told it.
    public var script: String??
    /// OSD's script confidence; absent when OSD did not run.
    public var scriptConfidence: Double?
    /// `--lang auto`: the language the lexicons find in the words that chose the kept reading's
    /// languages; null when none leads clearly.
    public var detected: String??
    /// `--lang auto`: what told `detected`; null with it.
    public var detectedFrom: LanguageEvidence??
    /// `--lang auto`: whether the kept reading is a second one (another language, or the page turned).
    public var readAgain: Bool?
    /// The replaced reading's languages, when the page was read again in another language.
    public var firstPass: String?
    /// Rows of boxed characters (a comb) read again.
    public var combRows: Int?
    /// Stamps in coloured ink read by themselves.
    public var stamps: Int?
    /// Lines tesseract's page layout left out, read again by themselves (pp-ocr's MissedText).
    public var missedLines: Int?
    /// `--straighten`: the sheet found on a photo and read cut out and upright ({corners, width, height}).
    public var paper: JSON?
    /// The asset set whose language data was used.
    public var assets: Int?
    /// `--text-layer`: the reading as an invisible-text PDF page.
    public var textLayer: OCRTextLayer?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<OCRReading> = [
        .init("engine", \.engine), .init("lang", \.lang), .init("psm", \.psm), .init("dpi", \.dpi),
        .init("rotation", \.rotation), .init("rotation_conf", \.rotationConfidence),
        .init("deskew_degrees", \.deskewDegrees), .init("mean_conf", \.meanConfidence), .init("script", \.script),
        .init("script_conf", \.scriptConfidence), .init("detected", \.detected), .init("detected_from", \.detectedFrom),
        .init("read_again", \.readAgain), .init("first_pass", \.firstPass),
        .init("comb_rows", \.combRows), .init("stamps", \.stamps), .init("missed_lines", \.missedLines), .init("paper", \.paper),
        .init("assets", \.assets), .init("text_layer", \.textLayer),
    ]

    public init() {}
}
