import Foundation
import XCTest
import TestSupport
import PNGCodec
@testable import TableRender

/// Images named as `UIImage(named:)` names them, without an extension (issue 51): the PNG's
/// `@2x`/`@3x` files, an asset catalog's image set beside the scene, and a message naming
/// every place looked at when none is there.
final class ImageNameTests: XCTestCase {
    func png(_ rgb: [UInt8], _ path: String) throws {
        let rgba = Array(repeating: rgb + [255], count: 4 * 4).flatMap { $0 }
        try Data(try PNGCodec.encode(rgba: rgba, width: 4, height: 4)).write(to: URL(fileURLWithPath: path))
    }

    /// The colour at the middle of a 4 x 4 pt layer showing `file` on a canvas of `scale`.
    func color(_ file: String, scale: Int, directory: String) throws -> [UInt8] {
        let text = #"{"canvas": {"size": [4, 4], "scale": "# + "\(scale)" + #"}, "fps": 1, "duration": 0, "layers": [{"frame": [0, 0, 4, 4], "image": {"file": ""# + file + #""}}]}"#
        let loaded = try SceneLoader.load(bytes: Array(text.utf8), displayName: "scene.json", directory: directory)
        let f = FrameRenderer(loaded).render(frame: 0)
        let i = ((2 * scale) * f.width + 2 * scale) * 4
        return Array(f.data[i..<i + 3])
    }

    func testABareNameFindsItsPNGAndItsImageSet() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/Assets.xcassets/badge.imageset", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try png([255, 0, 0], dir + "/avatar.png")
        try png([0, 255, 0], dir + "/avatar@2x.png")
        try png([0, 0, 255], dir + "/Assets.xcassets/badge.imageset/badge-1x.png")
        try png([255, 255, 0], dir + "/Assets.xcassets/badge.imageset/badge-3x.png")
        try Data(#"{"images": [{"idiom": "universal", "filename": "badge-1x.png", "scale": "1x"}, {"idiom": "universal", "scale": "2x"}, {"idiom": "universal", "filename": "badge-3x.png", "scale": "3x"}], "info": {"version": 1, "author": "xcode"}}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/Assets.xcassets/badge.imageset/Contents.json"))
        XCTAssertEqual(try color("avatar", scale: 1, directory: dir), [255, 0, 0], "avatar.png on a 1x canvas")
        XCTAssertEqual(try color("avatar", scale: 2, directory: dir), [0, 255, 0], "avatar@2x.png on a 2x canvas")
        XCTAssertEqual(try color("avatar", scale: 3, directory: dir), [0, 255, 0], "no @3x: the @2x")
        XCTAssertEqual(try color("badge", scale: 1, directory: dir), [0, 0, 255], "the set's 1x file")
        XCTAssertEqual(try color("badge", scale: 2, directory: dir), [255, 255, 0], "no 2x file in the set: the larger, 3x")
        XCTAssertThrowsError(try color("missing", scale: 2, directory: dir)) { error in
            XCTAssertTrue("\(error)".contains(#"found no image named "missing" (UIImage(named:)'s name: looked for missing.png, missing@2x.png, missing@3x.png, an image set Assets.xcassets/missing.imageset and a file missing)"#), "\(error)")
        }
    }

    /// An image set's file names cannot reach outside the scene's folder.
    func testAnImageSetCannotNameAFileOutsideTheFolder() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/Assets.xcassets/evil.imageset", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(#"{"images": [{"filename": "../../../../../etc/passwd", "scale": "1x"}, {"filename": 7}, {"scale": "9x"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/Assets.xcassets/evil.imageset/Contents.json"))
        XCTAssertThrowsError(try color("evil", scale: 1, directory: dir)) { error in
            XCTAssertTrue("\(error)".contains(#"found no image named "evil""#), "\(error)")
        }
    }
}
