import Foundation
import XCTest
import TestSupport
import Geometry
import PNGCodec
@testable import Compositing
@testable import SceneModel
@testable import TableRender

/// Where a layer's image lands: the 12 `contentsGravity` modes and `contentsRect`, rendered.
final class ContentsPlacementTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // 4 × 2 pixels: the left half red, the right half blue.
        var rgba: [UInt8] = []
        for _ in 0..<2 { for x in 0..<4 { rgba += x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        try Data(try PNGCodec.encode(rgba: rgba, width: 4, height: 2)).write(to: URL(fileURLWithPath: dir + "/halves.png"))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// The frame of one layer `[0, 0, w, h]` showing halves.png with `image` (extra JSON keys),
    /// as rows of "." (clear), "r", "b" or "m" (mixed) per pixel at scale 1.
    func rows(_ image: String, size: (Int, Int)) throws -> [String] {
        let json = #"{"canvas": {"size": ["# + "\(size.0), \(size.1)" + ##"], "scale": 1, "background": "#00000000"}, "fps": 1, "duration": 0,"##
            + #" "layers": [{"frame": [0, 0, "# + "\(size.0), \(size.1)" + #"], "image": {"file": "halves.png""# + image + "}}]}"
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "scene.json", directory: dir)
        let px = FrameRenderer(loaded).render(frame: 0).unpremultipliedRGBA()
        return (0..<size.1).map { y in
            String((0..<size.0).map { x -> Character in
                let i = (y * size.0 + x) * 4
                if px[i + 3] == 0 { return "." }
                if px[i] == 255 && px[i + 2] == 0 { return "r" }
                if px[i] == 0 && px[i + 2] == 255 { return "b" }
                return "m"
            })
        }
    }

    /// Core Animation's rule, on a y-down iOS layer: "top" is maximum y (the visual bottom),
    /// "bottom" minimum y; left and right are as written. The image (4 × 2 points) sits at its
    /// size in a 10 × 6 layer.
    func testEveryPositionalGravityPlacesTheImageAtItsSize() throws {
        let expected: [(String, x: Int, y: Int)] = [
            ("center", 3, 2), ("top", 3, 4), ("bottom", 3, 0), ("left", 0, 2), ("right", 6, 2),
            ("topLeft", 0, 4), ("topRight", 6, 4), ("bottomLeft", 0, 0), ("bottomRight", 6, 0),
        ]
        for (gravity, x, y) in expected {
            var want = Array(repeating: String(repeating: ".", count: 10), count: 6)
            for row in y..<y + 2 { want[row] = String(repeating: ".", count: x) + "rrbb" + String(repeating: ".", count: 6 - x) }
            XCTAssertEqual(try rows(#", "contentsGravity": ""# + gravity + #"""#, size: (10, 6)), want, gravity)
        }
    }

    /// The three scaling modes: stretched, fitted (letterboxed) and filled (cropped by the canvas).
    func testTheScalingGravitiesStretchFitAndFill() throws {
        // Magnified twice across, the two pixels at the colours' seam are bilinear mixes.
        XCTAssertEqual(try rows("", size: (8, 3)), Array(repeating: "rrrmmbbb", count: 3))
        // Fit 4 × 2 into 8 × 6: scale 2, 8 × 4 centred vertically.
        XCTAssertEqual(try rows(#", "contentsGravity": "resizeAspect""#, size: (8, 6)),
                       ["........", "rrrmmbbb", "rrrmmbbb", "rrrmmbbb", "rrrmmbbb", "........"])
        // Fill 4 × 4 with a 4 × 2 image: scale 2, 8 × 4 centred horizontally, two columns cut
        // each side.
        XCTAssertEqual(try rows(#", "contentsGravity": "resizeAspectFill""#, size: (4, 4)), Array(repeating: "rmmb", count: 4))
    }

    /// `contentsRect` shows part of the image: the right half fills the layer; with a
    /// positional gravity the part is placed at its own size.
    func testContentsRectShowsPartOfTheImage() throws {
        // The right half stretched to 8 × 2: blue, but for the left column, where bilinear sampling
        // reaches the red texel next to the part (as a GPU samples a sprite sheet).
        let right = try rows(#", "contentsRect": [0.5, 0, 0.5, 1]"#, size: (8, 2))
        XCTAssertEqual(right.map { String($0.dropFirst(2)) }, ["bbbbbb", "bbbbbb"])
        XCTAssertEqual(try rows(#", "contentsRect": [0, 0, 0.5, 1], "contentsGravity": "center""#, size: (6, 4)),
                       ["......", "..rr..", "..rr..", "......"])
        // Outside 0 ... 1 the edge pixels extend: [-1, 0, 2, 1] puts the image in the right half
        // and its left column's red over the left half.
        XCTAssertEqual(try rows(#", "contentsRect": [-1, 0, 2, 1]"#, size: (8, 2)), ["rrrrrrbb", "rrrrrrbb"],
                       "the image's 4 columns land on x 4...8, two red then two blue")
        // An empty part draws nothing.
        XCTAssertEqual(try rows(#", "contentsRect": [0.5, 0, 0, 1]"#, size: (4, 2)), ["....", "...."])
    }

    /// `contentsRect` animates (a sprite strip stepped by a discrete keyframe animation).
    func testContentsRectAnimates() throws {
        let json = ##"{"canvas": {"size": [4, 2], "scale": 1, "background": "#00000000"}, "fps": 1, "duration": 1,"##
            + #" "layers": [{"name": "s", "frame": [0, 0, 4, 2], "image": {"file": "halves.png", "contentsRect": [0, 0, 0.5, 1]}}],"#
            + #" "animations": [{"layer": "s", "keyPath": "contentsRect", "values": [[0, 0, 0.5, 1], [0.5, 0, 0.5, 1]],"#
            + #" "calculationMode": "discrete", "duration": 1, "fillMode": "both"}]}"#
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "scene.json", directory: dir)
        let renderer = FrameRenderer(loaded)
        let first = renderer.render(frame: 0).unpremultipliedRGBA(), last = renderer.render(frame: 1).unpremultipliedRGBA()
        XCTAssertEqual(Array(first[0..<4]), [255, 0, 0, 255], "frame 0 shows the left half")
        XCTAssertEqual(Array(last[12..<16]), [0, 0, 255, 255], "frame 1 shows the right half")
    }
}
