import Foundation
import JSONText
import PNGCodec
import XCTest
import TestSupport
@testable import TableRender
@testable import TableRenderReview

/// `tablerender verify` (issue 14): record, verify, the report, tolerances, and goldens that do
/// not fit. Each test runs the built binary on a small scene of its own.
final class VerifyTests: XCTestCase {
    var dir = ""
    let fm = FileManager.default

    override func setUpWithError() throws {
        dir = Package.temporaryDirectory()
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? fm.removeItem(atPath: dir)
    }

    /// Six frames of a card that turns and a dot that fades; `color` is the card's colour.
    func writeScene(color: String = "#3478F6", duration: Double = 0.5, width: Int = 120, name: String = "scene.json") throws -> String {
        let text = """
            { "version": 1, "canvas": { "size": [\(width), 80], "scale": 1, "background": "#FFFFFF" }, "fps": 10, "duration": \(duration),
              "layers": [
                { "name": "card", "frame": [20, 15, 60, 50], "cornerRadius": 8, "backgroundColor": "\(color)" },
                { "name": "dot", "frame": [90, 30, 16, 16], "cornerRadius": 8, "backgroundColor": "#FF3B30" } ],
              "animations": [
                { "layer": "card", "keyPath": "transform.rotation.z", "from": 0, "to": 30, "duration": 0.5 },
                { "layer": "dot", "keyPath": "opacity", "from": 1, "to": 0.2, "beginTime": 0.2, "duration": 0.2, "fillMode": "forwards" } ] }
            """
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testRecordThenVerifyThenRecordOnlyWhenMissing() throws {
        let scene = try writeScene(), golden = dir + "/goldens/scene"
        let missing = try runCLI(["verify", scene, golden])
        XCTAssertEqual(missing.status, 64, missing.err)
        XCTAssertTrue(missing.err.contains("no golden yet") && missing.err.contains("tablerender verify \(scene) \(golden) --record"), missing.err)
        XCTAssertFalse(fm.fileExists(atPath: golden), "verify without --record writes nothing")

        let recorded = try runCLI(["verify", scene, golden, "--record"])
        XCTAssertEqual(recorded.status, 0, recorded.err)
        XCTAssertTrue(recorded.out.contains("recorded the golden: 6 frames"), recorded.out)
        let manifest = try String(contentsOfFile: golden + "/manifest.json", encoding: .utf8)

        let same = try runCLI(["verify", scene, golden])
        XCTAssertEqual(same.status, 0, same.err)
        XCTAssertTrue(same.out.contains("all 6 frames match"), same.out)
        // GOLDEN may name the manifest itself.
        XCTAssertEqual(try runCLI(["verify", scene, golden + "/manifest.json", "--quiet"]).status, 0)
        // Progress as for a render: one JSON line per compared frame.
        let progress = try runCLI(["verify", scene, golden, "--progress", "json", "--jobs", "2"])
        let lines = progress.err.split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertEqual(lines.count, 6, progress.err)
        XCTAssertTrue(lines.contains { $0.contains("\"done\":6") && $0.contains("\"total\":6") }, progress.err)

        // --record on an existing golden verifies and leaves it alone, even when the scene changed.
        let changed = try writeScene(color: "#34C759")
        let again = try runCLI(["verify", changed, golden, "--record"])
        XCTAssertEqual(again.status, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("the golden exists, so it is verified, not recorded again"), again.out)
        XCTAssertEqual(try String(contentsOfFile: golden + "/manifest.json", encoding: .utf8), manifest)
    }

    func testAChangeFailsWithOneLinePerFrameAndAReportThatABrowserShows() throws {
        let scene = try writeScene(), golden = dir + "/golden", report = dir + "/report"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "--quiet"]).status, 0)
        // Only the dot changes: frames 0...2 (before it fades) differ and 3...5 too; the card's
        // frames are the same, so the change is boxed around the dot.
        var text = try String(contentsOfFile: scene, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"#FF3B30\"", with: "\"#FF9500\"")
        try text.write(toFile: scene, atomically: true, encoding: .utf8)

        let plain = try runCLI(["verify", scene, golden])
        XCTAssertEqual(plain.status, 1, plain.err)
        let lines = plain.out.split(separator: "\n").filter { $0.contains(" (t = ") }
        XCTAssertEqual(lines.count, 6, plain.out)
        XCTAssertTrue(plain.out.contains("6 of 6 frames differ from \(golden) (first: frame 0)"), plain.out)
        XCTAssertFalse(fm.fileExists(atPath: report), "no report unless asked")

        let r = try runCLI(["verify", scene, golden, "--report", report])
        XCTAssertEqual(r.status, 1, r.err)
        let summary = try json(report + "/summary.json")
        XCTAssertEqual(summary["framesCompared"] as? Int, 6)
        XCTAssertEqual(summary["framesDiffering"] as? Int, 6)
        XCTAssertEqual(summary["firstDifferingFrame"] as? Int, 0)
        XCTAssertEqual(summary["passed"] as? Bool, false)
        let frames = try XCTUnwrap(summary["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.map { $0["index"] as? Int }, [0, 1, 2, 3, 4, 5])
        let box = try XCTUnwrap(frames[0]["boundingBox"] as? [String: Int])
        // The dot is at x 90...105, y 30...45 (anti-aliased edge pixels included).
        XCTAssertEqual(box["x"], 90); XCTAssertEqual(box["y"], 30); XCTAssertEqual(box["width"], 16); XCTAssertEqual(box["height"], 16)
        XCTAssertEqual(frames[0]["maxChannelDelta"] as? Int, 0x95 - 0x3B, "green of #FF9500 against #FF3B30")
        XCTAssertEqual(frames[0]["time"] as? Double, 0)
        for f in frames {
            for key in ["expected", "actual", "diff"] {
                let name = try XCTUnwrap(f[key] as? String)
                XCTAssertTrue(fm.fileExists(atPath: report + "/" + name), name)
            }
        }
        // The expected image is the golden's frame; the actual one decodes to the pixels of the
        // changed scene's render.
        XCTAssertEqual(fm.contents(atPath: report + "/expected-0000.png"), fm.contents(atPath: golden + "/frame-0000.png"))
        XCTAssertEqual(try runCLI([scene, dir + "/now", "--quiet"]).status, 0)
        let now = try PNGCodecTestSupport.pixels(dir + "/now/frame-0003.png")
        XCTAssertEqual(try PNGCodecTestSupport.pixels(report + "/actual-0003.png"), now)

        // The page, in a real browser: loads offline with no error, the table and images agree with
        // summary.json, the first differing frame first, slider, toggle and rows work.
        let browser = try runProgram("/usr/bin/env", ["python3", Package.root + "/Tests/Browser/check-report.py", report,
                                                      "--screenshot", dir + "/report.png"])
        XCTAssertEqual(browser.status, 0, browser.out + browser.err)
        XCTAssertTrue(browser.out.contains("slider, toggle and junit.xml OK"), browser.out + browser.err)

        // The report is the same for every thread count, and a second run replaces the first.
        let report2 = dir + "/report2"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--report", report2, "--jobs", "1", "--quiet"]).status, 1)
        let names = try fm.contentsOfDirectory(atPath: report).sorted()
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: report2).sorted(), names)
        for name in names { XCTAssertEqual(fm.contents(atPath: report + "/" + name), fm.contents(atPath: report2 + "/" + name), name) }
        XCTAssertEqual(names.count, 3 + 3 * 6)
    }

    func testAPassingReportAndAReportFolderThatIsNotOurs() throws {
        let scene = try writeScene(), golden = dir + "/golden", report = dir + "/report"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "--quiet"]).status, 0)
        let r = try runCLI(["verify", scene, golden, "--report", report + "/scene"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: report + "/scene").sorted(), ["index.html", "junit.xml", "summary.json"])
        let summary = try json(report + "/scene/summary.json")
        XCTAssertEqual(summary["framesDiffering"] as? Int, 0)
        XCTAssertTrue(summary["firstDifferingFrame"] is NSNull)
        let junit = try String(contentsOfFile: report + "/scene/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"6\" failures=\"0\""), junit)
        let browser = try runProgram("/usr/bin/env", ["python3", Package.root + "/Tests/Browser/check-report.py", report + "/scene"])
        XCTAssertEqual(browser.status, 0, browser.out + browser.err)

        let foreign = dir + "/mine"
        try fm.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try "my notes".write(toFile: foreign + "/index.html", atomically: true, encoding: .utf8)
        let refused = try runCLI(["verify", scene, golden, "--report", foreign])
        XCTAssertEqual(refused.status, 73, refused.err)
        XCTAssertTrue(refused.err.contains("refusing to write a report into a folder that holds files tablerender did not write (\"index.html\")"), refused.err)
        XCTAssertEqual(try String(contentsOfFile: foreign + "/index.html", encoding: .utf8), "my notes")
        let inside = try runCLI(["verify", scene, golden, "--report", golden + "/report"])
        XCTAssertEqual(inside.status, 64, inside.err)
        XCTAssertTrue(inside.err.contains("expected a folder apart from the golden"), inside.err)
    }

    func testToleranceAndMaxDiffPixelsPassButKeepTheExactResult() throws {
        let scene = try writeScene(), golden = dir + "/golden", report = dir + "/report"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "--quiet"]).status, 0)
        // One step of blue: every card pixel differs by 1 in one channel.
        _ = try writeScene(color: "#3478F7")
        let strict = try runCLI(["verify", scene, golden])
        XCTAssertEqual(strict.status, 1, strict.out)
        XCTAssertTrue(strict.out.contains("max channel delta 1"), strict.out)
        let tolerant = try runCLI(["verify", scene, golden, "--tolerance", "1", "--report", report])
        XCTAssertEqual(tolerant.status, 0, tolerant.out + tolerant.err)
        XCTAssertTrue(tolerant.out.contains("6 of 6 frames differ from \(golden), all within the tolerance"), tolerant.out)
        let summary = try json(report + "/summary.json")
        XCTAssertEqual(summary["passed"] as? Bool, true)
        XCTAssertEqual(summary["framesDiffering"] as? Int, 6, "the exact result is kept")
        XCTAssertEqual(summary["framesFailing"] as? Int, 0)
        let first = try XCTUnwrap((summary["frames"] as? [[String: Any]])?.first)
        XCTAssertGreaterThan(first["pixelsDiffering"] as? Int ?? 0, 2000)
        XCTAssertEqual(first["pixelsOverTolerance"] as? Int, 0)
        XCTAssertEqual(try String(contentsOfFile: report + "/junit.xml", encoding: .utf8).components(separatedBy: "<failure").count, 1)

        // A bigger change in a small part of the frame: passes under a ratio above its share only.
        _ = try writeScene(color: "#3478F6")
        var text = try String(contentsOfFile: scene, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"#FF3B30\"", with: "\"#000000\"")
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let share = 16.0 * 16 / (120 * 80)  // the dot's box: an upper bound of its pixels
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--max-diff-pixels", String(share), "--quiet"]).status, 0)
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--max-diff-pixels", "0.001", "--quiet"]).status, 1)

        for (args, message) in [(["--tolerance", "256"], "--tolerance expects a whole number from 0 to 255"),
                                (["--max-diff-pixels", "2"], "--max-diff-pixels expects a ratio from 0 to 1")] {
            let r = try runCLI(["verify", scene, golden] + args)
            XCTAssertEqual(r.status, 64, r.err)
            XCTAssertTrue(r.err.contains(message), r.err)
        }
    }

    func testGoldensThatDoNotFitAreRefusedPlainly() throws {
        let scene = try writeScene(), golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "--quiet"]).status, 0)
        func refused(_ args: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let r = try runCLI(["verify"] + args)
            XCTAssertEqual(r.status, 64, r.err, file: file, line: line)
            XCTAssertTrue(r.err.contains(message), r.err, file: file, line: line)
        }
        try refused([try writeScene(duration: 0.8, name: "longer.json"), golden], "expected a golden of 9 frames (the scene's duration 0.8 s at 10 fps, plus one), found 6: the duration changed")
        try refused([try writeScene(width: 140, name: "wider.json"), golden], "expected frames of 140x80 pixels (the scene's canvas 140x80 at scale 1), found 120x80 in the golden")
        try refused([scene, golden, "--scale", "2"], "the golden was rendered at scale 1, not --scale 2")
        try refused([scene, golden, "--fps", "30"], "the golden was rendered at 10 fps, not --fps 30")
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--scale", "1", "--frames", "2..3", "--quiet"]).status, 0)

        // A golden of only some frames checks those; asking for others is refused.
        XCTAssertEqual(try runCLI(["verify", scene, dir + "/part", "--record", "--frames", "1..2", "--quiet"]).status, 0)
        let part = try runCLI(["verify", scene, dir + "/part"])
        XCTAssertEqual(part.status, 0, part.err)
        XCTAssertTrue(part.out.contains("all 2 frames match"), part.out)
        try refused([scene, dir + "/part", "--frames", "0..2"], "--frames 0..2: frame 0 is not in the golden (it holds 2 of 6 frames)")

        // A damaged golden frame is named, not taken for a change in the scene.
        _ = try writeScene(color: "#34C759")
        var png = try Data(contentsOf: URL(fileURLWithPath: golden + "/frame-0004.png"))
        png[png.count / 2] ^= 0xFF
        try png.write(to: URL(fileURLWithPath: golden + "/frame-0004.png"))
        try refused([scene, golden, "--frames", "4"], "frame-0004.png: expected the frame its manifest records")
        try refused([scene, dir + "/nothing/manifest.json"], "no golden yet")
        // With --report, a golden that is missing or does not fit still leaves a report saying so:
        // one failing test case in junit.xml, for CI's test tab (issue 52.3).
        for (args, message) in [([scene, dir + "/nothing"], "no golden yet"),
                                ([try writeScene(width: 140, name: "wider.json"), golden, "--frames", "0"], "expected frames of 140x80 pixels")] {
            let report = dir + "/refused-report"
            try refused(args + ["--report", report], message)
            XCTAssertEqual(try fm.contentsOfDirectory(atPath: report).sorted(), ["index.html", "junit.xml", "summary.json"])
            let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
            XCTAssertTrue(junit.contains(#"tests="1" failures="1""#) && junit.contains(#"<failure type="golden" message=""#) && junit.contains(message), junit)
            // The class name has no dots for Jenkins to read as packages.
            let className = try XCTUnwrap(junit.range(of: #"classname="[^"]*""#, options: .regularExpression).map { String(junit[$0]) })
            XCTAssertFalse(className.dropFirst(11).contains("."), className)
            let summary = try String(contentsOfFile: report + "/summary.json", encoding: .utf8)
            XCTAssertTrue(summary.contains(#""passed": false"#) && summary.contains(#""problem": ""#), summary)
            XCTAssertTrue(try String(contentsOfFile: report + "/index.html", encoding: .utf8).contains("Not compared"))
        }
        try "{\"frameCount\": 3}".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        try fm.createDirectory(atPath: dir + "/badgolden", withIntermediateDirectories: true)
        try fm.copyItem(atPath: dir + "/bad.json", toPath: dir + "/badgolden/manifest.json")
        try refused([scene, dir + "/badgolden"], "manifest.json: expected frameCount, fps, width, height and frames")
    }

    func testAManifestKeptAloneAndAManifestOfVersion01() throws {
        let scene = try writeScene(), golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "--quiet"]).status, 0)
        // 0.1 wrote no scale, generator or libraries: the scale comes from the pixel size.
        let manifest = try String(contentsOfFile: golden + "/manifest.json", encoding: .utf8)
        let old = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  \"scale\"") && !$0.hasPrefix("  \"generator\"") && !$0.hasPrefix("  \"libraries\"") }
            .joined(separator: "\n")
        XCTAssertNotEqual(old, manifest)
        try old.write(toFile: golden + "/manifest.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--quiet"]).status, 0)

        // Only the manifest (hashes) kept: equal frames pass; a change fails without a picture.
        for name in try fm.contentsOfDirectory(atPath: golden) where name.hasSuffix(".png") { try fm.removeItem(atPath: golden + "/" + name) }
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--quiet"]).status, 0)
        _ = try writeScene(color: "#34C759")
        let r = try runCLI(["verify", scene, golden, "--report", dir + "/report"])
        XCTAssertEqual(r.status, 1, r.err)
        XCTAssertTrue(r.out.contains("the golden has no PNG for this frame, only its hash in manifest.json"), r.out)
        let browser = try runProgram("/usr/bin/env", ["python3", Package.root + "/Tests/Browser/check-report.py", dir + "/report"])
        XCTAssertEqual(browser.status, 0, browser.out + browser.err)
    }

    func testPixelDiffCountsBoxesAndDrawsTheChange() {
        // 3x2 pixels; (1,0) differs by 5 in green, (2,1) by 40 in alpha.
        let e = [UInt8](repeating: 200, count: 3 * 2 * 4)
        var a = e
        a[1 * 4 + 1] = 205
        a[(1 * 3 + 2) * 4 + 3] = 160
        let d = PixelDiff(expected: e, actual: a, width: 3, height: 2, tolerance: 5)
        XCTAssertEqual(d.differing, 2)
        XCTAssertEqual(d.overTolerance, 1)
        XCTAssertEqual(d.maxDelta, 40)
        XCTAssertEqual(d.box, PixelBox(x: 1, y: 0, width: 2, height: 2))
        XCTAssertEqual(PixelDiff(expected: e, actual: e, width: 3, height: 2, tolerance: 0), PixelDiff(expected: [], actual: [], width: 0, height: 0, tolerance: 0))
        let image = PixelDiff.image(expected: e, actual: a, width: 3, height: 2, tolerance: 5)
        XCTAssertEqual(Array(image[4..<8]), [255, 170, 0, 255], "within the tolerance: amber")
        XCTAssertEqual(Array(image[20..<24]), [230, 20, 60, 255], "beyond it: red")
        XCTAssertEqual(image[0], image[1])
        XCTAssertGreaterThan(image[0], 200, "unchanged pixels: a dimmed grey")
        XCTAssertEqual(VerifyReport.ranges([0, 1, 2, 4, 6, 7]), "0..2, 4, 6..7")
        XCTAssertEqual(VerifyReport.time(0.26666666666666666), "0.267")
        XCTAssertEqual(VerifyReport.time(1.5), "1.5")
        XCTAssertEqual(VerifyReport.time(2), "2")
        XCTAssertEqual(VerifyReport.percent(1, 100_000), "< 0.01 %")
        XCTAssertEqual(VerifyReport.percent(353, 10_000), "3.53 %")
    }

    func testEscapingForTheReportsFormats() {
        XCTAssertEqual(JSONWriter.quoted("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"")
        XCTAssertEqual(Escape.xml("<a href=\"x\">&'</a>\u{1}"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;\u{FFFD}")
    }
}

/// Decoded pixels of a PNG file, for comparing images by content.
enum PNGCodecTestSupport {
    static func pixels(_ path: String) throws -> [UInt8] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try PNGCodec.decode(Array(data)).rgba
    }
}

/// The JSON Schema and the format reference (issue 14): shipped, printed, checked by a real
/// validator against every scene and the bad-scene corpus, and every key documented.
final class SchemaTests: XCTestCase {
    func testTheSchemaCommandPrintsTheShippedFile() throws {
        let r = try runCLI(["schema"])
        XCTAssertEqual(r.status, 0, r.err)
        let file = try String(contentsOfFile: Package.root + "/schema/scene.schema.json", encoding: .utf8)
        XCTAssertEqual(r.out, file)
        XCTAssertTrue(r.out.contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""))
        let help = try runCLI(["--help"])
        XCTAssertTrue(help.out.contains("docs/scene-format.md"), help.out)
    }

    func testScenesPassTheSchemaBadCasesFailItAndEveryKeyIsDocumented() throws {
        let r = try runProgram("/usr/bin/env", ["python3", Package.root + "/Tests/Schema/check-schema.py", Package.root])
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("valid scenes pass"), r.out + r.err)
    }

    func testAScenePointingAtTheSchemaIsValid() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = "{ \"$schema\": \"../schema/scene.schema.json\", \"version\": 1, \"canvas\": { \"size\": [20, 20] }, \"fps\": 1, \"duration\": 0 }"
        try good.write(toFile: dir + "/good.json", atomically: true, encoding: .utf8)
        let ok = try runCLI(["validate", dir + "/good.json"])
        XCTAssertEqual(ok.status, 0, ok.err)
        try good.replacingOccurrences(of: "\"../schema/scene.schema.json\"", with: "5").write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try runCLI(["validate", dir + "/bad.json"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("$schema: expected a string, found 5"), bad.err)
    }
}

