import CLZMA
import Lexicons

/// PAY by square (Slovakia): base32hex text of a 2-byte header (type, version, document type, reserved:
/// one nibble each), the 2-byte little-endian length of the inflated data, then a raw LZMA1 stream
/// (lc=3, lp=0, pb=2, dictionary 128 KiB) of CRC32 (4 bytes, little-endian, of the rest) and
/// tab-separated fields: invoice id, payments count, then per payment type, amount, currency, due date
/// (YYYYMMDD), variable, constant and specific symbol, originator's reference, note, bank accounts count,
/// IBAN and BIC per account, standing-order and direct-debit extensions, beneficiary name and address.
enum BySquareCode {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUV")

    /// Nil unless the text is base32hex of a PAY by square header (a payload of another kind is no
    /// payment code).
    static func parse(_ text: String) -> PaymentCode? {
        let t = text.trimmingSuffix { $0 == "\n" || $0 == "\r" }
        guard t.count >= 8, let bytes = base32hex(t), bytes.count >= 4 else { return nil }
        let type = bytes[0] >> 4
        guard type == 0 else { return nil }  // 0: PAY by square; the rest are other documents
        var code = PaymentCode(format: "bysquare")
        var p = CodeProblems(format: "bysquare")
        let version = bytes[0] & 0x0F
        code.version = "\(version)"
        if version > 1 { p.add("version \(version) is not 0 (1.0.0) or 1 (1.1.0)") }
        if bytes[1] >> 4 != 0 { p.add("document type \(bytes[1] >> 4) is not 0 (payment order)") }
        let length = Int(bytes[2]) | Int(bytes[3]) << 8
        guard let inflated = inflate(Array(bytes[4...]), expected: length) else {
            p.add("the LZMA stream does not inflate to the \(length) bytes the header names")
            code.problems = p.list
            return code
        }
        guard inflated.count >= 4 else {
            p.add("truncated: no checksum")
            code.problems = p.list
            return code
        }
        let stated = inflated[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let data = Array(inflated[4...])
        let sum = data.withUnsafeBufferPointer { lzma_crc32($0.baseAddress, $0.count, 0) }
        if stated != sum { p.add("CRC32 checksum fails") }
        fields(
            String(decoding: data, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false).map(String.init),
            into: &code, &p)
        code.problems = p.list
        return code
    }

    static func fields(_ f: [String], into code: inout PaymentCode, _ p: inout CodeProblems) {
        func at(_ i: Int) -> String { i < f.count ? f[i] : "" }
        guard f.count >= 14 else {
            p.add("truncated: \(f.count) fields, at least 14 needed (up to the first BIC)")
            if f.count < 4 { return }
            return
        }
        if let n = Int(at(1)), n > 1 { code.notes.append("\(n) payments in the code; the first is read") }
        if !["1", "2", "3"].contains(at(2)) { p.add("payment type '\(at(2))' is not 1, 2 or 3") }
        if !at(3).isEmpty {
            if let d = CodeText.decimal(at(3)) {
                code.amount = d
            } else {
                p.add("amount '\(at(3))' is not a decimal number of at most \(Amounts.maxWholeDigits) digits before the point")
            }
        }
        code.currency = at(4).isEmpty ? nil : at(4)
        if at(4).count != 3 || !at(4).allSatisfy({ $0.isASCII && $0.isUppercase }) {
            p.add("currency '\(at(4))' is not 3 capitals")
        }
        if !at(5).isEmpty {
            code.dueDate = CodeText.isoDate(at(5))
            if code.dueDate == nil { p.add("due date '\(at(5))' is not a date YYYYMMDD") }
        }
        let vs = at(6)
        if !vs.isEmpty {
            if vs.count > 10 || !vs.allSatisfy({ $0.isASCII && $0.isNumber }) {
                p.add("variable symbol '\(vs)' is not 1–10 digits")
            }
            code.reference = vs
            code.model = "VS"
        } else if !at(9).isEmpty {
            code.reference = Checksums.compact(at(9))
            if code.reference!.hasPrefix("RF") {
                code.model = "RF"
                if !Checksums.isValidRF(at(9)) { p.add("RF reference checksum fails") }
            }
        }
        code.purpose = at(10).isEmpty ? nil : at(10)
        let accounts = Int(at(11)) ?? 0
        if accounts < 1 { p.add("bank accounts count '\(at(11))' is not 1 or more") }
        let iban = Checksums.compact(at(12))
        code.account = iban.isEmpty ? nil : iban
        if iban.isEmpty { p.add("IBAN is missing") } else { code.accountValid = p.checkIBAN(iban) }
        if !at(13).isEmpty {
            code.bic = at(13)
            if !Checksums.isValidBIC(at(13)) { p.add("BIC '\(at(13))' is not a valid BIC") }
        }
        // After the accounts: the standing-order flag (+4 fields), the direct-debit flag (+10 fields),
        // then the beneficiary's name.
        var i = 12 + 2 * max(1, accounts)
        if at(i) == "1" { i += 4 }
        i += 1
        if at(i) == "1" { i += 10 }
        i += 1
        code.payee = at(i).isEmpty ? nil : at(i)
    }

    /// Base32hex (RFC 4648 "extended hex" alphabet, no padding) to bytes; nil on any other character.
    static func base32hex(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        for ch in text {
            guard let v = alphabet.firstIndex(of: ch) else { return nil }
            buffer = (buffer << 5 | v) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> bits) & 0xFF))
            }
        }
        return out
    }

    /// Raw LZMA1 (lc=3, lp=0, pb=2, 128 KiB dictionary) through liblzma; the stream may end with or
    /// without an end marker, so it is done when `expected` bytes came out.
    static func inflate(_ input: [UInt8], expected: Int) -> [UInt8]? {
        guard expected > 0 else { return nil }
        var options = lzma_options_lzma()
        options.dict_size = 1 << 17
        options.lc = 3
        options.lp = 0
        options.pb = 2
        var stream = lzma_stream()
        var output = [UInt8](repeating: 0, count: expected)
        let ret: lzma_ret = withUnsafeMutablePointer(to: &options) { opt in
            var filters = [
                lzma_filter(id: pp_lzma_filter_lzma1, options: UnsafeMutableRawPointer(opt)),
                lzma_filter(id: pp_lzma_vli_unknown, options: nil),
            ]
            guard lzma_raw_decoder(&stream, &filters) == LZMA_OK else { return LZMA_PROG_ERROR }
            return input.withUnsafeBufferPointer { inBuf in
                output.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_in = inBuf.baseAddress
                    stream.avail_in = inBuf.count
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = outBuf.count
                    return lzma_code(&stream, LZMA_RUN)
                }
            }
        }
        let produced = Int(stream.total_out)
        lzma_end(&stream)
        guard ret == LZMA_OK || ret == LZMA_STREAM_END || ret == LZMA_BUF_ERROR, produced == expected else { return nil }
        return output
    }
}

extension StringProtocol {
    fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var s = Substring(self)
        while let last = s.last, drop(last) { s = s.dropLast() }
        return s
    }
}
