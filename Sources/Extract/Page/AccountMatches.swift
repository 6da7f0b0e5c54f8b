import Foundation
import Lexicons

/// An account number printed on a line: an IBAN, or a Serbian domestic account, with its checksum's verdict.
struct AccountMatch: Sendable {
    /// Compact IBAN, or the 18-digit Serbian account (also for an RS IBAN).
    let value: String
    let display: String
    let range: Range<Int>
    /// Printed as an IBAN (a Serbian one too), not in the domestic 3-13-2 form.
    let printedAsIBAN: Bool
    let valid: Bool
    /// OCR confusions were undone to make the checksum pass.
    let repaired: Bool

    /// An 18-digit Serbian account, however it was printed.
    var isSerbianDomestic: Bool { value.count == 18 && value.allSatisfy(\.fastIsNumber) }
}

/// Where a page prints account numbers: IBANs (letters and digits with single separators, exactly the
/// registry length; OCR's confusions undone only when the checksum then passes) and, where the profile
/// knows them, Serbian domestic accounts.
enum AccountMatches {
    /// The account numbers of one line, left to right as found.
    static func find(in line: TextLine, formats: Set<AccountFormat>) -> [AccountMatch] {
        var found: [AccountMatch] = []
        // IBANs: letters + digits with single separators, exactly the registry length.
        let stream =
            line.conf != nil
            ? Self.alnumStream(OCRRepair.latinCodes(line.chars)) : Self.alnumStream(line.chars, bytes: line.bytes)
        var k = 0
        while k + 1 < stream.count {
            let (c0, i0, sepBefore0) = stream[k]
            let c1 = stream[k + 1].0
            let isOCR = line.conf != nil
            // OCR reads a country code's letter as a digit now and then ("N0", "S1"): taken back when
            // the rest of the IBAN then passes its checksum, never for a run of digits alone.
            let l0 = c0.fastIsLetter ? c0 : isOCR ? OCRRepair.letterFor[c0] : nil
            let l1 = c1.fastIsLetter ? c1 : isOCR ? OCRRepair.letterFor[c1] : nil
            var codeRepaired = !(c0.fastIsLetter && c1.fastIsLetter)
            guard let l0, let l1, c0.fastIsLetter || c1.fastIsLetter else {
                k += 1
                continue
            }
            var cc = String([l0, l1]).uppercased()
            if isOCR, Checksums.ibanLength(country: cc) == nil, let known = Self.misreadCountry(cc, stream, at: k) {
                cc = known
                codeRepaired = true
            }
            guard sepBefore0 || k == 0 || stream[k - 1].1 + 1 < i0,
                isOCR || (c0.fastIsUppercase && c1.fastIsUppercase), let len = Checksums.ibanLength(country: cc),
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
            var text = cc + String(slice.dropFirst(2).map { $0.0 }).uppercased()
            var repaired = codeRepaired
            var result = Checksums.checkIBAN(text)
            if result != .valid, isOCR, let fixed = OCRRepair.iban(text) {
                text = fixed
                repaired = true
                result = .valid
            }
            if codeRepaired, result != .valid {
                k += 1
                continue
            }
            let r = slice.first!.1..<(slice.last!.1 + 1)
            if result == .valid || result == .badChecksum || result == .badNationalCheck {
                if result == .valid, cc == "RS" {
                    let dom = String(text.dropFirst(4))
                    found.append(
                        AccountMatch(
                            value: dom, display: Checksums.groupedByFour(text), range: r, printedAsIBAN: true, valid: true,
                            repaired: repaired))
                } else {
                    found.append(
                        AccountMatch(
                            value: text, display: Checksums.groupedByFour(text), range: r, printedAsIBAN: true,
                            valid: result == .valid, repaired: repaired))
                }
                k += len
                continue
            }
            k += 1
        }
        if formats.contains(.rsDomestic), line.conf != nil {
            // OCR: "160 - OOO54OOO45113-25"; accepted only when the repaired number passes its control.
            let ns = line.text as NSString
            for m in Self.ocrSerbianAccount.matches(in: line.text, range: NSRange(location: 0, length: ns.length)) {
                guard let rr = Range(m.range, in: line.text) else { continue }
                let printed = String(line.text[rr])
                let fixed = OCRRepair.digits(printed.replacingOccurrences(of: " ", with: ""))
                guard let a18 = Checksums.serbianAccount18(fixed), Checksums.isValidSerbianAccount(a18) else { continue }
                let o = line.text.distance(from: line.text.startIndex, to: rr.lowerBound)
                let r = o..<(o + printed.count)
                if found.contains(where: { $0.range.overlaps(r) }) { continue }
                found.append(
                    AccountMatch(
                        value: a18, display: fixed, range: r, printedAsIBAN: false, valid: true,
                        repaired: fixed != printed.replacingOccurrences(of: " ", with: "")))
            }
        }
        if formats.contains(.rsDomestic) {
            for (r, printed) in Self.serbianAccountMatches(line.chars) where !found.contains(where: { $0.range.overlaps(r) }) {
                guard let a18 = Checksums.serbianAccount18(printed) else { continue }
                let ok = Checksums.isValidSerbianAccount(a18)
                found.append(
                    AccountMatch(value: a18, display: printed, range: r, printedAsIBAN: false, valid: ok, repaired: false))
            }
        }
        return found
    }

