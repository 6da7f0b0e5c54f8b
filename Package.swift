// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pp",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pp-cardcheck", targets: ["pp-cardcheck"])
    ],
    targets: [
        // The core every tool shares: JSON values, JSON Lines in and out, arguments, errors, parallel map.
        .target(name: "PPShared"),

        // pp-cardcheck: payment-card validation (pure Swift).
        .target(name: "CardCheck", dependencies: ["PPShared"]),
        .executableTarget(name: "pp-cardcheck", dependencies: ["CardCheck", "PPShared"]),

        .testTarget(name: "PPSharedTests", dependencies: ["PPShared"]),
        .testTarget(name: "CardCheckTests", dependencies: ["CardCheck", "PPShared"]),
        // Runs the built tools on Tests/Golden/<tool>/<case>/ and compares bytes.
        .testTarget(name: "GoldenTests", dependencies: ["PPShared"]),
    ]
)
