/// A page range in qpdf's syntax, plus exclusion.
///
/// Grammar (what `qpdf --pages` accepts, and the exclusion groups qpdf 11.3 on Debian lacks):
///
///     range  := group ("," group)* (":odd" | ":even")?
///     group  := "x"? end ("-" end)?
///     end    := digits | "z" | "r" digits
///
/// `z` is the last page, `rN` the N-th page from the last (`r1` == `z`). `a-b` runs
/// downwards when a > b. An `x` group removes its pages from the groups before it
/// ("1-10,x3-4" is 1,2,5..10). `:odd` / `:even` keep the odd / even *positions* of the
/// list built so far, as qpdf does ("2-8:even" is 3,5,7). Repeats are kept: "1,1" is two pages.
public struct PageRange: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    /// The whole document, "1-z".
    public static let all = PageRange("1-z")

    /// One end of an item: a page number, `z`, or `rN`.
    enum End: Equatable {
        case number(Int)
        case fromLast(Int)  // z == fromLast(1)

        func resolve(count: Int, range: String) throws(PageRangeError) -> Int {
            switch self {
            case .number(let n):
                if n < 1 { throw PageRangeError(range: range, reason: "page 0 does not exist; pages count from 1") }
                if n > count {
                    throw PageRangeError(
                        range: range, reason: "page \(n) is past the end (the document has \(pagesText(count)))")
                }
                return n
            case .fromLast(let n):
                let value = count + 1 - n
                if n < 1 || value < 1 {
                    throw PageRangeError(
                        range: range, reason: "'r\(n)' is before the first page (the document has \(pagesText(count)))")
                }
                return value
            }
        }
    }

    struct Item: Equatable {
        var exclude: Bool
        var first: End
        var last: End?
    }

    /// The syntax of the range, independent of any document; throws when it is malformed.
    func parsed() throws(PageRangeError) -> (items: [Item], parity: Int?) {
        var body = Substring(text.filter { $0 != " " })
        var parity: Int?  // 1 keeps odd positions, 0 even ones
        if let colon = body.lastIndex(of: ":") {
            let suffix = body[body.index(after: colon)...]
            switch suffix {
            case "odd": parity = 1
            case "even": parity = 0
            default: throw PageRangeError(range: text, reason: "'\(suffix)' after ':' is not 'odd' or 'even'")
            }
            body = body[..<colon]
        }
        if body.isEmpty { throw PageRangeError(range: text, reason: "no pages are named") }
        var items: [Item] = []
        for group in body.split(separator: ",", omittingEmptySubsequences: false) {
            guard !group.isEmpty else { throw PageRangeError(range: text, reason: "an empty item between commas") }
            var spec = group
            let exclude = spec.first == "x"
            if exclude {
                spec = spec.dropFirst()
                guard !items.isEmpty else {
                    throw PageRangeError(range: text, reason: "'\(group)' excludes pages before any are included")
                }
            }
            let parts = spec.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 1 || parts.count == 2 else {
                throw PageRangeError(range: text, reason: "'\(group)' is not a page, a-b, z or rN")
            }
            var ends: [End] = []
            for part in parts {
                if part == "z" {
                    ends.append(.fromLast(1))
                } else if part.first == "r", part.count > 1, part.dropFirst().allSatisfy(\.isASCIIDigit),
                    let n = Int(part.dropFirst())
                {
                    ends.append(.fromLast(n))
                } else if !part.isEmpty, part.allSatisfy(\.isASCIIDigit), let n = Int(part) {
                    ends.append(.number(n))
                } else {
                    throw PageRangeError(range: text, reason: "'\(group)' is not a page, a-b, z or rN")
                }
            }
            items.append(Item(exclude: exclude, first: ends[0], last: ends.count == 2 ? ends[1] : nil))
        }
        return (items, parity)
    }

    /// Whether the text is well formed, whatever the page count.
    public var isWellFormed: Bool { (try? parsed()) != nil }

    /// The 1-based page numbers the range selects in a document of `count` pages, in range order.
    ///
    /// Throws a `PageRangeError` naming the offending part when the text is malformed or
    /// a page lies outside 1...count.
    public func pages(count: Int) throws(PageRangeError) -> [Int] {
        let (items, parity) = try parsed()
        var result: [Int] = []
        var group: [Int] = []  // the latest included group; exclusions apply to it
        for item in items {
            let a = try item.first.resolve(count: count, range: text)
            var pages = [a]
            if let last = item.last {
                let b = try last.resolve(count: count, range: text)
                pages = a <= b ? Array(a...b) : Array((b...a).reversed())
            }
            if item.exclude {
                let drop = Set(pages)
                group.removeAll { drop.contains($0) }
            } else {
                result.append(contentsOf: group)
                group = pages
            }
        }
        result.append(contentsOf: group)
        if let parity {
            result = result.enumerated().filter { ($0.offset + 1) % 2 == parity }.map(\.element)
        }
        return result
    }
}

func pagesText(_ n: Int) -> String { n == 1 ? "1 page" : "\(n) pages" }

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// A range that is malformed or names a page the document does not have.
public struct PageRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let range: String
    public let reason: String
    public var description: String { "page range '\(range)': \(reason)" }
}
