import PPShared

/// A page's `ocr.text_layer` (pp-ocr `--text-layer`): the page's reading as Tesseract's own PDF renderer
/// writes it in its text-only mode, an invisible-text page that pp-pages `--searchable` puts under the
/// scanned page.
public struct OCRTextLayer: RecordObject {
    /// The one-page PDF, base64 (RFC 4648, with padding).
    public var pdf: String?
    /// `[a, b, c, d, e, f]`: maps the layer page's user space (points, y up) onto the page as pp-ingest
    /// gave it, before pp-ocr turned or straightened it (points from its top left corner, y down):
    /// x' = a x + c y + e, y' = b x + d y + f.
    public var matrix: [Double]?
    /// `[w, h]`: that page's size in points (its image's pixels at the resolution of the record's boxes).
    public var size: [Double]?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<OCRTextLayer> = [
        .init("pdf", \.pdf), .init("matrix", \.matrix), .init("size", \.size),
    ]

    public init() {}
}
