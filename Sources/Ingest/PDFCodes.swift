import CLeptonica
import CodeReading
import PDFRender
import PPShared
import PixImage

/// The codes on a PDF page with a text layer, found cheaply: the page is rendered once at a low
/// resolution, the ink of its text is taken away, and only blocks of ink the size and density of a
/// code (QR, PDF417, Data Matrix, Aztec; vector-drawn or an image) are rendered again, cropped, at
/// a resolution their modules read at. A page of text alone costs one small render.
enum PDFCodes {
    /// The survey resolution: a 20 mm QR code is 40 pixels wide, a line of 10 pt text 7 pixels high.
    static let surveyDPI = 50
    /// The least side of a block worth a closer look, in points (a 10 mm code).
    static let minSide = 26.0
    /// At most this many blocks a page are decoded (the biggest first).
    static let maxCandidates = 8

    /// A block of the page where a code may be, in points.
    struct Region: Equatable {
        var x0, y0, x1, y1: Double
        var width: Double { x1 - x0 }
        var height: Double { y1 - y0 }
    }

    /// The codes of `page` (`width` x `height` points as displayed) in points, top-left origin.
    /// `text` is the page's raw text layer: its characters are no code.
    static func find(page: PDFPage, width: Double, height: Double, text: RawTextLayer, bands: BandCache) -> [DecodedCode] {
        let regions = candidates(page: page, width: width, height: height, text: text, bands: bands)
        var found: [DecodedCode] = []
        for region in regions {
            if found.contains(where: { overlaps($0.bounds, region) }) { continue }
            found += decode(page: page, region: region, width: width, height: height)
        }
        return DecodedCode.unique(found)
    }

    /// Blocks of non-text ink shaped like a code.
    static func candidates(page: PDFPage, width: Double, height: Double, text: RawTextLayer, bands: BandCache) -> [Region] {
        // A huge page (a plan, a poster) is surveyed coarser, within 4 megapixels.
        let dpi = max(8, min(surveyDPI, Int((4_000_000 / (width * height)).squareRoot() * 72)))
        let scale = Double(dpi) / 72
        let pw = max(1, Int((width * scale).rounded(.up)))
        let ph = max(1, Int((height * scale).rounded(.up)))
        guard pw * ph <= 4_200_000,
            let grey = Image.render(page, width: pw, height: ph, scale: scale, color: false, dpi: dpi, bands: bands),
            let ink = grey.derived({ pixThresholdToBinary($0, 200) })
        else { return [] }
        for r in text.rects where r.x1 > r.x0 && r.y1 > r.y0 {
            ink.clear(
                PixBox(
                    x: Int((r.x0 * scale).rounded(.down)) - 1, y: Int((r.y0 * scale).rounded(.down)) - 1,
                    width: Int(((r.x1 - r.x0) * scale).rounded(.up)) + 2,
                    height: Int(((r.y1 - r.y0) * scale).rounded(.up)) + 2))
        }
        // Rules and frames (a payment slip's boxes) go too, so a code inside a frame stands alone:
        // runs of ink longer than 25 pixels (12 mm), which no code has (PDF417 loses only its bars).
        for (bw, bh) in [(25, 1), (1, 25)] {
            guard let lines = ink.derived({ pixOpenBrick(nil, $0, Int32(bw), Int32(bh)) }) else { return [] }
            ink.apply { i in lines.withPix { pixSubtract(i, i, $0) } }
        }
        // Modules of a code blur into one block; separate words stay apart.
        guard let closed = ink.derived({ pixCloseSafeBrick(nil, $0, 3, 3) }) else { return [] }
        var regions: [(Region, Double)] = []
        for box in closed.componentBoxes() {
            let (x, y, w, h) = (box.x, box.y, box.width, box.height)
            let region = Region(
                x0: Double(x) / scale, y0: Double(y) / scale, x1: Double(x + w) / scale, y1: Double(y + h) / scale)
            let short = min(region.width, region.height)
            let long = max(region.width, region.height)
            guard short >= minSide, long <= 0.9 * max(width, height), long / short <= 6 else { continue }
            let count = ink.countPixels(in: box)
            let fill = Double(count) / Double(max(1, w * h))
            // A code is about half ink; a frame is little ink, a filled logo nearly all.
            guard (0.2...0.85).contains(fill) else { continue }
            regions.append((region, region.width * region.height))
        }
        return regions.sorted { $0.1 > $1.1 }.prefix(maxCandidates).map(\.0)
    }

    /// Renders `region` (with a quiet zone) at a resolution that gives its modules a few pixels and
    /// decodes it; a block that holds a symbol zxing finds but cannot read is looked at twice as close.
    static func decode(page: PDFPage, region: Region, width: Double, height: Double) -> [DecodedCode] {
        let margin = max(8, 0.12 * max(region.width, region.height))
        let crop = Region(
            x0: max(0, region.x0 - margin), y0: max(0, region.y0 - margin), x1: min(width, region.x1 + margin),
            y1: min(height, region.y1 + margin))
        // The short side at 500 pixels at least: a 40 mm QR code at 250 dpi, a 25 mm high PDF417 at 500.
        var dpi = min(600, max(200, 500 / min(crop.width, crop.height) * 72))
        for attempt in 0..<2 {
            let scale = dpi / 72
            let ox = Int((crop.x0 * scale).rounded(.down))
            let oy = Int((crop.y0 * scale).rounded(.down))
            let cw = max(1, Int((crop.width * scale).rounded(.up)))
            let ch = max(1, Int((crop.height * scale).rounded(.up)))
            guard cw * ch <= 16_000_000,
                let image = Image.render(
                    page, width: cw, height: ch, scale: scale, color: false, dpi: Int(dpi), origin: (ox, oy))
            else { return [] }
            var pass = CodeReader.Pass.thorough
            pass.returnErrors = attempt == 0
            let codes = CodeReader.read(image, pass: pass)
            let read = codes.filter { !$0.failed }
            if !read.isEmpty || !codes.contains(where: \.failed) || dpi >= 1200 {
                return read.map { code in
                    code.mapped { x, y in ((Double(ox) + x) / scale, (Double(oy) + y) / scale) }
                }
            }
            dpi = min(1200, dpi * 2)
        }
        return []
    }

    static func overlaps(_ box: [Double], _ region: Region) -> Bool {
        box[0] < region.x1 && box[2] > region.x0 && box[1] < region.y1 && box[3] > region.y0
    }
}
