// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pp",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pp-cardcheck", targets: ["pp-cardcheck"]),
        .executable(name: "pp-extract", targets: ["pp-extract"]),
    ],
    targets: [
        // The core every tool shares: JSON values, JSON Lines in and out, arguments, errors, parallel map.
        .target(name: "PPShared"),

        // pp-cardcheck: payment-card validation (pure Swift).
        .target(name: "CardCheck", dependencies: ["PPShared"]),
        .executableTarget(name: "pp-cardcheck", dependencies: ["CardCheck", "PPShared"]),

        // pp-extract: ranked payment candidates from page records; profiles are data (Sources/Extract/Profiles).
        .target(name: "Extract", dependencies: ["PPShared"], resources: [.copy("Profiles")]),
        .executableTarget(name: "pp-extract", dependencies: ["Extract", "PPShared"]),
        .testTarget(name: "ExtractTests", dependencies: ["Extract", "PPShared"]),

        .testTarget(name: "PPSharedTests", dependencies: ["PPShared"]),
        .testTarget(name: "CardCheckTests", dependencies: ["CardCheck", "PPShared"]),
        // Runs the built tools on Tests/Golden/<tool>/<case>/ and compares bytes.
        .testTarget(name: "GoldenTests", dependencies: ["PPShared"]),
    ]
)
