import Foundation

/// Which e-invoice an XML document is: its syntax (UBL 2.1 or UN/CEFACT CII), whether it is an invoice
/// or a credit note, and the specification it claims to follow (UBL CustomizationID, CII guideline ID).
public struct EInvoiceKind: Sendable, Equatable {
    public enum Syntax: String, Sendable { case ubl, cii }
    public let syntax: Syntax
    /// "ubl-invoice", "ubl-creditnote" or "cii".
    public let format: String
    /// "invoice" or "credit-note" (the UBL root, or a credit-note type code).
    public let document: String
    /// The specification identifier as written ("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:…").
    public let guideline: String?
    /// The family that identifier names: "xrechnung", "peppol-bis", "factur-x", "zugferd", "en16931", or nil.
    public let standard: String?

    static let ublInvoice = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
    static let ublCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
    static let ciiNamespaces = [
        "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
        "urn:ferd:CrossIndustryDocument:invoice:1p0",
    ]
    /// UNTDID 1001 codes of credit notes (and the self-billed ones).
    public static let creditNoteCodes: Set<String> = ["381", "261", "262", "396", "532"]

    /// The kind of a document read by `XMLLeaves`; nil when it is no UBL or CII invoice. The root's
    /// namespace decides (a local name alone is not enough: any XML may have an `<Invoice>`).
    public init?(_ xml: XMLLeaves) {
        switch (xml.root, xml.rootNamespace) {
        case ("Invoice", Self.ublInvoice?), ("CreditNote", Self.ublCreditNote?):
            syntax = .ubl
            format = xml.root == "Invoice" ? "ubl-invoice" : "ubl-creditnote"
            let type = xml.first(["/Invoice/InvoiceTypeCode"])
            document =
                xml.root == "CreditNote" || type.map { Self.creditNoteCodes.contains($0) } == true ? "credit-note" : "invoice"
            guideline = xml.first(["/Invoice/CustomizationID", "/CreditNote/CustomizationID"])
        case ("CrossIndustryInvoice", let ns?) where Self.ciiNamespaces.contains(ns),
            ("CrossIndustryDocument", let ns?) where Self.ciiNamespaces.contains(ns):
            syntax = .cii
            format = "cii"
            let type = xml.first(["/ExchangedDocument/TypeCode", "/HeaderExchangedDocument/TypeCode"])
            document = type.map { Self.creditNoteCodes.contains($0) } == true ? "credit-note" : "invoice"
            guideline = xml.first(["/GuidelineSpecifiedDocumentContextParameter/ID"])
        default:
            return nil
        }
        standard = guideline.flatMap(Self.standard(of:))
    }

    /// The family a CustomizationID or guideline ID names, most specific first.
    static func standard(of id: String) -> String? {
        let lower = id.lowercased()
        if lower.contains("xrechnung") { return "xrechnung" }
        if lower.contains("peppol") { return "peppol-bis" }
        if lower.contains("factur-x") { return "factur-x" }
        if lower.contains("zugferd") || lower.contains("ferd:") { return "zugferd" }
        if lower.contains("en16931") { return "en16931" }
        return nil
    }
}
