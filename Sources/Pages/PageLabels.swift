import CQPDF
import PPShared

/// A page's label as the /PageLabels number tree defines it: style, prefix, number.
struct PageLabel: Equatable {
    /// /D, /R, /r, /A, /a, or nil (prefix only).
    var style: String?
    var prefix: String?
    var value: Int

    /// Whether `next` continues this label's numbering on the following page.
    func continues(to next: PageLabel) -> Bool {
        next.style == style && next.prefix == prefix && next.value == value + 1
    }
}

/// Page labels survive an edit: each page keeps the label it had in its own document
/// (pages from an unlabelled document are numbered by their position in the result).
enum PageLabels {
    /// Where a range of labels may start (a page index) and the first number it may give (/St is 1 or
    /// more): a start or number outside is ignored, as if absent, so numbering never overflows.
    static let pageIndices = 0...Int(Int32.max)
    static let labelValues = 1...Int(Int32.max)

    /// The label of every page (index 0-based), or nil when the document has no /PageLabels.
    static func read(_ doc: QPDFDocument, pageCount: Int) -> [PageLabel]? {
        guard let tree = doc.key(doc.root, "/PageLabels") else { return nil }
        var entries: [(start: Int, dict: qpdf_oh)] = []
        var nodes = [(tree, 0)]
        while let (node, depth) = nodes.popLast(), depth < 32, entries.count < 100_000 {
            let nums = doc.items(doc.key(node, "/Nums"))
            var k = 0
            while k + 1 < nums.count {
                if let start = doc.int(nums[k], in: pageIndices) { entries.append((start, nums[k + 1])) }
                k += 2
            }
            for kid in doc.items(doc.key(node, "/Kids")) { nodes.append((kid, depth + 1)) }
        }
        entries.sort { $0.start < $1.start }
        // Read each entry once, then number the pages from it.
        let ranges = entries.map { entry in
            (
                start: entry.start, style: doc.name(doc.key(entry.dict, "/S")),
                prefix: doc.utf8(doc.key(entry.dict, "/P")), first: doc.int(doc.key(entry.dict, "/St"), in: labelValues) ?? 1
            )
        }
        var labels: [PageLabel] = []
        labels.reserveCapacity(pageCount)
        var e = -1
        for i in 0..<pageCount {
            while e + 1 < ranges.count, ranges[e + 1].start <= i { e += 1 }
            guard e >= 0 else {
                labels.append(PageLabel(style: "/D", prefix: nil, value: i + 1))
                continue
            }
            let r = ranges[e]
            labels.append(PageLabel(style: r.style, prefix: r.prefix, value: r.first + (i - r.start)))
        }
        return labels
    }

    /// Replaces the document's /PageLabels with one that gives every planned page its old label.
    static func write(plan: EditPlan, labels: [Int: [PageLabel]], into doc: QPDFDocument) throws(ToolError) {
        let nums = doc.newArray()
        var previous: PageLabel?
        for (i, planned) in plan.pages.enumerated() {
            let label = labels[planned.source]?[planned.page - 1] ?? PageLabel(style: "/D", prefix: nil, value: i + 1)
            defer { previous = label }
            if let previous, previous.continues(to: label) { continue }
            // Handles are released at once: with one label per page (a reversed book) there are thousands.
            var made: [qpdf_oh] = []
            func keep(_ oh: qpdf_oh) -> qpdf_oh {
                made.append(oh)
                return oh
            }
            let dict = keep(doc.newDictionary())
            if let style = label.style { doc.set(dict, "/S", keep(doc.newName(style))) }
            if let prefix = label.prefix { doc.set(dict, "/P", keep(qpdf_oh_new_unicode_string(doc.handle, prefix))) }
            if label.value != 1 { doc.set(dict, "/St", keep(doc.newInteger(label.value))) }
            doc.append(nums, keep(doc.newInteger(i)))
            doc.append(nums, dict)
            for oh in made { doc.release(oh) }
        }
        let tree = doc.newDictionary()
        doc.set(tree, "/Nums", nums)
        doc.set(doc.root, "/PageLabels", tree)
        try doc.check("write the page labels")
    }
}

