import Foundation
import Hashing
import PNGCodec
import TableRender
import TestSupport
import XCTest

/// Hardening round 3 (issue 53): the warnings' cap (item 11) and the residue of round 2 on the
/// output files (items 12 to 16): a manifest of many small values, previews written through a
/// link, verify's images at the golden's scale, goldens whose PNGs were re-encoded, and merge
/// naming the parts that overlap. Each failed before its fix.
final class OutputResidueTests: ScratchFolderTestCase {

    /// A small animated scene of 11 frames; with `image`, a layer showing `img.png` (red at 1x,
    /// blue in its @2x file, so the file the scale picks shows in the pixels).
    func writeScene(image: Bool = false) throws -> String {
        var layers = #"{"name": "box", "frame": [4, 4, 16, 16], "backgroundColor": "systemBlue"}"#
        if image {
            let files: [(String, [UInt8])] = [("img.png", [255, 0, 0, 255]), ("img@2x.png", [0, 0, 255, 255])]
            for (name, pixel) in files {
                let side = name.contains("@2x") ? 16 : 8
                let rgba = [UInt8]((0..<side * side).map { _ in pixel }.joined())
                try Data(PNGCodec.encode(rgba: rgba, width: side, height: side)).write(to: URL(fileURLWithPath: dir + "/" + name))
            }
            layers += #", {"frame": [20, 4, 8, 8], "image": {"file": "img.png"}}"#
        }
        let text = #"{"version": 1, "canvas": {"size": [32, 24], "scale": 1, "background": "white"}, "fps": 10, "duration": 1, "layers": ["#
            + layers + #"], "animations": [{"layer": "box", "keyPath": "opacity", "from": 1, "to": 0.2, "duration": 1}]}"#
        let path = dir + "/scene.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every frame file in `folder` is the bytes its manifest records.
    func framesAreTheManifests(_ folder: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let m = try Manifest.read(folder: folder)
        XCTAssertFalse(m.records.isEmpty, file: file, line: line)
        for r in m.records {
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/" + r.file), file: file, line: line)
            XCTAssertEqual(SHA256.hex([UInt8](bytes)), r.fileSHA256, "\(r.file) is not the frame the manifest records", file: file, line: line)
        }
    }

    // 12. A manifest's cost in memory follows the frames it can describe, not its bytes: a
    // file of small numbers (2 bytes of text, a 50-byte node each) is refused once it holds more
    // values than a manifest of 64 MB of frames needs (it peaked at 1.3 GB for 61 MB before).
    func testAManifestOfManySmallValuesIsRefusedBeforeItCostsMemory() throws {
        let scene = try writeScene()
        let golden = dir + "/golden"
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        let zeros = [String](repeating: "0", count: Manifest.maxValues).joined(separator: ",")
        try (#"{"frameCount": 11, "fps": 10, "width": 32, "height": 24, "frames": ["# + zeros + "]}").write(toFile: golden + "/manifest.json", atomically: true, encoding: .utf8)
        for args in [["verify", scene, golden], ["merge", dir + "/merged", golden]] {
            let r = try runCLI(args)
            XCTAssertEqual(r.status, 64, r.err)
            XCTAssertTrue(r.err.contains("manifest.json: line 1, column "), r.err)
            XCTAssertTrue(r.err.contains("expected at most \(Manifest.maxValues) values in the document, found more"), r.err)
        }
    }

    // 11. Warnings are capped (20 and a count of the rest) and `--quiet` prints none.
    func testWarningsAreCappedAndQuietPrintsNone() throws {
        let taps = (0..<100).map { #"{"at": \#(5 + Double($0) / 100), "tap": {"section": 0, "row": 0}}"# }.joined(separator: ", ")
        let text = #"{"version": 1, "canvas": {"size": [40, 40]}, "fps": 10, "duration": 0.5, "table": {"sections": [{"rows": [{"title": "A"}]}]}, "script": ["#
            + taps + "]}"
        let scene = dir + "/late.json"
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try runCLI([scene, dir + "/out"])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = r.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 21, r.err)
        XCTAssertEqual(lines.filter { $0.contains(": warning: script[") && $0.contains("after the scene ends") }.count, 20)
        XCTAssertEqual(lines.last.map(String.init), "\(scene): ... and 80 more warnings")
        let quiet = try runCLI([scene, dir + "/out2", "--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.err)
        XCTAssertEqual(quiet.err, "")
        let golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "--quiet"]).err, "")
        let verify = try runCLI(["verify", scene, golden, "--quiet"])
        XCTAssertEqual(verify.status, 0, verify.err)
        XCTAssertEqual(verify.err + verify.out, "")
    }

    // 12, and what a manifest names: generator, libraries and fonts are short printable text
    // (they reach verify's and merge's messages and merged manifests), and parts that list more
    // than twice the render's frames between them are refused as they are read.
    func testAManifestsNamesAreShortPrintableTextAndPartsCannotPileUp() throws {
        let scene = try writeScene()
        let golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "--quiet"]).status, 0)
        let original = try String(contentsOfFile: golden + "/manifest.json", encoding: .utf8)
        let version = try XCTUnwrap(original.range(of: #""generator": "tablerender [0-9.]+""#, options: .regularExpression))
        for (label, replacement, message) in [
            ("long", #""generator": ""# + String(repeating: "x", count: 300) + "\"", "generator: expected printable text of at most 256 bytes"),
            ("escape", #""generator": "tablerender\u001b[31m""#, "generator: expected printable text of at most 256 bytes"),
        ] {
            try original.replacingCharacters(in: version, with: replacement).write(toFile: golden + "/manifest.json", atomically: true, encoding: .utf8)
            let r = try runCLI(["verify", scene, golden])
            XCTAssertEqual(r.status, 64, "\(label): \(r.err)")
            XCTAssertTrue(r.err.contains(message), "\(label): \(r.err)")
            XCTAssertFalse(r.err.contains("\u{1b}"), "\(label): no escape reaches the terminal")
        }
        let lib = try XCTUnwrap(original.range(of: #""zlib": "[0-9.]+""#, options: .regularExpression))
        try original.replacingCharacters(in: lib, with: #""zlib": "1.2\r\nall frames match""#).write(toFile: golden + "/manifest.json", atomically: true, encoding: .utf8)
        let r = try runCLI(["verify", scene, golden])
        XCTAssertEqual(r.status, 64, r.err)
        XCTAssertTrue(r.err.contains("libraries: expected names and versions of printable text of at most 256 bytes"), r.err)
        // Three parts that each list all 11 frames (their manifests edited): refused as read.
        let whole = dir + "/whole"
        XCTAssertEqual(try runCLI([scene, whole, "--quiet"]).status, 0)
        let frames = try String(contentsOfFile: whole + "/manifest.json", encoding: .utf8).split(separator: "\n").filter { $0.contains("\"index\":") }
        for i in 1...3 {
            let part = dir + "/part\(i)"
            XCTAssertEqual(try runCLI([scene, part, "--shard", "\(i)/3", "--quiet"]).status, 0)
            let m = try String(contentsOfFile: part + "/manifest.json", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let kept = m.filter { !$0.contains("\"index\":") }
            let at = try XCTUnwrap(kept.firstIndex { $0.contains("\"frames\": [") })
            let edited = kept[...at] + frames + kept[(at + 1)...]
            try edited.joined(separator: "\n").write(toFile: part + "/manifest.json", atomically: true, encoding: .utf8)
        }
        let merged = try runCLI(["merge", dir + "/merged", dir + "/part1", dir + "/part2", dir + "/part3"])
        XCTAssertEqual(merged.status, 64, merged.err)
        XCTAssertTrue(merged.err.contains("merge: expected parts that hold the 11 frames of one render between them, found 33 frames listed by the first 3 parts (parts that overlap)"), merged.err)
    }

    // 13. A preview whose path leads into OUT through a link to a folder that only the render
    // makes is refused; the frames stay true. Links are followed to targets that do not exist
    // yet (since the eleventh session), so it is refused before anything is rendered; the
    // check after the render stays for a link made meanwhile.
    func testAPreviewThroughALinkIntoTheOutputFolderIsRefused() throws {
        let scene = try writeScene()
        for flag in ["--contact-sheet", "--video"] {
            let out = dir + "/out" + flag, link = dir + "/link" + flag
            XCTAssertEqual(symlink(out, link), 0)
            let r = try runCLI([scene, out, "--quiet", flag, link + "/frame-0001.png"])
            XCTAssertEqual(r.status, 64, r.err)
            XCTAssertTrue(r.err.contains("\(flag) \(link)/frame-0001.png: expected a file outside the output folder \(out)"), r.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing rendered")
        }
        // A render already in OUT, then a preview through a link into it: refused, frames true.
        let out = dir + "/both", link = dir + "/link-both"
        XCTAssertEqual(try runCLI([scene, out, "--quiet"]).status, 0)
        XCTAssertEqual(symlink(out, link), 0)
        let both = try runCLI([scene, out, "--quiet", "--contact-sheet", link + "/frame-0002.png", "--video", dir + "/preview.gif"])
        XCTAssertEqual(both.status, 64, both.err)
        XCTAssertTrue(both.err.contains("--contact-sheet \(link)/frame-0002.png: expected a file outside the output folder"), both.err)
        try framesAreTheManifests(out)
    }

    // 14. verify renders at the golden's scale, and loads the scene's images for it.
    func testVerifyLoadsImagesForTheGoldensScale() throws {
        let scene = try writeScene(image: true)
        let golden = dir + "/golden"
        let rec = try runCLI(["verify", scene, golden, "--record", "--scale", "2", "--quiet"])
        XCTAssertEqual(rec.status, 0, rec.err)
        let r = try runCLI(["verify", scene, golden])
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("all 11 frames match"), r.out)
        // The image's @2x file (blue) is in the golden, not its 1x file (red).
        let m = try Manifest.read(folder: golden)
        let png = try XCTUnwrap(FileManager.default.contents(atPath: golden + "/" + m.records[0].file))
        let frame = try PNGCodec.decode([UInt8](png), maxPixels: 64 * 48)
        let at = (12 * frame.width + 48) * 4
        XCTAssertEqual(Array(frame.rgba[at..<at + 3]), [0, 0, 255])
    }

    // 15. A golden whose PNGs were re-encoded (same pixels, other bytes) is compared by its
    // pixels and said to be re-encoded; one whose pixels changed too is damaged, said so.
    func testARecodedGoldenIsComparedByItsPixels() throws {
        let scene = try writeScene()
        let golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", scene, golden, "--record", "--quiet"]).status, 0)
        let file = golden + "/frame-0003.png"
        let decoded = try PNGCodec.decode([UInt8](try XCTUnwrap(FileManager.default.contents(atPath: file))), maxPixels: 32 * 24)
        let again = try PNGCodec.encode(rgba: decoded.rgba, width: decoded.width, height: decoded.height, level: 0)
        XCTAssertNotEqual(again, [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: file))), "other bytes")
        try Data(again).write(to: URL(fileURLWithPath: file))
        let r = try runCLI(["verify", scene, golden])
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("all 11 frames match"), r.out)
        XCTAssertTrue(r.out.contains("note: 1 golden frame files (first: frame 3) were re-encoded since they were recorded"), r.out)
        var other = decoded.rgba
        other[0] ^= 0xFF
        try Data(try PNGCodec.encode(rgba: other, width: decoded.width, height: decoded.height)).write(to: URL(fileURLWithPath: file))
        let bad = try runCLI(["verify", scene, golden])
        XCTAssertEqual(bad.status, 64, bad.out + bad.err)
        XCTAssertTrue(bad.err.contains("frame-0003.png: expected the frame its manifest records, found a file whose bytes are not its sha256 and whose pixels are not its pixelsSha256: the golden is damaged"), bad.err)
    }

    // 16. Parts that overlap are named, with the frames they share.
    func testMergeNamesTheTwoPartsThatOverlapAndTheirFrames() throws {
        let scene = try writeScene()
        for i in 1...2 { XCTAssertEqual(try runCLI([scene, dir + "/part\(i)", "--shard", "\(i)/2", "--quiet"]).status, 0) }
        // Part 2 also lists frames 3 and 4 of part 1 (its manifest edited, their files copied).
        let one = try String(contentsOfFile: dir + "/part1/manifest.json", encoding: .utf8)
        let lines = one.split(separator: "\n").filter { $0.contains("\"index\": 3,") || $0.contains("\"index\": 4,") }
        XCTAssertEqual(lines.count, 2)
        var two = try String(contentsOfFile: dir + "/part2/manifest.json", encoding: .utf8)
        let marker = "\"frames\": [\n"
        let shared = lines.map { $0.hasSuffix(",") ? String($0) : $0 + "," }.joined(separator: "\n") + "\n"
        two = two.replacingOccurrences(of: marker, with: marker + shared)
        try two.write(toFile: dir + "/part2/manifest.json", atomically: true, encoding: .utf8)
        for f in ["frame-0003.png", "frame-0004.png"] { try FileManager.default.copyItem(atPath: dir + "/part1/" + f, toPath: dir + "/part2/" + f) }
        let r = try runCLI(["merge", dir + "/merged", dir + "/part1", dir + "/part2"])
        XCTAssertEqual(r.status, 64, r.err)
        XCTAssertTrue(r.err.contains("merge: \(dir)/part1 (shard 1/2) and \(dir)/part2 (shard 2/2) both hold frames 3..4 (2 frames twice)"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/merged"))
        // A part that lost a frame: the frame no part holds is named.
        try FileManager.default.removeItem(atPath: dir + "/part2")
        XCTAssertEqual(try runCLI([scene, dir + "/part2", "--shard", "2/2", "--quiet"]).status, 0)
        let m = try String(contentsOfFile: dir + "/part2/manifest.json", encoding: .utf8)
        let kept = m.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"index\": 9,") }.joined(separator: "\n")
        try kept.write(toFile: dir + "/part2/manifest.json", atomically: true, encoding: .utf8)
        let gap = try runCLI(["merge", dir + "/merged", dir + "/part1", dir + "/part2"])
        XCTAssertEqual(gap.status, 64, gap.err)
        XCTAssertTrue(gap.err.contains("merge: frames 9 of the selection 0..10 are in no part (1 frames)"), gap.err)
    }
}

/// A test case with a scratch folder of its own for each test (`dir`), removed after it.
class ScratchFolderTestCase: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { [dir] in try? FileManager.default.removeItem(atPath: dir) }
    }
}
