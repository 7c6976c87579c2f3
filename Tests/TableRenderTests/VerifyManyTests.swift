import Foundation
import XCTest
import TestSupport

/// `tablerender verify --goldens DIR SCENE...` (issue 52.3): many scenes in one call, each
/// against the golden of its name, with one report: an index of the scenes, one junit.xml with a
/// test case per scene and summary.json; a scene that cannot be compared is a failing test case
/// and the others are still verified.
final class VerifyManyTests: XCTestCase {
    var dir = ""
    let fm = FileManager.default

    override func setUpWithError() throws {
        dir = Package.temporaryDirectory()
        try fm.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? fm.removeItem(atPath: dir)
    }

    /// Four frames of a card that turns; `color` is its colour.
    func writeScene(_ name: String, color: String = "#3478F6", width: Int = 120) throws -> String {
        let text = """
            { "version": 1, "canvas": { "size": [\(width), 80], "scale": 1, "background": "#FFFFFF" }, "fps": 10, "duration": 0.3,
              "layers": [ { "name": "card", "frame": [20, 15, 60, 50], "cornerRadius": 8, "backgroundColor": "\(color)" } ],
              "animations": [ { "layer": "card", "keyPath": "transform.rotation.z", "from": 0, "to": 30, "duration": 0.3 } ] }
            """
        let path = dir + "/scenes/" + name + ".json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testManyScenesGiveOneReportWithATestCasePerScene() throws {
        let a = try writeScene("a"), b = try writeScene("b"), wide = try writeScene("wide")
        let goldens = dir + "/goldens", report = dir + "/report"
        let recorded = try runCLI(["verify", "--goldens", goldens, a, b, wide, "--record"])
        XCTAssertEqual(recorded.status, 0, recorded.err)
        XCTAssertTrue(recorded.out.contains("verify: 3 scenes: 3 pass, 0 differ, 0 not compared"), recorded.out)
        for name in ["a", "b", "wide"] { XCTAssertTrue(fm.fileExists(atPath: "\(goldens)/\(name)/manifest.json"), name) }

        let same = try runCLI(["verify", "--goldens", goldens, a, b, wide, "--report", report])
        XCTAssertEqual(same.status, 0, same.err)
        var junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"tests="3" failures="0""#), junit)

        // b changes colour, the wide scene no longer fits its golden, c has none: every scene is
        // still verified, each one's test case says what happened, and the status is 64 (a
        // scene was not compared) over 1 (a scene differs).
        _ = try writeScene("b", color: "#34C759")
        _ = try writeScene("wide", width: 140)
        let c = try writeScene("c")
        let run = try runCLI(["verify", "--goldens", goldens, a, b, wide, c, "--report", report])
        XCTAssertEqual(run.status, 64, run.out + run.err)
        XCTAssertTrue(run.out.contains("verify: 4 scenes: 1 pass, 1 differ, 2 not compared"), run.out)
        XCTAssertTrue(run.err.contains("no golden yet") && run.err.contains("expected frames of 140x80 pixels"), run.err)
        junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"tests="4" failures="3""#), junit)
        XCTAssertEqual(junit.components(separatedBy: "<testcase ").count - 1, 4, junit)
        XCTAssertEqual(junit.components(separatedBy: #"<failure type="golden""#).count - 1, 2, junit)
        XCTAssertTrue(junit.contains(#"<failure type="pixels" message="4 of 4 frames differ (first: frame 0)">frame 0 (t = 0 s): "#), junit)
        XCTAssertTrue(junit.contains("report: scenes/b/index.html"), junit)
        // Each scene's own report is beside the index, the refused ones' too.
        for name in ["a", "b", "wide", "c"] {
            XCTAssertTrue(fm.fileExists(atPath: "\(report)/scenes/\(name)/index.html"), name)
        }
        XCTAssertTrue(fm.fileExists(atPath: report + "/scenes/b/diff-0000.png"))
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report + "/summary.json"))) as? [String: Any])
        XCTAssertEqual(summary["passed"] as? Bool, false)
        let scenes = try XCTUnwrap(summary["scenes"] as? [[String: Any]])
        XCTAssertEqual(scenes.map { $0["passed"] as? Bool }, [true, false, false, false])
        XCTAssertEqual(scenes[1]["framesFailing"] as? Int, 4)
        XCTAssertNotNil(scenes[3]["problem"] as? String)
        let index = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        XCTAssertTrue(index.contains("3 of 4 scenes fail") && index.contains(#"href="scenes/b/index.html""#), index)

        // Only differences: status 1. A new run clears the earlier scenes' reports (no stale
        // report of a scene no longer verified stays behind).
        let differs = try runCLI(["verify", "--goldens", goldens, a, b, "--report", report, "--quiet"])
        XCTAssertEqual(differs.status, 1, differs.err)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: report + "/scenes").sorted(), ["a", "b"])
    }

