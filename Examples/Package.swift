// swift-tools-version:6.0
import PackageDescription

// The articles' animation code ported to Swift on TableRenderQuartz, line for line (the only
// changes: how cells are obtained, and Objective-C written in Swift). Each port's test renders
// it and compares its frames with the shipped JSON scene's.
let package = Package(
    name: "ArticlePorts",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ArticlePorts", targets: ["ArticlePorts"]),
    ],
    dependencies: [
        .package(name: "tablerender", path: ".."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // App code in Swift 6 language mode, as a new iOS target is built today: UIKit is
        // main-actor isolated here as on iOS, so a view controller's
        // `DispatchQueue.main.asyncAfter { self... }` (the pull-to-refresh port) compiles as written.
        .target(name: "ArticlePorts", dependencies: [.product(name: "TableRenderQuartz", package: "tablerender")]),
        .testTarget(name: "ArticlePortsTests", dependencies: [
            "ArticlePorts",
            .product(name: "TableRenderQuartz", package: "tablerender"),
            .product(name: "TableRenderTesting", package: "tablerender"),
            .product(name: "TableRenderReview", package: "tablerender"),
            .product(name: "TableRenderSnapshotTesting", package: "tablerender"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"],
        // XCTest cases in Swift 5 mode call the main-actor UIKit from their nonisolated test
        // methods, as Swift 5 tests of iOS code do (on Linux, SwiftPM's test discovery cannot run
        // an XCTestCase marked `@MainActor`; see docs/swift.md for Swift 6 tests).
        swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
