/// A card brand as validators know it: where its numbers start, how long they
/// are, its security code, how it is grouped for display, whether Luhn applies.
public struct CardBrand: Sendable, Equatable {
    /// An issuer prefix ("4") or an inclusive range of prefixes of equal length ("2221"..."2720").
    public enum Pattern: Sendable, Equatable {
        case prefix(String)
        case range(String, String)

        /// Digits the pattern fixes; a number this long or longer matches it "strongly".
        public var length: Int {
            switch self {
            case .prefix(let p): p.utf8.count
            case .range(let low, _): low.utf8.count
            }
        }

        /// Whether `digits` agrees with the pattern on their common leading digits (credit-card-type's rule).
        public func matches(_ digits: [UInt8]) -> Bool {
            switch self {
            case .prefix(let p): CardBrand.Pattern.compare(digits, low: p, high: p)
            case .range(let low, let high): CardBrand.Pattern.compare(digits, low: low, high: high)
            }
        }

        /// low[..n] <= digits[..n] <= high[..n] for n = the shorter length, on bytes.
        static func compare(_ digits: [UInt8], low: String, high: String) -> Bool {
            var low = low
            var high = high
            return low.withUTF8 { lo in
                high.withUTF8 { hi in
                    digits.withUnsafeBufferPointer { d in
                        let n = min(lo.count, d.count)
                        var aboveLow = false
                        var belowHigh = false
                        for i in 0..<n {
                            let c = d[i]
                            if !aboveLow {
                                if c < lo[i] { return false }
                                if c > lo[i] { aboveLow = true }
                            }
                            if !belowHigh {
                                if c > hi[i] { return false }
                                if c < hi[i] { belowHigh = true }
                            }
                            if aboveLow && belowHigh { return true }
                        }
                        return true
                    }
                }
            }
        }
    }

    public var id: String
    public var name: String
    public var patterns: [Pattern]
    public var lengths: [Int]
    public var codeName: String
    public var codeSize: Int
    public var gaps: [Int]
    public var luhn: Bool
    public var requiresCVC: Bool
    public var requiresExpiry: Bool

    public init(
        id: String, name: String, patterns: [Pattern], lengths: [Int], codeName: String, codeSize: Int,
        gaps: [Int] = [4, 8, 12], luhn: Bool = true, requiresCVC: Bool = true, requiresExpiry: Bool = true
    ) {
        self.id = id
        self.name = name
        self.patterns = patterns
        self.lengths = lengths
        self.codeName = codeName
        self.codeSize = codeSize
        self.gaps = gaps
        self.luhn = luhn
        self.requiresCVC = requiresCVC
        self.requiresExpiry = requiresExpiry
    }
}

extension CardBrand.Pattern {
    /// Parses "4", "2221-2720" or "2221–2720" (en dash) as written in card-type files.
    public init?(text: String) {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "–" }).map(String.init)
        func digitsOnly(_ s: String) -> Bool { !s.isEmpty && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        switch parts.count {
        case 1 where digitsOnly(parts[0]): self = .prefix(parts[0])
        case 2 where digitsOnly(parts[0]) && digitsOnly(parts[1]) && parts[0].count == parts[1].count && parts[0] <= parts[1]:
            self = .range(parts[0], parts[1])
        default: return nil
        }
    }
}
