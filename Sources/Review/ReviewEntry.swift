import Extract
import Foundation
import Lexicons
import PPShared
import Records

/// One document of a review: what the index lists and what its page shows, read from a record of
/// pp-extract's results (a document record, an error record, or a line that was not JSON).
public struct ReviewEntry: Sendable {
    /// The state the index filters by; "confirmed" is the browser's own, from what the person accepted.
    public enum State: String, Sendable {
        case processed, error
        case needsReview = "needs-review"
        case noPayment = "no-payment"
    }

    /// The fields of the form, in the order the person goes through them (Tab).
    public static let formFields = ["account", "amount", "currency", "reference", "payee", "due_date"]

    public let number: Int
    public let record: DocumentRecord
    public let state: State

    public init(number: Int, record: DocumentRecord) {
        self.number = number
        self.record = record
        if record.isError || record.kind != DocumentRecord.kind {
            state = .error
        } else if record.paymentExpected == false {
            state = .noPayment
        } else if !(record.best?.needsReview ?? []).isEmpty {
            state = .needsReview
        } else {
            state = .processed
        }
    }

    /// An entry of a record as a line holds it (a value that is no object counts as an empty record).
    public init(number: Int, record: JSON) { self.init(number: number, record: DocumentRecord(record) ?? DocumentRecord()) }

    /// An input line that was not a JSON object: shown as an error, so nothing is lost from the queue.
    public init(number: Int, unreadable error: ToolError, input: String) {
        var record = DocumentRecord()
        record.kind = "error"
        record.input = input
        self.init(number: number, record: record.markedAsError(error, tool: "pp-extract"))
    }

    public var source: String? { record.source ?? record.input }
    public var pageViews: [PageView] { record.pageViews ?? [] }

    /// A page of this entry in words, for messages: "page 2 of 'bills/a.pdf' (record 7)".
    func describe(page view: PageView) -> String {
        "page \(PageGeometry.page(view.page) ?? 0) of '\(source ?? "?")' (record \(number))"
    }

    /// The record's candidates per field (the top one first), each as the site needs it.
    func candidates(_ field: String) -> [JSON] {
        record.candidates(field).map { c in
            var o: [String: JSON] = [
                "value": .string(c.value(for: field)), "display": .string(c.display), "confidence": .int(c.confidence ?? 0),
                "page": PageGeometry.page(c.page).map { .int($0) } ?? .null,
                "box": PageGeometry.box(c).map { .box($0) } ?? .null,
                "evidence": .array((c.evidence ?? []).map { .string($0) }),
            ]
            if field == "reference" { o["reference_model"] = .string(c.model) }
            return .object(o)
        }
    }

    /// Every field with candidates, in the record's field order: the form's first, then bic, payment_code.
    var candidateFields: [String] {
        let present = record.candidates?.keys.map { $0 } ?? []
        return Self.formFields + present.filter { !Self.formFields.contains($0) }.sorted()
    }

    /// The short summary the index shows and filters by.
    func indexItem(thumbnail: String?) -> JSON {
        var o: [String: JSON] = [
            "id": .int(number), "source": .string(source), "doc": .string(record.doc),
            "state": .string(state.rawValue), "pages": record.pages.map { .int($0) } ?? .null,
            "thumbnail": .string(thumbnail),
            "needs_review": .array((record.best?.needsReview ?? []).map { .string($0) }),
        ]
        for field in ["account", "amount", "currency", "reference"] {
            o[field] =
                record.candidates(field).first.map { t in
                    ["value": .string(t.value(for: field)), "confidence": .int(t.confidence ?? 0)]
                } ?? .null
        }
        if let message = record.error?.message { o["error"] = .string(message) }
        return .object(o)
    }

    /// Everything one document's page shows; `pictures` holds each page's image in the site.
    func pageData(pictures: [SitePicture?]) -> JSON {
        var fields: [String: JSON] = [:]
        for field in candidateFields { fields[field] = .array(candidates(field)) }
        let views = pageViews
        var pages: [JSON] = []
        for (index, view) in views.enumerated() {
            var p: [String: JSON] = [
                "page": .int(PageGeometry.page(view.page) ?? index + 1),
                "size": PageGeometry.size(view).map { .box($0) } ?? .null,
                "rotation": .int(PageGeometry.rotation(view)), "deskew_degrees": .double(PageGeometry.deskew(view)),
            ]
            if index < pictures.count, let picture = pictures[index] {
                p["picture"] = ["path": .string(picture.path), "width": .int(picture.width), "height": .int(picture.height)]
            }
            pages.append(.object(p))
        }
        return [
            "id": .int(number), "source": .string(source), "doc": .string(record.doc),
            "state": .string(state.rawValue), "payment_expected": .bool(record.paymentExpected ?? true),
            "no_payment_reasons": .array((record.noPaymentReasons ?? []).map { .string($0) }),
            "profile": .string(record.profile), "warnings": .array(record.warnings?.items ?? []),
            "error": record.error?.member ?? .null, "best": record.best?.member ?? .null,
            "fields": .object(fields), "field_order": .array(candidateFields.map { .string($0) }),
            "pages": .array(pages),
        ]
    }
}

/// Reads the records of a results file (or stdin) as review entries, in order.
public enum ReviewInput {
    public static func read(_ path: String) throws -> [ReviewEntry] {
        let lines = path == "-" ? LineReader(standardInputNamed: "stdin") : try LineReader(path: path)
        let reader = JSONLinesReader(lines, tool: "pp-extract")
        var entries: [ReviewEntry] = []
        while let item = try reader.next() {
            switch item {
            case .record(let json, _):
                guard let record = DocumentRecord(json) else { continue }  // the reader gives objects only
                // Page records are pp-extract's input, not its results: nothing to review in them.
                if record.kind == PageKey.page.rawValue, !record.isError { continue }
                entries.append(ReviewEntry(number: entries.count + 1, record: record))
            case .unreadable(let error, _):
                entries.append(ReviewEntry(number: entries.count + 1, unreadable: error, input: lines.name))
            }
        }
        return entries
    }
}
