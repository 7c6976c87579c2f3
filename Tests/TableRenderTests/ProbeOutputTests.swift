import Foundation
import TableRender
import TestSupport
import XCTest

/// The eleventh session's probe of issue 53's promise (notes/robustness.md): a golden whose frame
/// file is not a file, one preview path given twice, an out-of-range golden scale, `-q` where
/// warnings print, and a shadow priced on what it blurs. Each failed before its fix.
final class ProbeOutputTests: ScratchFolderTestCase {
    /// A 6-frame scene of 60 x 40 points.
    func writeScene() throws -> String {
        let text = #"{"version": 1, "canvas": {"size": [60, 40], "scale": 1}, "fps": 10, "duration": 0.5, "layers": ["#
            + #"{"name": "box", "frame": [4, 4, 16, 16], "backgroundColor": "systemBlue"}], "#
            + #""animations": [{"layer": "box", "keyPath": "opacity", "from": 1, "to": 0.2, "duration": 0.5}]}"#
        let path = dir + "/scene.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A frame file replaced by a folder, a FIFO or a link to a device is damage, as a file
    /// that is not the frame is; a golden without the file keeps only its hashes and passes.
    func testAGoldenFrameThatIsNotAFileIsDamage() throws {
        let scene = try writeScene(), golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "-q"]).status, 0)
        let frame = golden + "/frame-0002.png"
        let damages: [(String, () -> Void)] = [
            ("a folder", { mkdir(frame, 0o755) }),
            ("a FIFO", { mkfifo(frame, 0o644) }),
            ("a link to /dev/zero", { symlink("/dev/zero", frame) }),
        ]
        for (what, make) in damages {
            unlink(frame); rmdir(frame)
            make()
            let r = try runCLI(["verify", scene, golden, "-q"])
            XCTAssertEqual(r.status, 64, "\(what): \(r.out) \(r.err)")
            XCTAssertTrue(r.err.contains("frame-0002.png: expected the frame its manifest records, found something other than a PNG file"), "\(what): \(r.err)")
            XCTAssertTrue(r.err.contains("the golden is damaged"), r.err)
        }
        unlink(frame); rmdir(frame)
        let hashesOnly = try runCLI(["verify", scene, golden, "-q"])
        XCTAssertEqual(hashesOnly.status, 0, "no file: the golden's hashes are compared: \(hashesOnly.err)")
    }

    func testTheContactSheetAndTheVideoAreTwoFiles() throws {
        let scene = try writeScene()
        let same = dir + "/preview.png"
        let r = try runCLI([scene, dir + "/out", "--contact-sheet", same, "--video", same])
        XCTAssertEqual(r.status, 64, r.err)
        XCTAssertTrue(r.err.contains("expected another file than --contact-sheet"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"), "nothing rendered")
        // The same file through a link is the same file (an earlier preview there).
        FileManager.default.createFile(atPath: same, contents: Data([1]))
        symlink(same, dir + "/link.png")
        let linked = try runCLI([scene, dir + "/out", "--contact-sheet", same, "--video", dir + "/link.png"])
        XCTAssertEqual(linked.status, 64, linked.err)
        // A link to a sheet not made yet leads to it too (the video would have replaced the
        // user's link with itself): refused, the link left as it was.
        symlink(dir + "/later.png", dir + "/dangling.png")
        let dangling = try runCLI([scene, dir + "/out", "--contact-sheet", dir + "/later.png", "--video", dir + "/dangling.png"])
        XCTAssertEqual(dangling.status, 64, dangling.err)
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/dangling.png"), "the link is still a link")
    }

    func testAGoldenScaleBeyondACanvasIsRefused() throws {
        let scene = try writeScene(), golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "-q"]).status, 0)
        let path = golden + "/manifest.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("\"scale\": 1"), text)
        try text.replacingOccurrences(of: "\"scale\": 1", with: "\"scale\": 1e308").write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runCLI(["verify", scene, golden])
        XCTAssertEqual(r.status, 64, r.err)
        XCTAssertTrue(r.err.contains("scale: expected a number > 0 and <= 8"), r.err)
    }

    /// `validate`, `draws` and `bench` take `-q` as `render` does: no warnings.
    func testQuietIsTakenWhereverWarningsPrint() throws {
        let path = dir + "/warns.json"
        // A tap after the scene's end: a warning.
        try #"{"version": 1, "canvas": {"size": [60, 80], "scale": 1}, "fps": 10, "duration": 0.2, "table": {"sections": [{"rows": [{"title": "A"}]}]}, "script": [{"at": 5, "tap": {"row": 0}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let loud = try runCLI(["validate", path])
        XCTAssertTrue(loud.err.contains("warning"), "the scene warns: \(loud.err)")
        for args in [["validate", path, "-q"], ["draws", path, "-q"], ["bench", path, "-q"]] {
            let r = try runCLI(args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.err)")
            XCTAssertFalse(r.err.contains("warning"), "\(args): \(r.err)")
        }
        XCTAssertEqual(try runCLI(["validate", path, "-q"]).out, "", "quiet: no \"valid\" line either")
    }

    /// 200 layers of 1 x 1 point with a shadow each on a phone canvas @2x: each shadow costs
    /// what it blurs (the tiny layer grown by the blur's reach), not the frame's whole area
    /// (120 were refused by the frame-pixel budget, 110 passed). Wide shadows still pay.
    func testTinyShadowsArePricedOnWhatTheyBlur() throws {
        let dots = (0..<200).map { #"{"frame": [\#($0 % 20 * 15 + 5), \#($0 / 20 * 30 + 40), 1, 1], "backgroundColor": "systemRed", "shadowOpacity": 0.3}"# }
        let path = dir + "/dots.json"
        try (#"{"version": 1, "canvas": {"size": [375, 667], "scale": 2}, "fps": 1, "duration": 0, "layers": ["# + dots.joined(separator: ", ") + "]}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runCLI([path, dir + "/out", "-q"])
        XCTAssertEqual(r.status, 0, r.err)
        // One 20 pt shadowed square on a 4000 x 4000 canvas: its group and blur cost its own
        // pixels (about 10,000), not the canvas's 16 M (the group was priced over its whole
        // area when it opened: a second probe's 400 shadowed icons on a phone @3x were refused).
        let one = dir + "/one.json"
        try #"{"version": 1, "canvas": {"size": [4000, 4000], "scale": 1}, "fps": 1, "duration": 0, "layers": [{"frame": [100, 100, 20, 20], "backgroundColor": "systemRed", "shadowOpacity": 0.5, "shadowRadius": 0.5, "shadowOffset": [0, 3]}]}"#
            .write(toFile: one, atomically: true, encoding: .utf8)
        let small = try runCLI([one, dir + "/one-out", "-q", "--max-frame-pixels", "200000"])
        XCTAssertEqual(small.status, 0, small.err)
        let wide = (0..<60).map { ##"{"frame": [\##($0), \##($0), 1, 1], "backgroundColor": "#000000", "shadowOpacity": 1, "shadowRadius": 500}"## }
        try (#"{"version": 1, "canvas": {"size": [375, 667], "scale": 3}, "fps": 1, "duration": 0, "layers": ["# + wide.joined(separator: ", ") + "]}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try runCLI([path, dir + "/out2", "-q"])
        XCTAssertEqual(refused.status, 64, refused.err)
        XCTAssertTrue(refused.err.contains("--max-frame-pixels"), refused.err)
    }

    /// Paths with many self-crossings pay their rasterizer work into one budget a frame, not
    /// one each (30 such paths, each under the old per-path budget, took 11 s in one frame);
    /// a path found in the mask cache pays what it took, so every frame and `--jobs` counts
    /// the same.
    func testThePathWorkBudgetIsTheFramesPaths() throws {
        // A star polygon of 61 points, every edge crossing many others.
        let d = "M" + (0..<61).map { i -> String in
            let a = 2 * Double.pi * Double(i * 29 % 61) / 61
            return "\(Int((150 + 140 * cos(a)).rounded())) \(Int((150 + 140 * sin(a)).rounded()))"
        }.joined(separator: " L") + " Z"
        func scene(stars: Int) throws -> String {
            let layers = (0..<stars).map { _ in #"{"frame": [0, 0, 300, 300], "path": {"d": "\#(d)", "fillColor": "systemBlue"}}"# }
            let path = dir + "/stars-\(stars).json"
            try (#"{"version": 1, "canvas": {"size": [300, 300], "scale": 1}, "fps": 10, "duration": 0.2, "layers": ["# + layers.joined(separator: ", ") + "]}")
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let one = try scene(stars: 1), two = try scene(stars: 2)
        // The least power of two one star fits in: its work is more than half of it.
        var budget = 256
        while budget < 1 << 30, try runCLI([one, dir + "/o", "-q", "--force", "--max-path-work", "\(budget)"]).status != 0 { budget *= 2 }
        XCTAssertLessThan(budget, 1 << 30)
        for jobs in ["1", "2"] {
            let r = try runCLI([one, dir + "/one-\(jobs)", "-q", "--jobs", jobs, "--max-path-work", "\(budget)"])
            XCTAssertEqual(r.status, 0, "every frame of one star fits, the cached ones too: \(r.err)")
        }
        let both = try runCLI([two, dir + "/two", "-q", "--max-path-work", "\(budget)"])
        XCTAssertEqual(both.status, 64, "two stars take more than the frame's budget")
        XCTAssertTrue(both.err.contains("units of rasterizer work on the paths of one frame"), both.err)
    }

    /// A negative `--contact-sheet-every` gets the option's own message (the argument parser
    /// took "-5" for an option and said "Missing value").
    func testANegativeContactSheetStepIsSaidAsSuch() throws {
        let r = try runCLI([try writeScene(), dir + "/out", "--contact-sheet", dir + "/sheet.png", "--contact-sheet-every", "-5"])
        XCTAssertEqual(r.status, 64, r.err)
        XCTAssertTrue(r.err.contains("--contact-sheet-every expects a whole number >= 1"), r.err)
    }
}
