import CLeptonica
import Foundation
import PDFRender
import PPShared
import PixImage

/// pp-ingest's images are the shared leptonica owner type.
typealias Image = PixImage

extension PixImage {
    /// A copy scaled to `width` pixels wide (pixScaleToSize, smoothing when reducing).
    func scaled(toWidth width: Int) -> Image? {
        derived { pixScaleToSize($0, Int32(width), 0) }
    }

    /// Renders `page` into an 8-bit gray or 32-bit RGB Pix of `width` x `height` pixels, straight
    /// from cairo's RGB24 buffer (no PNG round trip). Big pages are rendered in horizontal bands of
    /// at most `bandPixels`, so the peak memory is the Pix plus one band, not a full RGB24 copy.
    ///
    /// `bands` keeps the last band surface of a worker for the next page of the same size.
    /// `origin` (pixels at `scale`) renders the part of the page that starts there: a crop.
    static func render(
        _ page: PDFPage, width: Int, height: Int, scale: Double, color: Bool, dpi: Int, bandPixels: Int = 12_000_000,
        bands: BandCache? = nil, origin: (x: Int, y: Int) = (0, 0)
    ) -> Image? {
        // Every pixel is written below, so the image need not be cleared first.
        guard let image = Image.make({ pixCreateNoInit(Int32(width), Int32(height), color ? 32 : 8) }) else { return nil }
        image.setResolution(dpi)
        let (wpl, words) = image.withPix { (Int(pixGetWpl($0)), pixGetData($0)!) }
        let bandRows = max(1, min(height, bandPixels / max(1, width)))
        var top = 0
        while top < height {
            let rows = min(bandRows, height - top)
            guard
                let band = page.render(
                    width: width, height: rows, scale: scale, offsetX: origin.x, offsetY: origin.y + top,
                    reuse: bands?.surface),
                let src = band.data
            else { return nil }
            bands?.surface = band
            let stride = band.stride
            if color {
                for y in 0..<rows {
                    let srow = UnsafeRawPointer(src + y * stride).assumingMemoryBound(to: UInt32.self)
                    let drow = words + (top + y) * wpl
                    for x in 0..<width { drow[x] = (srow[x] << 8) | 0xFF }
                }
            } else {
                let dst = UnsafeMutableRawPointer(words).assumingMemoryBound(to: UInt8.self)
                for y in 0..<rows {
                    let srow = UnsafeRawPointer(src + y * stride).assumingMemoryBound(to: UInt32.self)
                    let drow = dst + (top + y) * wpl * 4
                    for x in 0..<width {
                        let p = srow[x]
                        let r = (p >> 16) & 0xFF
                        let g = (p >> 8) & 0xFF
                        let b = p & 0xFF
                        // Integer BT.601 luma, rounded; exact for gray input.
                        drow[x] = UInt8(truncatingIfNeeded: (r &* 19595 &+ g &* 38470 &+ b &* 7471 &+ 32768) >> 16)
                    }
                }
            }
            top += rows
        }
        image.withPix { pix in
            // Leptonica keeps bytes big-endian inside 32-bit words: grey written in natural order is swapped once.
            _ = color ? pixSetSpp(pix, 3) : pixEndianByteSwap(pix)
        }
        return image
    }

}

/// The band surface a worker keeps between pages (one per worker thread; not Sendable).
final class BandCache {
    var surface: CairoImage?
    init() {}
}

/// The work folder and its subfolders, made when missing.
enum WorkFolder {
    /// Creates `folder` and its parents when missing.
    static func make(_ folder: String) throws(ToolError) {
        guard !folder.isEmpty else { return }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ToolError(
                .fatal, code: "work_folder", "cannot create the work folder '\(folder)': \(error.localizedDescription)")
        }
    }

    /// Writes a raster as PNG into the work folder (its folder made when missing), whole or not at all.
    static func write(_ image: Image, to path: String, compression: Int32) throws(ToolError) {
        try make(folder(of: path))
        try image.writePNG(to: path, compression: compression)
    }
}

/// Width and height of a PNG file from its IHDR chunk, without decoding it (for reused rasters).
func pngSize(path: String) -> (width: Int, height: Int)? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 24), head.count == 24 else { return nil }
    let b = [UInt8](head)
    guard b[0] == 0x89, b[1] == 0x50, b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else { return nil }
    func be32(_ o: Int) -> Int { Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3]) }
    return (be32(16), be32(20))
}
