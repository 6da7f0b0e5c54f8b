import PDFRender

extension VisibleText {
    /// At most this many unseen words of a page are followed through its drawing (the others are reported as
    /// not drawn): each is looked at after every piece of text drawn until it shows.
    static let maxFollowed = 8
    /// At most this many looks at a word, all followed words together, per page: a page of thousands of
    /// text operators costs at most this many measures of a word (8 words never seen under 6,000 text
    /// operators: 0.06 s of CPU in all, release). Words not seen by then are reported as not drawn; left
    /// out all the same.
    static let maxLooks = 4096

    /// Which of `words` (on `canvas`) showed on the page right after some piece of text was drawn, and so
    /// were painted over later: the page is drawn once more into `canvas`, into `clip` only, and looked at
    /// after each operation that draws text (PDFPage.render(into:…afterEach:)).
    static func paintedOver(
        _ words: [GlyphInk.Word], page: PDFPage, canvas: PageCanvas, scale: Double, origin: (x: Int, y: Int),
        clip: [PixelRect]
    ) -> [Bool] {
        guard !words.isEmpty else { return [] }
        // What the words' patches read outside `clip` is black, as on a fresh canvas.
        canvas.clear(words.flatMap(GlyphInk.reads))
        let replay = canvas
        let ink = GlyphInk(page: replay)
        var shown = [Bool](repeating: false, count: words.count)
        var looks = 0
        page.render(into: replay, scale: scale, origin: origin, clip: clip) {
            for k in words.indices where !shown[k] && looks < maxLooks {
                looks += 1
                shown[k] = ink.leastCoverage(words[k]) >= minimumCoverage
            }
        }
        return shown
    }
}
