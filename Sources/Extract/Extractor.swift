import Foundation
import PPShared

/// One candidate value for a field, with its confidence and the evidence behind it.
public struct Candidate: Sendable {
    public var field: String
    /// Canonical value (compact IBAN, 18-digit Serbian account, "1234.56", ISO date, …).
    public var value: String
    /// As a person writes it.
    public var display: String
    public var score: Int
    public var page: Int
    public var box: Box?
    public var evidence: [String]
    public var extra: [String: JSON] = [:]

    var confidence: Int { max(0, min(2000, score)) }

    public func json() -> JSON {
        var o: [String: JSON] = [
            "value": .string(value), "display": .string(display), "confidence": .int(confidence),
            "page": .int(page), "evidence": .array(evidence.map { .string($0) }),
            "box": box.map { .box($0.array) } ?? .null,
        ]
        for (k, v) in extra { o[k] = v }
        return .object(o)
    }
}

/// A label found on a page: which category, where.
struct LabelHit {
    let category: String
    let line: Int
    let range: Range<Int>
    let box: Box
    let page: Int
}

/// What the extractor concluded about one document.
public struct Extraction: Sendable {
    public var candidates: [String: [Candidate]]
    public var paymentExpected: Bool
    public var noPaymentReasons: [String]
    public var decimalMark: Character
    public var einvoice: Bool
}

/// Finds ranked candidates for every payment field in the lines of one document.
public struct Extractor: Sendable {
    public let profile: Profile
    public static let fields = ["account", "amount", "reference", "bic", "payee", "due_date", "payment_code", "currency"]
    public var maxCandidates = 5

    let compiled: [(String, [Unicode.Scalar], Bool)]
    /// The median height of the document's lines (set per document by `extract`).
    var medianLineHeight: Double = 12

    public init(profile: Profile) {
        self.profile = profile
        self.compiled = Self.compile(profile)
    }

    func w(_ key: String) -> Int { profile.weight(key) }

    // MARK: - Labels

    /// The profile's label phrases as scalar arrays, ready for matching: (category, phrase, prefix match).
    static func compile(_ profile: Profile) -> [(String, [Unicode.Scalar], Bool)] {
        var out: [(String, [Unicode.Scalar], Bool)] = []
        for (category, phrases) in profile.labels.sorted(by: { $0.key < $1.key }) {
            for phrase in phrases {
                let prefix = phrase.hasSuffix("*")
                let p = Array((prefix ? String(phrase.dropLast()) : phrase).unicodeScalars)
                if !p.isEmpty { out.append((category, p, prefix)) }
            }
        }
        return out
    }

    static func isWordScalar(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v < 128 { return (v >= 48 && v <= 57) || (v >= 65 && v <= 90) || (v >= 97 && v <= 122) }
        return u.properties.isAlphabetic || u.properties.numericType != nil
    }

    func findLabels(_ lines: [TextLine]) -> [LabelHit] {
        var hits: [LabelHit] = []
        let phrases = compiled
        let long = phrases.filter { $0.1.count >= 4 }.map(\.1)
        /// Text layers glue neighbouring captions ("šifra plaćanjavaluta"): a label may end where another begins.
        func anotherLabelStarts(_ f: [Unicode.Scalar], at e: Int) -> Bool {
            for q in long where e + q.count <= f.count && f[e] == q[0] {
                var k = 1
                while k < q.count, f[e + k] == q[k] { k += 1 }
                if k == q.count { return true }
            }
            return false
        }
        for (li, line) in lines.enumerated() {
            var lineHits: [(String, Range<Int>)] = []
            let f = line.foldedScalars
            for (category, p, prefixMatch) in phrases where p.count <= f.count {
                let p0 = p[0]
                let pLastWord = Self.isWordScalar(p[p.count - 1])
                let pFirstWord = Self.isWordScalar(p0)
                var s = 0
                while s + p.count <= f.count {
                    if f[s] == p0 {
                        var k = 1
                        while k < p.count, f[s + k] == p[k] { k += 1 }
                        if k == p.count {
                            let e = s + p.count
                            // "daysYour account": glued words still start a label at a lower-to-upper case change.
                            let startOK =
                                s == 0 || !Self.isWordScalar(f[s - 1]) || !pFirstWord
                                || (line.chars[line.foldMap[s]].isUppercase && line.foldMap[s] > 0
                                    && line.chars[line.foldMap[s] - 1].isLowercase)
                            let endOK =
                                prefixMatch || e == f.count || !Self.isWordScalar(f[e]) || !pLastWord
                                || (p.count >= 6 && anotherLabelStarts(f, at: e))
                                || (p.count >= 5 && f[e].properties.numericType != nil && p[p.count - 1].properties.isAlphabetic)
                            if startOK, endOK {
                                let o0 = line.foldMap[s]
                                let o1 = line.foldMap[e - 1] + 1
                                lineHits.append((category, o0..<o1))
                            }
                        }
                    }
                    s += 1
                }
            }
            // Longest label wins where labels overlap ("inkl. MwSt" over "MwSt").
            lineHits.sort { ($0.1.count, $1.0) > ($1.1.count, $0.0) }
            var kept: [(String, Range<Int>)] = []
            for h in lineHits where !kept.contains(where: { $0.1.overlaps(h.1) }) { kept.append(h) }
            for (c, r) in kept {
                hits.append(LabelHit(category: c, line: li, range: r, box: line.box(of: r), page: line.page))
            }
        }
        return hits
    }

    /// How strongly a label points at a value: 1 right before it on the same line, less with distance;
    /// labels above the value count slightly less, labels below (slip captions) half.
    func proximity(_ label: LabelHit, toLine li: Int, range: Range<Int>, box: Box, lines: [TextLine]) -> Double {
        if label.page != lines[li].page { return 0 }
        if label.line == li {
            guard label.range.upperBound <= range.lowerBound else { return 0 }
            let gap = Double(range.lowerBound - label.range.upperBound)
            let f = gap <= 25 ? 1.0 : max(0.45, 1.0 - (gap - 25) / 80)
            // A "line" far taller than text lines holds several rows glued together by the text layer:
            // its words' order says little about which caption belongs to which value.
            return lines[li].box.height > 2.2 * medianLineHeight ? min(f, 0.5) : f
        }
        let lb = label.box
        let h = max(6, min(lb.height, box.height) > 0 ? max(lb.height, box.height) : 10)
        if lb.verticalOverlap(box) >= 0.4 {
            guard lb.x1 <= box.x0 + h else { return 0 }
            let dx = max(0, box.x0 - lb.x1)
            if dx <= 3 * h { return 0.95 }
            // Right-aligned amount columns put values far from their captions on the same row.
            return dx > 420 ? 0 : max(0.6, 0.95 - (dx - 3 * h) / 800)
        }
        let xOverlap = box.x0 < lb.x1 + 4 * h && box.x1 > lb.x0 - 2 * h
        if lb.y1 <= box.y0 + 0.3 * h {
            let dy = box.y0 - lb.y1
            guard xOverlap, dy <= 3.2 * h else { return 0 }
            return 0.9 - 0.35 * max(0, dy) / (3.2 * h)
        }
        if box.y1 <= lb.y0 + 0.3 * h {
            let dy = lb.y0 - box.y1
            guard xOverlap, dy <= 1.5 * h else { return 0 }
            return 0.5
        }
        return 0
    }

    /// The label of `categories` that points at a value best, and how strongly.
    func nearestLabel(
        _ labels: [LabelHit], categories: Set<String>, line li: Int, range: Range<Int>, box: Box, lines: [TextLine]
    ) -> (LabelHit, Double)? {
        var best: (LabelHit, Double)?
        for l in labels where categories.contains(l.category) {
            let f = proximity(l, toLine: li, range: range, box: box, lines: lines)
            if f > 0, f > (best?.1 ?? 0) + 1e-9 { best = (l, f) }
        }
        return best
    }

