import Foundation
import XCTest
import TestSupport
import PNGCodec
@testable import TableRender

/// `contentsCenter`: a nine-part image. The corners keep their size, the edges stretch one way,
/// the centre both ways.
final class ContentsCenterTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // 6 × 6 pixels: a red frame two pixels wide around a blue 2 × 2 centre.
        var rgba: [UInt8] = []
        for y in 0..<6 { for x in 0..<6 { rgba += (2..<4).contains(x) && (2..<4).contains(y) ? [0, 0, 255, 255] : [255, 0, 0, 255] } }
        try Data(try PNGCodec.encode(rgba: rgba, width: 6, height: 6)).write(to: URL(fileURLWithPath: dir + "/frame.png"))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// The frame of one layer `[0, 0, w, h]` showing frame.png with `image` (extra JSON keys) at
    /// `scale`, as rows of "." (clear), "r", "b" or "m" (mixed) per pixel.
    func rows(_ image: String, size: (Int, Int), scale: Int = 1) throws -> [String] {
        let json = #"{"canvas": {"size": ["# + "\(size.0), \(size.1)" + #"], "scale": "# + "\(scale)" + ##", "background": "#00000000"}, "fps": 1, "duration": 0,"##
            + #" "layers": [{"frame": [0, 0, "# + "\(size.0), \(size.1)" + #"], "image": {"file": "frame.png""# + image + "}}]}"
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "scene.json", directory: dir)
        let px = FrameRenderer(loaded).render(frame: 0).unpremultipliedRGBA()
        let (w, h) = (size.0 * scale, size.1 * scale)
        return (0..<h).map { y in
            String((0..<w).map { x -> Character in
                let i = (y * w + x) * 4
                if px[i + 3] == 0 { return "." }
                if px[i] == 255 && px[i + 2] == 0 { return "r" }
                if px[i] == 0 && px[i + 2] == 255 { return "b" }
                return "m"
            })
        }
    }

    static let thirds = #", "contentsCenter": [0.3333333333333333, 0.3333333333333333, 0.3333333333333333, 0.3333333333333333]"#

    func testTheCornersKeepTheirSizeAndTheCentreStretches() throws {
        let got = try rows(ContentsCenterTests.thirds, size: (20, 10))
        // Two pixels of red frame on every side, whatever the layer's size.
        for y in [0, 1, 8, 9] { XCTAssertEqual(got[y], String(repeating: "r", count: 20), "row \(y)") }
        for (y, row) in got.enumerated() {
            XCTAssertEqual(Array(row.prefix(2)) + Array(row.suffix(2)), Array("rrrr"), "row \(y)")
        }
        // The blue centre (two pixels) stretched eightfold across: bilinear sampling blends it
        // into the frame over the first pixels inside, as a GPU's magnification does; blue in the
        // middle.
        for y in 3...6 { XCTAssertEqual(got[y], "rrmmmmbbbbbbbbmmmmrr", "row \(y)") }
        // Stretched evenly instead (no contentsCenter), the frame is 20 / 6 × 2 ≈ 6.7 pixels wide
        // (its last pixels mixed by the magnification).
        let plain = try rows("", size: (20, 10))
        XCTAssertEqual(plain[5].prefix(7), "rrrrrmm")
    }

    /// At scale 2 the caps are two points (four pixels) wide: the image's points, not its pixels.
    func testTheCapsAreTheImagesPointsAtTheCanvasScale() throws {
        let got = try rows(ContentsCenterTests.thirds, size: (10, 10), scale: 2)
        // Each 1x texel covers two device pixels: the frame's inner pixel mixes with the centre.
        XCTAssertEqual(got[10], "rrrmmmmbbbbbbmmmmrrr")
        XCTAssertEqual(got[2], String(repeating: "r", count: 20))
        XCTAssertEqual(got.map { $0.prefix(3) }, Array(repeating: "rrr", count: 20))
    }

    /// A layer shorter than the two caps shrinks both by the same factor; a centre of no size
    /// stretches the one pixel at its place.
    func testCapsShrinkTogetherAndAnEmptyCentreStretchesOnePixel() throws {
        // Two caps of two points each in three points: 1.5 points each, so the middle pixel
        // samples the seam between the frame and the centre.
        XCTAssertEqual(try rows(ContentsCenterTests.thirds, size: (3, 3)), ["rrr", "rmr", "rrr"])
        // The pixel at (3, 3) (blue) stretched between caps of 3.5 points: two red pixels, the
        // rest of the cap blue (pixels 2 and 3 of the image), then the stretched blue pixel.
        let one = try rows(#", "contentsCenter": [0.5, 0.5, 0, 0]"#, size: (12, 12))
        XCTAssertEqual(one[6], "rrbbbbbbbbrr")
        XCTAssertEqual(one[0], String(repeating: "r", count: 12))
        XCTAssertEqual(one.map { $0.first }, Array(repeating: "r", count: 12))
    }
}