    /// The one registry country a misread code stands for ("BC05 INGB …" for BG, "ВС05" in Cyrillic),
    /// one letter changed for a look-alike, kept only when the whole IBAN then passes its checksum.
    static func misreadCountry(_ cc: String, _ stream: [(Character, Int, Bool)], at k: Int) -> String? {
        let code = Array(cc)
        guard code.count == 2 else { return nil }
        var passing: [String] = []
        for i in 0..<2 {
            for alt in OCRRepair.letterLookalikes[code[i]] ?? [] {
                var c = code
                c[i] = alt
                let country = String(c)
                guard let len = Checksums.ibanLength(country: country), k + len <= stream.count else { continue }
                let rest = stream[(k + 2)..<(k + len)].map { $0.0 }
                if Checksums.isValidIBAN(country + String(rest).uppercased()) { passing.append(country) }
            }
        }
        return passing.count == 1 ? passing[0] : nil
    }

    /// The letters and digits of a line with their positions and whether a separator came before.
    /// `bytes`: the characters' ASCII bytes (`TextLine.bytes`), made here when not given.
    static func alnumStream(_ chars: [Character], bytes: [UInt8]? = nil) -> [(Character, Int, Bool)] {
        var out: [(Character, Int, Bool)] = []
        var sep = true
        let bytes = bytes ?? chars.map { $0.singleByte ?? 0 }
        for (i, ch) in chars.enumerated() {
            let b = bytes[i]
            if (b | 0x20) &- 97 < 26 || b &- 48 < 10 {
                out.append((ch, i, sep))
                sep = false
            } else {
                // A separator, or a hard break the caller sees as a jump in positions larger than 2.
                sep = true
            }
        }
        return out
    }

    static let ocrSerbianAccount = try! NSRegularExpression(
        pattern: #"(?<![0-9A-Za-z])[0-9OoDIl|оОзЗбВ]{3} ?- ?[0-9OoDIl|оОзЗбВ]{1,13} ?- ?[0-9OoDIl|оОзЗбВ]{2}(?![0-9A-Za-z])"#)

    /// Serbian account shapes: 3-1..13-2 with dashes, 18 digits, or 3 13 2 with spaces.
    static func serbianAccountMatches(_ chars: [Character]) -> [(Range<Int>, String)] {
        var out: [(Range<Int>, String)] = []
        let n = chars.count
        var i = 0
        func isD(_ j: Int) -> Bool { j >= 0 && j < n && chars[j].isASCIIDigit }
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
}
