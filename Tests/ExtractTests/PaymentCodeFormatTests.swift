import Foundation
import Testing

@testable import Extract

/// Each payment-code format: payloads written against its specification (docs/payment-codes.md), valid
/// and broken, with the exact reason a broken one gives.
@Suite struct EPCCodeTests {
    static let v2 = "BCD\n002\n1\nSCT\n\nBeispiel GmbH\nAT611904300234573201\nEUR1234.56\n\nRF18539007547034"

    @Test func bothVersionsAndBothLineEndings() throws {
        let c = try #require(PaymentCode.parse(Self.v2))
        #expect(c.format == "epc-qr" && c.version == "002" && c.isValid && c.accountValid)
        #expect(c.account == "AT611904300234573201" && c.amount == "1234.56" && c.currency == "EUR")
        #expect(c.reference == "RF18539007547034" && c.model == "RF" && c.payee == "Beispiel GmbH")
        let v1 =
            "BCD\r\n001\r\n1\r\nSCT\r\nBPOTBEB1\r\nRed Cross of Belgium\r\nBE72000000001616\r\nEUR1\r\nCHAR\r\n\r\nUrgency fund"
        let d = try #require(PaymentCode.parse(v1))
        #expect(d.isValid && d.version == "001" && d.bic == "BPOTBEB1" && d.amount == "1.00")
        #expect(d.paymentCode == "CHAR" && d.reference == "Urgency fund" && d.model == nil)
        // Trailing optional lines left off: the code ends after the IBAN.
        let short = try #require(PaymentCode.parse("BCD\n002\n1\nSCT\n\nJohn Doe\nDE89370400440532013000\n"))
        #expect(short.isValid && short.amount == nil && short.reference == nil)
    }

    @Test func charactersInTheirCharacterSet() throws {
        let latin1 = "BCD\n002\n2\nSCT\n\nMüller Straße\nDE89370400440532013000\nEUR12.3"
        #expect(try #require(PaymentCode.parse(latin1)).isValid)
        #expect(try #require(PaymentCode.parse(latin1)).amount == "12.30")
        let cyrillicInLatin1 = "BCD\n002\n2\nSCT\n\nЖелезница\nDE89370400440532013000\nEUR12.3"
        #expect(PaymentCode.parse(cyrillicInLatin1)?.problems == ["EPC: character 'Ж' is not in character set 2 (ISO-8859-1)"])
        let misread = "BCD\n002\n2\nSCT\n\nMÃ¼ller\nDE89370400440532013000\nEUR12.3"
        #expect(
            PaymentCode.parse(misread)?.problems == ["EPC: text looks like UTF-8 although character set 2 (ISO-8859-1) is named"])
        let broken = "BCD\n002\n1\nSCT\n\nM\u{FFFD}ller\nDE89370400440532013000\nEUR12.3"
        #expect(PaymentCode.parse(broken)?.problems == ["EPC: text holds bytes that are not valid in character set 1 (UTF-8)"])
    }

    @Test func brokenPayloadsSayWhy() throws {
        func problems(_ text: String) -> [String] { PaymentCode.parse(text)?.problems ?? ["(not read)"] }
        #expect(problems(Self.v2.replacingOccurrences(of: "\n002\n", with: "\n003\n")) == ["EPC: version 003 is not 001 or 002"])
        #expect(problems(Self.v2.replacingOccurrences(of: "\n1\nSCT", with: "\n9\nSCT")) == ["EPC: character set '9' is not 1–8"])
        #expect(problems(Self.v2.replacingOccurrences(of: "\n002\n", with: "\n001\n")) == ["EPC: version 001 requires a BIC"])
        #expect(problems(Self.v2.replacingOccurrences(of: "3201", with: "3202")) == ["EPC: IBAN checksum fails"])
        #expect(problems(Self.v2.replacingOccurrences(of: "7034", with: "7035")) == ["EPC: RF reference checksum fails"])
        #expect(problems("BCD\n002\n1\nSCT\n\nBeispiel GmbH") == ["EPC: truncated: 6 lines, at least 7 needed (up to the IBAN)"])
        #expect(
            problems(Self.v2.replacingOccurrences(of: "EUR1234.56", with: "EUR1,234.56"))
                == ["EPC: amount 'EUR1,234.56' is not EUR and 1–9 digits with up to 2 decimals (EUR12.3)"])
        #expect(
            problems(Self.v2.replacingOccurrences(of: "EUR1234.56", with: "EUR1234567890"))
                == ["EPC: amount 'EUR1234567890' is not EUR and 1–9 digits with up to 2 decimals (EUR12.3)"])
        #expect(
            problems(Self.v2.replacingOccurrences(of: "EUR1234.56", with: "EUR0.00")) == ["EPC: amount EUR0.00 is below EUR0.01"])
        #expect(
            problems(Self.v2 + "\nInvoice 17")
                == ["EPC: both a structured reference and an unstructured remittance are given (only one is allowed)"])
        let longName = Self.v2.replacingOccurrences(of: "Beispiel GmbH", with: String(repeating: "x", count: 71))
        #expect(problems(longName) == ["EPC: beneficiary name is 71 characters, more than 70"])
        #expect(PaymentCode.parse("BCDE\n002") == nil)
    }
}

