/// The brand table flattened for fast detection: every pattern's low and high
/// digits in one byte buffer, so matching a number walks contiguous memory
/// instead of copying brand values (a hot path at a million records).
struct BrandIndex: Sendable {
    let brands: [CardBrand]
    private let bytes: [UInt8]
    private let entries: [Entry]
    /// For each first digit 0–9, the entries whose range can start with it (in table order).
    private let byFirstDigit: [[Entry]]
    /// For each first two digits 00–99, the entries whose range can start with them (in table order):
    /// a full number is matched against a handful of patterns instead of every pattern of its first digit.
    private let byFirstTwoDigits: [[Entry]]

    /// One pattern: where its low digits start in `bytes` (its high digits follow), how many, whose.
    private struct Entry {
        var offset: Int
        var length: Int
        var owner: Int
    }

    init(_ brands: [CardBrand]) {
        self.brands = brands
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        for (index, brand) in brands.enumerated() {
            for pattern in brand.patterns {
                let (low, high): (String, String) =
                    switch pattern {
                    case .prefix(let p): (p, p)
                    case .range(let l, let h): (l, h)
                    }
                entries.append(Entry(offset: bytes.count, length: low.utf8.count, owner: index))
                bytes.append(contentsOf: low.utf8)
                bytes.append(contentsOf: high.utf8)
            }
        }
        self.bytes = bytes
        self.entries = entries
        self.byFirstDigit = (0..<10).map { digit in
            let d = UInt8(48 + digit)
            return entries.filter { bytes[$0.offset] <= d && d <= bytes[$0.offset + $0.length] }
        }
        self.byFirstTwoDigits = (0..<100).map { n in
            let start = [UInt8(48 + n / 10), UInt8(48 + n % 10)]
            return bytes.withUnsafeBufferPointer { table in
                start.withUnsafeBufferPointer { d in entries.filter { Self.starts(d, within: $0, table) } }
            }
        }
    }

    /// Whether the digits `d` (or as many as the pattern has) lie between the pattern's low and high digits.
    private static func starts(_ d: UnsafeBufferPointer<UInt8>, within entry: Entry, _ table: UnsafeBufferPointer<UInt8>) -> Bool
    {
        let low = entry.offset
        let high = low + entry.length
        var aboveLow = false
        var belowHigh = false
        for i in 0..<min(entry.length, d.count) {
            let c = d[i]
            if !aboveLow {
                if c < table[low + i] { return false }
                if c > table[low + i] { aboveLow = true }
            }
            if !belowHigh {
                if c > table[high + i] { return false }
                if c < table[high + i] { belowHigh = true }
            }
            if aboveLow && belowHigh { break }
        }
        return true
    }

    /// R3 of the spec: the first matching pattern of each brand; one brand when every match is strong.
    func detect(_ digits: [UInt8]) -> (brand: Int?, ambiguous: Bool) {
        var matched = 0
        var best = -1
        var bestStrength = 0
        var allStrong = true
        var lastOwner = -1
        bytes.withUnsafeBufferPointer { table in
            digits.withUnsafeBufferPointer { d in
                let candidates =
                    switch d.count {
                    case 0: entries
                    case 1: byFirstDigit[Int(d[0] &- 48) % 10]
                    default: byFirstTwoDigits[(Int(d[0] &- 48) * 10 + Int(d[1] &- 48)) % 100]
                    }
                candidates.withUnsafeBufferPointer { entries in
                    for entry in entries {
                        let owner = entry.owner
                        if owner == lastOwner { continue }  // this brand already matched with an earlier pattern
                        let length = entry.length
                        let ok = Self.starts(d, within: entry, table)
                        guard ok else { continue }
                        lastOwner = owner
                        matched += 1
                        if d.count >= length {
                            if best < 0 || length > bestStrength {
                                best = owner
                                bestStrength = length
                            }
                        } else {
                            allStrong = false
                            if best < 0 { best = owner }
                        }
                    }
                }
            }
        }
        if matched == 0 { return (nil, false) }
        if matched == 1 { return (best, false) }
        return allStrong ? (best, false) : (nil, true)
    }
}
