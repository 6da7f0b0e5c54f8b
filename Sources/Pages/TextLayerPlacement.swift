import CQPDF
import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// Puts text layers under pages: each layer's page becomes a form XObject (its content stream copied as
/// it is, with its fonts), drawn by a content stream put before the page's own, so the scan's content and
/// images stay byte for byte what they were and the text lies under them. The page's own dictionaries
/// are not changed where other pages may share them: its /Resources and /XObject are copied (shallowly).
struct TextLayerPlacement {
    /// What was done: pages given a layer, pages left alone because they show text already (from 1).
    var layered: [Int] = []
    var skipped: [Int] = []
    /// The layers' documents: their streams are copied lazily, so they live until the result is written.
    var documents: [QPDFDocument] = []

    /// The edit record's members: "text_layers" (pages given one) and "text_layers_skipped" (pages
    /// that show text already), page numbers of the input.
    var members: [String: JSON] {
        ["text_layers": .array(layered.map { .int($0) }), "text_layers_skipped": .array(skipped.map { .int($0) })]
    }

    /// Each layer of `layers` under its page of `doc` (`pageCount` pages; inherited attributes pushed).
    init(_ layers: [PageTextLayer], into doc: QPDFDocument, pageCount: Int) throws(ToolError) {
        for layer in layers {
            guard (1...max(pageCount, 1)).contains(layer.page), pageCount > 0 else {
                throw ToolError(
                    .record, code: "bad_request",
                    "--searchable: a record names page \(layer.page), but '\(doc.name)' has \(pageCount) pages")
            }
            let page = doc.page(layer.page - 1)
            defer { doc.releaseAllHandles() }
            if Self.showsText(doc, page) {
                skipped.append(layer.page)
                continue
            }
            let source = try QPDFDocument(bytes: layer.pdf, name: "the text layer of page \(layer.page)")
            try Self.put(source, under: page, of: doc, layer: layer)
            documents.append(source)
            layered.append(layer.page)
        }
    }

    /// A page that uses a font in its resources, or in those of a form it draws, already has text.
    static func showsText(_ doc: QPDFDocument, _ page: qpdf_oh) -> Bool {
        var found = false
        // Forms nest: their own /Resources are looked at down to `formDepth` (the walk bounds the rest).
        doc.walk(from: [page], limit: 10_000) { object, depth in
            guard depth <= Self.formDepth, let resources = doc.key(object, "/Resources") else { return [] }
            if let fonts = doc.key(resources, "/Font"), !doc.keys(fonts).isEmpty {
                found = true
                return nil
            }
            guard let xobjects = doc.key(resources, "/XObject") else { return [] }
            return doc.keys(xobjects).compactMap { name in
                guard let x = doc.key(xobjects, name), let dict = doc.streamDictionary(x),
                    doc.name(doc.key(dict, "/Subtype")) == "/Form"
                else { return nil }
                return dict
            }
        }
        return found
    }

    static let formDepth = 6

    static func put(_ source: QPDFDocument, under page: qpdf_oh, of doc: QPDFDocument, layer: PageTextLayer)
        throws(ToolError)
    {
        let q = doc.handle
        try source.pushInheritedAttributes()
        guard try source.pageCount() == 1 else {
            throw ToolError(.record, code: "bad_request", "\(source.name) is not one page")
        }
        let layerPage = source.page(0)
        let box = source.items(source.key(layerPage, "/MediaBox")).compactMap { source.number($0) }
        guard box.count == 4, let contents = source.key(layerPage, "/Contents") else {
            throw ToolError(.record, code: "bad_request", "\(source.name) has no page box or content")
        }
        // The layer's content as a form: tesseract writes one content stream; any other shape is joined.
        let form: qpdf_oh
        if qpdf_oh_is_stream(source.handle, contents) != 0 {
            form = qpdf_oh_copy_foreign_object(q, source.handle, contents)
        } else {
            form = qpdf_oh_new_stream(q)
            var buffer: UnsafeMutablePointer<UInt8>?
            var length = 0
            _ = qpdf_oh_get_page_content_data(source.handle, layerPage, &buffer, &length)
            try source.check("read the text layer's content")
            qpdf_oh_replace_stream_data(q, form, buffer, length, doc.newNull(), doc.newNull())
            free(buffer)
        }
        try doc.check("copy the text layer of page \(layer.page)")
        let formDict = qpdf_oh_get_dict(q, form)
        doc.set(formDict, "/Type", doc.newName("/XObject"))
        doc.set(formDict, "/Subtype", doc.newName("/Form"))
        doc.set(formDict, "/BBox", try doc.parse("[\(box.map(PDFNumber.fixed).joined(separator: " "))]"))
        if let resources = source.key(layerPage, "/Resources") {
            doc.set(formDict, "/Resources", try doc.copy(resources, from: source))
        }
        try doc.check("copy the text layer's fonts")

        // The page's resources with the form added, as copies (another page may share the originals).
        let resources = doc.shallowCopy(doc.key(page, "/Resources"))
        let xobjects = doc.shallowCopy(doc.key(resources, "/XObject"))
        var name = "/PPTextLayer"
        var n = 1
        while doc.key(xobjects, name) != nil {
            n += 1
            name = "/PPTextLayer\(n)"
        }
        doc.set(xobjects, name, form)
        doc.set(resources, "/XObject", xobjects)
        doc.set(page, "/Resources", resources)

        let matrix = Self.matrix(layer, onto: PageBox(doc, page))
        let draw = "q \(matrix.map(PDFNumber.fixed).joined(separator: " ")) cm \(name) Do Q\n"
        let under = qpdf_oh_new_stream(q)
        let bytes = Array(draw.utf8)
        qpdf_oh_replace_stream_data(q, under, bytes, bytes.count, doc.newNull(), doc.newNull())
        let list = doc.newArray()
        doc.append(list, under)
        if let old = doc.key(page, "/Contents") {
            let items = qpdf_oh_is_array(q, old) != 0 ? doc.items(old) : [old]
            for item in items { doc.append(list, item) }
        }
        doc.set(page, "/Contents", list)
        try doc.check("put the text layer under page \(layer.page)")
    }

