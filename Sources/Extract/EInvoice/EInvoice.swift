import EInvoiceXML
import Foundation
import Lexicons
import PPShared
import Records

/// The payment facts of an embedded e-invoice: Factur-X / ZUGFeRD (UN/CEFACT CII, also ZUGFeRD 1.0)
/// and XRechnung in either CII or UBL syntax. Elements are matched by local name and parent path,
/// so namespace prefixes and versions do not matter.
public struct EInvoice: Sendable, Equatable {
    public var payeeIBAN: String?
    public var payerIBAN: String?
    public var bic: String?
    public var amountDue: String?
    public var grandTotal: String?
    public var currency: String?
    public var reference: String?
    public var payeeName: String?
    public var sellerName: String?
    public var dueDate: String?
    public var typeCode: String?
    public var meansCodes: [String] = []
    public var invoiceNumber: String?
    public var syntax: String = "cii"
    /// The totals the amount due is made of, for checking that they add up (`EInvoiceConsistency`).
    public var taxExclusive: String?
    public var taxAmounts: [String] = []
    public var prepaid: String?
    public var rounding: String?
    /// Syntax, invoice or credit note, and the specification claimed (nil when the root's namespace is
    /// not UBL's or CII's).
    public var kind: EInvoiceKind?

    /// Parses XML bytes (libxml2, `XMLLeaves`); nil when it is not an invoice we understand.
    public static func parse(_ data: Data) -> EInvoice? {
        guard let xml = try? XMLLeaves.read(data) else { return nil }
        return parse(xml)
    }

    /// The payment facts of a document already read.
    public static func parse(_ xml: XMLLeaves) -> EInvoice? {
        var e = EInvoice()
        let items = xml.items
        func first(_ suffixes: [String]) -> String? { xml.first(suffixes) }
        let root = xml.root
        if root == "Invoice" || root == "CreditNote" {
            e.syntax = "ubl"
            e.payeeIBAN = first(["/PaymentMeans/PayeeFinancialAccount/ID"])
            e.bic = first(["/PayeeFinancialAccount/FinancialInstitutionBranch/ID"])
            e.payerIBAN = first(["/PaymentMandate/PayerFinancialAccount/ID"])
            e.amountDue = first(["/LegalMonetaryTotal/PayableAmount"])
            e.grandTotal = first(["/LegalMonetaryTotal/TaxInclusiveAmount"])
            e.currency = first(["/DocumentCurrencyCode"])
            e.reference = first(["/PaymentMeans/PaymentID"])
            e.payeeName = first(["/PayeeParty/PartyName/Name", "/PayeeParty/PartyLegalEntity/RegistrationName"])
            e.sellerName = first([
                "/AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName",
                "/AccountingSupplierParty/Party/PartyName/Name",
            ])
            e.dueDate = first(["/Invoice/DueDate", "/PaymentMeans/PaymentDueDate"])
            e.typeCode = root == "CreditNote" ? "381" : first(["/InvoiceTypeCode"])
            e.meansCodes = items.filter { $0.path.hasSuffix("/PaymentMeans/PaymentMeansCode") }.map(\.text)
            e.invoiceNumber = first(["/Invoice/ID", "/CreditNote/ID"])
            e.taxExclusive = first(["/LegalMonetaryTotal/TaxExclusiveAmount"])
            e.taxAmounts = xml.all("/\(root)/TaxTotal/TaxAmount")
            e.prepaid = first(["/LegalMonetaryTotal/PrepaidAmount"])
            e.rounding = first(["/LegalMonetaryTotal/PayableRoundingAmount"])
        } else if root == "CrossIndustryInvoice" || root == "CrossIndustryDocument" {
            e.payeeIBAN = first([
                "/PayeePartyCreditorFinancialAccount/IBANID", "/PayeePartyCreditorFinancialAccount/ProprietaryID",
            ])
            e.payerIBAN = first(["/PayerPartyDebtorFinancialAccount/IBANID"])
            e.bic = first(["/PayeeSpecifiedCreditorFinancialInstitution/BICID"])
            e.amountDue = first([
                "/SpecifiedTradeSettlementHeaderMonetarySummation/DuePayableAmount",
                "/SpecifiedTradeSettlementMonetarySummation/DuePayableAmount",
            ])
            e.grandTotal = first([
                "/SpecifiedTradeSettlementHeaderMonetarySummation/GrandTotalAmount",
                "/SpecifiedTradeSettlementMonetarySummation/GrandTotalAmount",
            ])
            e.currency = first(["/InvoiceCurrencyCode"])
            e.reference = first([
                "/ApplicableHeaderTradeSettlement/PaymentReference",
                "/ApplicableSupplyChainTradeSettlement/PaymentReference",
            ])
            e.payeeName = first(["/PayeeTradeParty/Name"])
            e.sellerName = first(["/SellerTradeParty/Name"])
            e.dueDate = first(["/SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString"])
            e.typeCode = first(["ExchangedDocument/TypeCode", "HeaderExchangedDocument/TypeCode"])
            e.meansCodes = items.filter { $0.path.hasSuffix("/SpecifiedTradeSettlementPaymentMeans/TypeCode") }.map(\.text)
            e.invoiceNumber = first(["ExchangedDocument/ID", "HeaderExchangedDocument/ID"])
            e.taxExclusive = first(["MonetarySummation/TaxBasisTotalAmount"])
            e.taxAmounts = xml.all("MonetarySummation/TaxTotalAmount")
            e.prepaid = first(["MonetarySummation/TotalPrepaidAmount"])
            e.rounding = first(["MonetarySummation/RoundingAmount"])
            if let d = e.dueDate, d.count == 8, d.allSatisfy({ $0.isNumber }) {
                let a = Array(d)
                e.dueDate = String(a[0..<4]) + "-" + String(a[4..<6]) + "-" + String(a[6..<8])
            }
        } else {
            return nil
        }
        e.kind = EInvoiceKind(xml)
        return e
    }

    /// Reads the first XML attachment of a page record that parses as an e-invoice.
    public static func fromAttachments(_ attachments: [Attachment]) -> EInvoice? {
        for a in attachments {
            let name = (a.name ?? "").lowercased()
            let mime = a.mime ?? ""
            guard name.hasSuffix(".xml") || mime.contains("xml"), let path = a.path else { continue }
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            if let e = parse(data) { return e }
        }
        return nil
    }
}