@Suite struct SwissQRBillTests {
    static let creditorS = ["S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH"]
    static let creditorK = ["K", "Robert Schneider AG", "Rue du Lac 1268", "2501 Biel", "", "", "CH"]
    static let debtor = ["S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse", "28", "9400", "Rorschach", "CH"]
    static let noDebtor = Array(repeating: "", count: 7)

    static func bill(
        iban: String = "CH4431999123000889012", creditor: [String] = creditorS, amount: String = "1949.70",
        currency: String = "CHF", debtor: [String] = debtor, type: String = "QRR", ref: String = "210000000003139471430009017",
        tail: [String] = ["Order of 15.09.2019", "EPD"], version: String = "0200", separator: String = "\r\n"
    ) -> String {
        (["SPC", version, "1", iban] + creditor + Array(repeating: "", count: 7) + [amount, currency] + debtor + [type, ref]
            + tail)
            .joined(separator: separator)
    }

    @Test func qrrScorAndNon() throws {
        let qrr = try #require(PaymentCode.parse(Self.bill()))
        #expect(qrr.format == "swiss-qr" && qrr.isValid && qrr.accountValid)
        #expect(qrr.amount == "1949.70" && qrr.currency == "CHF" && qrr.reference == "210000000003139471430009017")
        #expect(qrr.model == "QRR" && qrr.payee == "Robert Schneider AG" && qrr.purpose == "Order of 15.09.2019")
        let scor = try #require(
            PaymentCode.parse(
                Self.bill(iban: "CH5800791123000889012", type: "SCOR", ref: "RF18539007547034", separator: "\n")))
        #expect(scor.isValid && scor.reference == "RF18539007547034" && scor.model == "RF")
        let non = try #require(
            PaymentCode.parse(
                Self.bill(iban: "CH3709000000304442225", amount: "", debtor: Self.noDebtor, type: "NON", ref: "")))
        #expect(non.isValid && non.amount == nil && non.reference == nil)
    }

    @Test func combinedAddressesBillingInformationAndAlternatives() throws {
        let tail = ["", "EPD", "//S1/10/10201409/11/190512", "UV;UltraPay005;12345", "XY;XYService;54321"]
        let c = try #require(PaymentCode.parse(Self.bill(creditor: Self.creditorK, tail: tail, separator: "\n")))
        #expect(c.isValid && c.payee == "Robert Schneider AG")
        let three = try #require(PaymentCode.parse(Self.bill(tail: tail + ["ZZ;Third;1"])))
        #expect(three.problems == ["Swiss QR: 3 alternative procedures, at most 2 allowed"])
    }

    @Test func brokenBillsSayWhy() throws {
        func problems(_ text: String) -> [String] { PaymentCode.parse(text)?.problems ?? ["(not read)"] }
        #expect(problems(Self.bill(version: "0100")) == ["Swiss QR: version 0100 is not 0200"])
        #expect(problems(Self.bill(ref: "210000000003139471430009016")) == ["Swiss QR: QRR reference check digit fails"])
        #expect(
            problems(Self.bill(ref: "21000000000313947143000901")) == [
                "Swiss QR: QRR reference '21000000000313947143000901' is not 27 digits"
            ])
        #expect(
            problems(Self.bill(type: "SCOR", ref: "RF18539007547034"))
                == ["Swiss QR: a QR-IBAN requires a QRR reference, not SCOR"])
        #expect(
            problems(Self.bill(iban: "CH5800791123000889012"))
                == ["Swiss QR: a QRR reference requires a QR-IBAN (IID 30000–31999)"])
        #expect(
            problems(Self.bill(iban: "CH5800791123000889012", type: "SCOR", ref: "RF17539007547034"))
                == ["Swiss QR: SCOR reference 'RF17539007547034' fails the RF (ISO 11649) check"])
        #expect(problems(Self.bill(iban: "DE89370400440532013000")) == ["Swiss QR: IBAN country 'DE' is not CH or LI"])
        #expect(problems(Self.bill(iban: "CH4431999123000889013")) == ["Swiss QR: IBAN checksum fails"])
        #expect(problems(Self.bill(currency: "USD")) == ["Swiss QR: currency 'USD' is not CHF or EUR"])
        #expect(
            problems(Self.bill(amount: "1949.7")) == ["Swiss QR: amount '1949.7' is not 1–9 digits with 2 decimals (1949.70)"])
        #expect(problems(Self.bill(tail: ["Order", "END"])) == ["Swiss QR: trailer 'END' is not EPD"])
        var k = Self.creditorK
        k[4] = "2501"
        #expect(problems(Self.bill(creditor: k)) == ["Swiss QR: creditor address type K must leave postcode and town empty"])
        let cut = Self.bill().components(separatedBy: "\r\n").prefix(20).joined(separator: "\r\n")
        #expect(problems(cut).first == "Swiss QR: truncated: 20 lines, 31 needed up to the EPD trailer")
        #expect(Checksums.mod10Recursive("21000000000313947143000901") == 7)
    }
}