    /// A golden frame found damaged while comparing, and a refused scene, leave a report that
    /// says so (in place of an earlier one), for one scene as for many.
    func testASceneNotComparedLeavesAReportSayingWhy() throws {
        let a = try writeScene("a"), goldens = dir + "/goldens", report = dir + "/report"
        XCTAssertEqual(try runCLI(["verify", "--goldens", goldens, a, "--record", "--quiet"]).status, 0)
        XCTAssertEqual(try runCLI(["verify", a, goldens + "/a", "--report", report, "--quiet"]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: report + "/summary.json", encoding: .utf8).contains(#""passed": true"#))
        var png = try Data(contentsOf: URL(fileURLWithPath: goldens + "/a/frame-0002.png"))
        png[png.count / 2] ^= 0xFF
        try png.write(to: URL(fileURLWithPath: goldens + "/a/frame-0002.png"))
        let damaged = try runCLI(["verify", a, goldens + "/a", "--report", report])
        XCTAssertEqual(damaged.status, 64, damaged.err)
        var junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"<failure type="golden""#) && junit.contains("the golden is damaged"), junit)
        XCTAssertTrue(try String(contentsOfFile: report + "/summary.json", encoding: .utf8).contains(#""passed": false"#))
        let bad = dir + "/scenes/bad.json"
        try #"{"version": 1}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try runCLI(["verify", "--goldens", goldens, bad, a, "--report", report])
        XCTAssertEqual(refused.status, 64, refused.err)
        junit = try String(contentsOfFile: report + "/scenes/bad/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("canvas: expected a canvas object"), junit)
        let index = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(index.contains(#"tests="2" failures="2""#) && index.contains("the golden is damaged"), index)
    }

    func testArgumentsAndAReportFolderNotOurs() throws {
        let a = try writeScene("a"), goldens = dir + "/goldens"
        let two = try runCLI(["verify", a])
        XCTAssertEqual(two.status, 64, two.err)
        XCTAssertTrue(two.err.contains("expected SCENE GOLDEN (or --goldens DIR and one or more scenes), found 1 paths"), two.err)
        try fm.createDirectory(atPath: dir + "/other", withIntermediateDirectories: true)
        try fm.copyItem(atPath: a, toPath: dir + "/other/a.json")
        let clash = try runCLI(["verify", "--goldens", goldens, a, dir + "/other/a.json"])
        XCTAssertEqual(clash.status, 64, clash.err)
        XCTAssertTrue(clash.err.contains("would share the golden a"), clash.err)
        XCTAssertEqual(try runCLI(["verify", "--goldens", goldens, a, "--record", "--quiet"]).status, 0)
        let dots = dir + "/scenes/..json"
        try fm.copyItem(atPath: a, toPath: dots)
        let dotted = try runCLI(["verify", "--goldens", goldens, dots])
        XCTAssertEqual(dotted.status, 64, dotted.err)
        XCTAssertTrue(dotted.err.contains("expected a scene file name that can name a golden folder"), dotted.err)
        // A file of the user's among the scene reports refuses the run before anything is
        // removed (the earlier report stays whole), and once it is gone the folder is ours again.
        let report = dir + "/report"
        XCTAssertEqual(try runCLI(["verify", "--goldens", goldens, a, "--report", report, "--quiet"]).status, 0)
        try "keep".write(toFile: report + "/scenes/a/notes.txt", atomically: true, encoding: .utf8)
        try fm.createDirectory(atPath: report + "/scenes/mine", withIntermediateDirectories: true)
        let refused = try runCLI(["verify", "--goldens", goldens, a, "--report", report, "--force"])
        XCTAssertEqual(refused.status, 73, refused.err)
        XCTAssertEqual(try String(contentsOfFile: report + "/scenes/a/notes.txt", encoding: .utf8), "keep")
        for file in ["index.html", "junit.xml", "summary.json", "scenes/a/index.html"] {
            XCTAssertTrue(fm.fileExists(atPath: report + "/" + file), "\(file) was removed by a refused run")
        }
        try fm.removeItem(atPath: report + "/scenes/a/notes.txt")
        XCTAssertEqual(try runCLI(["verify", "--goldens", goldens, a, "--report", report, "--quiet"]).status, 0)
        // A link among them is never followed.
        try fm.createSymbolicLink(atPath: report + "/scenes/b", withDestinationPath: dir + "/scenes")
        XCTAssertEqual(try runCLI(["verify", "--goldens", goldens, a, "--report", report, "--quiet"]).status, 73)
        XCTAssertTrue(fm.fileExists(atPath: a), "nothing outside the report was touched")
    }
}
