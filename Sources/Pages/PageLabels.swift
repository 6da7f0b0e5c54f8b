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
    /// The label of every page (index 0-based), or nil when the document has no /PageLabels.
    static func read(_ doc: QPDFDocument, pageCount: Int) -> [PageLabel]? {
        guard let tree = doc.key(doc.root, "/PageLabels") else { return nil }
        var entries: [(start: Int, dict: qpdf_oh)] = []
        var nodes = [(tree, 0)]
        while let (node, depth) = nodes.popLast(), depth < 32, entries.count < 100_000 {
            let nums = doc.items(doc.key(node, "/Nums"))
            var k = 0
            while k + 1 < nums.count {
                if let start = doc.int(nums[k]) { entries.append((start, nums[k + 1])) }
                k += 2
            }
            for kid in doc.items(doc.key(node, "/Kids")) { nodes.append((kid, depth + 1)) }
        }
        entries.sort { $0.start < $1.start }
        var labels: [PageLabel] = []
        labels.reserveCapacity(pageCount)
        var e = -1
        for i in 0..<pageCount {
            while e + 1 < entries.count, entries[e + 1].start <= i { e += 1 }
            guard e >= 0 else {
                labels.append(PageLabel(style: "/D", prefix: nil, value: i + 1))
                continue
            }
            let dict = entries[e].dict
            let start = doc.int(doc.key(dict, "/St")) ?? 1
            labels.append(
                PageLabel(
                    style: doc.name(doc.key(dict, "/S")), prefix: doc.utf8(doc.key(dict, "/P")),
                    value: start + (i - entries[e].start)))
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
            let dict = doc.newDictionary()
            if let style = label.style { doc.set(dict, "/S", doc.newName(style)) }
            if let prefix = label.prefix { doc.set(dict, "/P", qpdf_oh_new_unicode_string(doc.handle, prefix)) }
            if label.value != 1 { doc.set(dict, "/St", doc.newInteger(label.value)) }
            doc.append(nums, doc.newInteger(i))
            doc.append(nums, dict)
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
        var stack: [qpdf_oh] = doc.key(outlines, "/First").map { [$0] } ?? []
        var visited: Set<Int> = []
        while let item = stack.popLast(), visited.count < 100_000 {
            let id = pageID(doc, item)
            if id != 0 {
                if visited.contains(id) { continue }
                visited.insert(id)
            }
            if let next = doc.key(item, "/Next") { stack.append(next) }
            if let first = doc.key(item, "/First") { stack.append(first) }
            if let dest = doc.key(item, "/Dest"), isDeadPage(doc, dest, pages) {
                doc.remove(item, "/Dest")
            }
            if let action = doc.key(item, "/A"), doc.name(doc.key(action, "/S")) == "/GoTo",
                let dest = doc.key(action, "/D"), isDeadPage(doc, dest, pages)
            {
                doc.remove(item, "/A")
            }
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
