/// Values made from a glyph's ink, each made once: the same glyph of one font and size renders to the same
/// pixels wherever it stands (cairo puts glyphs on whole pixels), so a page of hundreds of digits holds a few
/// dozen distinct ones, and the pages of a batch share most of theirs. A value is known by its ink bytes and a
/// header of what else it was made from. At most `maxKnown` are kept (then forgotten all at once).
struct InkMemo<Header: Hashable, Value> {
    private struct Key: Hashable {
        let header: Header
        let ink: [UInt8]
        /// The ink's bytes folded into one word, once: hashing them byte by byte (SipHash) for every lookup cost
        /// more than the memo's lookups of its dictionary.
        let digest: UInt64

        init(header: Header, ink: [UInt8]) {
            self.header = header
            self.ink = ink
            digest = Self.fold(ink)
        }

        static func == (a: Key, b: Key) -> Bool { a.digest == b.digest && a.header == b.header && a.ink == b.ink }

        func hash(into hasher: inout Hasher) {
            hasher.combine(header)
            hasher.combine(digest)
        }

        /// Eight bytes at a time, each word multiplied in (the hasher mixes the result again).
        static func fold(_ bytes: [UInt8]) -> UInt64 {
            bytes.withUnsafeBytes { raw in
                var h = UInt64(truncatingIfNeeded: raw.count) &* 0x9E37_79B9_7F4A_7C15
                var i = 0
                while i + 8 <= raw.count {
                    h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                    h ^= h >> 29
                    i += 8
                }
                while i < raw.count {
                    h = (h ^ UInt64(raw[i])) &* 0x100_0000_01B3
                    i += 1
                }
                return h
            }
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
