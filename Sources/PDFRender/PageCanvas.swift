import CCairo
import CPoppler
import Glibc

// Renders of parts of a page, for comparing what the page shows with what its text layer says.
// Ownership: `PageCanvas` owns its mapped memory (mmap, munmap in deinit) and the cairo surface
// made on it (cairo_surface_destroy in deinit, before the memory goes). Not Sendable: one per thread.

/// A rectangle of device pixels, `x1` and `y1` excluded.
public struct PixelRect: Sendable, Equatable {
    public var x0, y0, x1, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
}

/// Anonymous mapped memory for canvases, kept from one canvas to the next (one per thread): the kernel
/// gives zero pages only where something is drawn, so a page-sized canvas drawn into a few word boxes
/// costs the memory of those boxes, not of the page (a calloc'd surface of an A4 page at 200 dpi clears
/// 15 MB first). Kept, the memory is faulted in once per thread instead of once per page: on samples/pdf a
/// fresh mapping per page faulted 4 KiB pages in by the thousand (0.34 s of system time; 0.18 s with the
/// kernel's 2 MiB huge pages, at 24 MB more peak memory), kept it costs 0.09 s with 4 KiB pages (huge
/// pages: 0.06 s, at 7 MB more).
public final class CanvasMemory {
    private var memory: UnsafeMutableRawPointer?
    private var length = 0

    /// The least mapping made (address space only: pages come as they are drawn on): an A4 page at 288 dpi,
    /// 4 bytes a pixel. Canvases grow from page to page (they span the words checked, at a resolution set by
    /// the smallest); each new mapping faulted its drawn pages in again (on samples/pdf 6 mappings, 4 to
    /// 27 MB, most of the run's page faults). A mapping grows to twice its size at least.
    static let leastReservation = 32 << 20

    public init() {}

    deinit { if let memory { munmap(memory, length) } }

    /// At least `bytes` of memory, mapped anew (and the old mapping dropped) when there is less; nil when
    /// the mapping fails. Valid until the next call.
    fileprivate func reserve(_ bytes: Int) -> UnsafeMutableRawPointer? {
        if let memory, bytes <= length { return memory }
        if let memory { munmap(memory, length) }
        memory = nil
        let wanted = max(bytes, 2 * length, Self.leastReservation)
        length = 0
        guard let mapped = mmap(nil, wanted, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { return nil }
        memory = mapped
        length = wanted
        return mapped
    }
}

/// An RGB24 canvas (cairo_image_surface_create_for_data) on a CanvasMemory. Pixels outside what was
/// drawn hold whatever an earlier canvas on the same memory left there: a reader reads only where it drew
/// (or clears first, `clear`).
public final class PageCanvas {
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let stride: Int
    public let surface: OpaquePointer
    private let memory: UnsafeMutableRawPointer
    /// Keeps the memory mapped while the canvas lives.
    private let owner: CanvasMemory

    /// cairo's largest image side.
    public static let maxSide = 32_767

    /// A canvas of `width` x `height` pixels on `memory` (a fresh one by default, all black), nil when too
    /// big for cairo or the mapping fails. An earlier canvas on the same memory must not be used again.
    public init?(width: Int, height: Int, memory owner: CanvasMemory = CanvasMemory()) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else { return nil }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        guard stride > 0, let mapped = owner.reserve(stride * height) else { return nil }
        let data = mapped.assumingMemoryBound(to: UInt8.self)
        guard
            let surface = cairo_image_surface_create_for_data(
                data, CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.surface = surface
        self.memory = mapped
        self.owner = owner
    }

    deinit { cairo_surface_destroy(surface) }

    /// Row `y` of pixels, each 0x00RRGGBB.
    public func row(_ y: Int) -> UnsafePointer<UInt32> {
        UnsafePointer(memory.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self))
    }

