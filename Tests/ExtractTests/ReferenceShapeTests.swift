import Foundation
import PPShared
import Testing

@testable import Extract

/// The shapes of references printed with a model in front, run into their neighbours, in comb boxes or inside a
/// sentence (the pages that show them are in Cases/references.cases).
@Suite struct ReferenceShapeTests {
    @Test func countryModelShapes() {
        #expect(ReferenceFinder.countryModel("SI12 1234567", ocr: false)! == ("SI12", "1234567"))
        #expect(ReferenceFinder.countryModel("HRO1 1234", ocr: false) == nil)  // letters only repaired in OCR text
        #expect(ReferenceFinder.countryModel("HR12 1001 0051 8630 0016 0", ocr: false) == nil)  // an IBAN
        #expect(ReferenceFinder.countryModel("HR01 abc", ocr: false) == nil)
    }

    @Test func aReferenceValidAsPrintedHasNoGluedModel() {
        #expect(ReferenceFinder.gluedModel97("163220000111111111000") == nil)  // valid as printed: nothing to split
        #expect(ReferenceFinder.gluedModel97("97163220000111111111000") == "163220000111111111000")
    }

    @Test func combBoxesAreJoined() {
        #expect(ReferenceFinder.joinedComb("5 4 3 2 1 - 1 2 1 - 1") == "54321-121-1")
        #expect(ReferenceFinder.joinedComb("Nr 5 2 3 1 9") == "Nr 52319")
        #expect(ReferenceFinder.joinedComb("A B C") == "A B C")
    }

    @Test func identifierInsideAFreeTextReference() {
        #expect(ReferenceFinder.identifierInSentence("RE 2019/05/445 744507") == nil)  // an identifier itself
        #expect(ReferenceFinder.identifierInSentence("Rechnung 4711 vom 01.03.2026") == "4711")
    }
}
