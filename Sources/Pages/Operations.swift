import PPShared

/// Where pages go: a 1-based position of the result, or the end ("z").
public enum Position: Sendable, Equatable, CustomStringConvertible {
    case page(Int)
    case end

    public init?(_ text: String) {
        if text == "z" {
            self = .end
        } else if let n = Int(text), !text.hasPrefix("+") {
            self = .page(n)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .page(let n): "\(n)"
        case .end: "z"
        }
    }
}

/// One edit, applied to the page list as it stands after the edits before it.
public enum PageOperation: Sendable, Equatable {
    /// Remove the pages of the range.
    case delete(PageRange)
    /// Keep only the pages of the range, in their present order.
    case keep(PageRange)
    /// The new page list is the range, in range order; repeats are allowed.
    case order(PageRange)
    /// Take the range out and put it back so its first page lands at `to` of the result.
    case move(PageRange, to: Position)
    /// Insert pages of `file` (a PDF, all pages unless `range`; or an image: one page) so the first becomes page `at`.
    case insert(at: Position, file: String, range: PageRange?)
    /// Add `degrees` (a multiple of 90, may be negative) to the rotation of the range (all pages when nil).
    case rotate(degrees: Int, range: PageRange?)

    /// How the operation is spelt on the command line, for messages.
    public var label: String {
        switch self {
        case .delete(let r): "--delete \(r)"
        case .keep(let r): "--keep \(r)"
        case .order(let r): "--order \(r)"
        case .move(let r, let to): "--move \(r) --to \(to)"
        case .insert(.end, let file, let r): "--append \(file)\(r.map { ":\($0)" } ?? "")"
        case .insert(let at, let file, let r): "--insert-at \(at) \(file)\(r.map { ":\($0)" } ?? "")"
        case .rotate(let d, let r): "--rotate \(d)\(r.map { ":\($0)" } ?? "")"
        }
    }

    /// The file an operation reads, if any.
    public var file: String? {
        if case .insert(_, let file, _) = self { return file }
        return nil
    }
}

/// One page of the result: which document it comes from and how much to turn it.
public struct PlannedPage: Sendable, Equatable {
    /// 0 is the primary document; k > 0 is `EditPlan.files[k - 1]`.
    public var source: Int
    /// 1-based page number within its source.
    public var page: Int
    /// Degrees to add to the page's own rotation (0, 90, 180, 270).
    public var rotation: Int

    public init(source: Int, page: Int, rotation: Int = 0) {
        self.source = source
        self.page = page
        self.rotation = rotation
    }
}

/// The result of applying operations to page numbers only: validated before any PDF is built.
public struct EditPlan: Sendable, Equatable {
    public var pages: [PlannedPage]
    /// The inserted files in first-use order; `PlannedPage.source` k refers to files[k - 1].
    public var files: [String]

    /// Applies `operations` left to right to a document of `primaryPages` pages.
    ///
    /// `pageCount` answers how many pages an inserted file has (1 for an image); it throws
    /// when the file cannot be used. Any bad range, position or an empty result throws a
    /// `.record` error whose message starts with the operation that failed.
    public static func make(
        operations: [PageOperation], primaryPages: Int,
        pageCount: (String) throws(ToolError) -> Int
    ) throws(ToolError) -> EditPlan {
        var plan = EditPlan(pages: (1...max(primaryPages, 1)).map { PlannedPage(source: 0, page: $0) }, files: [])
        if primaryPages == 0 { plan.pages = [] }
        for op in operations {
            try plan.apply(op, pageCount: pageCount)
        }
        if plan.pages.isEmpty {
            throw ToolError(.record, code: "no_pages", "the result would have no pages; a PDF needs at least one")
        }
        return plan
    }

    mutating func apply(_ op: PageOperation, pageCount: (String) throws(ToolError) -> Int) throws(ToolError) {
        func fail(_ reason: String) -> ToolError {
            ToolError(.record, code: "bad_request", "\(op.label): \(reason)")
        }
        func select(_ range: PageRange, count: Int) throws(ToolError) -> [Int] {
            do {
                return try range.pages(count: count)
            } catch {
                throw fail(error.description)
            }
        }
        let count = pages.count
        switch op {
        case .delete(let range):
            let drop = Set(try select(range, count: count))
            pages = pages.enumerated().filter { !drop.contains($0.offset + 1) }.map(\.element)
        case .keep(let range):
            let keep = Set(try select(range, count: count))
            pages = pages.enumerated().filter { keep.contains($0.offset + 1) }.map(\.element)
        case .order(let range):
            pages = try select(range, count: count).map { pages[$0 - 1] }
        case .move(let range, let to):
            let picked = try select(range, count: count)
            let moving = Set(picked)
            guard moving.count == picked.count else { throw fail("a page is named twice; a page can only move once") }
            let rest = pages.enumerated().filter { !moving.contains($0.offset + 1) }.map(\.element)
            let last = rest.count + 1
            let at: Int
            switch to {
            case .end: at = last
            case .page(let n):
                guard n >= 1, n <= last else {
                    throw fail("--to \(n) is outside 1...\(last) (moving \(pagesText(picked.count)) of \(count))")
                }
                at = n
            }
            var result = rest
            result.insert(contentsOf: picked.map { pages[$0 - 1] }, at: at - 1)
            pages = result
        case .insert(let position, let file, let range):
            let at: Int
            switch position {
            case .end: at = count + 1
            case .page(let n):
                guard n >= 1, n <= count + 1 else { throw fail("position \(n) is outside 1...\(count + 1)") }
                at = n
            }
            let available: Int
            do {
                available = try pageCount(file)
            } catch {
                throw ToolError(error.kind, code: error.code, "\(op.label): \(error.message)")
            }
            let chosen: [Int]
            if let range {
                chosen = try select(range, count: available)
            } else {
                chosen = Array(1...max(available, 1))
                if available == 0 { throw fail("'\(file)' has no pages") }
            }
            let source: Int
            if let k = files.firstIndex(of: file) {
                source = k + 1
            } else {
                files.append(file)
                source = files.count
            }
            pages.insert(contentsOf: chosen.map { PlannedPage(source: source, page: $0) }, at: at - 1)
        case .rotate(let degrees, let range):
            guard degrees % 90 == 0 else { throw fail("\(degrees) is not a multiple of 90") }
            let turn = ((degrees % 360) + 360) % 360
            let chosen = range == nil ? Array(1...max(count, 1)) : try select(range!, count: count)
            if count == 0 { return }
            for n in Set(chosen) {
                pages[n - 1].rotation = (pages[n - 1].rotation + turn) % 360
            }
        }
    }
}
