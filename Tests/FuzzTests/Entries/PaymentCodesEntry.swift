import PPShared

@testable import Extract

/// Target `payment-codes`: every payment-code parser (EPC, Swiss QR-bill, IPS, HUB-3, UPN, SPAYD,
/// PAY by square with its LZMA stream), the checks report, and how a code's fields become candidates.
extension FuzzEntry {
    /// The SEPA profile's extractor, for turning a code into candidates.
    static let sepaExtractor: Extractor = {
        guard let profile = try? ProfileStore(folders: [FuzzRepo.profiles]).load("sepa") else {
            fatalError("fuzz: cannot load the sepa profile from \(FuzzRepo.profiles)")
        }
        return Extractor(profile: profile)
    }()

    /// The input as a decoded code's text, and its bytes as the binary of a PAY by square code
    /// (header, length, LZMA stream), so the fuzzer reaches liblzma and the field reader directly.
    static func paymentCodes(_ bytes: [UInt8]) {
        codeText(FuzzInput.text(bytes))
        codeText(base32hex(bytes))
    }

    static func codeText(_ text: String) {
        guard let code = PaymentCode.parse(text) else { return }
        FuzzCheck.require(!code.format.isEmpty, "a code without a format")
        let located = [(code, 1, Box(10, 10, 60, 60) as Box?)]
        _ = PaymentCode.report(located).encoded()
        let extraction = sepaExtractor.extract(lines: [], einvoice: nil, codes: located)
        for candidate in extraction.candidates.values.joined() { _ = candidate.json().encoded() }
    }

    /// RFC 4648 base32hex without padding, as PAY by square writes its binary.
    static func base32hex(_ bytes: [UInt8]) -> String {
        var out = ""
        var buffer = 0
        var bits = 0
        for b in bytes {
            buffer = (buffer << 8 | Int(b)) & 0xFFFF
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(BySquareCode.alphabet[(buffer >> bits) & 0x1F])
            }
        }
        if bits > 0 { out.append(BySquareCode.alphabet[(buffer << (5 - bits)) & 0x1F]) }
        return out
    }
}