    /// The form's matrix: layer space -> the page as pp-ingest gave it (the record's matrix) -> this page's
    /// user space, by its crop box and /Rotate (the given page is the page as displayed, which is what
    /// pp-ingest renders).
    static func matrix(_ layer: PageTextLayer, onto box: PageBox) -> [Double] {
        let m = layer.matrix
        let (sx, sy) = (box.displayedWidth / layer.size[0], box.displayedHeight / layer.size[1])
        func map(_ x: Double, _ y: Double) -> (Double, Double) {
            let (gx, gy) = (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
            return box.userSpace(x: gx * sx, y: gy * sy)
        }
        let o = map(0, 0)
        let ex = map(1, 0)
        let ey = map(0, 1)
        return [ex.0 - o.0, ex.1 - o.1, ey.0 - o.0, ey.1 - o.1, o.0, o.1]
    }
}

extension QPDFDocument {
    /// The keys of a dictionary (qpdf_oh_begin_dict_key_iter), copied out.
    func keys(_ dict: qpdf_oh?) -> [String] {
        guard let dict, isDictionary(dict) else { return [] }
        var names: [String] = []
        qpdf_oh_begin_dict_key_iter(handle, dict)
        while qpdf_oh_dict_more_keys(handle) != 0 {
            guard let key = qpdf_oh_dict_next_key(handle) else { break }
            names.append(String(cString: key))
        }
        return names
    }

    /// `object` of `other` in this document: indirect objects by qpdf's foreign copy (with all they
    /// reach), direct dictionaries and arrays member by member (qpdf copies only indirect objects).
    func copy(_ object: qpdf_oh, from other: QPDFDocument, depth: Int = 0) throws(ToolError) -> qpdf_oh {
        let o = other.handle
        if qpdf_oh_is_indirect(o, object) != 0 { return qpdf_oh_copy_foreign_object(handle, o, object) }
        guard depth < 32 else { return newNull() }
        if other.isDictionary(object) {
            let dict = newDictionary()
            for key in other.keys(object) {
                if let value = other.key(object, key) { set(dict, key, try copy(value, from: other, depth: depth + 1)) }
            }
            return dict
        }
        if qpdf_oh_is_array(o, object) != 0 {
            let array = newArray()
            for item in other.items(object) { append(array, try copy(item, from: other, depth: depth + 1)) }
            return array
        }
        return try parse(String(cString: qpdf_oh_unparse_binary(o, object)))
    }

    /// A stream's dictionary; nil for any other object.
    func streamDictionary(_ object: qpdf_oh) -> qpdf_oh? {
        qpdf_oh_is_stream(handle, object) != 0 ? qpdf_oh_get_dict(handle, object) : nil
    }

    /// A new direct dictionary with the members of `dict` (none when it is absent or no dictionary).
    func shallowCopy(_ dict: qpdf_oh?) -> qpdf_oh {
        let copy = newDictionary()
        for key in keys(dict) { if let value = self.key(dict!, key) { set(copy, key, value) } }
        return copy
    }
}

/// A page's crop box (else media box) and its /Rotate, as viewers and poppler show the page.
struct PageBox {
    var x0 = 0.0
    var y0 = 0.0
    var x1 = 612.0
    var y1 = 792.0
    /// Clockwise quarter turns: 0...3.
    var quarters = 0

    init(x0: Double, y0: Double, x1: Double, y1: Double, quarters: Int) {
        (self.x0, self.y0, self.x1, self.y1, self.quarters) = (x0, y0, x1, y1, quarters)
    }

    init(_ doc: QPDFDocument, _ page: qpdf_oh) {
        for key in ["/MediaBox", "/CropBox"] {
            let v = doc.items(doc.key(page, key)).compactMap { doc.number($0) }
            if v.count == 4, v.allSatisfy(\.isFinite), v[0] != v[2], v[1] != v[3] {
                (x0, y0, x1, y1) = (min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3]))
            }
        }
        let rotate = doc.int(doc.key(page, "/Rotate"), in: -1_000_000...1_000_000) ?? 0
        quarters = rotate % 90 == 0 ? ((rotate / 90) % 4 + 4) % 4 : 0
    }

    var displayedWidth: Double { quarters % 2 == 0 ? x1 - x0 : y1 - y0 }
    var displayedHeight: Double { quarters % 2 == 0 ? y1 - y0 : x1 - x0 }

    /// A point of the displayed page (from its top left, y down) in the page's user space.
    func userSpace(x: Double, y: Double) -> (Double, Double) {
        switch quarters {
        case 1: (x0 + y, y0 + x)
        case 2: (x1 - x, y0 + y)
        case 3: (x1 - y, y1 - x)
        default: (x0 + x, y1 - y)
        }
    }
}