    /// The text a label introduces: the rest of its line, else the nearest line right of it or below it.
    func valueText(
        after label: LabelHit, labels: [LabelHit], lines: [TextLine], accept: (String) -> Bool = { _ in true }
    ) -> (line: Int, range: Range<Int>)? {
        let line = lines[label.line]
        var s = label.range.upperBound
        let skip: Set<Character> = [":", " ", "#", "-", ".", "\u{00A0}", "\t", ")", "/"]
        while s < line.chars.count, skip.contains(line.chars[s]) { s += 1 }
        if let cap = labels.first(where: { $0.line == label.line && $0.category == "caption" && $0.range.lowerBound == s }) {
            s = cap.range.upperBound
            while s < line.chars.count, skip.contains(line.chars[s]) { s += 1 }
        }
        var e = line.chars.count
        for other in labels where other.line == label.line && other.range.lowerBound >= s && other.range.lowerBound < e {
            e = other.range.lowerBound
        }
        // Stop at a wide gap in the line (two or more spaces) — the next column.
        if let gap = (s..<e).first(where: { $0 + 1 < e && line.chars[$0] == " " && line.chars[$0 + 1] == " " }) { e = gap }
        while e > s, line.chars[e - 1] == " " || line.chars[e - 1] == "," || line.chars[e - 1] == ";" { e -= 1 }
        if e > s, line.chars[s..<e].contains(where: { $0.isLetter || $0.isNumber }), accept(String(line.chars[s..<e])) {
            return (label.line, s..<e)
        }
        // Otherwise: the closest line to the right on the same row, then below.
        let lb = label.box
        var best: (Int, Double)?
        var columnStart: [Int: Int] = [:]
        for (i, l) in lines.enumerated() where l.page == label.page && i != label.line {
            let h = max(6, lb.height)
            var text = l.text
            if l.box.x0 < lb.x0 - 3 * h, l.box.y0 >= lb.y1 - 0.3 * h, let offset = l.offset(ofFirstWordFrom: lb.x0 - 3 * h) {
                columnStart[i] = offset
                text = String(l.chars[offset...])
                if labels.contains(where: {
                    $0.line == i && $0.range.lowerBound <= offset && $0.range.upperBound > offset && $0.category != "caption"
                }) {
                    continue
                }
            } else if labels.contains(where: { $0.line == i && $0.range.lowerBound == 0 && $0.category != "caption" }) {
                continue
            }
            if !accept(text) { continue }
            var d: Double?
            if l.box.verticalOverlap(lb) >= 0.4, l.box.x0 >= lb.x1 - 2 {
                let dx = l.box.x0 - lb.x1
                if dx < 260 { d = dx }
            } else if l.box.y0 >= lb.y1 - 0.3 * h, l.box.y0 - lb.y1 <= 2.6 * h,
                l.box.x0 < lb.x1 + 3 * h || columnStart[i] != nil, l.box.x1 > lb.x0 - 2 * h
            {
                let x0 = columnStart[i].map { l.box(of: $0..<($0 + 1)).x0 } ?? l.box.x0
                d = 40 + (l.box.y0 - lb.y1) * 4 + abs(x0 - lb.x0) * 0.2
            }
            if let d, d < (best?.1 ?? .infinity) { best = (i, d) }
        }
        guard let (bi, _) = best else { return nil }
        let bl = lines[bi]
        var be = bl.chars.count
        // OCR joins columns into one line ("primalac 97 14 3004117852026"): keep the words under the label's column.
        if let start = columnStart[bi] {
            var s0 = start
            while s0 < be, bl.chars[s0] == " " { s0 += 1 }
            for other in labels where other.line == bi && other.range.lowerBound > s0 && other.range.lowerBound < be {
                be = other.range.lowerBound
            }
            while be > s0, bl.chars[be - 1] == " " { be -= 1 }
            guard be > s0 else { return nil }
            return (bi, s0..<be)
        }
        for other in labels where other.line == bi && other.range.lowerBound > 0 && other.range.lowerBound < be {
            be = other.range.lowerBound
        }
        // A line that starts with a label is a label line, not the value.
        if labels.contains(where: { $0.line == bi && $0.range.lowerBound == 0 }) { return nil }
        while be > 0, bl.chars[be - 1] == " " { be -= 1 }
        guard be > 0 else { return nil }
        return (bi, 0..<be)
    }

    /// The text of `line` followed by the boxes printed right after it on the same row (a model box and
    /// its reference box, comb fields), joined by a space.
    func rowContinuation(_ li: Int, _ range: Range<Int>, lines: [TextLine], labels: [LabelHit]) -> String {
        var text = String(lines[li].chars[range]).trimmingCharacters(in: .whitespaces)
        var right = lines[li].box(of: range).x1
        let row = lines[li].box
        while true {
            let next = lines.enumerated().filter { i, l in
                i != li && l.page == lines[li].page && l.box.verticalOverlap(row) >= 0.5 && l.box.x0 >= right - 1
                    && l.box.x0 - right < 60 && !labels.contains(where: { $0.line == i && $0.range.lowerBound == 0 })
            }.min { $0.1.box.x0 < $1.1.box.x0 }
            guard let (_, l) = next, text.count < 40 else { break }
            text += " " + l.text.trimmingCharacters(in: .whitespaces)
            right = l.box.x1
        }
        return text
    }

    /// Lowers a candidate read with low OCR confidence and says so in its evidence.
    func applyOCRPenalty(to candidate: inout Candidate, _ line: TextLine, _ range: Range<Int>, verified: Bool) {
        let (penalty, evidence) = ocrPenalty(line, range, verified: verified)
        guard let evidence else { return }
        candidate.score -= penalty
        candidate.evidence.append(evidence)
    }

    func ocrPenalty(_ line: TextLine, _ range: Range<Int>, verified: Bool) -> (Int, String?) {
        guard let c = line.confidence(of: range) else { return (0, nil) }
        let floor = Double(w("ocr.floor"))
        guard c < floor else { return (0, nil) }
        var p = Int((floor - c) * Double(w("ocr.per_point")))
        if verified { p /= 2 }
        return (p, "ocr-conf:\(Int(c.rounded()))")
    }

    // MARK: - Extraction

    public func extract(lines: [TextLine], einvoice: EInvoice?, codes: [(PaymentCode, Int, Box?)] = []) -> Extraction {
        var me = self
        let hs = lines.map(\.box.height).filter { $0 > 0 }.sorted()
        me.medianLineHeight = hs.isEmpty ? 12 : hs[hs.count / 2]
        return me.run(lines: lines, einvoice: einvoice, codes: codes)
    }

