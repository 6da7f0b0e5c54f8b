import PPShared
import PixImage
import Records

extension PageWorker {
    /// An image page (a photo, a scan, a TIFF frame): its size, the image to read it from (the file itself
    /// when it is usable as it is, else a normalized PNG in the work folder), its codes and thumbnail.
    func imagePage(_ info: DocumentInfo, index: Int, into record: inout PageRecord) throws(ToolError) {
        guard var header = info.header else { throw ToolError(.record, code: "image_unreadable", "no header") }
        let source = info.item.source
        let label = info.pages > 1 ? "page \(index + 1) of '\(source)'" : "'\(source)'"
        if header.isTIFF, index > 0, let frame = header.tiffFrame(index, path: info.item.path) { header = frame }
        var dpi = header.dpi
        if dpi <= 1 {
            dpi = options.imageDPI
            record.addWarning(
                RecordWarning(code: "dpi_assumed", message: "\(label) states no resolution: \(dpi) dpi assumed (--image-dpi)"))
        }
        let rotated = header.orientation >= 5
        let (ow, oh) = rotated ? (header.height, header.width) : (header.width, header.height)
        record.size = [Double(ow) * 72 / Double(dpi), Double(oh) * 72 / Double(dpi)]
        record.textSource = .awaitingOCR

        var image: PageImage
        var decoded: Image?
        if header.usableAsIs, ow * oh <= options.maxPixels {
            image = PageImage(path: info.item.path, dpi: dpi, width: ow, height: oh)
            if header.isTIFF, info.pages > 1 { image.frame = index }
        } else {
            // Named by the pixel budget too when it shrinks the image, so another budget gets its own file.
            let budget = ow * oh > options.maxPixels ? "-\(options.maxPixels / 1_000_000)mp" : ""
            let path = info.folder(options) + "/p\(index + 1)-image\(budget).png"
            if let existing = pngSize(path: path) {
                let scaledDPI = Int((Double(dpi) * Double(existing.width) / Double(ow)).rounded())
                image = PageImage(path: path, dpi: scaledDPI, width: existing.width, height: existing.height)
            } else {
                guard
                    let (normalized, _) = ImageNormalizer.decode(
                        path: info.item.path, header: header, frame: index, maxPixels: options.maxPixels),
                    ImageNormalizer.normalize(normalized, orientation: header.orientation)
                else {
                    throw ToolError(.record, code: "image_unreadable", "\(label) cannot be decoded: the image data is damaged")
                }
                _ = ImageNormalizer.fit(normalized, maxPixels: options.maxPixels)
                let scaledDPI = max(1, Int((Double(dpi) * Double(normalized.width) / Double(ow)).rounded()))
                normalized.setResolution(scaledDPI)
                try WorkFolder.write(normalized, to: path, compression: options.pngCompression)
                image = PageImage(path: path, dpi: scaledDPI, width: normalized.width, height: normalized.height)
                decoded = normalized
            }
            if ow * oh > options.maxPixels {
                record.addWarning(
                    RecordWarning(
                        code: "dpi_lowered",
                        message:
                            "\(label) is \(ow) x \(oh) pixels: scaled to stay within \(options.maxPixels / 1_000_000) megapixels")
                )
            }
        }
        if header.dpi <= 1 { image.dpiAssumed = true }
        record.image = image
        if options.codes {
            imageCodes(info, header: header, index: index, ow: ow, dpi: dpi, decoded: decoded, into: &record)
        }

        if let thumbWidth = options.thumbnailWidth {
            let path = info.folder(options) + "/p\(index + 1)-thumb\(thumbWidth).png"
            let thumbHeight = max(1, Int((Double(oh) * Double(thumbWidth) / Double(ow)).rounded()))
            if pngSize(path: path) == nil {
                if decoded == nil {
                    guard
                        let (image, _) = ImageNormalizer.decode(
                            path: info.item.path, header: header, frame: index, maxPixels: options.maxPixels),
                        ImageNormalizer.normalize(image, orientation: header.orientation)
                    else {
                        throw ToolError(
                            .record, code: "image_unreadable", "\(label) cannot be decoded: the image data is damaged")
                    }
                    decoded = image
                }
                guard let thumb = decoded?.scaled(toWidth: thumbWidth) else {
                    throw ToolError(.record, code: "render_failed", "\(label): cannot make the thumbnail")
                }
                try WorkFolder.write(thumb, to: path, compression: 6)
            }
            let actual = pngSize(path: path) ?? (thumbWidth, thumbHeight)
            record.thumbnail = PageThumbnail(path: path, width: actual.width, height: actual.height)
        }
    }
}
