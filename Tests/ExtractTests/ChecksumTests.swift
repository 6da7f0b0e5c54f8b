import Testing

@testable import Extract

/// Vectors from the payment-standards sheet (shared/specs/payment-standards.md).
@Suite struct ChecksumTests {
    @Test func mod97CheckDigitsMatchTheSheet() {
        #expect(Checksums.mod97CheckDigits("99991234567890121414") == "90")
        #expect(Checksums.mod97CheckDigits("4354111611551114") == "31")
        #expect(Checksums.mod97CheckDigits("22181321402534321446701611") == "35")
        #expect(Checksums.mod97CheckDigits("5367") == "02")
        #expect(Checksums.mod97CheckDigits("5303") == "97")
        #expect(Checksums.mod97CheckDigits("5335") == "98")
        #expect(Checksums.mod97("08686001256515001121751") == 1)
    }

    @Test(arguments: [
        "AT61 1904 3002 3457 3201", "DE89 3704 0044 0532 0130 00", "RS35 2600 0560 1001 6113 79",
        "ME25 5050 0001 2345 6789 51", "BA39 1290 0794 0102 8494", "MK07 2501 2000 0058 984",
        "CH93 0076 2011 6238 5295 7", "GB29 NWBK 6016 1331 9268 19", "GR16 0110 1050 0000 1054 7023 795",
        "BE31435411161155", "FR14 2004 1010 0505 0001 3M02 606", "HR12 1001 0051 8630 0016 0",
        "SI56 1910 0000 0123 438", "IT60 X054 2811 1010 0000 0123 456", "BE72000000001616",
        "DE33100205000001194700", "CH4431999123000889012", "NO07.8380.08.06006",
    ])
    func validIBANs(_ iban: String) {
        #expect(Checksums.checkIBAN(iban) == .valid, "\(iban)")
    }

    @Test func invalidIBANsSayWhy() {
        for bad in [
            "AT611804300234573201", "BA391290709401028494", "AL48212110090000000235698741", "DK5000400440116342",
            "HR1210010052863000160", "AD1210012030200359100100", "ME52510000000006234132",
        ] {
            #expect(Checksums.checkIBAN(bad) != .valid, "\(bad)")
        }
        #expect(Checksums.checkIBAN("AT93 1904 3002 3457 3201 99") == .wrongLength)
        #expect(Checksums.checkIBAN("BA30 1290 0794 0102 84") == .wrongLength)
        #expect(Checksums.checkIBAN("BE36 5390 0754 7034 1234") == .wrongLength)
        #expect(Checksums.checkIBAN("BG93 BNBG 9661 1A20 3456 78") == .wrongPattern)
        #expect(Checksums.checkIBAN("NL56 3003 0A17 1643 00") == .wrongPattern)
        #expect(Checksums.checkIBAN("QQ93 1234 5678") == .unknownCountry)
        #expect(Checksums.checkIBAN("XX431234") == .unknownCountry)
    }

    @Test func ibanCheckDigitsFromTheWorkedExample() {
        // DE00… → 98 − 9 = 89
        #expect(Checksums.mod97("370400440532013000DE00") == 9)
        #expect(Checksums.ibanLength(country: "RS") == 22)
        #expect(Checksums.ibanLength(country: "DE") == 22)
        #expect(Checksums.ibanLength(country: "NO") == 15)
    }

    @Test func serbianAccountsPadShortForms() {
        #expect(Checksums.serbianAccount18("840-955845-10") == "840000000095584510")
        #expect(Checksums.serbianAccount18("165-55-74") == "165000000000005574")
        #expect(Checksums.serbianAccount18("310-1234567891211-86") == "310123456789121186")
        #expect(Checksums.serbianAccount18("260-0056010016113-79") == "260005601001611379")
        for valid in [
            "845000000040484987", "840000071711184351", "115038169338697697", "190000000001513090",
            "170003004062800050", "165000701166855593", "160000000018203969",
        ] {
            #expect(Checksums.isValidSerbianAccount(valid), "\(valid)")
        }
        for short in [
            "265-1234-88", "205-12345-10", "325-123456-98", "265-600594-97", "265-1660310005042-68", "845-0000000404849-87",
        ] {
            #expect(Checksums.serbianAccount18(short).map(Checksums.isValidSerbianAccount) == true, "\(short)")
        }
        for invalid in ["123456789012345678", "160000000000510017", "845000000040484978", "845000000004484987"] {
            #expect(!Checksums.isValidSerbianAccount(invalid), "\(invalid)")
        }
        #expect(Checksums.serbianAccount18("12-345-67") == nil)
        // RS35 + the domestic account is the IBAN of the same account.
        #expect(Checksums.isValidIBAN("RS35845000000040484987"))
    }

    @Test func model97() {
        for valid in ["16 3220000111111111000", "14123412", "20-12345", "28-12345a", "47-21750940-2204"] {
            #expect(Checksums.isValidModel97(valid), "\(valid)")
        }
        for invalid in ["20-123456", "28-12345b", "17 3220000111111111000", "16 3220000111111111001"] {
            #expect(!Checksums.isValidModel97(invalid), "\(invalid)")
        }
    }

    @Test func rfCreditorReferences() {
        for valid in [
            "RF18 5390 0754 7034", "RF18 5390 0754 70Y", "RF03SW3EZRUFBK", "RF97XX5ZIC", "RF72YW", "RF529",
            "RF20QQHM7PAW61EOWO",
        ] {
            #expect(Checksums.isValidRF(valid), "\(valid)")
        }
        for invalid in ["RF17 5390 0754 7034", "RF18 5390 0754 7035", "RF19539007547034"] {
            #expect(!Checksums.isValidRF(invalid), "\(invalid)")
        }
        #expect(Checksums.mod97("539007547034RF00") == 80)
    }

    @Test func bics() {
        for valid in [
            "AGRIFRPP882", "ABNA BE 2A", "AGRIFRPP", "RZOOAT2L226", "BKAUATWWWOL", "BTVAAT22KIB", "AGBMDEMM",
            "CABARS22", "PRCBRSBG", "HBBAMEPG", "ZBCGMEPG", "NBRMMK2A", "MEBBBA22",
        ] {
            #expect(Checksums.isValidBIC(valid), "\(valid)")
        }
        for invalid in ["AGRIFRPP8", "AGRIF2PP", "MULTIPLE"] {
            #expect(!Checksums.isValidBIC(invalid), "\(invalid)")
        }
    }
}
