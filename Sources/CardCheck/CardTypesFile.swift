import PPShared

/// Reads a --card-types file: a JSON array of brand entries (or {"types": [...]}) that
/// add, replace or remove brands of the compiled-in table without recompiling.
///
///     [{"id": "mycard", "name": "My Card", "patterns": ["9999", "60000-60099"], "lengths": [16],
///       "code": {"name": "CVV", "size": 3}, "gaps": [4, 8, 12], "luhn": true,
///       "requiresCVC": true, "requiresExpiry": true, "before": "visa"},
///      {"id": "maestro", "remove": true}]
///
/// An entry whose id exists replaces that brand in place (unnamed fields keep their
/// old values); a new id is appended, or placed before the brand named by "before".
public enum CardTypesFile {
    public static func apply(_ json: JSON, to table: [CardBrand], file: String) throws(ToolError) -> [CardBrand] {
        let entries: [JSON]
        if let list = json.arrayValue {
            entries = list
        } else if let list = json["types"]?.arrayValue {
            entries = list
        } else {
            throw .usage("\(file): expected a JSON array of card types")
        }
        var brands = table
        for (index, entry) in entries.enumerated() {
            let at = "\(file): card type \(index + 1)"
            guard entry.objectValue != nil else { throw .usage("\(at): expected an object") }
            guard let id = entry["id"]?.stringValue, !id.isEmpty else { throw .usage("\(at): needs an \"id\" string") }
            let existing = brands.firstIndex { $0.id == id }
            if entry["remove"]?.boolValue == true {
                guard let existing else { throw .usage("\(at): cannot remove '\(id)', no such card type") }
                brands.remove(at: existing)
                continue
            }
            var brand =
                existing.map { brands[$0] }
                ?? CardBrand(id: id, name: id, patterns: [], lengths: [], codeName: "CVV", codeSize: 3)
            if let name = entry["name"]?.stringValue { brand.name = name }
            if let patterns = entry["patterns"] ?? entry["prefixes"] {
                guard let list = patterns.arrayValue, !list.isEmpty else {
                    throw .usage("\(at): \"patterns\" must be a non-empty array")
                }
                brand.patterns = try list.map { item throws(ToolError) in
                    let text = item.stringValue ?? (item.intValue.map(String.init) ?? "")
                    guard let pattern = CardBrand.Pattern(text: text) else {
                        throw .usage("\(at): a pattern is not digits like \"4\" or a range like \"2221-2720\"")
                    }
                    return pattern
                }
            }
            if let lengths = entry["lengths"] {
                guard let list = lengths.arrayValue?.compactMap(\.intValue), !list.isEmpty,
                    list.allSatisfy({ (1...19).contains($0) })
                else {
                    throw .usage("\(at): \"lengths\" must be a non-empty array of numbers from 1 to 19")
                }
                brand.lengths = list
            }
            if let code = entry["code"] {
                if let name = code["name"]?.stringValue { brand.codeName = name }
                if let size = code["size"]?.intValue {
                    guard (3...4).contains(size) else { throw .usage("\(at): code size must be 3 or 4") }
                    brand.codeSize = size
                }
            }
            if let gaps = entry["gaps"] {
                guard let list = gaps.arrayValue?.compactMap(\.intValue) else {
                    throw .usage("\(at): \"gaps\" must be an array of numbers")
                }
                brand.gaps = list
            }
            if let luhn = entry["luhn"] { brand.luhn = try bool(luhn, "luhn", at) }
            if let v = entry["requiresCVC"] { brand.requiresCVC = try bool(v, "requiresCVC", at) }
            if let v = entry["requiresExpiry"] { brand.requiresExpiry = try bool(v, "requiresExpiry", at) }
            guard !brand.patterns.isEmpty, !brand.lengths.isEmpty else {
                throw .usage("\(at): a new card type needs \"patterns\" and \"lengths\"")
            }
            if let existing {
                brands[existing] = brand
            } else if let before = entry["before"]?.stringValue {
                guard let position = brands.firstIndex(where: { $0.id == before }) else {
                    throw .usage("\(at): \"before\" names '\(before)', no such card type")
                }
                brands.insert(brand, at: position)
            } else {
                brands.append(brand)
            }
        }
        return brands
    }

    static func bool(_ value: JSON, _ key: String, _ at: String) throws(ToolError) -> Bool {
        guard let b = value.boolValue else { throw .usage("\(at): \"\(key)\" must be true or false") }
        return b
    }
}
