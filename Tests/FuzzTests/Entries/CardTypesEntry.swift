import PPShared

@testable import CardCheck

/// Target `card-types`: a `--card-types` file (brands added, replaced, removed, placed), then the
/// resulting table at work: brand detection, lengths, Luhn, grouping with the file's gaps.
extension FuzzEntry {
    /// Numbers every table is tried on: whole, partial, long, and empty.
    static let probeNumbers = ["4111111111111111", "5555 5555 5555 4444", "3782 822463 10005", "6", "62", "9999", ""]

    static func cardTypes(_ bytes: [UInt8]) {
        guard let json = try? JSON.parse(bytes),
            let brands = try? CardTypesFile.apply(json, to: BrandTable.standard, file: "fuzz")
        else { return }
        let checker = CardChecker(brands: brands, today: today, includeFormatted: true)
        var numbers = probeNumbers
        // A number of each length of each brand, starting with its first pattern: grouping uses its gaps.
        for brand in brands.prefix(50) {
            guard case .some(let pattern) = brand.patterns.first else { continue }
            let start: String
            switch pattern {
            case .prefix(let p): start = p
            case .range(let low, _): start = low
            }
            for length in brand.lengths.prefix(4) {
                numbers.append(String((start + String(repeating: "0", count: 19)).prefix(length)))
            }
        }
        for (index, number) in numbers.enumerated() {
            _ = checker.check(line: number, lineNumber: index + 1).0.encoded()
            _ = checker.check(record: ["number": .string(number), "expiry": "12/27", "cvc": "123"]).0.encoded()
        }
    }
}
