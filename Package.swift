// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tablerender",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tablerender", targets: ["tablerender"]),
        .library(name: "TableRender", targets: ["TableRender"]),
        .library(name: "TableRenderReview", targets: ["TableRenderReview"]),
        .library(name: "TableRenderQuartz", targets: ["TableRenderQuartz"]),
        .library(name: "TableRenderTesting", targets: ["TableRenderTesting"]),
        .library(name: "TableRenderSnapshotTesting", targets: ["TableRenderSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (DocC) for the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Snapshot strategies for pointfreeco's swift-snapshot-testing (only the product
        // TableRenderSnapshotTesting links it; its SnapshotTesting target has no dependencies).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // Points, rects, CATransform3D and the project's own deterministic maths.
        .target(name: "Geometry"),
        // JSON text: the value, the strict parser (RFC 8259, key order kept, errors with line and
        // column) and the one writer every JSON file and line goes through.
        .target(name: "JSONText"),
        // The presentation layer tree: what the simulation stage hands compositing for one
        // time (matrices, colours, contents), and the value vocabulary scenes share with it.
        .target(name: "LayerTree", dependencies: ["Geometry"]),
        // The scene as typed values: layers, animations, the table and its timeline, the property
        // table, and the checks on the model (binding, index paths, budgets, warnings).
        .target(name: "SceneModel", dependencies: ["Geometry", "LayerTree", "JSONText"]),
        // The scene model as JSON (issue 50): the decoder (JSONText parses the text), the encoder,
        // the reference tables and the JSON Schema of the format, schema/scene.schema.json
        // (Resources/ holds a link to it), compiled in for `tablerender schema`.
        .target(name: "SceneJSON", dependencies: ["SceneModel", "JSONText", "Geometry", "LayerTree"], resources: [.embedInCode("Resources/scene.schema.json")]),
        // Timing functions and animation evaluation: the presentation tree at time t.
        .target(name: "Simulation", dependencies: ["Geometry", "LayerTree", "SceneModel"]),
        // The table (issue 50): layout (windows of the rows a frame shows), updates with every
        // row animation, scrolling physics, swipe, editing, reorder, self-sizing and the bars.
        .target(name: "TableEngine", dependencies: ["Geometry", "LayerTree", "SceneModel", "Simulation"]),
        // The draw list: what a frame draws, in device pixels (paths, paints, scopes), written by
        // Compositing and run by Raster's executor. Data and its text form only.
        .target(name: "DrawList", dependencies: ["Geometry"]),
        // Raster's per-pixel row loops in C: the piece accumulation's and the image sampler's lanes
        // in AVX2 where the processor has it, the blends and the box blur in SSE2 (same bits as
        // their Swift twins; notes/design.md).
        .target(name: "CPieceLanes"),
        // Pixmaps, exact-area coverage, paints, blending, blur. Knows nothing of layers or time.
        .target(name: "Raster", dependencies: ["Geometry", "DrawList", "CPieceLanes", "JSONText"]),
        // Layer tree to device-space draw list (4x4 chain, near-plane clipping, sorting).
        .target(name: "Compositing", dependencies: ["Geometry", "LayerTree", "DrawList", "Text"]),
        // libpng and zlib as a system library; the shim owns the only setjmp.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        .target(name: "CPNGShim", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "PNGCodec", dependencies: ["CPNGShim"]),
        // SHA-256 of files and pixels (OpenSSL), for manifests, sums and verify.
        .target(name: "CSHA256", linkerSettings: [.linkedLibrary("crypto")]),
        .target(name: "Hashing", dependencies: ["CSHA256"]),
        // FreeType (outlines, unhinted, font units) and HarfBuzz (shaping) behind a C shim.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // FriBidi (the Unicode bidirectional algorithm) and ICU's line break iterator (UAX #14;
        // libunibreak 1.1, Debian 12's, aborts on emoji modifiers).
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .target(name: "CFontShim", dependencies: ["CFreeType", "CHarfBuzz", "CFriBidi", "CICU"]),
        // Fonts (with a fallback cascade), bidi, line breaking, shaping and UILabel-style layout into
        // glyph outlines and colour glyph bitmaps.
        .target(name: "Text", dependencies: ["CFontShim", "Geometry", "LayerTree"]),
        // The facade: scene to frames on disk.
        .target(name: "TableRender", dependencies: ["Geometry", "LayerTree", "JSONText", "SceneModel", "SceneJSON", "Simulation", "TableEngine", "Raster", "Compositing", "PNGCodec", "Hashing", "Text"]),
        // The workflow around the frames: verify against a golden and its report, merge of shards,
        // video and contact sheet previews (the facade above is the render pipeline only).
        .target(name: "TableRenderReview", dependencies: ["TableRender", "SceneModel", "JSONText", "PNGCodec", "Hashing", "Raster", "Compositing", "Geometry", "Text"]),
        // Core Animation's vocabulary in Swift (CALayer, CATransform3D, CABasicAnimation ...),
        // in its own module so it cannot clash with QuartzCore; builds the scene model.
        .target(name: "TableRenderQuartz", dependencies: ["TableRender", "SceneModel", "SceneJSON", "Hashing", "Simulation", "TableEngine", "JSONText", "LayerTree", "Geometry", "Raster", "Text"]),
        // assertFrames for XCTest and Swift Testing: verify against a golden folder, record mode
        // from TABLERENDER_RECORD.
        .target(name: "TableRenderTesting", dependencies: ["TableRenderQuartz", "TableRender", "TableRenderReview"]),
        // Strategies for swift-snapshot-testing: assertSnapshot(of: scene, as: .frames), stored in
        // __Snapshots__ beside the test file as one PNG strip of frames with its manifest.
        .target(name: "TableRenderSnapshotTesting", dependencies: [
            "TableRenderQuartz", "TableRender", "TableRenderReview", "SceneModel", "PNGCodec", "Hashing",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        // The bench command's timing harness: the render pipeline's phases timed frame by frame,
        // kept out of the library a user links.
        .target(name: "TableRenderBench", dependencies: ["TableRender", "Compositing", "Raster", "SceneModel", "PNGCodec", "Hashing", "JSONText"]),
        // `tablerender preview`: a page on the loopback address that follows a scene file as it is
        // saved (its own small HTTP server on POSIX sockets; no dependency).
        .target(name: "TableRenderPreview", dependencies: ["TableRender", "SceneModel", "JSONText", "PNGCodec", "Raster"]),
        // Writes what the property table declares into the sources (`./render.sh generate`).
        .executableTarget(name: "generate-properties", dependencies: ["SceneModel", "SceneJSON"], path: "Sources/GenerateProperties"),
        .executableTarget(name: "tablerender", dependencies: [
            "TableRender", "TableRenderReview", "TableRenderBench", "TableRenderPreview", "Raster", "SceneModel", "SceneJSON", "PNGCodec", "JSONText",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // What several test targets share: paths and the run-the-binary helpers, the seeded
        // generator, the reference rasterizer, the golden pixel hashes.
        .target(name: "TestSupport", dependencies: ["Geometry", "Raster"], path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .testTarget(name: "SceneModelTests", dependencies: ["SceneJSON", "SceneModel"]),
        .testTarget(name: "SimulationTests", dependencies: ["SceneJSON", "Simulation", "TableEngine", "LayerTree", "SceneModel", "Geometry"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Geometry", "TestSupport", "CPieceLanes"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
        .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
        .testTarget(name: "CompositingTests", dependencies: ["SceneJSON", "Compositing", "DrawList", "LayerTree", "SceneModel", "Simulation", "TableEngine"]),
        // Swift 5 language mode: its XCTest cases call the main-actor UIKit from nonisolated test
        // methods, as Swift 5 tests of iOS code do (SwiftPM's test discovery on Linux cannot run
        // an XCTestCase marked `@MainActor`; AppCodeTests shows the Swift 6 way).
        .testTarget(name: "TableRenderQuartzTests", dependencies: ["TableRenderQuartz", "SceneJSON", "TableRenderTesting", "TableRender", "TableRenderReview", "SceneModel", "Simulation", "TableEngine", "TestSupport", "Hashing"],
                    exclude: ["__Snapshots__"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // App code as iOS app code is written today, in Swift 6 language mode: UIKit is
        // main-actor isolated, so a view controller's `DispatchQueue.main.async { self... }` and
        // its calls into `@MainActor` types of the app's own compile as they do for iOS.
        .testTarget(name: "AppCodeTests", dependencies: ["TableRenderQuartz", "Hashing", "TableEngine", "SceneModel"]),
        .testTarget(name: "TableRenderSnapshotTestingTests", dependencies: [
            "TableRenderSnapshotTesting", "TableRenderQuartz", "TableRender", "TableRenderReview", "PNGCodec",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "TextTests", dependencies: ["Text", "LayerTree", "Geometry"]),
        .testTarget(name: "TableRenderTests", dependencies: ["SceneJSON", "TableRender", "TableRenderReview", "JSONText", "PNGCodec", "Hashing", "TestSupport", "LayerTree", "SceneModel", "Raster", "Geometry", "Compositing", "Simulation", "TableEngine"],
                    resources: [.copy("Goldens"), .copy("Fixtures")]),
    ]
)
