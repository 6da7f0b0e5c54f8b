import PPShared

#if canImport(Glibc)
    import Glibc
#endif

/// Leptonica, loaded on first use with dlopen instead of linked.
///
/// Why: linking liblept loads it and its codecs (TIFF, WebP, OpenJPEG, GIF, PNG) into every run,
/// about 2.5 MB of resident memory, while most edits never decode an image (JPEGs are embedded
/// without decoding). bench/pages holds pp-pages to within 1.2x of qpdf's peak memory, so the
/// library is only mapped when a PNG, TIFF, ... is inserted. The signatures below are leptonica's
/// (allheaders.h, 1.82); `PIX *` is handled as an opaque pointer and read only through accessors.
struct Leptonica {
    typealias Pix = OpaquePointer
    let pixRead: @convention(c) (UnsafePointer<CChar>) -> Pix?
    let pixDestroy: @convention(c) (UnsafeMutablePointer<Pix?>) -> Void
    let pixGetDepth: @convention(c) (Pix) -> Int32
    let pixGetWidth: @convention(c) (Pix) -> Int32
    let pixGetHeight: @convention(c) (Pix) -> Int32
    let pixGetWpl: @convention(c) (Pix) -> Int32
    let pixGetSpp: @convention(c) (Pix) -> Int32
    let pixGetXRes: @convention(c) (Pix) -> Int32
    let pixGetYRes: @convention(c) (Pix) -> Int32
    let pixGetData: @convention(c) (Pix) -> UnsafeMutablePointer<UInt32>?
    let pixGetColormap: @convention(c) (Pix) -> OpaquePointer?
    let pixRemoveColormap: @convention(c) (Pix, Int32) -> Pix?
    let pixConvertTo8: @convention(c) (Pix, Int32) -> Pix?
    let setMsgSeverity: @convention(c) (Int32) -> Int32
    let pixReadTiff: @convention(c) (UnsafePointer<CChar>, Int32) -> Pix?
    let tiffGetCount: @convention(c) (UnsafeMutablePointer<FILE>, UnsafeMutablePointer<Int32>) -> Int32

    /// pix.h: REMOVE_CMAP_BASED_ON_SRC; environ.h: L_SEVERITY_NONE.
    static let removeColormapBasedOnSource: Int32 = 4
    static let severityNone: Int32 = 6

    /// Opens the library (Debian 12: liblept.so.5); nil when it is not installed.
    static func load() -> Leptonica? {
        var handle: UnsafeMutableRawPointer?
        for name in ["liblept.so.5", "liblept.so", "libleptonica.so.6", "libleptonica.so"] {
            handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)
            if handle != nil { break }
        }
        guard let handle else { return nil }
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            guard let address = dlsym(handle, name) else { return nil }
            return unsafeBitCast(address, to: T.self)
        }
        guard let pixRead = symbol("pixRead", (@convention(c) (UnsafePointer<CChar>) -> Pix?).self),
            let pixDestroy = symbol("pixDestroy", (@convention(c) (UnsafeMutablePointer<Pix?>) -> Void).self),
            let pixGetDepth = symbol("pixGetDepth", (@convention(c) (Pix) -> Int32).self),
            let pixGetWidth = symbol("pixGetWidth", (@convention(c) (Pix) -> Int32).self),
            let pixGetHeight = symbol("pixGetHeight", (@convention(c) (Pix) -> Int32).self),
            let pixGetWpl = symbol("pixGetWpl", (@convention(c) (Pix) -> Int32).self),
            let pixGetSpp = symbol("pixGetSpp", (@convention(c) (Pix) -> Int32).self),
            let pixGetXRes = symbol("pixGetXRes", (@convention(c) (Pix) -> Int32).self),
            let pixGetYRes = symbol("pixGetYRes", (@convention(c) (Pix) -> Int32).self),
            let pixGetData = symbol("pixGetData", (@convention(c) (Pix) -> UnsafeMutablePointer<UInt32>?).self),
            let pixGetColormap = symbol("pixGetColormap", (@convention(c) (Pix) -> OpaquePointer?).self),
            let pixRemoveColormap = symbol("pixRemoveColormap", (@convention(c) (Pix, Int32) -> Pix?).self),
            let pixConvertTo8 = symbol("pixConvertTo8", (@convention(c) (Pix, Int32) -> Pix?).self),
            let setMsgSeverity = symbol("setMsgSeverity", (@convention(c) (Int32) -> Int32).self),
            let pixReadTiff = symbol("pixReadTiff", (@convention(c) (UnsafePointer<CChar>, Int32) -> Pix?).self),
            let tiffGetCount = symbol(
                "tiffGetCount", (@convention(c) (UnsafeMutablePointer<FILE>, UnsafeMutablePointer<Int32>) -> Int32).self)
        else { return nil }
        return Leptonica(
            pixRead: pixRead, pixDestroy: pixDestroy, pixGetDepth: pixGetDepth, pixGetWidth: pixGetWidth,
            pixGetHeight: pixGetHeight, pixGetWpl: pixGetWpl, pixGetSpp: pixGetSpp, pixGetXRes: pixGetXRes,
            pixGetYRes: pixGetYRes, pixGetData: pixGetData, pixGetColormap: pixGetColormap,
            pixRemoveColormap: pixRemoveColormap, pixConvertTo8: pixConvertTo8, setMsgSeverity: setMsgSeverity,
            pixReadTiff: pixReadTiff, tiffGetCount: tiffGetCount)
    }
}
