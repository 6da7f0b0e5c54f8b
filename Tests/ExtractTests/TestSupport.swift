import Foundation
import PPShared
import Testing

@testable import Extract

/// The repository's root folder.
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
}()

let profileFolder = repositoryRoot.appendingPathComponent("Sources/Extract/Profiles").path

func profile(_ name: String) throws -> Profile { try ProfileStore(folders: [profileFolder]).load(name) }

/// The confidence model pp-extract ships (Sources/Extract/Model/confidence.json), read from its file so a
/// test never runs without it unnoticed.
func shippedModel() throws -> ConfidenceModel {
    let path = repositoryRoot.appendingPathComponent("Sources/Extract/Model/confidence.json").path
    let data = try #require(FileManager.default.contents(atPath: path))
    return try ConfidenceModel.decode(try JSON.parse(Array(data)), source: path)
}

func top(_ e: Extraction, _ field: Field) -> RankedCandidate? { e[field].first }

/// One synthetic line at (x, y): 10 pt high, 5 pt per character, a word for each space.
func textLine(_ text: String, x: Double, y: Double, page: Int = 1, conf: Double? = nil) -> TextLine {
    var words: [Word] = []
    var cx = x
    for w in text.split(separator: " ", omittingEmptySubsequences: false) {
        words.append(Word(text: String(w), box: Box(cx, y, cx + Double(w.count) * 5, y + 10), conf: conf))
        cx += Double(w.count + 1) * 5
    }
    return TextLine(page: page, text: text, box: Box(x, y, x + Double(text.count) * 5, y + 10), conf: conf, words: words)
}

/// Small synthetic pages: one line per (text, x, y).
func page(_ rows: [(String, Double, Double)], page: Int = 1, conf: Double? = nil) -> [TextLine] {
    rows.map { textLine($0.0, x: $0.1, y: $0.2, page: page, conf: conf) }
}

/// One text line from words placed by hand: (text, x) pairs, 10 pt high, 5 pt per character, so a gap
/// between words is whatever the x positions say while the text joins them with single spaces.
func spacedLine(_ words: [(String, Double)], y: Double, page: Int = 1, conf: Double? = nil) -> TextLine {
    let ws = words.map { t, x in Word(text: t, box: Box(x, y, x + Double(t.count) * 5, y + 10), conf: conf) }
    let box = ws.dropFirst().reduce(ws[0].box) { $0.union($1.box) }
    return TextLine(page: page, text: words.map(\.0).joined(separator: " "), box: box, conf: conf, words: ws)
}

/// A page record as pp-ingest writes it, from (text, x, y) rows (10 pt high, 5 pt per character).
func pageRecord(_ rows: [(String, Double, Double)], source: String = "bills/a.pdf", extra: [String: JSON] = [:]) -> JSON {
    let lines: [JSON] = rows.map { text, x, y in
        ["text": .string(text), "box": .box([x, y, x + Double(text.count) * 5, y + 10])]
    }
    var o: [String: JSON] = [
        "kind": "page", "doc": .string("sha256:" + source), "source": .string(source), "page": 1, "pages": 1,
        "lines": .array(lines),
    ]
    for (k, v) in extra { o[k] = v }
    return .object(o)
}
