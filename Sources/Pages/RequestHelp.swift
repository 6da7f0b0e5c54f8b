import PPShared

/// The notes under pp-pages' options in --help: ranges, images, in-place edits, text layers, exit statuses.
let pagesNotes = """
    RANGE is qpdf's page-range syntax: 5, 2-4, 4-2 (downwards), z (last page), r2 (second from last),
    lists 1,3,5-z, then :odd or :even; x excludes from the item before it: 1-10,x3-4.
    Operations apply left to right, each to the pages as they stand after the ones before.
    FILE is a PDF, a JPEG (embedded as it is, no re-encoding) or another image leptonica reads
    (PNG, TIFF with all its pages, ...; stored losslessly). An image page has the image's size at
    its resolution, fitted to the first page when larger or without one; a JPEG's EXIF orientation
    turns the page. A photo of a sheet of paper lying on a desk, the desk showing all round it, becomes
    the sheet alone, as a scanner app makes it: its four corners found, the perspective and the tilt
    undone, the desk cut away; the page has the sheet's aspect (a JPEG is then encoded again, quality
    90); --whiten also makes its background even and white. Scans, rendered pages and photos the paper
    fills stay as they are; --as-is keeps every image as it is. Everything is checked before anything
    is written.
    --in-place locks IN.pdf (flock) from before it is read until the result replaces it: another
    pp-pages --in-place of the same file waits for it, up to --lock-wait seconds, then edits its
    result, so both edits are kept. The result keeps IN.pdf's owner, group and mode (another user's
    owner only when run as root; otherwise the record warns).
    IN.pdf's outlines, page labels, form fields, links, attachments and encryption are kept; a
    bookmark, field or link that pointed at a deleted page loses it, so deleted pages leave the file.
    --searchable RECORDS reads pp-ocr --text-layer's page records of IN.pdf and puts each page's
    text layer (ocr.text_layer) under the page's content as a form XObject, placed by the page's crop
    box and /Rotate; the page's content streams and images are not changed, and a page that shows
    text already (a font in its resources) is left as it is. It applies before the other operations.
    IN may be a photo or an image scan instead of a PDF: the result is a new PDF of its pages, made
    as --insert-at makes them (a photo of a sheet straightened unless --as-is), then edited by the
    operations given, if any. With --searchable the image stays as it is (a JPEG's bytes kept): the
    text layers are of the image as pp-ingest gave it to pp-ocr.
    The record on stdout ({"kind":"pages",...}) is what pp-ingest reads on stdin; its "warnings"
    say what a user should know about a written result.
    JSON operations: {"op":"delete"|"keep"|"order","pages":"RANGE"}, {"op":"move","pages":R,"to":N},
    {"op":"insert","at":N,"file":F,"pages":R}, {"op":"append","file":F}, {"op":"rotate","degrees":90,"pages":R}.

    How a run ends, case by case (the exit status, whether the result is written):
    \(ExitCase.helpLines)
    """
