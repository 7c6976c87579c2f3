import Foundation
import XCTest
import TestSupport
@testable import TableRender

/// A layer's text is drawn into its bounds, as into a layer's backing store (issue 53): a text
/// taller or wider than its layer is clipped at the layer's edges, never drawn over what lies
/// beside it; a text that fits is drawn as before, with no clip.
final class TextClipTests: XCTestCase {
    /// The frame's pixels of one text layer at `frame` on a clear 200 x 120 canvas at @1x.
    func pixels(frame: String, text: String) throws -> [UInt8] {
        let json = ##"{"version": 1, "canvas": {"size": [200, 120], "background": "#00000000"}, "fps": 1, "duration": 0,"##
            + ##" "layers": [{"frame": "## + frame + ##", "text": "## + text + "}]}"
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t.json", directory: NSTemporaryDirectory())
        return FrameRenderer(loaded).render(frame: 0).unpremultipliedRGBA()
    }

    /// The inked pixels' bounding box (x0, y0, x1, y1), exclusive ends; nil when nothing is.
    func inked(_ px: [UInt8]) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<120 { for x in 0..<200 where px[(y * 200 + x) * 4 + 3] > 0 {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
        } }
        return box
    }

    func testATextTallerThanItsLayerIsClippedAtItsEdges() throws {
        let long = ##"{"string": "A long text that wraps over many lines past the layer's bounds", "font": {"size": 14}, "color": "#000000", "lines": 0}"##
        let box = try XCTUnwrap(inked(try pixels(frame: "[20, 40, 80, 30]", text: long)))
        XCTAssertGreaterThanOrEqual(box.1, 40, "nothing above the layer")
        XCTAssertLessThanOrEqual(box.3, 70, "nothing below it")
        XCTAssertGreaterThanOrEqual(box.0, 20)
        XCTAssertLessThanOrEqual(box.2, 100)
        // Drawn unclipped, the wrapped block reached from y 18 to 91 (centred on the layer).
    }

    func testATextWiderThanItsLayerIsClippedAtItsRightEdge() throws {
        let wide = ##"{"string": "Wide words beyond", "font": {"size": 14}, "color": "#000000", "lines": 1, "truncation": "clip"}"##
        let box = try XCTUnwrap(inked(try pixels(frame: "[20, 40, 40, 30]", text: wide)))
        XCTAssertEqual(box.2, 60, "cut at the layer's right edge")
    }

    /// A text that fits is drawn whole: its pixels are those of the same text in a layer with
    /// room to spare around it, moved.
    func testATextThatFitsIsNotCut() throws {
        let short = ##"{"string": "Hi", "font": {"size": 14}, "color": "#000000"}"##
        let tight = try XCTUnwrap(inked(try pixels(frame: "[20, 40, 18, 20]", text: short)))
        let roomy = try XCTUnwrap(inked(try pixels(frame: "[10, 30, 38, 40]", text: short)))
        XCTAssertEqual(tight.2 - tight.0, roomy.2 - roomy.0)
        XCTAssertEqual(tight.3 - tight.1, roomy.3 - roomy.1)
    }
}
