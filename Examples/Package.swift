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
        // App code in Swift 5 language mode, as most iOS app code is built today and as
        // docs/swift.md tells a team to build it: a view controller's
        // `DispatchQueue.main.asyncAfter { self... }` (the pull-to-refresh port) compiles there.
        .target(name: "ArticlePorts", dependencies: [.product(name: "TableRenderQuartz", package: "tablerender")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "ArticlePortsTests", dependencies: [
            "ArticlePorts",
            .product(name: "TableRenderQuartz", package: "tablerender"),
            .product(name: "TableRenderTesting", package: "tablerender"),
            .product(name: "TableRenderReview", package: "tablerender"),
            .product(name: "TableRenderSnapshotTesting", package: "tablerender"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)
