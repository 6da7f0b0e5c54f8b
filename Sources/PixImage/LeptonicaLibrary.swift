import CLeptonica

#if canImport(Glibc)
    import Glibc
#endif

/// The leptonica functions the PixImage target calls, bound on first use (dlopen, dlsym) instead of linked.
///
/// Why: linking liblept maps it and its codecs (TIFF, WebP, OpenJPEG, GIF, PNG) into every run, about
/// 2.5 MB of resident memory, and pp-pages decodes an image only when a PNG, TIFF, … is inserted
/// (bench/pages holds its peak memory against qpdf's). pp-ingest, pp-ocr and pp-extract link leptonica
/// anyway (their own calls on a lent Pix, and tesseract): there the process's own copy is taken, so
/// one leptonica serves every call. The types are allheaders.h's (leptonica 1.82); CLeptonica supplies
/// the declarations only, its module map links nothing.
final class LeptonicaLibrary: Sendable {
    typealias PixPointer = UnsafeMutablePointer<Pix>
    typealias Int32Out = UnsafeMutablePointer<Int32>
    typealias CPath = UnsafePointer<CChar>
    typealias FilePointer = UnsafeMutablePointer<FILE>

    // Images: read, free, look at.
    let pixRead: @convention(c) (CPath?) -> PixPointer?
    let pixReadTiff: @convention(c) (CPath?, Int32) -> PixPointer?
    let pixDestroy: @convention(c) (UnsafeMutablePointer<PixPointer?>?) -> Void
    let pixGetWidth: @convention(c) (PixPointer?) -> Int32
    let pixGetHeight: @convention(c) (PixPointer?) -> Int32
    let pixGetDepth: @convention(c) (PixPointer?) -> Int32
    let pixGetSpp: @convention(c) (PixPointer?) -> Int32
    let pixGetWpl: @convention(c) (PixPointer?) -> Int32
    let pixGetXRes: @convention(c) (PixPointer?) -> Int32
    let pixGetYRes: @convention(c) (PixPointer?) -> Int32
    let pixGetData: @convention(c) (PixPointer?) -> UnsafeMutablePointer<UInt32>?
    let pixGetColormap: @convention(c) (PixPointer?) -> OpaquePointer?
    let pixSetResolution: @convention(c) (PixPointer?, Int32, Int32) -> Int32
    let pixSetZlibCompression: @convention(c) (PixPointer?, Int32) -> Int32
    let pixWrite: @convention(c) (CPath?, PixPointer?, Int32) -> Int32

    // Transforms: each returns a new Pix (or its `pixd` argument when given one).
    let pixRemoveColormap: @convention(c) (PixPointer?, Int32) -> PixPointer?
    let pixConvertTo8: @convention(c) (PixPointer?, Int32) -> PixPointer?
    let pixFlipLR: @convention(c) (PixPointer?, PixPointer?) -> PixPointer?
    let pixFlipTB: @convention(c) (PixPointer?, PixPointer?) -> PixPointer?
    let pixRotateOrth: @convention(c) (PixPointer?, Int32) -> PixPointer?
    let pixConvertTo32: @convention(c) (PixPointer?) -> PixPointer?
    let pixScale: @convention(c) (PixPointer?, Float, Float) -> PixPointer?
    let pixBackgroundNorm:
        @convention(c) (PixPointer?, PixPointer?, PixPointer?, Int32, Int32, Int32, Int32, Int32, Int32, Int32) -> PixPointer?
    let pixClipRectangle:
        @convention(c) (PixPointer?, UnsafeMutablePointer<Box>?, UnsafeMutablePointer<UnsafeMutablePointer<Box>?>?) ->
            PixPointer?
    let pixProjectivePta:
        @convention(c) (PixPointer?, UnsafeMutablePointer<Pta>?, UnsafeMutablePointer<Pta>?, Int32) ->
            PixPointer?