/// Outline items (bookmarks) survive; one whose page was deleted loses its destination
/// instead of pointing at a page that is no longer in the document.
enum Outlines {
    static func dropDestinations(in doc: QPDFDocument, keeping pages: Set<Int>) {
        guard let outlines = doc.key(doc.root, "/Outlines") else { return }
        doc.walk(from: doc.key(outlines, "/First").map { [$0] } ?? []) { item, _ in
            if let dest = doc.key(item, "/Dest"), isDeadPage(doc, dest, pages) {
                doc.remove(item, "/Dest")
            }
            if let action = doc.key(item, "/A"), doc.name(doc.key(action, "/S")) == "/GoTo",
                let dest = doc.key(action, "/D"), isDeadPage(doc, dest, pages)
            {
                doc.remove(item, "/A")
            }
            return [doc.key(item, "/Next"), doc.key(item, "/First")].compactMap { $0 }
        }
    }

    /// An explicit destination [page /XYZ ...] whose page is not in the result.
    private static func isDeadPage(_ doc: QPDFDocument, _ dest: qpdf_oh, _ pages: Set<Int>) -> Bool {
        guard let target = doc.items(dest).first, doc.isDictionary(target),
            qpdf_oh_is_indirect(doc.handle, target) != 0
        else { return false }
        return !pages.contains(pageID(doc, target))
    }
}

/// Form fields survive; a field whose widgets all sat on deleted pages leaves /AcroForm /Fields,
/// so the deleted pages are not kept alive (and written) through it.
enum FormFields {
    /// Steps of the walks over all fields (`QPDFDocument.walk`); fields past it are kept as they are.
    static let walkBudget = 100_000

    static func dropFields(in doc: QPDFDocument, keeping pages: Set<Int>) {
        guard let form = doc.key(doc.root, "/AcroForm"), let fields = doc.key(form, "/Fields") else { return }
        let items = doc.items(fields)
        var drop: [Int32] = []
        var budget = walkBudget
        var known: [Int: Bool] = [:]  // whether a field (by object) goes: a field named again is not walked again
        for (index, field) in items.enumerated() where budget > 0 {
            let id = pageID(doc, field)
            if id != 0, let goes = known[id] {
                if goes { drop.append(Int32(index)) }
                continue
            }
            // The pages its widgets sit on: the field itself (merged widget) and its kids, two levels deep.
            var onPages: [Int] = []
            budget -= doc.walk(from: [field], limit: budget) { node, depth in
                if let page = doc.key(node, "/P"), qpdf_oh_is_indirect(doc.handle, page) != 0 {
                    onPages.append(pageID(doc, page))
                }
                return depth < 2 ? doc.items(doc.key(node, "/Kids")) : []
            }
            let goes = !onPages.isEmpty && onPages.allSatisfy { !pages.contains($0) }
            if id != 0 { known[id] = goes }
            if goes { drop.append(Int32(index)) }
        }
        for index in drop.reversed() { qpdf_oh_erase_item(doc.handle, fields, index) }
    }
}

/// Links survive; a link annotation that jumps to a deleted page is removed from its page, so the
/// deleted page is not kept alive (and written) through it.
enum Links {
    /// Releases every object handle of `doc` as it goes: call it when no handle is held.
    static func dropDeadLinks(in doc: QPDFDocument, pageCount: Int, keeping pages: Set<Int>) {
        for i in 0..<pageCount {
            defer { doc.releaseAllHandles() }
            let page = doc.page(i)
            guard let annots = doc.key(page, "/Annots") else { continue }
            let items = doc.items(annots)
            var dead: [Int32] = []
            for (k, annot) in items.enumerated() where doc.name(doc.key(annot, "/Subtype")) == "/Link" {
                var target = doc.key(annot, "/Dest")
                if target == nil, let action = doc.key(annot, "/A"), doc.name(doc.key(action, "/S")) == "/GoTo" {
                    target = doc.key(action, "/D")
                }
                if let target, let first = doc.items(target).first, doc.isDictionary(first),
                    qpdf_oh_is_indirect(doc.handle, first) != 0, !pages.contains(pageID(doc, first))
                {
                    dead.append(Int32(k))
                }
            }
            for k in dead.reversed() { qpdf_oh_erase_item(doc.handle, annots, k) }
        }
    }
}

/// Whether the document carries a digital signature (/SigFlags bit 1, or a filled /Sig field).
func isSigned(_ doc: QPDFDocument) -> Bool {
    guard let form = doc.key(doc.root, "/AcroForm") else { return false }
    if let flags = doc.int(doc.key(form, "/SigFlags")), flags & 1 != 0 { return true }
    var signed = false
    doc.walk(from: doc.items(doc.key(form, "/Fields"))) { field, _ in
        signed = doc.name(doc.key(field, "/FT")) == "/Sig" && doc.key(field, "/V") != nil
        return signed ? nil : doc.items(doc.key(field, "/Kids"))
    }
    return signed
}
