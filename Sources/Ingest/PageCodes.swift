import CLeptonica
import PPShared
import PixImage

/// The "codes" of page records: QR, Micro QR, PDF417, Data Matrix and Aztec codes read on the page,
/// `[{"type","text","box","page"}]` with boxes in points like the page's other boxes; the key is
/// left out when the page has none (and with --no-codes).
extension PageWorker {
    /// A PDF page with a usable text layer: nothing when its content stream draws only text
    /// (ContentScan), else the survey (PDFCodes). With `rotation` (the page's `text_rotation`)
    /// boxes are turned into the frame its lines and size are given in.
    func pdfCodes(
        _ page: PDFPage, info: DocumentInfo, index: Int, width: Double, height: Double, raw: RawTextLayer, rotation: Int,
        into record: inout [String: JSON]
    ) {
        if contentScan?.path != info.item.path {
            contentScan = (info.item.path, ContentScan(path: info.item.path, password: options.password))
        }
        if contentScan?.scan?.mayHoldCode(page: index) == false { return }
        let codes = PDFCodes.find(page: page, width: width, height: height, text: raw, bands: codeBands)
        store(codes, into: &record) { box in
            let r = TextDirection.turned(
                RawTextLayer.Rect(x0: box[0], y0: box[1], x1: box[2], y1: box[3]), quarters: rotation / 90, width: width,
                height: height)
            return [r.x0, r.y0, r.x1, r.y1]
        }
    }

    /// A photo, a scan or a rendered page without text: read on its pixels; `pointsPerPixel` is 72
    /// over the resolution the record's `size` was computed with (for `image` as given).
    func imageCodes(_ image: Image, pointsPerPixel: Double, into record: inout [String: JSON]) {
        let codes = ImageCodes.find(in: image)
        store(codes, into: &record) { box in box.map { $0 * pointsPerPixel } }
    }

    /// The page's rendered raster again, read from the work folder (a rerun that reuses it).
    func reread(path: String) -> Image? {
        LeptonicaMessages.silence()
        guard let pix = pixRead(path) else { return nil }
        return Image(taking: pix)
    }

    /// A photo or image page decoded for its codes as presented (EXIF orientation applied), within
    /// the pixel budget (a JPEG may come reduced: the caller scales by the width).
    func presentedImage(_ info: DocumentInfo, header: ImageHeader, index: Int) -> Image? {
        guard
            let (image, _) = ImageNormalizer.decode(
                path: info.item.path, header: header, frame: index, maxPixels: options.maxPixels),
            ImageNormalizer.normalize(image, orientation: header.orientation)
        else { return nil }
        _ = ImageNormalizer.fit(image, maxPixels: options.maxPixels)
        return image
    }

    private func store(_ codes: [DecodedCode], into record: inout [String: JSON], box: ([Double]) -> [Double]) {
        guard !codes.isEmpty else { return }
        let page = record["page"] ?? .null
        record["codes"] = .array(
            codes.map { code in
                var entry = code.json(page: 0, box: box(code.bounds))
                entry["page"] = page
                return entry
            })
    }
}
