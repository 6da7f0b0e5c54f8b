import PPShared

/// Everything a pp-ingest run is configured with; built once from the command line.
public struct IngestOptions: Sendable {
    /// Resolution for rendering PDF pages.
    public var dpi = 300
    /// Render in colour instead of 8-bit gray.
    public var color = false
    /// Render every page, not only the pages without usable text.
    public var rasterAll = false
    /// The folder for rasters, thumbnails, normalized images and attachments.
    public var workFolder = ".pp-work"
    /// Pixel budget per raster; bigger pages are rendered at a lower resolution.
    public var maxPixels = 40_000_000
    /// Thumbnail width in pixels, nil for none.
    public var thumbnailWidth: Int?
    /// The user password for encrypted PDFs.
    public var password: String?
    /// The resolution assumed for images that carry none.
    public var imageDPI = 300
    /// PNG zlib level for written rasters (1 is fast and still small for page images).
    public var pngCompression: Int32 = 1
    /// Read QR, PDF417, Data Matrix and Aztec codes on every page ("codes"); --no-codes turns it off.
    public var codes = true
    /// Seconds LibreOffice may take to convert one office document to PDF.
    public var officeTimeout = 120
    /// Decoded content streams (and forms) of one PDF page that poppler is given at most (--max-page-content).
    public var maxPageContent = IngestOptions.defaultMaxPageContent

    /// 4 MiB: six times the largest page of the test corpus (a vector-drawn QR-bill of 622 KiB); a typical
    /// invoice page has some KB. docs/reliability.md has poppler's times at the bound.
    public static let defaultMaxPageContent = 4 << 20
    /// What --max-page-content accepts.
    public static let maxPageContentRange = (64 << 10)...(1 << 32)

    public init() {}

    /// Cairo's image surfaces stop at 32767 pixels a side; stay clear of it.
    static let maxSide = 32000
}
