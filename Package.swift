// swift-tools-version:6.0
import PackageDescription

/// For targets that call leptonica functions themselves (on a Pix lent by PixImage).
let linkLeptonica: [LinkerSetting] = [.linkedLibrary("lept")]

let package = Package(
    name: "pp",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pp-cardcheck", targets: ["pp-cardcheck"]),
        .executable(name: "pp-extract", targets: ["pp-extract"]),
        .executable(name: "pp-pages", targets: ["pp-pages"]),
        .executable(name: "pp-ingest", targets: ["pp-ingest"]),
        .executable(name: "pp-ocr", targets: ["pp-ocr"]),
        .executable(name: "pp-assets", targets: ["pp-assets"]),
    ],
    targets: [
        // The core every tool shares: JSON values, JSON Lines in and out, arguments, errors, parallel map.
        .target(name: "PPShared"),
        // The records the tools pass along as Swift types (page, document, candidate, best), decoded once where a
        // record comes in and encoded once where it goes out; members they do not know pass through as they came.
        .target(name: "Records", dependencies: ["PPShared"]),
        .testTarget(name: "RecordsTests", dependencies: ["Records", "PPShared"]),

        // pp-cardcheck: payment-card validation (pure Swift).
        .target(name: "CardCheck", dependencies: ["PPShared"]),
        .executableTarget(name: "pp-cardcheck", dependencies: ["CardCheck", "PPShared"]),

        // The one XML reader (libxml2: no network, no DTD, no entities) and what kind of e-invoice a document is:
        // pp-ingest recognises stand-alone and attached e-invoices with it, pp-extract reads their payment facts.
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "EInvoiceXML", dependencies: ["CLibXML2"]),
        .testTarget(name: "EInvoiceXMLTests", dependencies: ["EInvoiceXML"]),

        // pp-extract: ranked payment candidates from page records; profiles and per-language lexicons are data (Sources/Extract/Profiles, Lexicons).
        // PAY by square payment codes are LZMA-compressed: liblzma (xz-utils) decodes them.
        .systemLibrary(name: "CLZMA", path: "Sources/CLZMA", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"])]),
        // Label lexicons of 23 languages (their files are pp-extract's data, Sources/Extract/Lexicons), text folding
        // and the language detector: pp-extract's labels and pp-ocr's --lang auto, without pp-ocr importing Extract.
        .target(name: "Lexicons", dependencies: ["PPShared"]),
        .target(
            name: "Extract", dependencies: ["PPShared", "Records", "Lexicons", "CLZMA", "EInvoiceXML"],
            resources: [.copy("Profiles"), .copy("Lexicons"), .copy("Model")]),
        // pp-extract review: the results as a site to confirm in a browser, and as PNGs with the boxes drawn
        // (cairo; born-digital pages without a thumbnail rendered with poppler, other images read by leptonica).
        .target(
            name: "Review", dependencies: ["Extract", "PPShared", "Records", "CCairo", "PDFRender", "CLeptonica", "PixImage"],
            linkerSettings: linkLeptonica),
        .executableTarget(name: "pp-extract", dependencies: ["Extract", "Review", "PPShared"]),
        .testTarget(name: "ReviewTests", dependencies: ["Review", "Extract", "PPShared", "Records"]),
        .testTarget(
            name: "ExtractTests", dependencies: ["Extract", "Lexicons", "PPShared", "Records"], exclude: ["Fixtures", "Cases"]),
        // The one SHA-256 (GnuTLS's gnutls_hash: SHA instructions where the CPU has them): the `doc` key pp-ingest
        // and pp-pages give a document must agree byte for byte. (qpdf and poppler load GnuTLS anyway.)
        .systemLibrary(
            name: "CGnuTLS", path: "Sources/CGnuTLS", pkgConfig: "gnutls", providers: [.apt(["libgnutls28-dev"])]),
        .target(name: "Digest", dependencies: ["CGnuTLS"]),
        // The one reader of JPEG markers (size, components, resolution, EXIF orientation), no decoding.
        .target(name: "JPEGMarkers"),
        // pp-pages: edit a PDF's pages through libqpdf's C API; images other than JPEG through PixImage, which
        // binds leptonica only when one is inserted (Sources/PixImage/LeptonicaLibrary.swift).
        .systemLibrary(name: "CQPDF", path: "Sources/CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
        .target(name: "Pages", dependencies: ["PPShared", "Records", "CQPDF", "Digest", "JPEGMarkers", "PixImage"]),
        .executableTarget(name: "pp-pages", dependencies: ["Pages", "PPShared"]),
        .testTarget(name: "PagesTests", dependencies: ["Pages", "PPShared", "JPEGMarkers"]),

        // C libraries, reached through pkg-config.
        .systemLibrary(
            name: "CPoppler", path: "Sources/CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Leptonica's declarations only, no pkg-config and no link: PixImage binds the functions it calls at run
        // time (pp-pages must not map leptonica unless it decodes an image); targets that call leptonica on a
        // lent Pix themselves link it with `linkLeptonica`.
        .systemLibrary(name: "CLeptonica", path: "Sources/CLeptonica", providers: [.apt(["libleptonica-dev"])]),
        // The one owner of poppler-glib documents and pages and of cairo image surfaces, with the checking
        // funnels of both (GError, cairo_surface_status): pp-ingest and the review pictures render through it.
        .target(name: "PDFRender", dependencies: ["CPoppler", "CCairo"]),

        // zxing-cpp (Debian's libzxing-dev, C++ only) behind a small C face, for the payment codes on pages.
        .target(
            name: "CZXing", path: "Sources/CZXing", linkerSettings: [.linkedLibrary("ZXing")]),

        // The one reader of codes in images (zxing-cpp through CZXing, regions found and straightened with
        // leptonica): pp-ingest reads the pages' codes with it, pp-ocr the codes on the pages it straightened.
        .target(name: "CodeReading", dependencies: ["CZXing", "CLeptonica", "PixImage"], linkerSettings: linkLeptonica),

        // qpdf's C++ stream decoding behind a C face: a page's decoded content measured up to a bound, never held.
        .target(name: "CQPDFContent", path: "Sources/CQPDFContent", linkerSettings: [.linkedLibrary("qpdf")]),

        // pp-ingest: PDFs and images in, one page record per page (poppler-glib + cairo, leptonica, zxing-cpp;
        // libqpdf tells from a page's content stream whether it draws anything but text, to skip the code survey).
        // The leptonica image owner shared by pp-ingest, pp-ocr, pp-pages and the review pictures.
        .target(name: "PixImage", dependencies: ["CLeptonica", "JPEGMarkers", "PPShared"]),
        .testTarget(name: "PixImageTests", dependencies: ["PixImage", "CLeptonica"], linkerSettings: linkLeptonica),
        // E-mails (.eml, mbox) through GMime, ZIP archives through libarchive: their files become inputs of their own.
        .systemLibrary(
            name: "CGMime", path: "Sources/CGMime", pkgConfig: "gmime-3.0", providers: [.apt(["libgmime-3.0-dev"])]),
        .systemLibrary(
            name: "CArchive", path: "Sources/CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        .target(
            name: "Ingest",
            dependencies: [
                "PPShared", "Records", "CPoppler", "CCairo", "CLeptonica", "PixImage", "CodeReading", "CQPDF", "CQPDFContent",
                "EInvoiceXML", "CGMime", "CArchive", "Digest", "JPEGMarkers", "PDFRender",
            ], linkerSettings: linkLeptonica),
        .executableTarget(name: "pp-ingest", dependencies: ["Ingest", "PPShared"]),
        .testTarget(
            name: "IngestTests",
            dependencies: ["Ingest", "CodeReading", "PPShared", "Records", "Digest", "JPEGMarkers", "PDFRender", "PixImage"]),

        .systemLibrary(
            name: "CTesseract", path: "Sources/CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),

        // pp-ocr: Tesseract in-process, one engine per worker thread.
        // --lang auto tells a page's language with pp-extract's lexicons and LanguageDetector.
        .target(
            name: "OCR",
            dependencies: ["PPShared", "Records", "CTesseract", "CLeptonica", "PixImage", "Lexicons", "CodeReading"],
            linkerSettings: linkLeptonica),
        .executableTarget(name: "pp-ocr", dependencies: ["OCR", "PPShared"]),
        .testTarget(
            name: "OCRTests",
            dependencies: [
                "OCR", "Lexicons", "PPShared", "Records", "CLeptonica", "CTesseract", "PixImage", "JPEGMarkers", "CodeReading",
            ]),

        .testTarget(name: "PPSharedTests", dependencies: ["PPShared"]),
        .testTarget(name: "CardCheckTests", dependencies: ["CardCheck", "PPShared"]),
        // The fuzz targets' entries (Tests/FuzzTests/Entries, built with libFuzzer by fuzz/build.sh) replayed on
        // the crashes found and the hand seeds.
        .testTarget(
            name: "FuzzTests", dependencies: ["PPShared", "CardCheck", "Extract", "Lexicons", "Pages", "EInvoiceXML"],
            exclude: ["Regressions"]),
        // pp-assets: signed (Ed25519, minisign's format, libsodium) over-the-air asset sets, downloaded with libcurl
        // (GnuTLS flavour), hashed with GnuTLS's SHA-256.
        .systemLibrary(
            name: "CSodium", path: "Sources/CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-gnutls-dev"])]),
        .target(name: "Assets", dependencies: ["PPShared", "CSodium", "CCurl", "Digest"]),
        .executableTarget(name: "pp-assets", dependencies: ["Assets", "PPShared"]),
        .testTarget(name: "AssetsTests", dependencies: ["Assets", "PPShared", "Digest"], exclude: ["Server"]),
        // Runs the built tools on Tests/Golden/<tool>/<case>/ and compares bytes.
        .testTarget(name: "GoldenTests", dependencies: ["PPShared"]),
    ],
    cxxLanguageStandard: .cxx17
)