/// `tablerender draws` and `--no-shortcut` (issue 15) from the binary.
final class DrawsCommandTests: XCTestCase {
    /// A new empty folder, removed when the test ends.
    func scratchDirectory() throws -> String {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// The pixel hashes a render's manifest lists, in frame order.
    static func pixels(_ folder: String) throws -> [Substring] {
        try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8).split(separator: "\n").filter { $0.contains("pixelsSha256") }
            .map { $0.split(separator: "\"pixelsSha256\": ").last?.prefix(66) ?? "" }
    }

    func testDrawsPrintsTheFramesListAndRefusesAFrameOutOfRange() throws {
        let r = try runCLI(["draws", Package.scene("layers-basics.json"), "--scale", "1"])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = r.out.split(separator: "\n")
        XCTAssertEqual(lines.first, "frame 375x667 background #F2F2F7FF")
        XCTAssertTrue(lines.contains("begin layer 0 clip 0,0..375,667 group alpha 128"), r.out)
        XCTAssertEqual(lines.filter { $0.hasPrefix("begin") || $0.hasPrefix("  begin") }.count,
                       lines.filter { $0.trimmingCharacters(in: .whitespaces) == "end" }.count, "every scope ends")
        // Stable: the same text twice.
        XCTAssertEqual(try runCLI(["draws", Package.scene("layers-basics.json"), "--scale", "1"]).out, r.out)
        let out = try runCLI(["draws", Package.scene("flip.json"), "--frame", "100000"])
        XCTAssertEqual(out.status, 64)
        XCTAssertTrue(out.err.contains("--frame 100000: expected a frame index within 0.."), out.err)
    }

