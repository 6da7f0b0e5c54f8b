import PPShared

/// One of a document record's `page_views`: what a picture of the page needs beside the candidates'
/// boxes (the page's size, the image pp-ingest showed it as, and the turn from that image to the boxes'
/// frame), since a document record keeps no page-only members.
public struct PageView: RecordObject {
    public var page: Int?
    /// `[w, h]` in points.
    public var size: [Double]?
    /// `path`, `width`, `height`, `dpi`, `frame` of the page's image.
    public var image: PageImage?
    public var thumbnail: PageThumbnail?
    /// pp-ocr's `ocr.rotation` or pp-ingest's `text_rotation`: 90, 180 or 270.
    public var rotation: Int?
    /// pp-ocr's straightening turn.
    public var deskewDegrees: Double?
    public var unknown = JSONObject()
    public var kept = KeptMembers()

    public static let fields: RecordFields<PageView> = [
        .init("page", \.page), .init("size", \.size), .init("image", \.image), .init("thumbnail", \.thumbnail),
        .init("rotation", \.rotation), .init("deskew_degrees", \.deskewDegrees),
    ]

    public init() {}
}
