/// Values made from a glyph's ink, each made once: the same glyph of one font and size renders to the same
/// pixels wherever it stands (cairo puts glyphs on whole pixels), so a page of hundreds of digits holds a few
/// dozen distinct ones, and the pages of a batch share most of theirs. A value is known by its ink bytes and a
/// header of what else it was made from. At most `maxKnown` are kept (then forgotten all at once).
struct InkMemo<Header: Hashable, Value> {
    private struct Key: Hashable {
        let header: Header
        let ink: [UInt8]

        // The ink's bytes in one go: an array of bytes hashes element by element otherwise.
        func hash(into hasher: inout Hasher) {
            hasher.combine(header)
            hasher.combine(ink.count)
            ink.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    let maxKnown: Int
    private var known: [Key: Value] = [:]

    init(maxKnown: Int) { self.maxKnown = maxKnown }

    /// The value for `header` and `ink`, made by `make` the first time.
    mutating func value(_ header: Header, ink: [UInt8], make: () -> Value) -> Value {
        let key = Key(header: header, ink: ink)
        if let value = known[key] { return value }
        let value = make()
        if known.count >= maxKnown { known.removeAll(keepingCapacity: true) }
        known[key] = value
        return value
    }
}