    // Point arrays (the projective transform's corners).
    let ptaCreate: @convention(c) (Int32) -> UnsafeMutablePointer<Pta>?
    let ptaDestroy: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<Pta>?>?) -> Void
    let ptaAddPt: @convention(c) (UnsafeMutablePointer<Pta>?, Float, Float) -> Int32

    // Encoding to memory (a straightened photo becomes a JPEG page again).
    let pixWriteMemJpeg:
        @convention(c) (
            UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int>?, PixPointer?, Int32, Int32
        )
            -> Int32
    let leptFree: @convention(c) (UnsafeMutableRawPointer?) -> Void

    // Boxes and connected components.
    let boxCreate: @convention(c) (Int32, Int32, Int32, Int32) -> UnsafeMutablePointer<Box>?
    let boxDestroy: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<Box>?>?) -> Void
    let pixConnCompBB: @convention(c) (PixPointer?, Int32) -> UnsafeMutablePointer<Boxa>?
    let boxaDestroy: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<Boxa>?>?) -> Void
    let boxaGetCount: @convention(c) (UnsafeMutablePointer<Boxa>?) -> Int32
    let boxaGetBoxGeometry:
        @convention(c) (UnsafeMutablePointer<Boxa>?, Int32, Int32Out?, Int32Out?, Int32Out?, Int32Out?) -> Int32
    let pixCountPixelsInRect: @convention(c) (PixPointer?, UnsafeMutablePointer<Box>?, Int32Out?, Int32Out?) -> Int32
    let pixClearInRect: @convention(c) (PixPointer?, UnsafeMutablePointer<Box>?) -> Int32
    let boxGetGeometry: @convention(c) (UnsafeMutablePointer<Box>?, Int32Out?, Int32Out?, Int32Out?, Int32Out?) -> Int32
    let pixClipBoxToForeground:
        @convention(c) (
            PixPointer?, UnsafeMutablePointer<Box>?, UnsafeMutablePointer<PixPointer?>?,
            UnsafeMutablePointer<UnsafeMutablePointer<Box>?>?
        ) -> Int32

    // Headers, without decoding.
    let pixReadHeader: @convention(c) (CPath?, Int32Out?, Int32Out?, Int32Out?, Int32Out?, Int32Out?, Int32Out?) -> Int32
    let readHeaderTiff:
        @convention(c) (CPath?, Int32, Int32Out?, Int32Out?, Int32Out?, Int32Out?, Int32Out?, Int32Out?, Int32Out?) ->
            Int32
    let fopenReadStream: @convention(c) (CPath?) -> FilePointer?
    let findFileFormatStream: @convention(c) (FilePointer?, Int32Out?) -> Int32
    let fgetJpegResolution: @convention(c) (FilePointer?, Int32Out?, Int32Out?) -> Int32
    let fgetPngResolution: @convention(c) (FilePointer?, Int32Out?, Int32Out?) -> Int32
    let getTiffResolution: @convention(c) (FilePointer?, Int32Out?, Int32Out?) -> Int32
    let tiffGetCount: @convention(c) (FilePointer?, Int32Out?) -> Int32

    let setMsgSeverity: @convention(c) (Int32) -> Int32

    /// Leptonica, bound once per process; nil when it is not installed (or lacks one of the functions).
    static let shared: LeptonicaLibrary? = {
        // Already in the process (linked by the tool or by tesseract): take that copy.
        if let process = dlopen(nil, RTLD_NOW), dlsym(process, "pixDestroy") != nil {
            return try? LeptonicaLibrary(handle: process)
        }
        // Debian 12 ships liblept.so.5; later leptonica releases are named libleptonica.
        for name in ["liblept.so.5", "libleptonica.so.6", "liblept.so", "libleptonica.so"] {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return try? LeptonicaLibrary(handle: handle) }
        }
        return nil
    }()

    private struct MissingFunction: Error {}

    private init(handle: UnsafeMutableRawPointer) throws {
        func bind<Function>(_ name: String) throws -> Function {
            guard let address = dlsym(handle, name) else { throw MissingFunction() }
            return unsafeBitCast(address, to: Function.self)
        }
        pixRead = try bind("pixRead")
        pixReadTiff = try bind("pixReadTiff")
        pixDestroy = try bind("pixDestroy")
        pixGetWidth = try bind("pixGetWidth")
        pixGetHeight = try bind("pixGetHeight")
        pixGetDepth = try bind("pixGetDepth")
        pixGetSpp = try bind("pixGetSpp")
        pixGetWpl = try bind("pixGetWpl")
        pixGetXRes = try bind("pixGetXRes")
        pixGetYRes = try bind("pixGetYRes")
        pixGetData = try bind("pixGetData")
        pixGetColormap = try bind("pixGetColormap")
        pixSetResolution = try bind("pixSetResolution")
        pixSetZlibCompression = try bind("pixSetZlibCompression")
        pixWrite = try bind("pixWrite")
        pixRemoveColormap = try bind("pixRemoveColormap")
        pixConvertTo8 = try bind("pixConvertTo8")
        pixFlipLR = try bind("pixFlipLR")
        pixFlipTB = try bind("pixFlipTB")
        pixRotateOrth = try bind("pixRotateOrth")
        pixConvertTo32 = try bind("pixConvertTo32")
        pixScale = try bind("pixScale")
        pixBackgroundNorm = try bind("pixBackgroundNorm")
        pixClipRectangle = try bind("pixClipRectangle")
        pixProjectivePta = try bind("pixProjectivePta")
        ptaCreate = try bind("ptaCreate")
        ptaDestroy = try bind("ptaDestroy")
        ptaAddPt = try bind("ptaAddPt")
        pixWriteMemJpeg = try bind("pixWriteMemJpeg")
        leptFree = try bind("lept_free")
        boxCreate = try bind("boxCreate")
        boxDestroy = try bind("boxDestroy")
        pixConnCompBB = try bind("pixConnCompBB")
        boxaDestroy = try bind("boxaDestroy")
        boxaGetCount = try bind("boxaGetCount")
        boxaGetBoxGeometry = try bind("boxaGetBoxGeometry")
        pixCountPixelsInRect = try bind("pixCountPixelsInRect")
        pixClearInRect = try bind("pixClearInRect")
        boxGetGeometry = try bind("boxGetGeometry")
        pixClipBoxToForeground = try bind("pixClipBoxToForeground")
        pixReadHeader = try bind("pixReadHeader")
        readHeaderTiff = try bind("readHeaderTiff")
        fopenReadStream = try bind("fopenReadStream")
        findFileFormatStream = try bind("findFileFormatStream")
        fgetJpegResolution = try bind("fgetJpegResolution")
        fgetPngResolution = try bind("fgetPngResolution")
        getTiffResolution = try bind("getTiffResolution")
        tiffGetCount = try bind("tiffGetCount")
        setMsgSeverity = try bind("setMsgSeverity")
    }
}
