import Foundation
import Lexicons

/// Dates in text: dd.mm.yyyy, dd.mm.yy, dd/mm/yyyy, dd-mm-yyyy, yyyy-mm-dd, yyyy.mm.dd., "15. März 2024",
/// "April 9, 2026".
public enum Dates {
    static let monthNames: [String: Int] = [
        "januar": 1, "january": 1, "jan": 1, "janvier": 1, "februar": 2, "february": 2, "feb": 2, "fevrier": 2, "marz": 3,
        "maerz": 3, "march": 3, "mart": 3, "mars": 3, "april": 4, "apr": 4, "avril": 4, "mai": 5, "may": 5, "maj": 5,
        "juni": 6, "june": 6, "jun": 6, "juin": 6, "juli": 7, "july": 7, "jul": 7, "juillet": 7, "august": 8, "aug": 8,
        "avgust": 8, "aout": 8, "september": 9, "sep": 9, "septembar": 9, "septembre": 9, "oktober": 10, "october": 10,
        "okt": 10, "oct": 10, "oktobar": 10, "octobre": 10, "november": 11, "nov": 11, "novembar": 11, "novembre": 11,
        "dezember": 12, "december": 12, "dec": 12, "dez": 12, "decembar": 12, "decembre": 12,
    ]

    /// Dates in a piece of text, each pattern's groups read by its index in `find`.
    static let dateExpressions: [NSRegularExpression] = [
        #"(?<![\d])(\d{1,2})\s?[./]\s?(\d{1,2})\s?[./]\s?(\d{4}|\d{2})(?![\d])"#,
        #"(?<![\d])(\d{4})-(\d{2})-(\d{2})(?![\d])"#,
        #"(?<![\d])(\d{1,2})\.?\s+([A-Za-zäÄéû]{3,9})\.?\s+(\d{4})(?![\d])"#,
        #"(?<![\w])([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?![\d])"#,
        // Dashed, day first (Dutch, Danish): "27-04-2026".
        #"(?<![\d-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d-])"#,
        // Year first with dots (Hungarian): "2026.10.24.", "2026. 10. 24.".
        #"(?<![\d.])(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.?(?![\d])"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// A date found: its ISO form, where it stands, and whether its day and month read either way.
    public typealias Found = (iso: String, range: Range<String.Index>, ambiguous: Bool)

    /// Which part of a numeric date a document writes first.
    public enum Order: Sendable { case dayFirst, monthFirst }

    /// The languages whose numeric dates may be written month first (US English); every other language of
    /// the lexicons writes the day first.
    static let monthFirstLanguages: Set<String> = ["en"]

    /// The order a document's numeric dates are written in, settled by those that read one way only
    /// ("16/10/2024" day first, "10/16/2024" month first); nil when they disagree. When none reads one way,
    /// a document in `languages` (its detected languages, or its profile's) none of which writes month first
    /// is day first; otherwise nil.
    public static func order(of texts: [String], languages: [String] = []) -> Order? {
        var seen: Set<Order> = []
        for text in texts where hasTwoSeparators(text) && text.contains(where: \.isNumber) {
            let ns = text as NSString
            for m in dateExpressions[0].matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let first = Int(ns.substring(with: m.range(at: 1))) ?? 0
                let second = Int(ns.substring(with: m.range(at: 2))) ?? 0
                if (13...31).contains(first), (1...12).contains(second) { seen.insert(.dayFirst) }
                if (1...12).contains(first), (13...31).contains(second) { seen.insert(.monthFirst) }
            }
        }
        if seen.isEmpty, !languages.isEmpty, languages.allSatisfy({ !monthFirstLanguages.contains($0) }) { return .dayFirst }
        return seen.count == 1 ? seen.first : nil
    }

    /// Whether `text` holds the two `.` or `/` a numeric date needs: most lines with digits (amounts) hold one at
    /// most and skip the regular expression.
    static func hasTwoSeparators(_ text: String) -> Bool {
        var count = 0
        for b in text.utf8 where b == UInt8(ascii: ".") || b == UInt8(ascii: "/") {
            count += 1
            if count == 2 { return true }
        }
        return false
    }

    /// The dates in `text`. A slashed date whose two first parts could each be the month ("11/10/2026") is
    /// read in `order`, or with none day first and `ambiguous`. A dotted one is day first: month-first
    /// dates are written with slashes.
    public static func find(in text: String, order: Order? = nil) -> [Found] {
        find(in: text, order: order, expressions: DateShape(text).possibleExpressions)
    }

    /// `find` over the expressions of `dateExpressions` at `expressions` only (indices in order).
    static func find(in text: String, order: Order?, expressions: [Int]) -> [Found] {
        var out: [Found] = []
        for pi in expressions {
            let re = dateExpressions[pi]
            let ns = text as NSString
            for m in re.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let g = (1...3).map { ns.substring(with: m.range(at: $0)) }
                var y = 0
                var mo = 0
                var d = 0
                switch pi {
                case 0, 4:
                    d = Int(g[0]) ?? 0
                    mo = Int(g[1]) ?? 0
                    y = Int(g[2]) ?? 0
                case 1, 5:
                    y = Int(g[0]) ?? 0
                    mo = Int(g[1]) ?? 0
                    d = Int(g[2]) ?? 0
                case 2:
                    d = Int(g[0]) ?? 0
                    y = Int(g[2]) ?? 0
                    mo = monthNames[TextFold.fold(g[1])] ?? 0
                default:  // 3: "April 9, 2026"
                    mo = monthNames[TextFold.fold(g[0])] ?? 0
                    d = Int(g[1]) ?? 0
                    y = Int(g[2]) ?? 0
                }
                if y < 100 { y += 2000 }
                // 04/30/2026 (US order) when the day-first reading is impossible.
                if pi == 0 || pi == 4, mo > 12, d <= 12 { swap(&mo, &d) }
                let twoWays =
                    pi == 0 && d != mo && (1...12).contains(d) && (1...12).contains(mo)
                    && ns.substring(with: m.range).contains("/")
                if twoWays, order == .monthFirst { swap(&mo, &d) }
                let ambiguous = twoWays && order == nil
                guard (1...12).contains(mo), (1...31).contains(d), (1990...2100).contains(y),
                    let r = Range(m.range, in: text)
                else { continue }
                let iso = "\(y)-" + (mo < 10 ? "0\(mo)" : "\(mo)") + "-" + (d < 10 ? "0\(d)" : "\(d)")
                out.append((iso, r, ambiguous))
            }
        }
        return out
    }
}
