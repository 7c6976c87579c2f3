import Foundation
import XCTest
import TestSupport
import PNGCodec
@testable import SceneJSON
@testable import SceneModel
@testable import TableRender
@testable import TableRenderReview
import Hashing

final class OutputTests: XCTestCase {
    /// The bench command prints one JSON line with every phase, and exports the draws of each
    /// frame when asked.
    func testBenchPrintsEveryPhaseAndExportsDraws() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let export = dir + "/draws.jsonl"
        let r = try runCLI(["bench", Package.scene("fold.json"), "--scale", "1", "--frames", "14..16", "--jobs", "2",
                            "--repeat", "2", "--export-draws", export])
        XCTAssertEqual(r.status, 0, r.err)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        XCTAssertEqual(json["frames"] as? Int, 3)
        XCTAssertEqual(json["jobs"] as? Int, 2)
        let phases = try XCTUnwrap(json["msPerFrame"] as? [String: Double])
        XCTAssertEqual(Set(phases.keys), ["simulate", "build", "composite", "raster", "encode", "hash", "write"])
        XCTAssertGreaterThan(phases["raster"] ?? 0, 0)
        XCTAssertGreaterThan(phases["encode"] ?? 0, 0)
        for key in ["libpng", "encodeVsLibpng", "framesPerSecond", "bytesPerFrame", "peakMemoryMB"] {
            XCTAssertGreaterThan((json[key] as? NSNumber)?.doubleValue ?? 0, 0, key)
        }
        let lines = try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        for line in lines {
            let frame = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let draws = try XCTUnwrap(frame["draws"] as? [[String: Any]])
            XCTAssertGreaterThan(draws.count, 10, "rows, separators, text and the fold halves")
            XCTAssertTrue(draws.contains { $0["gradient"] != nil }, "the fold's shading")
        }
    }

    /// The export holds every command for a peer to replay (issue 30.3): scopes with their
    /// groups and shadows, balanced; images' pixels once, before their first fill; a layer on
    /// every draw; nothing skipped on the cards scene (shadows, clipped photos, text).
    func testTheDrawExportHoldsScopesShadowsAndImages() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let export = dir + "/draws.jsonl"
        let r = try runCLI(["bench", Package.scene("cards.json"), "--scale", "1", "--frames", "40..41", "--jobs", "1", "--export-draws", export])
        XCTAssertEqual(r.status, 0, r.err)
        var imagesSeen: [String: Int] = [:]
        for line in try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n") {
            let frame = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(frame["skipped"] as? Int, 0)
            let draws = try XCTUnwrap(frame["draws"] as? [[String: Any]])
            var depth = 0, shadowGroups = 0, imageFills = 0
            for d in draws {
                switch d["op"] as? String {
                case "begin":
                    depth += 1
                    if let g = d["group"] as? [String: Any], g["shadow"] is [String: Any] { shadowGroups += 1 }
                case "end":
                    depth -= 1
                    XCTAssertGreaterThanOrEqual(depth, 0)
                case "image":
                    let key = try XCTUnwrap(d["key"] as? String)
                    imagesSeen[key, default: 0] += 1
                    let bytes = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(d["rgba"] as? String)))
                    XCTAssertEqual(bytes.count, (d["width"] as? Int ?? 0) * (d["height"] as? Int ?? 0) * 4)
                case "fill":
                    XCTAssertNotNil(d["layer"] as? Int)
                    if let image = d["image"] as? [String: Any] {
                        imageFills += 1
                        XCTAssertNotNil(imagesSeen[image["key"] as? String ?? ""], "pixels before the first fill")
                    }
                default: break
                }
            }
            XCTAssertEqual(depth, 0, "every scope ends")
            XCTAssertGreaterThanOrEqual(shadowGroups, 5, "the cards' shadows")
            XCTAssertGreaterThanOrEqual(imageFills, 5, "the photos")
        }
        XCTAssertFalse(imagesSeen.isEmpty)
        XCTAssertTrue(imagesSeen.values.allSatisfy { $0 == 1 }, "each image's pixels once: \(imagesSeen)")
    }

    /// The bench line is JSON whatever the scene's path holds (quotes, backslashes).
    func testBenchJSONEscapesTheScenePath() throws {
        let dir = Package.temporaryDirectory() + "/a \"quoted\" \\ folder"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Package.scene("flip.json"), toPath: dir + "/s.json")
        let r = try runCLI(["bench", dir + "/s.json", "--frames", "0..1", "--scale", "0.5"])
        XCTAssertEqual(r.status, 0, r.err)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        XCTAssertEqual(json["scene"] as? String, dir + "/s.json")
    }

    func testFrameNamesHaveAtLeastFourDigits() {
        XCTAssertEqual(FrameWriter.fileName(index: 7, count: 61), "frame-0007.png")
        XCTAssertEqual(FrameWriter.fileName(index: 7, count: 12001), "frame-00007.png")
        XCTAssertEqual(FrameWriter.fileName(index: 9999, count: 10000), "frame-9999.png")
    }

    /// What the renderer keeps from frame to frame (masks of unmoved paths, text layouts, the
    /// last frame's pixmap reset for the next) never changes a pixel: the fold opening (labels sliding, text turning in 3D) with and without
    /// the caches, one job so that every frame follows the one before on the same worker.
    func testCachesBetweenFramesDoNotChangePixels() throws {
        let scene = try SceneLoader.load(path: Package.scene("fold.json"))
        var hashes: [[String]] = []
        for cache in [true, false] {
            let dir = Package.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            var options = RenderOptions(scale: 1, frames: 10...30, jobs: 1)
            options.maskCache = cache
            hashes.append(try FrameWriter(scene, options: options, outputPath: dir).run().map(\.pixelsSHA256))
        }
        XCTAssertEqual(hashes[0].count, 21)
        XCTAssertEqual(Set(hashes[0]).count > 10, true, "the slice animates")
        XCTAssertEqual(hashes[0], hashes[1])
    }

    /// Every --jobs value gives the same pixels; the manifest and SHA256SUMS describe the files.
    func testJobsDoNotChangePixelsAndManifestMatchesFiles() throws {
        let scene = try SceneLoader.load(path: Package.scene("flip.json"))
        var records: [[FrameRecord]] = []
        for jobs in [1, 2, 3] {
            let dir = Package.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let options = RenderOptions(scale: 1, frames: 20...32, jobs: jobs)
            records.append(try FrameWriter(scene, options: options, outputPath: dir).run())
            let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            XCTAssertEqual(files.count, 13 + 2)
            XCTAssertFalse(files.contains { $0.hasSuffix(".tmp") })
            let sums = try String(contentsOfFile: dir + "/SHA256SUMS", encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(sums.count, 13)
            for line in sums {
                let parts = line.split(separator: " ", omittingEmptySubsequences: true)
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + parts[1])))
                XCTAssertEqual(SHA256.hex(bytes), String(parts[0]))
                let decoded = try PNGCodec.decode(bytes)
                let record = records.last!.first { $0.file == String(parts[1]) }
                XCTAssertEqual(SHA256.hex(decoded.rgba), record?.pixelsSHA256)
            }
        }
        XCTAssertEqual(records[0].map(\.pixelsSHA256), records[1].map(\.pixelsSHA256))
        XCTAssertEqual(records[0].map(\.pixelsSHA256), records[2].map(\.pixelsSHA256))
        XCTAssertEqual(records[0].map(\.index), Array(20...32))
        XCTAssertEqual(Set(records[0].map(\.pixelsSHA256)).count, 13, "the card moves every frame")
    }

    /// A layer that swings past the eye is clipped at the near plane: the frame renders, and
    /// the part still in front of the eye covers the pixels it should.
    func testLayerReachingBehindTheEyeRendersWithoutExploding() throws {
        let text = ##"{"canvas": {"size": [40, 40]}, "fps": 1, "duration": 0, "layers": [{"bounds": [0, 0, 30, 60], "position": [20, 38], "anchorPoint": [0.5, 1], "backgroundColor": "#FF0000", "transform": [{"perspective": 40}, {"rotate": [-80, 1, 0, 0]}]}]}"##
        let scene = try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "t", directory: ".")
        let pixels = FrameRenderer(scene: scene).render(frame: 0)
        // The near edge at the bottom stays in place; the rest rushes toward the eye and fills
        // the frame above it.
        let bottomMiddle = (37 * 40 + 20) * 4
        XCTAssertEqual(Array(pixels.data[bottomMiddle..<bottomMiddle + 4]), [255, 0, 0, 255])
        let top = (1 * 40 + 20) * 4
        XCTAssertEqual(Array(pixels.data[top..<top + 4]), [255, 0, 0, 255])
        XCTAssertEqual(pixels.data[(39 * 40 + 20) * 4 + 3], 0, "below the anchor nothing is drawn")
    }
}

