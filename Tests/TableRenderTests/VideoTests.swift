import Foundation
import XCTest
import TestSupport
import PNGCodec
@testable import SceneJSON
@testable import SceneModel
@testable import TableRender
@testable import TableRenderReview
import Hashing

/// `--video` (issue 14): ffmpeg makes the preview from the frames, each format as promised.
final class VideoTests: XCTestCase {
    func probe(_ file: String) throws -> [String: Any] {
        let r = try runProgram("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-show_entries",
                                             "stream=codec_name,pix_fmt,color_space,color_primaries,color_transfer,nb_read_frames",
                                             "-of", "json", file])
        XCTAssertEqual(r.status, 0, r.err)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        return (json?["streams"] as? [[String: Any]])?.first ?? [:]
    }

    func testEveryFormatFromTheExtension() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let expected: [(String, String, String?)] = [("mp4", "h264", "yuv420p"), ("webm", "vp9", "yuv420p"), ("gif", "gif", nil), ("apng", "apng", nil), ("png", "apng", nil)]
        for (ext, codec, pixels) in expected {
            let video = dir + "/flip." + ext
            let r = try runCLI([Package.scene("flip.json"), dir + "/out-" + ext, "--scale", "0.25", "--video", video])
            XCTAssertEqual(r.status, 0, r.err)
            XCTAssertTrue(r.out.contains("made " + video), r.out)
            let s = try probe(video)
            XCTAssertEqual(s["codec_name"] as? String, codec, ext)
            XCTAssertEqual(s["nb_read_frames"] as? String, "61", ext)
            if let pixels {
                XCTAssertEqual(s["pix_fmt"] as? String, pixels, ext)
                XCTAssertEqual(s["color_space"] as? String, "bt709", ext)
                XCTAssertEqual(s["color_primaries"] as? String, "bt709", ext)
                XCTAssertEqual(s["color_transfer"] as? String, "bt709", ext)
            }
        }
        // faststart: the index (moov) comes before the media (mdat).
        let mp4 = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/flip.mp4")))
        func find(_ tag: String) -> Int? {
            let t = Array(tag.utf8)
            return (0..<(mp4.count - 4)).first { mp4[$0..<($0 + 4)].elementsEqual(t) }
        }
        XCTAssertLessThan(try XCTUnwrap(find("moov")), try XCTUnwrap(find("mdat")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }, [], "no temporary file left")
    }

    func testMissingFFmpegBadExtensionAndAVideoInsideOut() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = try runCLI([Package.scene("flip.json"), dir + "/out", "--scale", "0.25", "--video", dir + "/v.mp4"],
                                 environment: ["PATH": dir + "/no-such-folder"])
        XCTAssertEqual(missing.status, 69, missing.err)
        XCTAssertTrue(missing.err.contains("ffmpeg is not on the PATH (Debian: apt-get install ffmpeg); the frames are written"), missing.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/manifest.json"), "the frames are still written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/v.mp4"))
        let ext = try runCLI([Package.scene("flip.json"), dir + "/out2", "--video", dir + "/v.mov"])
        XCTAssertEqual(ext.status, 64)
        XCTAssertTrue(ext.err.contains("expected a file ending in .mp4, .webm, .gif, .png or .apng"), ext.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out2"))
        let inside = try runCLI([Package.scene("flip.json"), dir + "/out3", "--video", dir + "/out3/v.mp4"])
        XCTAssertEqual(inside.status, 64)
        XCTAssertTrue(inside.err.contains("expected a file outside the output folder"), inside.err)
    }

    /// A frame past 2048 x 2048 pixels is scaled down in the video, keeping its shape (ffmpeg's
    /// encoders took 2 GB for a 4096 x 4096 clip); the frames stay as rendered.
    func testALargeCanvasIsScaledDownInTheVideo() throws {
        XCTAssertNil(Video.scaled(width: 1179, height: 2556), "a phone @3x is not scaled")
        let s = try XCTUnwrap(Video.scaled(width: 4096, height: 4096))
        XCTAssertEqual(s.width, 2048)
        XCTAssertEqual(s.height, 2048)
        let tall = try XCTUnwrap(Video.scaled(width: 2000, height: 8000))
        XCTAssertLessThanOrEqual(tall.width * tall.height, Video.maxPixels)
        XCTAssertEqual(Double(tall.height) / Double(tall.width), 4, accuracy: 0.01)
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/big.json"
        try #"{"version": 1, "canvas": {"size": [2200, 2100], "scale": 1}, "fps": 10, "duration": 0.1, "layers": [{"frame": [100, 100, 500, 500], "backgroundColor": "systemBlue"}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try runCLI([scene, dir + "/out", "--video", dir + "/big.mp4", "-q"])
        XCTAssertEqual(r.status, 0, r.err)
        let size = try runProgram("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", dir + "/big.mp4"])
        let expected = try XCTUnwrap(Video.scaled(width: 2200, height: 2100))
        XCTAssertEqual(size.out.trimmingCharacters(in: .whitespacesAndNewlines), "\(expected.width),\(expected.height)")
        XCTAssertLessThanOrEqual(expected.width * expected.height, Video.maxPixels)
        let png = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/out/frame-0000.png"))))
        XCTAssertEqual(png.width, 2200, "the frames are not scaled")
        // Memory that does not grow with the frames: a GIF's palette made in a pass of its own
        // (in one pass ffmpeg kept every frame until the palette was made), x264 looking 10
        // frames ahead on two threads, the PNG decoder on one.
        func passes(_ f: Video.Format) -> [[String]] {
            Video.passes(folder: dir + "/out", first: 0, digits: 4, fps: 10, format: f, output: dir + "/v", palette: dir + "/p.png", size: (2200, 2100))
        }
        let gif = passes(.gif)
        XCTAssertEqual(gif.count, 2)
        XCTAssertTrue(gif[0].contains { $0.hasSuffix("palettegen=stats_mode=full") } && gif[0].last?.hasSuffix("/p.png") == true, "\(gif[0])")
        XCTAssertFalse(gif[1].joined(separator: " ").contains("split"), "\(gif[1])")
        XCTAssertTrue(passes(.mp4)[0].contains("rc-lookahead=10:threads=2"))
        for f in Video.Format.allCases { XCTAssertEqual(Array(passes(f)[0].prefix(6).suffix(2)), ["-threads", "1"], "\(f)") }
        let gifFile = dir + "/big.gif"
        XCTAssertEqual(try runCLI([scene, dir + "/out", "--video", gifFile, "-q"]).status, 0)
        let gifSize = try runProgram("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", gifFile])
        XCTAssertEqual(gifSize.out.trimmingCharacters(in: .whitespacesAndNewlines), "\(expected.width),\(expected.height)")
    }
}