    func run(lines: [TextLine], einvoice: EInvoice?, codes: [(PaymentCode, Int, Box?)]) -> Extraction {
        let labels = findLabels(lines)
        var allTokens: [[AmountToken]] = []
        var flat: [AmountToken] = []
        for l in lines {
            let t = Amounts.tokens(in: l.chars)
            allTokens.append(t)
            flat += t
        }
        let mark = Amounts.decideMark(flat, fallback: profile.decimalMark)
        var raw: [String: [Candidate]] = [:]
        let accounts = findAccounts(lines, labels)
        raw["account"] = accounts.candidates
        raw["amount"] = findAmounts(lines, labels, allTokens, mark: mark, accountSpans: accounts.spans)
        raw["reference"] = findReferences(lines, labels)
        raw["bic"] = findBICs(lines, labels)
        raw["payee"] = findPayees(lines, labels)
        raw["due_date"] = findDueDates(lines, labels)
        raw["payment_code"] = findPaymentCodes(lines, labels)

        var merged: [String: [Candidate]] = [:]
        for (field, list) in raw { merged[field] = mergeByValue(list, field: field) }
        merged["currency"] = findCurrencies(lines, merged["amount"] ?? [])
        for (code, page, box) in codes { applyPaymentCode(code, page: page, box: box, to: &merged) }
        if let e = einvoice {
            applyEInvoice(
                e, to: &merged, pageText: Self.compactText(lines),
                amounts: Set(flat.compactMap { Amounts.value(of: $0, documentMark: mark) }))
        }

        // Does the document ask for a payment at all?
        var reasons: [String] = []
        let heights = lines.map(\.box.height).filter { $0 > 0 }.sorted()
        let medianHeight = heights.isEmpty ? 10 : heights[heights.count / 2]
        for l in labels where l.category.hasPrefix("no_payment") {
            // "Kein Lastschriftauftrag", "not set up": a negated statement says the opposite.
            if labels.contains(where: { $0.line == l.line && $0.category == "negation" }) { continue }
            // A credit note says so in its title or in a long phrase, not in a line item ("Gutschrift Treuebonus").
            // Credit notes and "paid" stamps say so in a title or in a long phrase, not in a line item ("Gutschrift Treuebonus").
            if l.category != "no_payment_direct_debit", l.range.count < 12, lines[l.line].box.height < medianHeight * 1.2 {
                continue
            }
            switch l.category {
            case "no_payment_direct_debit": if !reasons.contains("direct-debit") { reasons.append("direct-debit") }
            case "no_payment_credit_note": if !reasons.contains("credit-note") { reasons.append("credit-note") }
            case "no_payment_paid": if !reasons.contains("already-paid") { reasons.append("already-paid") }
            default: break
            }
        }
        if let e = einvoice {
            if let t = e.typeCode, ["381", "389", "261", "262", "396", "532"].contains(t), !reasons.contains("credit-note") {
                reasons.append("credit-note")
            }
            if e.meansCodes.contains(where: { $0 == "59" || $0 == "49" }), !reasons.contains("direct-debit") {
                reasons.append("direct-debit")
            }
        }
        if let top = merged["amount"]?.first, top.value.hasPrefix("-") || top.value == "0.00" {
            if !reasons.contains("nothing-due") { reasons.append("nothing-due") }
        }
        let paymentExpected = reasons.isEmpty
        for field in merged.keys {
            var list = merged[field]!
            if !paymentExpected, field != "currency" {
                for i in list.indices where list[i].score > w("no_payment_cap") {
                    list[i].score = w("no_payment_cap")
                    list[i].evidence.append("no-payment-expected")
                }
            }
            list = list.filter { $0.score > 0 }
            list.sort { a, b in
                if a.confidence != b.confidence { return a.confidence > b.confidence }
                if a.page != b.page { return a.page < b.page }
                return (a.box?.y0 ?? 0, a.box?.x0 ?? 0) < (b.box?.y0 ?? 0, b.box?.x0 ?? 0)
            }
            // A clear lead over every other value makes the first surer (amounts, accounts, references).
            if ["account", "amount", "reference"].contains(field), list.count >= 1, list[0].score >= 1000,
                list[0].evidence.contains(where: { $0.hasPrefix("label:") }), paymentExpected
            {
                let gap = list[0].score - (list.count >= 2 ? list[1].score : 0)
                let secondLabelled =
                    list.count >= 2
                    && list[1].evidence.contains {
                        ["label:due", "label:total", "label:account", "label:reference"].contains($0)
                    }
                if gap > w("clear_margin"), !secondLabelled {
                    list[0].score += min(w("clear_margin_bonus"), (gap - w("clear_margin")) / 2)
                    list[0].evidence.append("clear-lead")
                }
            }
            // A close second of another value makes the first less sure.
            if list.count >= 2, list[0].score >= 1000 {
                let gap = list[0].score - list[1].score
                if gap < w("close_second") {
                    list[0].score -= (w("close_second") - gap)
                    list[0].evidence.append("close-second")
                }
                list.sort { a, b in
                    if a.confidence != b.confidence { return a.confidence > b.confidence }
                    if a.page != b.page { return a.page < b.page }
                    return (a.box?.y0 ?? 0, a.box?.x0 ?? 0) < (b.box?.y0 ?? 0, b.box?.x0 ?? 0)
                }
            }
            merged[field] = Array(list.prefix(maxCandidates))
        }
        return Extraction(
            candidates: merged, paymentExpected: paymentExpected, noPaymentReasons: reasons, decimalMark: mark,
            einvoice: einvoice != nil)
    }

    /// Joins candidates with the same value: the best occurrence leads, evidence is pooled, repetition counts.
    func mergeByValue(_ list: [Candidate], field: String) -> [Candidate] {
        var groups: [String: [Candidate]] = [:]
        var order: [String] = []
        for c in list {
            if groups[c.value] == nil { order.append(c.value) }
            groups[c.value, default: []].append(c)
        }
        var out: [Candidate] = []
        for v in order {
            let g = groups[v]!.sorted { $0.score > $1.score }
            var best = g[0]
            let strong = g.filter { $0.score >= 700 }.count
            if strong >= 2 {
                let key = field == "account" ? "account.repeated" : "amount.repeated"
                let bonus = min(2, strong - 1) * (field == "account" || field == "amount" ? w(key) : 80)
                best.score += bonus
                best.evidence.append("repeated:\(g.count)")
            }
            for other in g.dropFirst() where other.score >= 700 {
                for e in other.evidence where !best.evidence.contains(e) && (e.hasPrefix("label:") || e == "slip-equals") {
                    best.evidence.append(e)
                }
            }
            if best.score > 0 || g.contains(where: { $0.evidence.contains("payer-label") }) { out.append(best) }
        }
        return out
    }

    // MARK: Accounts

    struct AccountScan {
        var candidates: [Candidate] = []
        var spans: [Int: [Range<Int>]] = [:]
    }

