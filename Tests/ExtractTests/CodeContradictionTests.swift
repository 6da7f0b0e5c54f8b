import Foundation
import Testing

@testable import Extract

/// A payment code that says another amount or account than the printed page is what a forged sticker looks
/// like: in every code format, neither side is confident, and both say why.
@Suite struct CodeContradictionTests {
    /// One valid payload per format, with the amount and account it carries.
    struct Format: Sendable, CustomTestStringConvertible {
        let name: String
        let payload: String
        let amount: String
        let account: String
        var profile = "sepa"
        var testDescription: String { name }
    }

    static let formats: [Format] = [
        Format(
            name: "epc-qr", payload: "BCD\n002\n1\nSCT\n\nBeispiel GmbH\nAT611904300234573201\nEUR188.38\n\nRF18539007547034",
            amount: "188.38", account: "AT611904300234573201"),
        Format(
            name: "swiss-qr",
            payload: [
                "SPC", "0200", "1", "CH4431999123000889012", "S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel",
                "CH", "", "", "", "", "", "", "", "188.38", "CHF", "S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse",
                "28", "9400", "Rorschach", "CH", "QRR", "210000000003139471430009017", "Order of 15.09.2019", "EPD",
            ].joined(separator: "\r\n"), amount: "188.38", account: "CH4431999123000889012"),
        Format(
            name: "ips-qr",
            payload: IPSCodeTests.sheet.replacingOccurrences(of: "I:RSD3596,13", with: "I:RSD188,38"), amount: "188.38",
            account: "845000000040484987", profile: "rs"),
        Format(
            name: "upn-qr", payload: UPNCodeTests.upn(UPNCodeTests.fields), amount: "300.24", account: "SI56191000000123438"),
        Format(
            name: "spayd", payload: "SPD*1.0*ACC:CZ5855000000001265098001*AM:188.38*CC:CZK*X-VS:1234567890",
            amount: "188.38", account: "CZ5855000000001265098001"),
        Format(
            name: "hub3-pdf417", payload: HUB3CodeTests.slip(cents: "000000000018838"), amount: "188.38",
            account: "HR1210010051863000160"),
        Format(
            name: "bysquare", payload: BySquareCodeTests.vectors["valid"] ?? "", amount: "25.30",
            account: "SK3112000000198742637541"),
    ]

    /// A page that prints its own amount due and payee account, both labelled in the profile's language.
    static func printed(amount: String, account: String, profile: String) -> [TextLine] {
        let serbian = profile == "rs"
        return page([
            (serbian ? "Račun 2026-0458" : "Invoice 2026-0458", 34, 100),
            (serbian ? "Račun primaoca: \(account)" : "IBAN: \(account)", 34, 300),
            (serbian ? "Iznos za uplatu RSD \(amount)" : "Amount due EUR \(amount)", 300, 400),
        ])
    }

    func extract(_ f: Format, amount: String, account: String) throws -> Extraction {
        let code = try #require(PaymentCode.parse(f.payload), "\(f.name) parses")
        #expect(code.isValid, "\(f.name): \(code.problems)")
        var extractor = Extractor(profile: try profile(f.profile))
        extractor.model = try shippedModel()
        return extractor.extract(
            lines: Self.printed(amount: amount, account: account, profile: f.profile), einvoice: nil, codes: [(code, 1, nil)])
    }

    /// The code's account as the page prints it (a Serbian account in its 3-13-2 form).
    static func printedAccount(_ f: Format) -> String {
        guard f.account.count == 18, f.account.allSatisfy(\.isNumber) else { return f.account }
        return Checksums.serbianDisplay(f.account)
    }

    @Test(arguments: formats)
    func aCodeWithAnotherAmountIsConfidentNowhere(_ f: Format) throws {
        let e = try extract(f, amount: "225,38", account: Self.printedAccount(f))
        for c in e[.amount] {
            #expect(c.confidence < Confidence.confident, "\(f.name): \(c.value) at \(c.confidence) \(c.evidence.names)")
        }
        #expect(e[.amount].contains { $0.evidence.contains(.codeContradictsPage) }, "\(f.name)")
        #expect(e.best.needsReview?.contains("amount") == true, "\(f.name)")
    }

    @Test(arguments: formats)
    func aCodeWithAnotherAccountIsConfidentNowhere(_ f: Format) throws {
        let other = f.profile == "rs" ? "160-0000018203969-42" : "DE89 3704 0044 0532 0130 00"
        let e = try extract(f, amount: f.amount.replacingOccurrences(of: ".", with: ","), account: other)
        for c in e[.account] {
            #expect(c.confidence < Confidence.confident, "\(f.name): \(c.value) at \(c.confidence) \(c.evidence.names)")
        }
        #expect(e[.account].contains { $0.evidence.contains(.codeContradictsPage) }, "\(f.name)")
    }

    @Test(arguments: formats)
    func aCodeThatAgreesWithThePageIsConfident(_ f: Format) throws {
        let e = try extract(f, amount: f.amount.replacingOccurrences(of: ".", with: ","), account: Self.printedAccount(f))
        #expect(e[.amount].first?.value == f.amount && e[.amount].first?.isConfident == true, "\(f.name)")
        #expect(e[.account].first?.value == f.account && e[.account].first?.isConfident == true, "\(f.name)")
    }
}
