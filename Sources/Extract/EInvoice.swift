import Foundation
import PPShared

#if canImport(FoundationXML)
    import FoundationXML
#endif

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

    /// Parses XML bytes; nil when it is not an invoice we understand.
    public static func parse(_ data: Data) -> EInvoice? {
        guard EInvoiceInput.isParsable(data) else { return nil }  // XMLParser would trap on it
        let reader = PathCollector()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse() else { return nil }
        var e = EInvoice()
        let items = reader.items
        func first(_ suffixes: [String]) -> String? {
            for suffix in suffixes {
                if let hit = items.first(where: { $0.path.hasSuffix(suffix) && !$0.text.isEmpty }) { return hit.text }
            }
            return nil
        }
        let root = reader.root
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
        } else if root == "CrossIndustryInvoice" || root == "CrossIndustryDocument" {
            e.payeeIBAN = first(["/PayeePartyCreditorFinancialAccount/IBANID"])
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
            if let d = e.dueDate, d.count == 8, d.allSatisfy({ $0.isNumber }) {
                let a = Array(d)
                e.dueDate = String(a[0..<4]) + "-" + String(a[4..<6]) + "-" + String(a[6..<8])
            }
        } else {
            return nil
        }
        return e
    }

    /// Reads the first XML attachment of a page record that parses as an e-invoice.
    public static func fromAttachments(_ attachments: [JSON]) -> EInvoice? {
        for a in attachments {
            let name = (a["name"]?.stringValue ?? "").lowercased()
            let mime = a["mime"]?.stringValue ?? ""
            guard name.hasSuffix(".xml") || mime.contains("xml"), let path = a["path"]?.stringValue else { continue }
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            if let e = parse(data) { return e }
        }
        return nil
    }
}

/// Collects (path of local names, text) for every element with text.
final class PathCollector: NSObject, XMLParserDelegate {
    var stack: [String] = []
    var text = ""
    var items: [(path: String, text: String)] = []
    var root = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
        if stack.isEmpty { root = local }
        stack.append(local)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !t.isEmpty { items.append(("/" + stack.joined(separator: "/"), t)) }
        text = ""
        stack.removeLast()
    }
}