    func findAccounts(_ lines: [TextLine], _ labels: [LabelHit]) -> AccountScan {
        var scan = AccountScan()
        let accountCats: Set<String> = ["account", "account_payer", "payee", "payer"]
        var seenValid: Set<String> = []
        for (li, line) in lines.enumerated() {
            var found: [(value: String, display: String, range: Range<Int>, kind: String, valid: Bool, repaired: Bool)] = []
            // IBANs: letters + digits with single separators, exactly the registry length.
            let stream = alnumStream(line.chars)
            var k = 0
            while k + 1 < stream.count {
                let (c0, i0, sepBefore0) = stream[k]
                let c1 = stream[k + 1].0
                let isOCR = line.conf != nil
                let cc = String([c0, c1]).uppercased()
                guard c0.isLetter, c1.isLetter, sepBefore0 || k == 0 || stream[k - 1].1 + 1 < i0,
                    isOCR || (c0.isUppercase && c1.isUppercase), let len = Checksums.ibanLength(country: cc),
                    k + len <= stream.count
                else {
                    k += 1
                    continue
                }
                // No hard break inside.
                let slice = stream[k..<(k + len)]
                let contiguous = zip(slice.dropFirst(), slice).allSatisfy { next, prev in next.1 - prev.1 <= 2 }
                let endsClean = k + len == stream.count || stream[k + len].2 || stream[k + len].1 > slice.last!.1 + 1
                guard contiguous, endsClean else {
                    k += 1
                    continue
                }
                var text = String(slice.map { $0.0 }).uppercased()
                var repaired = false
                var result = Checksums.checkIBAN(text)
                if result != .valid, isOCR, let fixed = repairIBAN(text), Checksums.isValidIBAN(fixed) {
                    text = fixed
                    repaired = true
                    result = .valid
                }
                let r = slice.first!.1..<(slice.last!.1 + 1)
                if result == .valid || result == .badChecksum || result == .badNationalCheck {
                    if result == .valid, cc == "RS" {
                        let dom = String(text.dropFirst(4))
                        found.append((dom, Checksums.groupedByFour(text), r, "iban", true, repaired))
                    } else {
                        found.append((text, Checksums.groupedByFour(text), r, "iban", result == .valid, repaired))
                    }
                    k += len
                    continue
                }
                k += 1
            }
            if profile.accountFormats.contains("rs-domestic"), line.conf != nil {
                // OCR: "160 - OOO54OOO45113-25"; accepted only when the repaired number passes its control.
                let ns = line.text as NSString
                for m in Self.ocrSerbianAccount.matches(in: line.text, range: NSRange(location: 0, length: ns.length)) {
                    guard let rr = Range(m.range, in: line.text) else { continue }
                    let printed = String(line.text[rr])
                    let map: [Character: Character] = ["O": "0", "o": "0", "D": "0", "I": "1", "l": "1", "|": "1"]
                    let fixed = String(printed.compactMap { ch -> Character? in ch == " " ? nil : (map[ch] ?? ch) })
                    guard let a18 = Checksums.serbianAccount18(fixed), Checksums.isValidSerbianAccount(a18) else { continue }
                    let o = line.text.distance(from: line.text.startIndex, to: rr.lowerBound)
                    let r = o..<(o + printed.count)
                    if found.contains(where: { $0.range.overlaps(r) }) { continue }
                    found.append((a18, fixed, r, "rs-domestic", true, fixed != printed.replacingOccurrences(of: " ", with: "")))
                }
            }
            if profile.accountFormats.contains("rs-domestic") {
                for (r, printed) in serbianAccountMatches(line.chars) where !found.contains(where: { $0.range.overlaps(r) }) {
                    guard let a18 = Checksums.serbianAccount18(printed) else { continue }
                    let ok = Checksums.isValidSerbianAccount(a18)
                    found.append((a18, printed, r, "rs-domestic", ok, false))
                }
            }
            for f in found {
                scan.spans[li, default: []].append(f.range)
                let box = line.box(of: f.range)
                var c = Candidate(
                    field: "account", value: f.value, display: f.display, score: 0, page: line.page, box: box, evidence: [])
                if f.valid {
                    c.score =
                        f.kind == "iban" && !(f.value.count == 18 && f.value.allSatisfy(\.isNumber))
                        ? w("account.iban") : w("account.rs")
                    c.evidence.append(f.kind == "iban" ? "iban-checksum" : "rs-account-checksum")
                    if f.repaired {
                        c.score -= w("account.ocr_repaired")
                        c.evidence.append("ocr-repaired")
                    }
                } else {
                    c.score = w("account.bad_checksum")
                    c.evidence.append(f.kind == "iban" ? "iban-checksum-failed" : "rs-account-checksum-failed")
                }
                if f.value.count == 18, f.value.allSatisfy(\.isNumber) {
                    c.extra["iban"] = f.valid ? .string("RS35" + f.value) : .null
                    c.extra["kind"] = "rs-domestic"
                    c.extra["country"] = "RS"
                    if f.kind == "iban" { c.display = Checksums.serbianDisplay(f.value) }
                } else {
                    c.extra["kind"] = "iban"
                    c.extra["country"] = .string(String(f.value.prefix(2)))
                }
                let labelled = nearestLabel(labels, categories: accountCats, line: li, range: f.range, box: box, lines: lines)
                if let (l, factor) = labelled {
                    switch l.category {
                    case "account":
                        c.score += Int(Double(w("account.label")) * factor)
                        c.evidence.append("label:\(l.category)")
                    case "payee":
                        c.score += Int(Double(w("account.payee_label")) * factor)
                        c.evidence.append("label:payee")
                    default:
                        if factor >= 0.45 {
                            c.score = min(c.score, w("account.payer_cap"))
                            c.evidence.append("payer-label")
                        }
                    }
                } else if !f.valid {
                    continue  // an unlabelled string that fails its checksum is not a candidate
                }
                // "… 840-742351843-94 (nije za uplatu ovog računa)": said anywhere on its line.
                if labels.contains(where: { $0.line == li && $0.category == "not_for_payment" }),
                    !c.evidence.contains("payer-label")
                {
                    c.score = min(c.score, w("account.payer_cap"))
                    c.evidence.append("not-for-payment")
                }
                // "Bitte NICHT auf das Rücklagenkonto … einzahlen": a negated account is not where to pay.
                if labels.contains(where: {
                    $0.line == li && $0.category == "negation" && $0.range.upperBound <= f.range.lowerBound
                }),
                    !c.evidence.contains("payer-label")
                {
                    c.score = min(c.score, w("account.payer_cap"))
                    c.evidence.append("negated")
                }
                // A line that itself says it is the payer's ("wird von Ihrem Konto abgebucht").
                if labels.contains(where: {
                    $0.line == li && ($0.category == "account_payer" || $0.category == "no_payment_direct_debit")
                }),
                    !c.evidence.contains("payer-label")
                {
                    c.score = min(c.score, w("account.payer_cap"))
                    c.evidence.append("payer-label")
                }
                applyOCRPenalty(to: &c, line, f.range, verified: f.valid)
                if f.valid, !c.evidence.contains("payer-label"), !c.evidence.contains("negated"),
                    !c.evidence.contains("not-for-payment")
                {
                    seenValid.insert(f.value)
                }
                scan.candidates.append(c)
            }
        }
        // Several different valid accounts, none labelled better than another: less sure of each.
        if seenValid.count > 1 {
            let labelled = scan.candidates.filter {
                seenValid.contains($0.value) && $0.evidence.contains(where: { $0.hasPrefix("label:") })
            }
            let labelledValues = Set(labelled.map(\.value))
            for i in scan.candidates.indices where seenValid.contains(scan.candidates[i].value) {
                if labelledValues.count == 1, labelledValues.contains(scan.candidates[i].value) { continue }
                scan.candidates[i].score -= w("account.ambiguous")
                if !scan.candidates[i].evidence.contains("ambiguous") { scan.candidates[i].evidence.append("ambiguous") }
            }
        }
        return scan
    }

    /// The letters and digits of a line with their positions and whether a separator came before.
    func alnumStream(_ chars: [Character]) -> [(Character, Int, Bool)] {
        var out: [(Character, Int, Bool)] = []
        var sep = true
        for (i, ch) in chars.enumerated() {
            if ch.isASCII, ch.isLetter || ch.isNumber {
                out.append((ch, i, sep))
                sep = false
            } else if ch == " " || ch == "-" || ch == "." || ch == "\u{00A0}" || ch == "\t" {
                sep = true
            } else {
                // A hard break: mark by a jump in positions larger than 2 (checked by the caller).
                sep = true
                out.append(("|", i, true))
            }
        }
        return out.filter { $0.0 != "|" }.enumerated().map { idx, e in
            // Keep hard breaks visible as position jumps.
            (e.0, e.1, e.2)
        }
    }

