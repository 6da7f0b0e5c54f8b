import Foundation
import PPShared

@testable import Extract

/// Target `einvoice`: the e-invoice XML reader (Factur-X / ZUGFeRD CII, XRechnung UBL) and how its
/// facts become candidates next to the page's own.
extension FuzzEntry {
    /// One line of page text for the e-invoice to agree or disagree with.
    static let einvoicePage = [
        TextLine(
            page: 1, text: "Total EUR 1.234,56 IBAN DE89 3704 0044 0532 0130 00", box: Box(40, 40, 400, 52), conf: nil,
            words: [])
    ]

    static func einvoice(_ bytes: [UInt8]) {
        guard let invoice = EInvoice.parse(Data(bytes)) else { return }
        let extraction = sepaExtractor.extract(lines: einvoicePage, einvoice: invoice)
        for candidate in extraction.candidates.values.joined() { _ = candidate.json().encoded() }
    }
}
