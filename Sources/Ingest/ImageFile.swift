import CLeptonica
import Foundation
import PPShared
import PixImage

extension ImageHeader {
    /// Whether pp-ocr can read the file as it is: a PNG, JPEG or TIFF, 8 bits or fewer, no alpha,
    /// no CMYK, upright.
    var usableAsIs: Bool {
        (isJPEG || isPNG || isTIFF) && bitsPerSample <= 8 && (samplesPerPixel == 1 || samplesPerPixel == 3)
            && orientation == 1
    }
}

/// Decoding and normalizing an image: EXIF orientation applied, alpha flattened onto white,
/// 16-bit samples reduced to 8, CMYK to RGB, and huge images scaled under the pixel budget.
enum ImageNormalizer {
    /// Decodes frame `frame` of `path`; for a JPEG, decodes at 1/2, 1/4 or 1/8 scale when that
    /// keeps the image under `maxPixels` (pixReadJpeg reduction), so a huge photo never fills memory.
    static func decode(path: String, header: ImageHeader, frame: Int, maxPixels: Int) -> (Image, reduction: Int)? {
        if header.isJPEG {
            var reduction = 1
            while reduction < 8, (header.width / reduction) * (header.height / reduction) > maxPixels { reduction *= 2 }
            var warnings: Int32 = 0
            guard let image = Image.make({ pixReadJpeg(path, 0, Int32(reduction), &warnings, 0) }) else { return nil }
            return (image, reduction)
        }
        if header.isTIFF {
            guard let image = Image.make({ pixReadTiff(path, Int32(frame)) }) else { return nil }
            return (image, 1)
        }
        guard let image = Image.make({ pixRead(path) }) else { return nil }
        return (image, 1)
    }

    /// Applies the normalizations in place; returns false when leptonica fails.
    static func normalize(_ image: Image, orientation: Int) -> Bool {
        if image.depth == 16 {
            guard image.apply({ pixConvert16To8($0, Int32(L_MS_BYTE)) }) else { return false }
        }
        if image.depth == 32, image.samplesPerPixel == 4 {
            guard image.apply({ pixAlphaBlendUniform($0, 0xFFFF_FF00) }) else { return false }
            image.withPix { _ = pixSetSpp($0, 3) }
        } else if image.withPix({ translucentPalette($0) }) {
            // A palette with transparency: expand it with its alpha, then blend onto white.
            guard image.apply({ pixRemoveColormap($0, Int32(REMOVE_CMAP_WITH_ALPHA)) }) else { return false }
            if image.depth == 32 {
                guard image.apply({ pixAlphaBlendUniform($0, 0xFFFF_FF00) }) else { return false }
                image.withPix { _ = pixSetSpp($0, 3) }
            }
        }
        return image.applyEXIFOrientation(orientation)
    }

    /// Whether the image has a palette with a colour that is not opaque.
    private static func translucentPalette(_ pix: UnsafeMutablePointer<Pix>) -> Bool {
        guard let cmap = pixGetColormap(pix) else { return false }
        var opaque: Int32 = 1
        pixcmapIsOpaque(cmap, &opaque)
        return opaque == 0
    }

    /// Scales the image down so that it holds at most `maxPixels`; returns the factor used (1 when none).
    static func fit(_ image: Image, maxPixels: Int) -> Double {
        let pixels = image.width * image.height
        guard pixels > maxPixels else { return 1 }
        let factor = (Double(maxPixels) / Double(pixels)).squareRoot() * 0.999
        image.apply { pixScale($0, Float(factor), Float(factor)) }
        return factor
    }
}
