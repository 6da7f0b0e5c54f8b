import Lexicons
import PPShared

/// Reading the text of page records: the lines with their words, boxes and confidences, every number
/// checked (a value out of range is ignored, never a trap), and at most `maxPageCharacters` characters
/// and `maxPageLines` lines per page, so a page of megabytes of text costs a bounded time.
extension DocumentProcessor {
    /// The most characters of line text read per page (a dense A4 page of small print has about
    /// 15,000); the lines beyond are not read and the document gets a `page_text_truncated` warning.
    public static let maxPageCharacters = 20_000
    /// The most lines read per page (a dense page has about 150).
    public static let maxPageLines = 1_000

    /// Page numbers a record may give; another value (`1e20`, `-5`, `1.5`) is ignored.
    public static let pageNumbers = 1...1_000_000
    /// OCR confidences (percent); another value (`-1e300`) is ignored, as if the OCR had given none.
    public static let confidences = 0.0...100.0

    /// A record's page number, or nil when it gives none within `pageNumbers`.
    static func pageNumber(_ record: JSON) -> Int? { record["page"]?.int(in: pageNumbers) }

    /// A record's box, or nil when it has none of four finite numbers within `Box.coordinateLimit`.
    static func box(_ record: JSON) -> Box? {
        guard let values = record["box"]?.arrayValue else { return nil }
        // Four numbers, as every tool writes a box, without growing an array for them.
        if values.count == 4, let x0 = values[0].doubleValue, let y0 = values[1].doubleValue,
            let x1 = values[2].doubleValue, let y1 = values[3].doubleValue
        {
            return Box([x0, y0, x1, y1])
        }
        return Box(values.compactMap(\.doubleValue))
    }

    /// A page whose text was cut at the limits.
    struct Truncation {
        let page: Int
        let source: String?
        let lines: Int
        let characters: Int

        var warning: JSON {
            let whose = source.map { "page \(page) of '\($0)'" } ?? "page \(page)"
            return [
                "code": "page_text_truncated", "page": .int(page),
                "message": .string(
                    "\(whose) has \(lines) lines and \(characters) characters of text; only the first \(maxPageLines) lines and \(maxPageCharacters) characters were read"
                ),
            ]
        }
    }

    public static func lines(of pages: [JSON]) -> [TextLine] { text(of: pages).lines }

    /// The lines of the pages in order, and the pages whose text went beyond the limits.
    static func text(of pages: [JSON]) -> (lines: [TextLine], truncated: [Truncation]) {
        var out: [TextLine] = []
        var truncated: [Truncation] = []
        for (index, p) in pages.enumerated() {
            let pageNo = pageNumber(p) ?? index + 1
            let all = p["lines"]?.arrayValue ?? []
            var characters = 0
            var cut = all.count > maxPageLines
            for l in all.prefix(maxPageLines) {
                guard var text = l["text"]?.stringValue else { continue }
                let room = maxPageCharacters - characters
                var length = text.count
                var lineCut = false
                if length > room {
                    cut = true
                    if room <= 0 { break }
                    text = String(text.prefix(room))
                    length = room
                    lineCut = true
                }
                characters += length
                out.append(line(l, text: text, page: pageNo, cutAt: lineCut ? length : nil))
            }
            if cut {
                let total = all.reduce(0) { $0 + ($1["text"]?.stringValue?.count ?? 0) }
                truncated.append(
                    Truncation(page: pageNo, source: p["source"]?.stringValue, lines: all.count, characters: total))
            }
        }
        return (out, truncated)
    }

    /// One line record; `text` is its text, cut at `cutAt` characters when the page's limit fell
    /// inside it (then only the words that fit in the cut text are kept).
    static func line(_ l: JSON, text: String, page: Int, cutAt: Int? = nil) -> TextLine {
        let box = Self.box(l) ?? Box(0, 0, 0, 0)
        var words: [Word] = []
        var spelled = 0
        for w in l["words"]?.arrayValue ?? [] {
            guard let t = w["text"]?.stringValue else { continue }
            if let cutAt {
                spelled += t.count + 1
                if spelled > cutAt + 1 { break }
            }
            words.append(Word(text: t, box: Self.box(w) ?? box, conf: w["conf"]?.double(in: confidences)))
        }
        return TextLine(page: page, text: text, box: box, conf: l["conf"]?.double(in: confidences), words: words)
    }
}