    func testNoShortcutRendersTheSamePixelsAndRefusesUnknownNames() throws {
        let dir = try scratchDirectory()
        let scene = Package.scene("cards.json")
        XCTAssertEqual(try runCLI([scene, dir + "/on", "--scale", "0.5", "--frames", "10..20", "--quiet"]).status, 0)
        XCTAssertEqual(try runCLI([scene, dir + "/off", "--scale", "0.5", "--frames", "10..20", "--quiet", "--no-shortcut", "all"]).status, 0)
        XCTAssertEqual(try Self.pixels(dir + "/on"), try Self.pixels(dir + "/off"))
        XCTAssertEqual(try Self.pixels(dir + "/on").count, 11)
        let bad = try runCLI([scene, dir + "/x", "--no-shortcut", "fast"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("--no-shortcut fast: expected one of known-color, pixel-rect, pixel-clip, or all"), bad.err)
    }

    /// `--raster cells` (the hidden experiment of issue 30) is taken by render and bench and
    /// draws different bytes than the default in a frame of the scripts scene (joined glyphs
    /// overlap there), and it leaves a trace: the manifest says `"raster": "cells"` (a default
    /// manifest says nothing), verify refuses such a golden, merge refuses to mix its parts
    /// with exact ones, and bench's line names it. An unknown method is refused.
    func testRasterExperimentIsTakenRecordedAndUnknownMethodsRefused() throws {
        let dir = try scratchDirectory()
        let scene = Package.scene("scripts.json")
        XCTAssertEqual(try runCLI([scene, dir + "/exact", "--scale", "1", "--frames", "30", "--quiet"]).status, 0)
        XCTAssertEqual(try runCLI([scene, dir + "/cells", "--scale", "1", "--frames", "30", "--quiet", "--raster", "cells"]).status, 0)
        XCTAssertEqual(try Self.pixels(dir + "/exact").count, 1)
        XCTAssertEqual(try Self.pixels(dir + "/cells").count, 1)
        XCTAssertNotEqual(try Self.pixels(dir + "/exact"), try Self.pixels(dir + "/cells"))
        let manifest = { (folder: String) in try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8) }
        let cellsManifest = try manifest(dir + "/cells")
        XCTAssertTrue(cellsManifest.contains("\"raster\": \"cells\""), cellsManifest)
        XCTAssertFalse(try manifest(dir + "/exact").contains("raster"))

        let verify = try runCLI(["verify", scene, dir + "/cells"])
        XCTAssertEqual(verify.status, 64, verify.err)
        XCTAssertTrue(verify.err.contains("the golden was drawn with --raster cells"), verify.err)
        XCTAssertEqual(try runCLI(["verify", scene, dir + "/exact", "--frames", "30"]).status, 0)

        for (i, extra) in [(1, ["--raster", "cells"]), (2, [])] {
            XCTAssertEqual(try runCLI([scene, dir + "/p\(i)", "--scale", "0.5", "--frames", "0..3", "--shard", "\(i)/2", "--quiet"] + extra).status, 0)
        }
        let merge = try runCLI(["merge", dir + "/m", dir + "/p1", dir + "/p2"])
        XCTAssertEqual(merge.status, 64, merge.err)
        XCTAssertTrue(merge.err.contains("expected parts drawn the same way"), merge.err)

        let bench = try runCLI(["bench", scene, "--scale", "0.5", "--frames", "30", "--raster", "cells"])
        XCTAssertEqual(bench.status, 0, bench.err)
        XCTAssertTrue(bench.out.contains("\"raster\":\"cells\""), bench.out)
        // (Its phases have a "raster" too, a number; the method is a string.)
        XCTAssertFalse(try runCLI(["bench", scene, "--scale", "0.5", "--frames", "30"]).out.contains("\"raster\":\""))
        let bad = try runCLI([scene, dir + "/x", "--raster", "fast"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("--raster fast: expected exact or cells"), bad.err)
    }
}