    /// Sets the pixels of `rects` (within the canvas) to 0, as on a fresh canvas.
    public func clear(_ rects: [PixelRect]) {
        for r in rects {
            let x0 = max(0, r.x0)
            let x1 = min(width, r.x1)
            guard x0 < x1 else { continue }
            for y in max(0, r.y0)..<max(max(0, r.y0), min(height, r.y1)) {
                memset(memory.advanced(by: y * stride + 4 * x0), 0, 4 * (x1 - x0))
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// A cairo context drawing only inside `clip` (painted white there first), with user space in page
    /// points at `scale` pixels per point and the canvas's (0, 0) at pixel `origin` of the page.
    fileprivate func context(scale: Double, origin: (x: Int, y: Int), clip: [PixelRect]) -> OpaquePointer? {
        guard let cr = cairo_create(surface) else { return nil }
        prepare(cr, scale: scale, origin: origin, clip: clip)
        return cr
    }

    /// Sets up `cr` (drawing on this canvas, or on an observer of it) as `context(scale:origin:clip:)` describes.
    fileprivate func prepare(_ cr: OpaquePointer, scale: Double, origin: (x: Int, y: Int), clip: [PixelRect]) {
        for r in clip where !r.isEmpty {
            cairo_rectangle(cr, Double(r.x0 - origin.x), Double(r.y0 - origin.y), Double(r.x1 - r.x0), Double(r.y1 - r.y0))
        }
        // Whole pixels: cairo keeps the clip as a region, with no mask of the canvas's size.
        cairo_clip(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_translate(cr, -Double(origin.x), -Double(origin.y))
        cairo_scale(cr, scale, scale)
    }
}

/// The action of an observer callback, kept alive while the observer may call it.
private final class Step {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
}

extension PDFPage {
    /// Renders the page as displayed (poppler_page_render) into `canvas`, only inside `clip` (pixels of
    /// the page at `scale` pixels per point); the canvas's (0, 0) is the page's pixel `origin`.
    public func render(into canvas: PageCanvas, scale: Double, origin: (x: Int, y: Int), clip: [PixelRect]) {
        guard let cr = canvas.context(scale: scale, origin: origin, clip: clip) else { return }
        poppler_page_render(handle, cr)
        cairo_destroy(cr)
        cairo_surface_flush(canvas.surface)
    }

    /// Renders the page as `render(into:…)` does, through a cairo observer surface
    /// (cairo_surface_create_observer) that calls `afterEach` after every operation that can put text on
    /// the canvas (glyphs, and the paint or mask that brings a transparency group back): what the canvas
    /// showed right after each piece of text was drawn. The observer is destroyed before this returns.
    public func render(
        into canvas: PageCanvas, scale: Double, origin: (x: Int, y: Int), clip: [PixelRect], afterEach: @escaping () -> Void
    ) {
        guard let observer = cairo_surface_create_observer(canvas.surface, CAIRO_SURFACE_OBSERVER_NORMAL) else { return }
        defer { cairo_surface_destroy(observer) }
        guard cairo_surface_status(observer) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(observer) else { return }
        let step = Unmanaged.passRetained(Step(afterEach))
        defer { step.release() }
        let call: cairo_surface_observer_callback_t = { _, target, data in
            guard let data else { return }
            cairo_surface_flush(target)
            Unmanaged<Step>.fromOpaque(data).takeUnretainedValue().action()
        }
        let data = step.toOpaque()
        cairo_surface_observer_add_paint_callback(observer, call, data)
        cairo_surface_observer_add_mask_callback(observer, call, data)
        cairo_surface_observer_add_glyphs_callback(observer, call, data)
        canvas.prepare(cr, scale: scale, origin: origin, clip: clip)
        poppler_page_render(handle, cr)
        cairo_destroy(cr)
        cairo_surface_flush(canvas.surface)
    }

    /// Draws the glyphs of the page's text layer alone, black on white (poppler_page_render_selection of
    /// the whole page): what each character's font draws where the text layer places it, whatever its
    /// colour, render mode or clip, and whatever is painted over it. Same geometry as `render(into:…)`.
    public func renderGlyphs(into canvas: PageCanvas, scale: Double, origin: (x: Int, y: Int), clip: [PixelRect]) {
        guard let cr = canvas.context(scale: scale, origin: origin, clip: clip) else { return }
        let (w, h) = size
        var all = PopplerRectangle(x1: 0, y1: 0, x2: w, y2: h)
        var black = PopplerColor(red: 0, green: 0, blue: 0)
        var white = PopplerColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF)
        poppler_page_render_selection(handle, cr, &all, nil, POPPLER_SELECTION_GLYPH, &black, &white)
        cairo_destroy(cr)
        cairo_surface_flush(canvas.surface)
    }
}