final class CommandLineTests: XCTestCase {
    func expectRefusal(_ sceneText: String, mentions: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/bad.json"
        try Data(sceneText.utf8).write(to: URL(fileURLWithPath: scenePath))
        let out = dir + "/out"
        let r = try runCLI([scenePath, out])
        XCTAssertEqual(r.status, 64, r.err, file: file, line: line)
        XCTAssertTrue(r.err.contains(scenePath + ": "), r.err, file: file, line: line)
        XCTAssertTrue(r.err.contains(mentions), r.err, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no output folder for a refused scene", file: file, line: line)
    }

    func testMalformedWrongTypeUnknownKeyAndNegativeSizeExit64AndWriteNothing() throws {
        try expectRefusal("{\"canvas\": {\"size\": [10, 10]}, \"fps\": 30,", mentions: "line 1, column 42: expected a key in quotes")
        try expectRefusal(#"{"canvas": {"size": [10, 10]}, "fps": 30, "duration": "long"}"#, mentions: "duration: expected a number >= 0")
        try expectRefusal(#"{"canvas": {"size": [10, 10]}, "fps": 30, "duration": 1, "layerz": []}"#, mentions: #"layerz: expected a known key, found "layerz" (did you mean "layers"?)"#)
        try expectRefusal(#"{"canvas": {"size": [10, -10]}, "fps": 30, "duration": 1}"#, mentions: "canvas.size: expected [width, height] with each > 0")
    }

    func testMissingSceneFile() throws {
        let r = try runCLI(["/nonexistent/scene.json", Package.temporaryDirectory()])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.err.contains("/nonexistent/scene.json: expected a scene file, found no file at this path"), r.err)
    }

    func testHelpAndRenderWithOptions() throws {
        let help = try runCLI(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("render") && help.out.contains("bench"), help.out)
        let renderHelp = try runCLI(["render", "--help"])
        for option in ["--fps", "--scale", "--frames", "--jobs", "--png-level", "--force", "--assets"] {
            XCTAssertTrue(renderHelp.out.contains(option), "render --help mentions \(option)")
        }
        // Every budget has its flag, with the default the code uses (help text is re-wrapped).
        let flat = renderHelp.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        XCTAssertEqual(Limits.flags.count, 14)
        for entry in Limits.flags {
            XCTAssertTrue(flat.contains(entry.flag + " <"), "render --help mentions \(entry.flag)")
            XCTAssertTrue(flat.contains("(default \(Limits()[keyPath: entry.keyPath]))"), "\(entry.flag)'s default")
        }
        let flatHelp = help.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        XCTAssertTrue(flatHelp.contains("73 the output folder was refused"), "--help gives the exit statuses")
        let dir = Package.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try runCLI([Package.scene("flip.json"), dir, "--scale", "0.5", "--fps", "10", "--frames", "2..4", "--png-level", "1"])
        XCTAssertEqual(r.status, 0, r.err)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(files, ["SHA256SUMS", "frame-0002.png", "frame-0003.png", "frame-0004.png", "manifest.json"])
        let png = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/frame-0003.png"))))
        XCTAssertEqual(png.width, 188)
        XCTAssertEqual(png.height, 334)
        let bad = try runCLI([Package.scene("flip.json"), dir + "/x", "--frames", "5..99"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("--frames 5..99: expected a range A..B within 0..60"), bad.err)
    }
}

final class RobustnessTests: XCTestCase {
    /// Degenerate and overflowing transforms, zero-size layers and huge shadows render (as
    /// nothing, or clipped) instead of trapping.
    func testExtremeTransformsDoNotCrash() throws {
        let transforms = [
            "[1e300,0,0,0, 0,1e300,0,0, 0,0,1,0, 0,0,0,1]",
            "[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,0]",
            "[0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]",
            "[1,0,0,1e-300, 0,1,0,-5, 0,0,1,0, 1e308,-1e308,0,1]",
            #"[{"perspective": 1e-9}, {"rotate": [89.9999, 1, 1, 0]}]"#,
            #"[{"scale": [1e-300, 1e300, 1]}]"#,
            #"[{"scale": [1e6, 1e6, 1]}]"#,
            #"[{"scale": [1e-6, 1e-6, 1]}]"#,
        ]
        for t in transforms {
            let text = #"{"canvas": {"size": [20, 20]}, "fps": 1, "duration": 0, "layers": [{"frame": [2, 2, 16, 16], "cornerRadius": 5, "backgroundColor": "systemRed", "borderWidth": 2, "shadowOpacity": 1, "shadowRadius": 500, "shadowOffset": [1e9, -1e9], "gradient": {"colors": ["white", "black"]}, "opacity": 0.5, "transform": "#
                + t + #", "sublayers": [{"frame": [0, 0, 4, 4], "backgroundColor": "systemBlue"}]}]}"#
            let scene = try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "t", directory: ".")
            let pixmap = FrameRenderer(scene: scene).render(frame: 0)
            XCTAssertEqual(pixmap.data.count, 20 * 20 * 4, t)
        }
    }

    func testOversizedCanvasIsRefused() {
        let text = #"{"canvas": {"size": [9000, 100], "scale": 3}, "fps": 1, "duration": 0}"#
        XCTAssertThrowsError(try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "t", directory: ".")) { error in
            XCTAssertTrue("\(error)".contains("canvas: expected at most 16384 pixels each way (size x scale), found 27000x300"), "\(error)")
        }
    }

}

/// `tablerender --version` and `tablerender validate` (issue 14).
final class VersionAndValidateTests: XCTestCase {
    func testVersionNamesTheLibrariesAndTheManifestRecordsThem() throws {
        let r = try runCLI(["--version"])
        XCTAssertEqual(r.status, 0, r.err)
        let line = r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let pattern = #"^tablerender \d+\.\d+\.\d+ \(libpng 1\.\d+\.\d+, zlib \d+\.\d+[.\d]*, FreeType 2\.\d+\.\d+, HarfBuzz \d+\.\d+\.\d+, FriBidi \d+\.\d+\.\d+, ICU \d+\.\d+[.\d]*\)$"#
        XCTAssertNotNil(line.range(of: pattern, options: .regularExpression), line)
        let dir = Package.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try runCLI([Package.scene("flip.json"), dir, "--frames", "0", "--scale", "0.25"]).status, 0)
        // Each frame says it is sRGB and who wrote it, before its pixels.
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/frame-0000.png")))
        var chunks: [(String, [UInt8])] = []
        var i = 8
        while i + 8 <= png.count {
            let n = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            chunks.append((String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self), Array(png[(i + 8)..<min(i + 8 + n, png.count)])))
            i += 12 + n
        }
        XCTAssertEqual(chunks.map(\.0).prefix(3), ["IHDR", "sRGB", "tEXt"])
        XCTAssertEqual(chunks.first { $0.0 == "sRGB" }?.1, [0], "perceptual intent")
        XCTAssertEqual(chunks.first { $0.0 == "tEXt" }?.1, Array("Software\u{0}tablerender \(Version.tablerender)".utf8))
        let manifest = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/manifest.json")), as: UTF8.self)
        XCTAssertTrue(manifest.contains(#""generator": "tablerender \#(Version.tablerender)""#), manifest)
        for (name, version) in Version.libraries {
            XCTAssertTrue(manifest.contains(#""\#(name)": "\#(version)""#), "\(name) in the manifest")
            XCTAssertTrue(line.contains("\(name) \(version)"), "\(name) in --version")
        }
    }

    /// The version is set in one place and the changelog says what it changed; the README's
    /// dependency line names it (docs/versions.md).
    func testTheVersionHasItsChangelogEntryAndTheReadmeNamesIt() throws {
        let changelog = try String(contentsOfFile: Package.root + "/CHANGELOG.md", encoding: .utf8)
        let version = NSRegularExpression.escapedPattern(for: Version.tablerender)
        XCTAssertNotNil(changelog.range(of: "(?m)^## " + version + #" \(\d{4}-\d{2}-\d{2}\)$"#, options: .regularExpression),
                        "CHANGELOG.md has no entry for \(Version.tablerender)")
        let readme = try String(contentsOfFile: Package.root + "/README.md", encoding: .utf8)
        XCTAssertTrue(readme.contains(#"from: "\#(Version.tablerender)")"#), "the README's dependency line names \(Version.tablerender)")
        let versions = try String(contentsOfFile: Package.root + "/docs/versions.md", encoding: .utf8)
        XCTAssertTrue(versions.contains("| scene format |") && versions.contains("| pixels of a valid scene |"), "the promise per kind of version")
    }

    func testValidateChecksEveryScenePrintsEveryProblemAndWritesNothing() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Package.root + "/scenes")
            .filter { $0.hasSuffix(".json") }.sorted().map { Package.scene($0) }
        let good = try runCLI(["validate"] + scenes)
        XCTAssertEqual(good.status, 0, good.err)
        XCTAssertEqual(good.out.split(separator: "\n").filter { $0.contains(": valid (") }.count, scenes.count, good.out)
        XCTAssertTrue(good.out.contains("layers-basics.json: valid (1 frame at 750x1334, 60 fps)"), good.out)

        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = dir + "/bad.json"
        try Data(#"{"canvas": {"size": [10, 10]}, "fps": 0, "duration": 1, "layers": [{"opacity": 2}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bad))
        let mixed = try runCLI(["validate", bad, Package.scene("flip.json")])
        XCTAssertEqual(mixed.status, 64)
        XCTAssertTrue(mixed.err.contains(bad + ": fps: expected a number > 0 and <= 1000, found 0"), mixed.err)
        XCTAssertTrue(mixed.err.contains(bad + ": layers[0].opacity: expected a number >= 0 and <= 1, found 2"), mixed.err)
        XCTAssertTrue(mixed.out.contains("flip.json: valid (61 frames at 750x1334, 60 fps)"), mixed.out)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["bad.json"], "validate writes nothing")
        // The budgets apply as in render.
        let budget = try runCLI(["validate", Package.scene("fold.json"), "--max-frames", "10"])
        XCTAssertEqual(budget.status, 64)
        XCTAssertTrue(budget.err.contains("(a budget: raise it with --max-frames)"), budget.err)
    }
}

/// Progress on standard error (issue 14): a bar on a terminal, JSON lines, --quiet.
final class ProgressTests: XCTestCase {
    func testJSONLinesCountEveryFrameOnce() throws {
        let dir = Package.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try runCLI([Package.scene("flip.json"), dir, "--scale", "0.25", "--progress", "json"])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = r.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 61, r.err)
        var frames = Set<Int>()
        for (i, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertEqual(object?["done"] as? Int, i + 1)
            XCTAssertEqual(object?["total"] as? Int, 61)
            XCTAssertNotNil(object?["framesPerSecond"] as? Double)
            if let f = object?["frame"] as? Int { frames.insert(f) }
        }
        XCTAssertEqual(frames, Set(0..<61))
        XCTAssertTrue(r.out.contains("wrote 61 frames"), r.out)
    }

    func testQuietAndNoTerminalPrintNothingExtra() throws {
        let dir = Package.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let quiet = try runCLI([Package.scene("flip.json"), dir, "--scale", "0.25", "--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.out + quiet.err, "")
        // Standard error is a pipe here, not a terminal: no bar.
        let plain = try runCLI([Package.scene("flip.json"), dir, "--scale", "0.25"])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.err, "")
        XCTAssertTrue(plain.out.hasSuffix("wrote 61 frames (94x167) to \(dir)\n"), plain.out)
        // Errors still print with --quiet.
        let bad = try runCLI(["/nonexistent.json", dir, "--quiet"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertFalse(bad.err.isEmpty)
    }

    /// On a terminal (a pseudo-terminal from util-linux's `script`) the bar is drawn in place
    /// and removed before the summary line.
    func testBarOnATerminalIsRedrawnInPlaceAndRemoved() throws {
        let dir = Package.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qfec", "'\(Package.executable)' '\(Package.scene("flip.json"))' '\(dir)' --scale 0.5", "/dev/null"]
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\r[") && text.contains("/61 frames"), text)
        XCTAssertTrue(text.contains("] 61/61 frames"), "the last frame is always drawn: \(text)")
        XCTAssertTrue(text.contains("\r\u{1B}[K" + Package.scene("flip.json") + ": wrote 61 frames"), "the bar is cleared before the summary: \(text.debugDescription)")
    }
}

/// `--shard I/N` and `tablerender merge` (issue 14): the merge of the parts is the unsharded
/// render, byte for byte; incomplete, repeated or damaged parts are refused and nothing is written.
final class ShardTests: XCTestCase {
    func testMergedShardsEqualAnUnshardedRenderAndBadPartsAreRefused() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Package.scene("cards.json")
        // 30 fps (the scene's is 60): 103 frames are enough to shard.
        XCTAssertEqual(try runCLI([scene, dir + "/whole", "--scale", "0.25", "--fps", "30", "--quiet"]).status, 0)
        for i in 1...3 {
            let r = try runCLI([scene, dir + "/part\(i)", "--scale", "0.25", "--fps", "30", "--shard", "\(i)/3", "--quiet"])
            XCTAssertEqual(r.status, 0, r.err)
        }
        let partFrames = try (1...3).map { try FileManager.default.contentsOfDirectory(atPath: dir + "/part\($0)").filter { $0.hasSuffix(".png") }.count }
        XCTAssertEqual(partFrames, [34, 34, 35], "contiguous blocks of 103 frames")
        let merged = try runCLI(["merge", dir + "/merged", dir + "/part3", dir + "/part1", dir + "/part2"])
        XCTAssertEqual(merged.status, 0, merged.err)
        let fm = FileManager.default
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir + "/merged").sorted(), try fm.contentsOfDirectory(atPath: dir + "/whole").sorted())
        for name in try fm.contentsOfDirectory(atPath: dir + "/whole") {
            XCTAssertEqual(fm.contents(atPath: dir + "/merged/" + name), fm.contents(atPath: dir + "/whole/" + name), name)
        }
        func refused(_ args: [String], _ message: String) throws {
            let r = try runCLI(["merge", dir + "/bad"] + args)
            XCTAssertEqual(r.status, 64, r.err)
            XCTAssertTrue(r.err.contains(message), r.err)
            XCTAssertFalse(fm.fileExists(atPath: dir + "/bad"), "nothing written for \(args)")
        }
        try refused([dir + "/part1", dir + "/part3"], "missing 2/3")
        try refused([dir + "/part1", dir + "/part1", dir + "/part2", dir + "/part3"], "shard 1/3 is also")
        try refused([dir + "/whole"], "found a whole render")
        let damaged = dir + "/part2/frame-0040.png"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        bytes.append(0)
        try bytes.write(to: URL(fileURLWithPath: damaged))
        try refused([dir + "/part1", dir + "/part2", dir + "/part3"], "frame-0040.png: expected SHA-256")
        let usage = try runCLI([scene, dir + "/x", "--shard", "4/3"])
        XCTAssertEqual(usage.status, 64)
        XCTAssertTrue(usage.err.contains("--shard 4/3: expected I/N with whole numbers 1 <= I <= N"), usage.err)
    }
}


/// `--contact-sheet` (issue 14).
final class ContactSheetTests: XCTestCase {
    func record(_ i: Int) -> FrameRecord {
        FrameRecord(index: i, time: Double(i) / 60, file: "", fileSHA256: "", pixelsSHA256: "", width: 1, height: 1)
    }

    func testTwelveEvenlySpacedOrEveryNth() {
        let records = (0..<145).map(record)
        XCTAssertEqual(ContactSheet.pick(records, every: nil).map(\.index), [0, 13, 26, 39, 52, 65, 78, 91, 104, 117, 130, 144])
        XCTAssertEqual(ContactSheet.pick(records, every: 50).map(\.index), [0, 50, 100])
        XCTAssertEqual(ContactSheet.pick(Array(records.prefix(3)), every: nil).map(\.index), [0, 1, 2])
        XCTAssertEqual(ContactSheet.pick([record(7)], every: nil).map(\.index), [7])
    }

    func testTheSheetIsAGridOfLabelledFrames() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try runCLI([Package.scene("flip.json"), dir + "/out", "--scale", "0.5", "--contact-sheet", dir + "/sheet.png"])
        XCTAssertEqual(r.status, 0, r.err)
        let sheet = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/sheet.png"))))
        // 12 frames of 188x334 (under the 240-pixel thumbnail width: full size) in 4 columns and
        // 3 rows, 12 pixels apart, 22 pixels of label under each.
        XCTAssertEqual(sheet.width, 12 + 4 * (188 + 12))
        XCTAssertEqual(sheet.height, 12 + 3 * (334 + 22 + 12))
        // The first label band holds dark text pixels; the gap above the grid holds none.
        func darkPixels(rows: Range<Int>, columns: Range<Int>) -> Int {
            var n = 0
            for y in rows { for x in columns where sheet.rgba[(y * sheet.width + x) * 4] < 120 { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(darkPixels(rows: (12 + 334)..<(12 + 334 + 22), columns: 12..<200), 20)
        XCTAssertEqual(darkPixels(rows: 0..<10, columns: 0..<sheet.width), 0)
        let bad = try runCLI([Package.scene("flip.json"), dir + "/out2", "--contact-sheet", dir + "/out2/sheet.png"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("expected a file outside the output folder"), bad.err)
    }
}
