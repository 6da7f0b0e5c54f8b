import Extract
import Foundation
import Lexicons
import PPShared

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
    public let record: JSON
    public let state: State

    public init(number: Int, record: JSON) {
        self.number = number
        self.record = record
        if record.isErrorRecord || record["kind"]?.stringValue != "document" {
            state = .error
        } else if record["payment_expected"]?.boolValue == false {
            state = .noPayment
        } else if !(record["best"]?["needs_review"]?.arrayValue ?? []).isEmpty {
            state = .needsReview
        } else {
            state = .processed
        }
    }

    /// An input line that was not a JSON object: shown as an error, so nothing is lost from the queue.
    public init(number: Int, unreadable error: ToolError, input: String) {
        self.init(
            number: number,
            record: [
                "kind": "error", "state": "error", "input": .string(input),
                "error": ["tool": "pp-extract", "code": .string(error.code), "message": .string(error.message)],
            ])
    }

    public var source: String? { record["source"]?.stringValue ?? record["input"]?.stringValue }
    public var pageViews: [JSON] { record["page_views"]?.arrayValue ?? [] }

    /// A page of this entry in words, for messages: "page 2 of 'bills/a.pdf' (record 7)".
    func describe(page view: JSON) -> String {
        "page \(view["page"]?.int(in: 1...1_000_000) ?? 0) of '\(source ?? "?")' (record \(number))"
    }

    /// The record's candidates per field (the top one first), each as the site needs it.
    func candidates(_ field: String) -> [JSON] {
        (record["candidates"]?[field]?.arrayValue ?? []).map { c in
            var o: [String: JSON] = [
                "value": .string(BestValues.recordValue(c, field: field)),
                "display": c["display"] ?? .null, "confidence": .int(c["confidence"]?.intValue ?? 0),
                "page": c["page"]?.int(in: 1...1_000_000).map { .int($0) } ?? .null,
                "box": PageGeometry.box(c).map { .box($0) } ?? .null, "evidence": c["evidence"] ?? .array([]),
            ]
            if field == "reference" { o["reference_model"] = .string(BestValues.referenceModel(c)) }
            return .object(o)
        }
    }

    /// Every field with candidates, in the record's field order: the form's first, then bic, payment_code.
    var candidateFields: [String] {
        let present = record["candidates"]?.members?.keys ?? []
        return Self.formFields + present.filter { !Self.formFields.contains($0) }.sorted()
    }

    /// The short summary the index shows and filters by.
    func indexItem(thumbnail: String?) -> JSON {
        var o: [String: JSON] = [
            "id": .int(number), "source": .string(source), "doc": record["doc"] ?? .null,
            "state": .string(state.rawValue), "pages": record["pages"] ?? .null,
            "thumbnail": .string(thumbnail),
            "needs_review": record["best"]?["needs_review"] ?? .array([]),
        ]
        for field in ["account", "amount", "currency", "reference"] {
            let top = record["candidates"]?[field]?.arrayValue?.first
            o[field] =
                top.map { t in
                    ["value": .string(BestValues.recordValue(t, field: field)), "confidence": t["confidence"] ?? 0]
                } ?? .null
        }
        if let message = record["error"]?["message"] { o["error"] = message }
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
                "page": .int(view["page"]?.int(in: 1...1_000_000) ?? index + 1),
                "size": PageGeometry.size(view).map { .box($0) } ?? .null,
                "rotation": .int(PageGeometry.rotation(view)), "deskew_degrees": .double(PageGeometry.deskew(view)),
            ]
            if index < pictures.count, let picture = pictures[index] {
                p["picture"] = ["path": .string(picture.path), "width": .int(picture.width), "height": .int(picture.height)]
            }
            pages.append(.object(p))
        }
        return [
            "id": .int(number), "source": .string(source), "doc": record["doc"] ?? .null,
            "state": .string(state.rawValue), "payment_expected": record["payment_expected"] ?? true,
            "no_payment_reasons": record["no_payment_reasons"] ?? .array([]),
            "profile": record["profile"] ?? .null, "warnings": record["warnings"] ?? .array([]),
            "error": record["error"] ?? .null, "best": record["best"] ?? .null,
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
            case .record(let record, _):
                // Page records are pp-extract's input, not its results: nothing to review in them.
                if record["kind"]?.stringValue == "page", !record.isErrorRecord { continue }
                entries.append(ReviewEntry(number: entries.count + 1, record: record))
            case .unreadable(let error, _):
                entries.append(ReviewEntry(number: entries.count + 1, unreadable: error, input: lines.name))
            }
        }
        return entries
    }
}
