// swift-tools-version:6.0
// The libFuzzer target, kept out of the main package (libFuzzer supplies `main`). Built and run
// by Fuzz/run.sh; see README ("Fuzzing").
import PackageDescription

let package = Package(
    name: "tablerender-fuzz",
    dependencies: [.package(name: "tablerender", path: "..")],
    targets: [
        .executableTarget(
            name: "tablerender-fuzz",
            dependencies: [.product(name: "TableRender", package: "tablerender"),
                           .product(name: "TableRenderReview", package: "tablerender")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
