import Lexicons
import PPShared

/// Everything the finders read about one document, built once and never changed: its lines, the labels
/// on them, the layout (rows, cells, which caption introduces which value), the amount tokens of every
/// line and the decimal mark they agree on, and the median line height that scales distances.
struct DocumentView: Sendable {
    let lines: [TextLine]
    /// Labels as the layout sees them (matched again cell by cell where one spanned a gap).
    let labels: [LabelHit]
    let layout: Layout
    /// The median height of the document's lines, in points.
    let medianLineHeight: Double
    /// Per line, the account numbers it prints.
    let accounts: [[AccountMatch]]
    /// Per line, its amount-shaped tokens (split where the layout shows a cell boundary).
    let tokens: [[AmountToken]]
    /// The decimal mark the document's numbers agree on.
    let decimalMark: Character
    /// Whether any line was read by OCR.
    let ocr: Bool
    /// The median confidence (0...100) OCR gave the document's OCR'd lines; nil where none was OCR'd.
    let medianOCRConfidence: Double?
    /// The order the document writes day and month in, where its unambiguous dates or its language settle it.
    let dateOrder: Dates.Order?
    let profile: Profile
    /// The document's languages (detected, or its profile's), leading first.
    let languages: [String]
    let ocrWeights: OCRWeights
    let reach: LabelReach
    /// The slant rows of an askew photo run along.
    let slant: RowSlant
    /// Each line's box along its page's slant (`RowSlant.box(of:)`), made once: rows and label geometry read it.
    let slantedBoxes: [Box]

    /// What reading by OCR costs a value: below `floor` per cent, `perPoint` points per point missing.
    struct OCRWeights: Sendable {
        let floor, perPoint: Int
        init(_ w: (String) -> Int) {
            floor = w("ocr.floor")
            perPoint = w("ocr.per_point")
        }
    }

    /// The view's sections of the weights, read once per profile.
    struct Weights: Sendable {
        let ocr: OCRWeights
        let reach: LabelReach
        let layout: Layout.Params
        let rotated: RotatedWords
        let slant: RowSlant.Params
        init(_ w: (String) -> Int) {
            rotated = RotatedWords(w)
            slant = RowSlant.Params(w)
            ocr = OCRWeights(w)
            reach = LabelReach(w)
            layout = Layout.Params(w)
        }
    }

    /// `languages`: the document's (detected, or its profile's), which settle its date order when its dates do not.
    init(lines: [TextLine], profile: Profile, matcher: LabelMatcher, weights: Weights, languages: [String] = []) {
        self.lines = lines
        self.profile = profile
        self.languages = languages
        self.ocrWeights = weights.ocr
        self.reach = weights.reach
        slant = RowSlant(lines: lines, params: weights.slant)
        let heights = lines.map(\.box.height).filter { $0 > 0 }.sorted()
        medianLineHeight = heights.isEmpty ? reach.defaultHeight : heights[heights.count / 2]
        let slanted = lines.map(slant.box(of:))
        slantedBoxes = slanted
        layout = Layout(
            lines: lines, labels: matcher.hits(in: lines), params: weights.layout, rowBoxes: slanted,
            relabel: matcher.hits)
        labels = layout.labels
        var all: [[AmountToken]] = []
        var flat: [AmountToken] = []
        for (li, l) in lines.enumerated() {
            let t = Amounts.tokens(in: l.chars, bytes: l.bytes, breaks: layout.cellStarts(line: li), ocr: l.conf != nil)
            all.append(t)
            flat += t
        }
        tokens = all
        accounts = lines.map { AccountMatches.find(in: $0, formats: profile.accountFormats) }
        decimalMark = Amounts.decideMark(flat, fallback: profile.decimalMark)
        ocr = lines.contains { $0.conf != nil }
        let confidences = lines.compactMap(\.conf).sorted()
        medianOCRConfidence = confidences.isEmpty ? nil : confidences[confidences.count / 2]
        dateOrder = Dates.order(of: lines.map(\.text), languages: languages)
    }

    /// Every amount value printed on the page, as canonical text ("1234.56").
    var amountValues: Set<String> {
        Set(tokens.joined().compactMap { Amounts.value(of: $0, documentMark: decimalMark) })
    }

    /// The pages the lines come from, counted.
    var pageCount: Int { lines.map(\.page).max() ?? 1 }

    /// Whether a label of `category` stands on line `line`.
    func hasLabel(_ category: LabelCategory, onLine line: Int) -> Bool {
        labels.contains { $0.line == line && $0.category == category }
    }
}
