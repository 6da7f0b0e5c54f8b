import CodeReading
import PixImage
import Records

/// Codes read on the page as pp-ocr turned and straightened it, for the pages where pp-ingest found none.
///
/// pp-ingest reads codes on the image as presented; a code it missed there (a PDF417 too long for its
/// regions, one boxed in with the slip's rules, a page turned a quarter) may be read once OSD has turned
/// the page and the skew has been taken out, since zxing's PDF417 reader follows upright rows. The codes
/// go into the record's `codes` as pp-ingest's would, their boxes in the frame of the OCR's lines, so
/// pp-extract reads them the same way. Only a page that has no codes and was turned or deskewed is read
/// (otherwise pp-ingest has read the same pixels), and only by zxing's reading of the upright page
/// (reduced, full size, closer where it saw a symbol), not by straightening regions, which pp-ingest did
/// on the page as presented: the cost stays small and on the pages that may gain.
enum TurnedPageCodes {
    /// The codes of `pix` (the page as prepared for reading) when `record` is worth it, boxes in points
    /// (72 / `dpi` a pixel); empty otherwise.
    static func find(_ record: PageRecord, ocr: OCRReading, on pix: PixImage, dpi: Int) -> [PageCode] {
        guard wanted(record, ocr: ocr), dpi > 0 else { return [] }
        let scale = 72 / Double(dpi)
        // Upright now: zxing's own reading, without the regions straightened as pp-ingest did already.
        return ImageCodes.find(in: pix, straighten: false).map { code in
            PageCode(type: code.type, text: code.text, box: code.bounds.map { $0 * scale }, page: record.page)
        }
    }

    /// A record without codes (pp-ingest found none, or never looked), not read by pp-ocr before, whose
    /// page was turned or deskewed.
    static func wanted(_ record: PageRecord, ocr: OCRReading) -> Bool {
        let turned = (ocr.rotation ?? 0) != 0 || (ocr.deskewDegrees ?? 0) != 0
        return turned && (record.codes?.isEmpty ?? true) && !record.has(\.ocr)
    }
}