@Suite struct IPSCodeTests {
    static let sheet =
        "K:PR|V:01|C:1|R:845000000040484987|N:JP EPS BEOGRAD\r\nBALKANSKA 13|I:RSD3596,13|P:MRĐO MAČKATOVIĆ\r\nŽUPSKA 13\r\nBEOGRAD 6|SF:189|S:UPLATA PO RAČUNU ZA EL. ENERGIJU|RO:97163220000111111111000"

    @Test func theSheetsPayloadAndItsVariants() throws {
        let c = try #require(PaymentCode.parse(Self.sheet))
        #expect(c.isValid && c.format == "ips-qr" && c.account == "845000000040484987" && c.amount == "3596.13")
        #expect(c.currency == "RSD" && c.paymentCode == "189" && c.model == "97" && c.reference == "163220000111111111000")
        #expect(c.payee == "JP EPS BEOGRAD" && c.purpose == "UPLATA PO RAČUNU ZA EL. ENERGIJU")
        let lf = try #require(PaymentCode.parse(Self.sheet.replacingOccurrences(of: "\r\n", with: "\n")))
        #expect(lf.isValid && lf.payee == "JP EPS BEOGRAD")
        let pos = try #require(PaymentCode.parse("K:PT|V:01|C:1|R:845000000040484987|N:Prodavnica|I:RSD1025,|SF:221|M:5411"))
        #expect(pos.isValid && pos.amount == "1025.00")
        let model00 = try #require(PaymentCode.parse("K:PR|V:01|C:1|R:845000000040484987|N:X|I:RSD1,5|SF:289|RO:001234"))
        #expect(model00.isValid && model00.model == "00" && model00.reference == "1234" && model00.amount == "1.50")
    }

    @Test func brokenPayloadsSayWhy() throws {
        func problems(_ text: String) -> [String] { PaymentCode.parse(text)?.problems ?? ["(not read)"] }
        #expect(problems(Self.sheet.replacingOccurrences(of: "V:01", with: "V:02")) == ["IPS: version V:02 is not 01"])
        #expect(problems(Self.sheet.replacingOccurrences(of: "C:1", with: "C:2")) == ["IPS: character set C:2 is not 1 (UTF-8)"])
        #expect(
            problems(Self.sheet.replacingOccurrences(of: "484987", with: "484978")) == ["IPS: account R fails its mod-97 check"])
        #expect(
            problems(Self.sheet.replacingOccurrences(of: "RO:9716", with: "RO:9717")) == [
                "IPS: model 97 reference check digits fail"
            ])
        #expect(
            problems(Self.sheet.replacingOccurrences(of: "RSD3596,13", with: "RSD3.596,13"))
                == ["IPS: amount I:RSD3.596,13 is not RSD and 1–12 digits with a decimal comma (RSD3596,13)"])
        #expect(
            problems(Self.sheet.replacingOccurrences(of: "|S:UPLATA PO RAČUNU ZA EL. ENERGIJU", with: "|S:")) == [
                "IPS: tag S is empty (empty tags are not allowed)"
            ])
        #expect(
            problems("K:PR|V:01|C:1|R:845000000040484987") == [
                "IPS: tag N is missing", "IPS: tag I is missing", "IPS: tag SF is missing",
            ])
        #expect(problems(Self.sheet.replacingOccurrences(of: "K:PR", with: "K:XX")) == ["IPS: K:XX is not PR, PT, PK or EK"])
    }
}