    static let ocrSerbianAccount = try! NSRegularExpression(
        pattern: #"(?<![0-9A-Za-z])[0-9OoDIl|]{3} ?- ?[0-9OoDIl|]{1,13} ?- ?[0-9OoDIl|]{2}(?![0-9A-Za-z])"#)

    /// OCR confusions in positions the registry says are digits.
    func repairIBAN(_ text: String) -> String? {
        let a = Array(text)
        guard a.count > 4 else { return nil }
        let cc = String(a[0..<2])
        guard let classes = Checksums.ibanClasses[cc] else { return nil }
        let map: [Character: Character] = [
            "O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "S": "5", "B": "8", "Z": "2", "G": "6",
        ]
        var out = Array(a[0..<2])
        for (i, ch) in a[2...].enumerated() {
            let cls: Character = i < 2 ? "n" : classes[i - 2]
            if cls == "n", let m = map[ch] { out.append(m) } else { out.append(ch) }
        }
        let s = String(out)
        return s == text ? nil : s
    }

    /// Serbian account shapes: 3-1..13-2 with dashes, 18 digits, or 3 13 2 with spaces.
    func serbianAccountMatches(_ chars: [Character]) -> [(Range<Int>, String)] {
        var out: [(Range<Int>, String)] = []
        let n = chars.count
        var i = 0
        func isD(_ j: Int) -> Bool { j >= 0 && j < n && chars[j].isASCII && chars[j].isNumber }
        while i < n {
            guard isD(i), !isD(i - 1), i == 0 || chars[i - 1] != "-" else {
                i += 1
                continue
            }
            var j = i
            var groups: [Int] = []
            var seps: [Character] = []
            while j < n {
                var k = j
                while isD(k) { k += 1 }
                groups.append(k - j)
                if k < n - 1, chars[k] == "-" || chars[k] == " ", isD(k + 1), groups.count < 3 {
                    seps.append(chars[k])
                    j = k + 1
                } else if k < n - 2, chars[k] == "-", chars[k + 1] == " ", isD(k + 2), groups.count < 3 {
                    seps.append("-")
                    j = k + 2
                } else {
                    j = k
                    break
                }
            }
            let text = String(chars[i..<j])
            if groups.count == 3, groups[0] == 3, (1...13).contains(groups[1]), groups[2] == 2,
                seps.allSatisfy({ $0 == "-" }) || (groups[1] == 13 && seps.allSatisfy({ $0 == " " })),
                j == n || !(chars[j] == "-" || isD(j))
            {
                out.append((i..<j, text))
            } else if groups.count == 1, groups[0] == 18 {
                out.append((i..<j, text))
            }
            i = max(j, i + 1)
        }
        return out
    }

    // MARK: Amounts

    func findAmounts(
        _ lines: [TextLine], _ labels: [LabelHit], _ tokens: [[AmountToken]], mark: Character, accountSpans: [Int: [Range<Int>]]
    ) -> [Candidate] {
        let cats: Set<String> = [
            "amount_due", "amount_total", "amount_generic", "amount_subtotal", "amount_vat", "amount_discount",
            "amount_previous", "amount_paid",
        ]
        var out: [Candidate] = []
        // Amounts with decimals per row (lines that share a baseline): two or more make a table row.
        var rowDecimalCount: [Int: Int] = [:]
        for (li, line) in lines.enumerated() {
            var n = 0
            for (lj, other) in lines.enumerated() where other.page == line.page && other.box.verticalOverlap(line.box) >= 0.5 {
                n += tokens[lj].filter { $0.decimalMark != nil }.count
                _ = lj
            }
            rowDecimalCount[li] = n
        }
        for (li, line) in lines.enumerated() {
            let toks = tokens[li].filter { t in !(accountSpans[li] ?? []).contains(where: { $0.overlaps(t.range) }) }
            let numericCount = toks.count
            for t in toks {
                guard let value = Amounts.value(of: t, documentMark: mark) else { continue }
                if value == "0.00" { continue }
                let hasDecimals = t.decimalMark != nil
                let box = line.box(of: t.range)
                var c = Candidate(
                    field: "amount", value: value, display: t.raw, score: 0, page: line.page, box: box, evidence: [])
                c.score = hasDecimals ? w("amount.base") : w("amount.integer")
                if !hasDecimals { c.evidence.append("no-decimals") }
                let currency = Amounts.currency(near: t.range, in: line.chars)
                if let currency {
                    c.score += w("amount.currency")
                    c.evidence.append("currency:\(currency)")
                    c.extra["currency"] = .string(currency)
                }
                if t.equalsPrefix {
                    c.score += w("amount.slip_equals")
                    c.evidence.append("slip-equals")
                }
                var labelRole: String?
                // A discount or an old debt named on the same line makes the amount conditional or not due.
                let lineDistractor = labels.first {
                    $0.line == li
                        && ($0.category == "amount_discount" || $0.category == "amount_previous" || $0.category == "amount_paid")
                        && $0.range.upperBound <= t.range.lowerBound
                }
                if let d = lineDistractor {
                    labelRole = d.category
                    c.score += w("amount.label_distractor")
                    c.evidence.append("label:\(d.category.replacingOccurrences(of: "amount_", with: ""))")
                } else if let (l, factor) = nearestLabel(
                    labels, categories: cats, line: li, range: t.range, box: box, lines: lines)
                {
                    labelRole = l.category
                    let key: String
                    switch l.category {
                    case "amount_due": key = "amount.label_due"
                    case "amount_total": key = "amount.label_total"
                    case "amount_generic": key = "amount.label_generic"
                    case "amount_subtotal": key = "amount.label_subtotal"
                    default: key = "amount.label_distractor"
                    }
                    let wt = w(key)
                    // A whole number without a currency next to a label is usually a count of days or items.
                    let scale = hasDecimals || currency != nil ? 1.0 : 0.3
                    c.score += wt > 0 ? Int(Double(wt) * factor * scale) : wt
                    c.evidence.append("label:\(l.category.replacingOccurrences(of: "amount_", with: ""))")
                }
                let rowAmounts = rowDecimalCount[li] ?? 0
                let sameLineLabel = labelRole != nil && labels.contains { $0.line == li && $0.category == labelRole }
                if numericCount >= 3 || (rowAmounts >= 2 && !sameLineLabel), labelRole != "amount_due" || !sameLineLabel {
                    c.score -= w("amount.line_item")
                    c.evidence.append("line-item")
                }
                if t.negative {
                    c.score -= w("amount.negative")
                    c.evidence.append("negative")
                }
                applyOCRPenalty(to: &c, line, t.range, verified: false)
                out.append(c)
            }
        }
        // The largest of the labelled totals is the grand total more often than not.
        let totals = out.filter { $0.evidence.contains("label:total") }
        if !out.contains(where: { $0.evidence.contains("label:due") }),
            let maxValue = totals.compactMap({ Double($0.value) }).max()
        {
            for i in out.indices where out[i].evidence.contains("label:total") && Double(out[i].value) == maxValue {
                out[i].score += w("amount.largest_total")
                out[i].evidence.append("largest-total")
            }
        }
        return out
    }

    // MARK: References

    func findReferences(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        // RF creditor references anywhere.
        for (li, line) in lines.enumerated() {
            let stream = alnumStream(line.chars)
            var k = 0
            while k + 4 < stream.count {
                guard stream[k].0.uppercased() == "R", stream[k + 1].0.uppercased() == "F", stream[k].2 || k == 0,
                    stream[k + 2].0.isNumber, stream[k + 3].0.isNumber
                else {
                    k += 1
                    continue
                }
                var best: (String, Int)?
                var e = k + 5
                while e <= min(stream.count, k + 25) {
                    let slice = stream[k..<e]
                    if !zip(slice.dropFirst(), slice).allSatisfy({ $0.1 - $1.1 <= 2 }) { break }
                    let text = String(slice.map(\.0)).uppercased()
                    let endsClean = e == stream.count || stream[e].2
                    if endsClean, Checksums.isValidRF(text) { best = (text, e) }
                    e += 1
                }
                if let (text, e) = best {
                    let r = stream[k].1..<(stream[e - 1].1 + 1)
                    let box = line.box(of: r)
                    var c = Candidate(
                        field: "reference", value: text, display: Checksums.groupedByFour(text), score: w("reference.rf"),
                        page: line.page, box: box, evidence: ["rf-checksum"])
                    c.extra["kind"] = "rf"
                    if let (l, f) = nearestLabel(
                        labels, categories: ["reference", "reference_free", "reference_payer"], line: li, range: r, box: box,
                        lines: lines)
                    {
                        if l.category == "reference_payer" {
                            c.score = min(c.score, 400)
                            c.evidence.append("payer-label")
                        } else {
                            c.score += Int(Double(w("reference.label")) * f)
                            c.evidence.append("label:\(l.category)")
                        }
                    }
                    applyOCRPenalty(to: &c, line, r, verified: true)
                    out.append(c)
                    k = e
                } else {
                    k += 1
                }
            }
        }
        // "Please use OS-55812 as your payment reference": the value comes before the label.
        for l in labels where l.category == "reference_before" {
            let line = lines[l.line]
            let before = String(line.chars[0..<l.range.lowerBound])
            if let tok = before.split(separator: " ").last(where: { $0.contains(where: \.isNumber) }),
                before.split(separator: " ").suffix(2).contains(tok)
            {
                let t = String(tok).trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()\"'"))
                guard let r0 = before.range(of: t, options: .backwards) else { continue }
                let o = before.distance(from: before.startIndex, to: r0.lowerBound)
                let r = o..<(o + t.count)
                var c = Candidate(
                    field: "reference", value: t, display: t, score: w("reference.labelled"), page: line.page,
                    box: line.box(of: r), evidence: ["label:reference"])
                c.extra["kind"] = "structured"
                applyOCRPenalty(to: &c, line, r, verified: false)
                out.append(c)
            }
        }
        // Labelled references: the text each label introduces.
        for l in labels
        where ["reference", "reference_free", "invoice_number", "reference_payer", "reference_before"].contains(l.category) {
            let needsDigit = l.category != "reference_free"
            guard
                let (vli, vr) = valueText(
                    after: l, labels: labels, lines: lines, accept: { !needsDigit || $0.contains(where: \.isNumber) })
            else { continue }
            let line = lines[vli]
            var text =
                vli == l.line
                ? String(line.chars[vr]).trimmingCharacters(in: .whitespaces)
                : rowContinuation(vli, vr, lines: lines, labels: labels)
            guard text.contains(where: \.isNumber) || l.category == "reference_free" else { continue }
            if text.count > 140 { text = String(text.prefix(140)) }
            var model: String?
            var body = text
            // "97 12-345…", "(97) …": a two-digit model in front.
            let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let head = parts.first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "()[]")) } ?? ""
            if profile.checksums.contains("model97"), parts.count == 2, head.count == 2, head.allSatisfy(\.isNumber),
                parts[1].first?.isNumber ?? false
            {
                model = head
                body = String(parts[1]).trimmingCharacters(in: .whitespaces)
            } else if profile.checksums.contains("model97"), let m = modelNear(l, labels: labels, lines: lines) {
                model = m
            }
            if l.category == "invoice_number" || l.category == "reference" {
                // Identifiers are one token (or a few short groups); cut trailing words.
                // Skip a few words before the identifier ("die Rechnungsnummer 2024-001 an").
                let toks = body.split(separator: " ")
                var keep: [Substring] = []
                let first = toks.prefix(4).firstIndex(where: { $0.contains(where: \.isNumber) }) ?? 0
                for t in toks[first...] {
                    if keep.isEmpty || (t.contains(where: \.isNumber) && keep.count < 4) { keep.append(t) } else { break }
                }
                body = keep.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ".,;:"))
            }
            if body.isEmpty { continue }
            if Checksums.isValidRF(body) { continue }  // found above
            let box = line.box(of: vr)
            var c = Candidate(
                field: "reference", value: body, display: model.map { "\($0) \(body)" } ?? body, score: 0,
                page: line.page, box: box, evidence: ["label:\(l.category)"])
            switch l.category {
            case "reference", "reference_before":
                c.score = w("reference.labelled")
                if let model {
                    c.extra["model"] = .string(model)
                    if model == "97" {
                        if Checksums.isValidModel97(body) {
                            c.score = w("reference.model97")
                            c.evidence.append("model97-checksum")
                        } else {
                            c.score = w("reference.model97_bad")
                            c.evidence.append("model97-checksum-failed")
                        }
                    } else {
                        c.score = w("reference.model_other")
                        c.evidence.append("model:\(model)")
                    }
                }
                c.extra["kind"] = model != nil ? "model" : "structured"
            case "reference_free":
                c.score = w("reference.free_text") - (body.contains(where: \.isNumber) ? 0 : 350)
                c.extra["kind"] = "free-text"
            case "invoice_number":
                c.score = w("reference.invoice_number")
                c.extra["kind"] = "invoice-number"
            default:
                c.score = 300
                c.evidence.append("payer-label")
                c.extra["kind"] = "payer-reference"
            }
            if vli != l.line { c.score -= 50 }
            applyOCRPenalty(to: &c, line, vr, verified: c.evidence.contains("model97-checksum"))
            out.append(c)
        }
        return out
    }

    /// A two-digit model printed in its own box near a reference label.
    func modelNear(_ label: LabelHit, labels: [LabelHit], lines: [TextLine]) -> String? {
        for ml in labels where ml.category == "model" && ml.page == label.page {
            guard let (vli, vr) = valueText(after: ml, labels: labels, lines: lines) else { continue }
            let t = String(lines[vli].chars[vr]).trimmingCharacters(in: .whitespaces)
            let first = t.split(separator: " ").first.map(String.init) ?? ""
            if first.count == 2, first.allSatisfy(\.isNumber) { return first }
        }
        return nil
    }

    // MARK: Other fields

    func findBICs(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        for (li, line) in lines.enumerated() {
            var i = 0
            let a = line.chars
            while i < a.count {
                guard a[i].isLetter, i == 0 || !(a[i - 1].isLetter || a[i - 1].isNumber) else {
                    i += 1
                    continue
                }
                var j = i
                while j < a.count, a[j].isASCII, a[j].isLetter || a[j].isNumber { j += 1 }
                let word = String(a[i..<j])
                defer { i = max(j, i + 1) }
                guard word.count == 8 || word.count == 11, Checksums.isValidBIC(word), word == word.uppercased() else { continue }
                let r = i..<j
                let box = line.box(of: r)
                var c = Candidate(
                    field: "bic", value: word, display: word, score: 0, page: line.page, box: box, evidence: ["bic-format"])
                if let (l, f) = nearestLabel(labels, categories: ["bic"], line: li, range: r, box: box, lines: lines) {
                    c.score = Int(Double(w("bic.label")) * max(f, 0.6))
                    c.evidence.append("label:\(l.category)")
                } else if line.text.range(of: #"[A-Z]{2}\d{2}[ ]?\d{4}"#, options: .regularExpression) != nil {
                    c.score = w("bic.iban_line")
                    c.evidence.append("iban-line")
                } else {
                    continue
                }
                if labels.contains(where: { $0.line == li && $0.category == "account_payer" }) {
                    c.score = min(c.score, 300)
                    c.evidence.append("payer-label")
                }
                out.append(c)
            }
        }
        return out
    }

    static let companySuffixes = [
        "gmbh", "ag", "kg", "ohg", "gbr", "e.u.", "e.k.", "d.o.o.", "doo", "d.o.o", "a.d.", "ad", "jp", "jkp", "ltd", "llc",
        "inc", "sarl", "sas", "s.a.", "sa", "bv", "nv", "plc", "se", "kft", "s.r.o.", "spa", "s.p.a.", "oy", "ab",
    ]

    func findPayees(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        for l in labels where l.category == "payee" {
            // A name, not another "Label: value" line or an account number.
            let nameLike: (String) -> Bool = { t in
                let letters = t.filter(\.isLetter).count
                return letters >= 3 && t.filter(\.isNumber).count * 2 < t.count && !t.contains(":")
            }
            guard let (vli, vr) = valueText(after: l, labels: labels, lines: lines, accept: nameLike) else { continue }
            let line = lines[vli]
            var text = String(line.chars[vr]).trimmingCharacters(in: .whitespaces)
            if let p = text.firstIndex(of: "("), text.hasPrefix("(") { text = String(text[p...]) }
            text = text.replacingOccurrences(of: #"^\(.*?\)\s*:?\s*"#, with: "", options: .regularExpression)
            guard text.count >= 3, text.contains(where: \.isLetter) else { continue }
            // An account number is not a name.
            if text.filter(\.isNumber).count > text.count / 2 { continue }
            var c = Candidate(
                field: "payee", value: text, display: text, score: w("payee.label"), page: line.page,
                box: line.box(of: vr), evidence: ["label:payee"])
            applyOCRPenalty(to: &c, line, vr, verified: false)
            out.append(c)
        }
        // A company name (a segment ending in a legal form): the issuer, usually the payee.
        for (li, line) in lines.enumerated() {
            let hasSuffix = line.text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "·" || $0 == "|" }).contains {
                $0.count <= 6 && Self.companySuffixes.contains(TextFold.fold(String($0)))
            }
            guard hasSuffix else { continue }
            let segments = line.text.components(separatedBy: CharacterSet(charactersIn: "·|•,")).map {
                $0.replacingOccurrences(of: " — ", with: "|").replacingOccurrences(of: " - ", with: "|")
                    .split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            }.flatMap { $0 }
            for seg in segments {
                let raw = seg.split(separator: " ")
                guard raw.count >= 2, raw.count <= 7, let lastRaw = raw.last, lastRaw.count <= 6,
                    Self.companySuffixes.contains(TextFold.fold(String(lastRaw)))
                else { continue }
                guard let r0 = line.text.range(of: seg) else { continue }
                let o = line.text.distance(from: line.text.startIndex, to: r0.lowerBound)
                let r = o..<(o + seg.count)
                let box = line.box(of: r)
                if let (l, f) = nearestLabel(labels, categories: ["payer", "payee"], line: li, range: r, box: box, lines: lines),
                    l.category == "payer", f >= 0.5
                {
                    continue
                }
                let position = line.page == 1 ? min(300, li * 6) : 300
                var c = Candidate(
                    field: "payee", value: seg, display: seg, score: w("payee.company_header") - position,
                    page: line.page, box: box, evidence: ["company-name"])
                applyOCRPenalty(to: &c, line, r, verified: false)
                out.append(c)
            }
        }
        return out
    }

    static let monthNames: [String: Int] = [
        "januar": 1, "january": 1, "jan": 1, "janvier": 1, "februar": 2, "february": 2, "feb": 2, "fevrier": 2, "marz": 3,
        "maerz": 3, "march": 3, "mart": 3, "mars": 3, "april": 4, "apr": 4, "avril": 4, "mai": 5, "may": 5, "maj": 5,
        "juni": 6, "june": 6, "jun": 6, "juin": 6, "juli": 7, "july": 7, "jul": 7, "juillet": 7, "august": 8, "aug": 8,
        "avgust": 8, "aout": 8, "september": 9, "sep": 9, "septembar": 9, "septembre": 9, "oktober": 10, "october": 10,
        "okt": 10, "oct": 10, "oktobar": 10, "octobre": 10, "november": 11, "nov": 11, "novembar": 11, "novembre": 11,
        "dezember": 12, "december": 12, "dec": 12, "dez": 12, "decembar": 12, "decembre": 12,
    ]

    /// Dates in a piece of text: dd.mm.yyyy, dd.mm.yy, dd/mm/yyyy, yyyy-mm-dd, "15. März 2024".
    static let dateExpressions: [NSRegularExpression] = [
        #"(?<![\d])(\d{1,2})\s?[./]\s?(\d{1,2})\s?[./]\s?(\d{4}|\d{2})(?![\d])"#,
        #"(?<![\d])(\d{4})-(\d{2})-(\d{2})(?![\d])"#,
        #"(?<![\d])(\d{1,2})\.?\s+([A-Za-zäÄéû]{3,9})\.?\s+(\d{4})(?![\d])"#,
        #"(?<![\w])([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?![\d])"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    public static func dates(in text: String) -> [(iso: String, range: Range<String.Index>)] {
        var out: [(String, Range<String.Index>)] = []
        guard text.contains(where: \.isNumber) else { return [] }
        for (pi, re) in dateExpressions.enumerated() {
            let ns = text as NSString
            for m in re.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let g = (1...3).map { ns.substring(with: m.range(at: $0)) }
                var y = 0
                var mo = 0
                var d = 0
                switch pi {
                case 0:
                    d = Int(g[0]) ?? 0
                    mo = Int(g[1]) ?? 0
                    y = Int(g[2]) ?? 0
                case 1:
                    y = Int(g[0]) ?? 0
                    mo = Int(g[1]) ?? 0
                    d = Int(g[2]) ?? 0
                case 2:
                    d = Int(g[0]) ?? 0
                    y = Int(g[2]) ?? 0
                    mo = monthNames[TextFold.fold(g[1])] ?? 0
                default:  // "April 9, 2026"
                    mo = monthNames[TextFold.fold(g[0])] ?? 0
                    d = Int(g[1]) ?? 0
                    y = Int(g[2]) ?? 0
                }
                if y < 100 { y += 2000 }
                // 04/30/2026 (US order) when the day-first reading is impossible.
                if pi == 0, mo > 12, d <= 12 { swap(&mo, &d) }
                guard (1...12).contains(mo), (1...31).contains(d), (1990...2100).contains(y),
                    let r = Range(m.range, in: text)
                else { continue }
                let iso = "\(y)-" + (mo < 10 ? "0\(mo)" : "\(mo)") + "-" + (d < 10 ? "0\(d)" : "\(d)")
                out.append((iso, r))
            }
        }
        return out
    }

    func findDueDates(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        for l in labels where l.category == "due_date" || l.category == "due_date_weak" {
            // "01.10.2018 bis 31.10.2018" is a period, and a Skonto date is not the due date.
            let before = String(lines[l.line].chars[0..<l.range.lowerBound]).trimmingCharacters(in: .whitespaces)
            if l.category == "due_date_weak", let last = Self.dates(in: before).last, last.range.upperBound == before.endIndex {
                continue
            }
            if labels.contains(where: { $0.line == l.line && $0.category == "amount_discount" }) { continue }
            guard let (vli, vr) = valueText(after: l, labels: labels, lines: lines, accept: { !Self.dates(in: $0).isEmpty })
            else { continue }
            let line = lines[vli]
            let text = String(line.chars[vr])
            guard let d = Self.dates(in: text).first else { continue }
            let off = text.distance(from: text.startIndex, to: d.range.lowerBound)
            let len = text.distance(from: d.range.lowerBound, to: d.range.upperBound)
            let r = (vr.lowerBound + off)..<(vr.lowerBound + off + len)
            let weak = l.category == "due_date_weak"
            var c = Candidate(
                field: "due_date", value: d.iso, display: String(text[d.range]),
                score: w(weak ? "due_date.weak_label" : "due_date.label"),
                page: line.page, box: line.box(of: r), evidence: ["label:\(l.category)", "date"])
            if vli != l.line { c.score -= 100 }
            applyOCRPenalty(to: &c, line, r, verified: false)
            out.append(c)
        }
        return out
    }

    func findPaymentCodes(_ lines: [TextLine], _ labels: [LabelHit]) -> [Candidate] {
        var out: [Candidate] = []
        for l in labels where l.category == "payment_code" {
            let hasCode: (String) -> Bool = { t in
                let a = Array(t)
                guard a.count >= 3 else { return false }
                for i in 0...(a.count - 3) where "1239".contains(a[i]) && a[i + 1].isNumber && a[i + 2].isNumber {
                    if (i == 0 || !a[i - 1].isNumber) && (i + 3 == a.count || !a[i + 3].isNumber) { return true }
                }
                return false
            }
            guard let (vli, vr) = valueText(after: l, labels: labels, lines: lines, accept: hasCode) else { continue }
            let line = lines[vli]
            let text = String(line.chars[vr])
            guard let m = text.range(of: #"(?<!\d)[1239]\d\d(?!\d)"#, options: .regularExpression) else { continue }
            let off = text.distance(from: text.startIndex, to: m.lowerBound)
            let r = (vr.lowerBound + off)..<(vr.lowerBound + off + 3)
            var c = Candidate(
                field: "payment_code", value: String(text[m]), display: String(text[m]), score: w("payment_code.label"),
                page: line.page, box: line.box(of: r), evidence: ["label:payment_code", "code-pattern"])
            applyOCRPenalty(to: &c, line, r, verified: false)
            out.append(c)
        }
        return out
    }

    func findCurrencies(_ lines: [TextLine], _ amounts: [Candidate]) -> [Candidate] {
        var out: [Candidate] = []
        if let top = amounts.filter({ $0.extra["currency"] != nil }).max(by: { $0.score < $1.score }),
            let cur = top.extra["currency"]?.stringValue,
            top.score >= 900
        {
            // The currency printed with a confident amount is as sure as the amount.
            out.append(
                Candidate(
                    field: "currency", value: cur, display: cur,
                    score: top.score >= 1500 ? w("currency.confident_amount") : w("currency.amount"), page: top.page,
                    box: top.box, evidence: ["amount-currency"]))
        }
        var counts: [String: (Int, Candidate)] = [:]
        for line in lines {
            // Only lines with a currency sign or an upper-case word of three letters can name a currency.
            guard line.chars.contains(where: { $0 == "€" || $0 == "£" || $0 == "$" || $0 == "d" || $0 == "д" || $0.isUppercase })
            else { continue }
            for (tok, iso) in Amounts.currencyTokens
            where tok.count >= 3 && tok.first!.isUppercase || ["€", "£", "din.", "дин."].contains(tok) {
                if let r = line.text.firstRange(of: tok) {
                    let before = r.lowerBound == line.text.startIndex ? " " : line.text[line.text.index(before: r.lowerBound)]
                    let after = r.upperBound == line.text.endIndex ? " " : line.text[r.upperBound]
                    if before.isLetter || (after.isLetter && tok.last!.isLetter) { continue }
                    let c = Candidate(
                        field: "currency", value: iso, display: tok, score: w("currency.token"), page: line.page,
                        box: line.box, evidence: ["currency-token"])
                    counts[iso] = (counts[iso]?.0 ?? 0) + 1 == 1 ? (1, c) : ((counts[iso]!.0) + 1, counts[iso]!.1)
                }
            }
        }
        for (iso, (n, c)) in counts where !out.contains(where: { $0.value == iso }) {
            var c = c
            c.score += min(200, (n - 1) * 40)
            c.evidence.append("count:\(n)")
            out.append(c)
        }
        if out.isEmpty, let d = profile.defaultCurrency {
            out.append(
                Candidate(
                    field: "currency", value: d, display: d, score: w("currency.default"), page: 1, box: nil,
                    evidence: ["profile-default"]))
        }
        if out.count > 1 {
            // Several currencies on one page: the amount's currency leads, others are less sure.
            for i in out.indices.dropFirst() { out[i].score -= 200 }
        }
        return out
    }

    // MARK: E-invoice

    /// All text of a document, letters and digits only, folded: for "is this value printed anywhere?".
    static func compactText(_ lines: [TextLine]) -> String {
        String(lines.flatMap { $0.folded }.filter { $0.isLetter || $0.isNumber })
    }

    func applyEInvoice(_ e: EInvoice, to merged: inout [String: [Candidate]], pageText: String, amounts: Set<String>) {
        func printed(_ field: String, _ value: String) -> Bool {
            if field == "amount" {
                return amounts.contains(value) || amounts.contains(value.replacingOccurrences(of: "-", with: ""))
            }
            let v = String(TextFold.fold(value).filter { $0.isLetter || $0.isNumber })
            return v.isEmpty || pageText.contains(v)
        }
        func apply(_ field: String, value: String?, display: String?, valid: Bool = true, extra: [String: JSON] = [:]) {
            guard let value, !value.isEmpty else { return }
            var list = merged[field] ?? []
            // The XML is the strongest evidence, but only as far as the page shows the same thing.
            let onPage = printed(field, value)
            let xmlScore = !valid ? w("account.bad_checksum") : onPage ? w("xml.on_page") : w("xml.not_on_page")
            if let i = list.firstIndex(where: { $0.value == value }) {
                list[i].score = max(list[i].score, xmlScore) + (valid ? w("xml.agree") : 0)
                list[i].evidence.append(valid ? "einvoice-xml" : "einvoice-xml-invalid")
                if valid { list[i].evidence.append("xml-text-agree") }
            } else {
                // A labelled page candidate against an XML value the page does not show: believe the page.
                let strongText = list.filter {
                    $0.score >= 1300 || (!onPage && $0.score >= 900 && $0.evidence.contains(where: { $0.hasPrefix("label:") }))
                }
                var c = Candidate(
                    field: field, value: value, display: display ?? value, score: xmlScore, page: 1, box: nil,
                    evidence: [valid ? "einvoice-xml" : "einvoice-xml-invalid"], extra: extra)
                if !strongText.isEmpty, valid {
                    c.score = w("xml.disagree")
                    c.evidence.append("xml-text-disagree")
                    for i in list.indices where list[i].score >= 1300 {
                        list[i].score -= w("xml.text_penalty")
                        list[i].evidence.append("xml-disagrees")
                    }
                } else if valid, !onPage {
                    c.evidence.append("not-on-page")
                }
                list.append(c)
            }
            merged[field] = list
        }
        if let raw = e.payeeIBAN, let a18 = Checksums.serbianAccount18(raw.trimmingCharacters(in: .whitespaces)),
            Checksums.isValidSerbianAccount(a18)
        {
            // Serbian e-invoices (UBL, SEF) carry the domestic account, not an IBAN.
            apply(
                "account", value: a18, display: Checksums.serbianDisplay(a18),
                extra: ["kind": "rs-domestic", "iban": .string("RS35" + a18), "country": "RS"])
        } else if let iban = e.payeeIBAN.map(Checksums.compact) {
            let ok = Checksums.isValidIBAN(iban)
            if iban.hasPrefix("RS35"), ok {
                apply(
                    "account", value: String(iban.dropFirst(4)), display: iban,
                    extra: ["kind": "rs-domestic", "iban": .string(iban), "country": "RS"])
            } else {
                apply(
                    "account", value: iban, display: Checksums.groupedByFour(iban), valid: ok,
                    extra: ["kind": "iban", "country": .string(String(iban.prefix(2)))])
            }
        }
        if let payer = e.payerIBAN.map(Checksums.compact), var list = merged["account"] {
            for i in list.indices where list[i].value == payer || "RS35" + list[i].value == payer {
                list[i].score = min(list[i].score, w("account.payer_cap"))
                list[i].evidence.append("einvoice-payer-account")
            }
            merged["account"] = list
        }
        if let amount = e.amountDue ?? e.grandTotal, let d = Double(amount) {
            let v = Self.decimalText(d)
            apply("amount", value: v, display: amount, extra: e.currency.map { ["currency": .string($0)] } ?? [:])
        }
        if let ref = e.reference?.trimmingCharacters(in: .whitespaces) {
            apply("reference", value: ref, display: ref, extra: ["kind": Checksums.isValidRF(ref) ? "rf" : "structured"])
        }
        if let bic = e.bic { apply("bic", value: Checksums.compact(bic), display: bic, valid: Checksums.isValidBIC(bic)) }
        if let name = e.payeeName ?? e.sellerName { apply("payee", value: name, display: name) }
        if let due = e.dueDate, due.count == 10 { apply("due_date", value: due, display: due) }
        if let cur = e.currency {
            var list = merged["currency"] ?? []
            if let i = list.firstIndex(where: { $0.value == cur }) {
                list[i].score = max(list[i].score, w("xml.base")) + w("xml.agree")
                list[i].evidence.append("einvoice-xml")
            } else {
                let pageHasOther = list.contains {
                    $0.evidence.contains("currency-token") || $0.evidence.contains("amount-currency")
                }
                list.append(
                    Candidate(
                        field: "currency", value: cur, display: cur,
                        score: pageHasOther ? w("xml.disagree") - 200 : w("xml.not_on_page"), page: 1, box: nil,
                        evidence: ["einvoice-xml", "not-on-page"]))
            }
            merged["currency"] = list
        }
    }

    /// "1234.5" → "1234.50"; negative kept.
    static func decimalText(_ d: Double) -> String {
        let cents = Int((abs(d) * 100).rounded())
        let s = "\(cents / 100)." + (cents % 100 < 10 ? "0\(cents % 100)" : "\(cents % 100)")
        return d < 0 ? "-" + s : s
    }
}
