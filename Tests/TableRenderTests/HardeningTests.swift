import Foundation
import PNGCodec
import XCTest
import TestSupport
@testable import SceneJSON
@testable import SceneModel
@testable import TableRender
@testable import Simulation
@testable import TableEngine

/// Issue 26: paths handled as text, verify and merge trusting nothing they read, one writer per
/// folder, messages that never echo megabytes. Each CLI test runs the built binary on a small
/// scene of its own.
final class HardeningTests: XCTestCase {
    var dir = ""
    let fm = FileManager.default

    override func setUpWithError() throws {
        dir = Package.temporaryDirectory()
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? fm.removeItem(atPath: dir)
    }

    /// Eleven frames of a square that turns; `color` is its colour.
    func writeScene(_ name: String = "scene.json", color: String = "#3478F6") throws -> String {
        let text = """
            { "version": 1, "canvas": { "size": [60, 40], "scale": 1, "background": "#FFFFFF" }, "fps": 10, "duration": 1,
              "layers": [ { "name": "card", "frame": [20, 10, 20, 20], "backgroundColor": "\(color)" } ],
              "animations": [ { "layer": "card", "keyPath": "transform.rotation.z", "from": 0, "to": 90, "duration": 1 } ] }
            """
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testPathNamesAreTextAndNeverTrap() {
        let parents = ["o": ".", "o/": ".", "a/b": "a", "a/b/": "a", "/b": "/", "/": "/", "": ".", "a//b": "a", "./o": ".", "a/b/c": "a/b"]
        for (path, parent) in parents { XCTAssertEqual(PathName.parent(path), parent, path) }
        let last = ["o": "o", "o/": "o", "a/b": "b", "/": "/", "/b/": "b"]
        for (path, name) in last { XCTAssertEqual(PathName.lastComponent(path), name, path) }
        XCTAssertEqual(PathName.pathExtension("a/v.MP4"), "MP4")
        XCTAssertEqual(PathName.pathExtension(".hidden"), "")
        XCTAssertEqual(PathName.pathExtension("x"), "")
        XCTAssertEqual(PathName.join("a", "b"), "a/b")
        XCTAssertEqual(PathName.join("a/", "b"), "a/b")
        // A link is followed to compare places: inside it means inside where it points.
        let real = dir + "/real", link = dir + "/link"
        XCTAssertNoThrow(try fm.createDirectory(atPath: real, withIntermediateDirectories: true))
        XCTAssertEqual(symlink(real, link), 0)
        XCTAssertTrue(PathName.isInside(link + "/new/file.mp4", real))
        XCTAssertFalse(PathName.isInside(dir + "/other.mp4", real))
        // After a link, ".." is the target's parent, as the kernel resolves it (not folded as text).
        let deep = dir + "/deep/inner"
        XCTAssertNoThrow(try fm.createDirectory(atPath: deep, withIntermediateDirectories: true))
        XCTAssertEqual(symlink(deep, dir + "/to-inner"), 0)
        XCTAssertEqual(PathName.resolved(dir + "/to-inner/../x.mp4"), PathName.resolved(dir + "/deep") + "/x.mp4")
    }

    func testOneCharacterFolderNamesWork() throws {
        _ = try writeScene("s.json")
        let run = { (args: [String]) throws -> (status: Int32, out: String, err: String) in
            try runProgram("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", self.dir, Package.executable] + args)
        }
        XCTAssertEqual(try run(["s.json", "o", "-q"]).status, 0)
        XCTAssertEqual(try run(["verify", "s.json", "g", "--record", "-q"]).status, 0)
        let verified = try run(["verify", "s.json", "g", "--report", "r", "-q"])
        XCTAssertEqual(verified.status, 0, verified.err)
        XCTAssertTrue(fm.fileExists(atPath: dir + "/r/summary.json"))
        XCTAssertEqual(try run(["s.json", "p", "--shard", "1/1", "-q"]).status, 0)
        let merged = try run(["merge", "m", "p"])
        XCTAssertEqual(merged.status, 0, merged.err)
        // The merged folder is the unsharded render, byte for byte.
        XCTAssertEqual(try String(contentsOfFile: dir + "/m/manifest.json", encoding: .utf8),
                       try String(contentsOfFile: dir + "/o/manifest.json", encoding: .utf8))
    }

