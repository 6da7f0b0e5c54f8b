import CLeptonica
import CodeReading
import PDFRender
import PPShared
import PixImage
import Records

/// The "codes" of page records: QR, PDF417, Data Matrix and Aztec codes read on the page,
/// `[{"type","text","box","page"}]` with boxes in points like the page's other boxes; the key is
/// left out when the page has none (and with --no-codes).
extension PageWorker {
    /// A PDF page with a usable text layer: nothing when its content stream draws only text
    /// (ContentScan), else the survey (PDFCodes). With `rotation` (the page's `text_rotation`)
    /// boxes are turned into the frame its lines and size are given in.
    func pdfCodes(
        _ page: PDFPage, info: DocumentInfo, index: Int, width: Double, height: Double, raw: RawTextLayer, rotation: Int,
        into record: inout PageRecord
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

    /// A scan or a rendered page without text: read on its pixels; `pointsPerPixel` is 72 over the
    /// resolution the record's `size` was computed with.
    func imageCodes(_ image: Image, pointsPerPixel: Double, into record: inout PageRecord) {
        let codes = ImageCodes.find(in: image)
        store(codes, into: &record) { box in box.map { $0 * pointsPerPixel } }
    }

    /// An image page (a photo, a scan, a TIFF frame) as presented, `ow` pixels wide after its EXIF
    /// orientation at `dpi`. A JPEG is read reduced and grey first (libjpeg's scaled luminance
    /// decode), at full size only when that finds nothing; other images are decoded once (or
    /// `decoded`, the normalized image the record already made, is used).
    func imageCodes(
        _ info: DocumentInfo, header: ImageHeader, index: Int, ow: Int, dpi: Int, decoded: Image?,
        into record: inout PageRecord
    ) {
        var reduced: ImageCodes.Scaled?
        let side = max(header.width, header.height)
        if decoded == nil, header.isJPEG {
            // Halved while the long side stays at 1000 pixels or more: a phone photo of a bill at 1/2 or 1/4.
            var factor = 1
            while factor < 8, side / (factor * 2) >= 1000 { factor *= 2 }
            if factor > 1, let image = greyJPEG(info.item.path, reduction: factor, orientation: header.orientation) {
                reduced = (image, Double(ow) / Double(image.width))
            }
        }
        let codes = ImageCodes.find(reduced: reduced) {
            if let decoded { return (decoded, Double(ow) / Double(decoded.width)) }
            var image: Image?
            if header.isJPEG, header.width * header.height <= options.maxPixels {
                image = greyJPEG(info.item.path, reduction: 1, orientation: header.orientation)
            }
            guard let image = image ?? presentedImage(info, header: header, index: index) else { return nil }
            return (image, Double(ow) / Double(image.width))
        }
        store(codes, into: &record) { box in box.map { $0 * 72 / Double(dpi) } }
    }

    /// A JPEG decoded grey (luminance only) at 1/`reduction` size, EXIF orientation applied.
    func greyJPEG(_ path: String, reduction: Int, orientation: Int) -> Image? {
        var warnings: Int32 = 0
        guard let image = Image.make({ pixReadJpeg(path, 0, Int32(reduction), &warnings, Int32(L_JPEG_READ_LUMINANCE)) })
        else { return nil }
        return ImageNormalizer.normalize(image, orientation: orientation) ? image : nil
    }

    /// The page's rendered raster again, read from the work folder (a rerun that reuses it).
    func reread(path: String) -> Image? {
        Image.make { pixRead(path) }
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

    private func store(_ codes: [DecodedCode], into record: inout PageRecord, box: ([Double]) -> [Double]) {
        guard !codes.isEmpty else { return }
        record.codes = codes.map { code in PageCode(type: code.type, text: code.text, box: box(code.bounds), page: record.page) }
    }
}
