import PPShared

/// A page's `ocr.text_layer` (pp-ocr `--text-layer`): the page's reading as Tesseract's own PDF renderer
/// writes it in its text-only mode, an invisible-text page that pp-pages `--searchable` puts under the
/// scanned page.
public struct OCRTextLayer: RecordObject {
    /// The one-page PDF, base64 (RFC 4648, with padding).
    public var pdf: String?
    /// `[a, b, c, d, e, f]`: maps the layer page's user space (points, y up) onto the page as pp-ingest
    /// gave it, before pp-ocr turned or straightened it (points from its top left corner, y down):
    /// x' = a x + c y + e, y' = b x + d y + f. Written with six decimals (a turn's sine in two would put
    /// the far side of a page points away): set it with `setMatrix`.
    public var matrix: JSON?
    /// `[w, h]`: that page's size in points (its image's pixels at the resolution of the record's boxes).
    public var size: [Double]?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<OCRTextLayer> = [
        .init("pdf", \.pdf), .init("matrix", \.matrix), .init("size", \.size),
    ]

    public init() {}

    /// The matrix's six numbers; nil unless it has six finite ones.
    public var matrixValues: [Double]? {
        guard case .array(let items)? = matrix else { return nil }
        let values = items.compactMap(\.doubleValue)
        return values.count == 6 && items.count == 6 && values.allSatisfy(\.isFinite) ? values : nil
    }

    public mutating func setMatrix(_ values: [Double]) {
        matrix = .array(values.map { JSON.rounded($0, places: Self.matrixPlaces) })
    }

    public static let matrixPlaces = 6
}