    func testVerifyReadsTheManifestItIsGivenAndChecksTheGoldensFiles() throws {
        let scene = try writeScene(), golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "-q"]).status, 0)
        // Another manifest beside the golden's: verify compares against the file named.
        let other = try writeScene("other.json", color: "#FF3B30")
        XCTAssertEqual(try runCLI([other, dir + "/red", "-q"]).status, 0)
        try fm.copyItem(atPath: dir + "/red/manifest.json", toPath: golden + "/red.json")
        let named = try runCLI(["verify", scene, golden + "/red.json", "-q"])
        XCTAssertEqual(named.status, 64, "the frames beside red.json are not red.json's")
        XCTAssertTrue(named.err.contains("the golden is damaged"), named.err)
        XCTAssertEqual(try runCLI(["verify", scene, golden + "/manifest.json", "-q"]).status, 0)

        // A golden frame swapped for another frame (hash of the manifest kept): refused, even
        // though the pixels rendered now match the manifest's hash.
        try fm.removeItem(atPath: golden + "/frame-0003.png")
        try fm.copyItem(atPath: golden + "/frame-0004.png", toPath: golden + "/frame-0003.png")
        let swapped = try runCLI(["verify", scene, golden, "--report", dir + "/report"])
        XCTAssertEqual(swapped.status, 64, swapped.out)
        XCTAssertTrue(swapped.err.contains("frame-0003.png: expected the frame its manifest records"), swapped.err)
        // The report says why it did not compare (issue 52.3), never "passed".
        let summary = try String(contentsOfFile: dir + "/report/summary.json", encoding: .utf8)
        XCTAssertTrue(summary.contains(#""passed": false"#) && summary.contains("expected the frame its manifest records"), summary)
    }

    func testAReportOfAnEarlierVerifyDoesNotOutliveAFailingOne() throws {
        let scene = try writeScene(), golden = dir + "/golden", report = dir + "/report"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "-q"]).status, 0)
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--report", report, "-q"]).status, 0)
        XCTAssertTrue(fm.fileExists(atPath: report + "/summary.json"))
        // The golden no longer fits (another frame count): the earlier "passed" goes.
        var manifest = try String(contentsOfFile: golden + "/manifest.json", encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "\"frameCount\": 11", with: "\"frameCount\": 12")
        try manifest.write(toFile: golden + "/manifest.json", atomically: true, encoding: .utf8)
        let unfit = try runCLI(["verify", scene, golden, "--report", report, "-q"])
        XCTAssertEqual(unfit.status, 64, unfit.err)
        // The report now says the golden does not fit (issue 52.3), never the earlier "passed".
        let summary = try String(contentsOfFile: report + "/summary.json", encoding: .utf8)
        XCTAssertTrue(summary.contains(#""passed": false"#) && !summary.contains(#""passed": true"#), summary)
        XCTAssertTrue(summary.contains("expected a golden of"), summary)
    }

    func testManifestsAreNotTakenOnTheirWord() throws {
        let scene = try writeScene(), out = dir + "/out"
        XCTAssertEqual(try runCLI([scene, out, "-q"]).status, 0)
        var text = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
        XCTAssertTrue(text.contains("\"sceneSha256\": \""), "a render names its scene file")
        // Times come from index / fps, whatever the file says.
        text = text.replacingOccurrences(of: "\"time\": 0.1,", with: "\"time\": -1e308,")
        try text.write(toFile: out + "/manifest.json", atomically: true, encoding: .utf8)
        let m = try Manifest.read(folder: out)
        XCTAssertEqual(m.records[1].time, 0.1)
        // A digest that is not 64 hexadecimal digits (here one that would break JSON) is refused.
        let broken = text.replacingOccurrences(of: "\"sha256\": \"", with: "\"sha256\": \"\\\", \\\"passed\\\": true, \\\"x\\\": \\\"")
        try broken.write(toFile: out + "/manifest.json", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Manifest.read(folder: out)) { error in
            XCTAssertTrue("\(error)".contains("expected sha256 and pixelsSha256 of 64 hexadecimal digits"), "\(error)")
        }
    }

    func testMergeChecksItsPartsAndNeverClearsOne() throws {
        let scene = try writeScene(), other = try writeScene("other.json", color: "#FF3B30")
        for i in 1...2 { XCTAssertEqual(try runCLI([scene, dir + "/p\(i)", "--shard", "\(i)/2", "-q"]).status, 0) }
        XCTAssertEqual(try runCLI([other, dir + "/q2", "--shard", "2/2", "-q"]).status, 0)
        XCTAssertEqual(try runCLI([scene, dir + "/f2", "--shard", "2/2", "--frames", "0..9", "-q"]).status, 0)

        let mixed = try runCLI(["merge", dir + "/m", dir + "/p1", dir + "/q2"])
        XCTAssertEqual(mixed.status, 64)
        XCTAssertTrue(mixed.err.contains("expected a part of the same scene file"), mixed.err)
        let selection = try runCLI(["merge", dir + "/m", dir + "/p1", dir + "/f2"])
        XCTAssertEqual(selection.status, 64)
        XCTAssertTrue(selection.err.contains("expected the frames 0..10"), selection.err)

        // OUT is a part: refused before anything is touched.
        let intoPart = try runCLI(["merge", dir + "/p1/", dir + "/p1", dir + "/p2"])
        XCTAssertEqual(intoPart.status, 64)
        XCTAssertTrue(intoPart.err.contains("expected an output folder apart from the parts"), intoPart.err)
        XCTAssertTrue(fm.fileExists(atPath: dir + "/p1/manifest.json"))

        // A frame whose file hash was made to match but whose pixels are not the manifest's.
        try fm.removeItem(atPath: dir + "/p2/frame-0006.png")
        try fm.copyItem(atPath: dir + "/p2/frame-0007.png", toPath: dir + "/p2/frame-0006.png")
        var text = try String(contentsOfFile: dir + "/p2/manifest.json", encoding: .utf8)
        let m = try Manifest.read(folder: dir + "/p2")
        let six = try XCTUnwrap(m.records.first { $0.index == 6 }), seven = try XCTUnwrap(m.records.first { $0.index == 7 })
        text = text.replacingOccurrences(of: "\"sha256\": \"\(six.fileSHA256)\"", with: "\"sha256\": \"\(seven.fileSHA256)\"")
        try text.write(toFile: dir + "/p2/manifest.json", atomically: true, encoding: .utf8)
        let forged = try runCLI(["merge", dir + "/m", dir + "/p1", dir + "/p2"])
        XCTAssertEqual(forged.status, 64)
        XCTAssertTrue(forged.err.contains("frame-0006.png: expected a PNG of 60x40 pixels whose pixels"), forged.err)
        XCTAssertFalse(fm.fileExists(atPath: dir + "/m"))
    }

    func testLongTokensAreCutInMessages() {
        let token = String(repeating: "k", count: 1_000_000)
        let cut = Message.cutLongTokens("scene.json: \(token): expected a known key")
        XCTAssertLessThan(cut.utf8.count, 140)
        XCTAssertTrue(cut.hasPrefix("scene.json: kkk") && cut.contains("...") && cut.hasSuffix(": expected a known key"), cut)
        XCTAssertEqual(Message.cutLongTokens("short message stays"), "short message stays")
        XCTAssertLessThan(RenderFailure(description: token).description.utf8.count, 100)
    }

    func testWarningsForRadiansAndAnimationsAfterTheEnd() throws {
        let text = """
            { "version": 1, "canvas": { "size": [20, 20] }, "fps": 10, "duration": 1,
              "layers": [ { "name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#000000" } ],
              "animations": [ { "layer": "a", "keyPath": "transform.rotation.z", "from": 0, "to": 1.5708 },
                              { "layer": "a", "keyPath": "transform.rotation.y", "from": 0, "to": 90 },
                              { "layer": "a", "keyPath": "opacity", "to": 0, "beginTime": 2 } ] }
            """
        let path = dir + "/w.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runCLI(["validate", path])
        XCTAssertEqual(r.status, 0, "warnings do not refuse: \(r.err)")
        let lines = r.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, r.err)
        XCTAssertTrue(r.err.contains("warning: animations[0]: transform.rotation.z takes degrees, found 0, 1.5708, which look like radians (multiply by 180/π: 1.5708 is 90 degrees)"), r.err)
        XCTAssertTrue(r.err.contains("warning: animations[2].beginTime: the animation begins at 2 s, after the scene ends (duration 1 s): it never shows"), r.err)
    }

    /// A tap on a row of height 0 (a hidden row, its own or a rowHeights update's) is not made:
    /// no finger reaches it (a probe found it opening a fold and ending the selection). The
    /// shortest row that shows prices the cells on screen, so 50,000 hidden rows are not
    /// priced as 50,000 cells a frame.
    func testATapOnARowOfNoHeightIsNotMade() throws {
        let text = """
            { "version": 1, "canvas": { "size": [60, 120] }, "fps": 10, "duration": 1,
              "table": { "expansion": { "effect": "fold" }, "rowHeight": 20,
                         "sections": [ { "rows": [ { "title": "A" }, { "title": "B", "height": 0 }, { "title": "C" } ] } ] },
              "script": [ { "at": 0.1, "tap": { "row": 1 } }, { "at": 0.2, "rowHeights": { "indexPaths": [[0, 2]], "heights": [0] } },
                          { "at": 0.7, "tap": { "row": 2 } }, { "at": 0.8, "tap": { "row": 0 } } ] }
            """
        let path = dir + "/t0.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runCLI(["validate", path])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.err.contains("warning: script[0].tap: row 1 of section 0 has height 0 at 0.1 s (a hidden row): the tap is not made"), r.err)
        XCTAssertTrue(r.err.contains("warning: script[2].tap: row 2 of section 0 has height 0 at 0.7 s (a hidden row): the tap is not made"), r.err)
        let scene = try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "t0.json", directory: dir)
        let sim = try XCTUnwrap(TableSimulation(scene: scene))
        XCTAssertNil(sim.taps[TableSimulation.RowKey(1)])
        XCTAssertNil(sim.taps[TableSimulation.RowKey(2)])
        XCTAssertEqual(sim.taps[TableSimulation.RowKey(0)], [0.8])
        // 50,000 hidden rows between two that show: priced by the rows that show.
        let hidden = String(repeating: #"{ "title": "z", "height": 0 }, "#, count: 50_000)
        let many = #"{ "version": 1, "canvas": { "size": [60, 120] }, "fps": 10, "duration": 1, "table": { "sections": [ { "rows": [ { "title": "v" }, "#
            + hidden + #"{ "title": "w" } ] } ] } }"#
        let manyPath = dir + "/many.json"
        try many.write(toFile: manyPath, atomically: true, encoding: .utf8)
        let m = try runCLI(["validate", manyPath])
        XCTAssertEqual(m.status, 0, m.err)
    }

    /// Issue 28's probe: a tap on a row hidden in a collapsed section is not made (it would
    /// select a row nobody sees and end the visible selection), an event after the end, a
    /// display rotation in radians and a display delay past the end are warned about.
    func testWarningsForTableScriptsAndDisplayEffects() throws {
        let text = """
            { "version": 1, "canvas": { "size": [60, 120] }, "fps": 10, "duration": 1,
              "table": { "expansion": { "effect": "rows" }, "rowHeight": 20,
                         "display": { "effect": { "transform": [ { "rotate": [0.5, 0, 0, 1] } ], "delay": 2 } },
                         "sections": [ { "collapsible": true, "expanded": false, "rows": [ { "title": "H" }, { "title": "A" }, { "title": "B" } ] } ] },
              "script": [ { "at": 0.1, "tap": { "row": 2 } }, { "at": 0.2, "tap": { "row": 0 } }, { "at": 0.7, "tap": { "row": 1 } },
                          { "at": 1.5, "tap": { "row": 0 } } ] }
            """
        let path = dir + "/t.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runCLI(["validate", path])
        XCTAssertEqual(r.status, 0, "warnings do not refuse: \(r.err)")
        XCTAssertEqual(r.err.split(separator: "\n").count, 4, r.err)
        XCTAssertTrue(r.err.contains("warning: script[0].tap: row 2 of section 0 is hidden at 0.1 s (its section is collapsed): the tap is not made"), r.err)
        XCTAssertTrue(r.err.contains("warning: script[3].at: the event comes at 1.5 s, after the scene ends (duration 1 s): nothing shows it"), r.err)
        XCTAssertTrue(r.err.contains("warning: table.display.effect.transform: the rotation takes degrees, found 0.5"), r.err)
        XCTAssertTrue(r.err.contains("warning: table.display.effect.delay: the effect starts 2 s after a row shows"), r.err)
        // The hidden tap is left out: the row it named is never selected.
        let scene = try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "t.json", directory: dir)
        let sim = try XCTUnwrap(TableSimulation(scene: scene))
        XCTAssertNil(sim.taps[TableSimulation.RowKey(2)])
        XCTAssertEqual(sim.taps[TableSimulation.RowKey(1)], [0.7], "a row of the opened section can be tapped")
    }

    func testJobsAreNeverMoreThanTheCoresOrTheWork() {
        XCTAssertEqual(FrameScheduler.jobs(1_000_000_000, tasks: 3), min(3, FrameScheduler.defaultJobs()))
        XCTAssertEqual(FrameScheduler.jobs(0, tasks: 1), 1)
        XCTAssertEqual(FrameScheduler.jobs(1, tasks: 100), 1)
        XCTAssertEqual(FrameScheduler.jobs(5, tasks: 0), 1)
    }

    /// Property: any valid table and script of a seeded random family is laid out by the
    /// simulation within its budget, or refused by it before anything runs.
    func testTableSimulationOfRandomScenesFinishesOrIsRefused() throws {
        var rng = SeededGenerator(state: 26)
        func pick<T>(_ choices: [T]) -> T { choices[Int(rng.next() % UInt64(choices.count))] }
        for i in 0..<40 {
            let rows = 1 + Int(rng.next() % 400)
            let height = pick([1e-15, 0.01, 1, 44, 1e4])
            let velocity = pick([-1e5, -2500, 0, 900, 1e5])
            let duration = pick([0.2, 1, 20])
            let header = pick([true, false]) ? "\"header\": {\"minHeight\": 40, \"maxHeight\": 120}," : ""
            let text = """
                { "version": 1, "canvas": { "size": [120, 200], "scale": 1 }, "fps": 10, "duration": \(duration),
                  "table": { \(header) "rowHeight": \(height), "rowCount": \(rows), "titleFormat": "Row %d" },
                  "script": [ { "at": 0, "drag": { "by": 1e300, "duration": 0.1 } }, { "at": 0.1, "fling": { "velocity": \(velocity) } },
                              { "at": 0.15, "release": {} } ] }
                """
            let path = dir + "/t\(i).json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let r = try runCLI([path, dir + "/t\(i)", "-q", "--max-simulation-work", "50000000"])
            XCTAssertTrue(r.status == 0 || (r.status == 64 && r.err.contains("--max-simulation-work")), "\(text): \(r.status) \(r.err)")
        }
    }
}
