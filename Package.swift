// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pp",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pp-cardcheck", targets: ["pp-cardcheck"]),
        .executable(name: "pp-ocr", targets: ["pp-ocr"]),
    ],
    targets: [
        // The core every tool shares: JSON values, JSON Lines in and out, arguments, errors, parallel map.
        .target(name: "PPShared"),

        // pp-cardcheck: payment-card validation (pure Swift).
        .target(name: "CardCheck", dependencies: ["PPShared"]),
        .executableTarget(name: "pp-cardcheck", dependencies: ["CardCheck", "PPShared"]),

        // C libraries, found through pkg-config (Debian: libleptonica-dev, libtesseract-dev).
        .systemLibrary(name: "CLeptonica", path: "Sources/CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CTesseract", path: "Sources/CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),

        // pp-ocr: Tesseract in-process, one engine per worker thread.
        .target(name: "OCR", dependencies: ["PPShared", "CTesseract", "CLeptonica"]),
        .executableTarget(name: "pp-ocr", dependencies: ["OCR", "PPShared"]),
        .testTarget(name: "OCRTests", dependencies: ["OCR", "PPShared", "CLeptonica"]),

        .testTarget(name: "PPSharedTests", dependencies: ["PPShared"]),
        .testTarget(name: "CardCheckTests", dependencies: ["CardCheck", "PPShared"]),
        // Runs the built tools on Tests/Golden/<tool>/<case>/ and compares bytes.
        .testTarget(name: "GoldenTests", dependencies: ["PPShared"]),
    ]
)
