@testable import Compositing
import Geometry
import DrawList
import SceneJSON
import SceneModel
import Simulation
import TableEngine
import XCTest

/// Compositing, asserted on its output: the draw list of small scenes as text, without
/// rasterizing anything (issue 15). Each expectation was worked out by hand from Core
/// Animation's rules (reference sections 2 and 3) and is exact to a thousandth of a pixel.
final class DrawListTests: XCTestCase {
    /// The draw list of `layers` (JSON) on a canvas of `size` points at `scale`, at time `t`.
    func draws(_ layers: String, size: (Int, Int) = (100, 80), scale: Double = 1, t: Double = 0,
               animations: String = "[]", canvas: String = "", file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let json = """
            { "version": 1, "canvas": { "size": [\(size.0), \(size.1)], "scale": \(scale), "background": "#FFFFFF"\(canvas) },
              "fps": 10, "duration": 1, "layers": \(layers), "animations": \(animations) }
            """
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "test", directory: ".")
        var compositor = Compositor(pixelWidth: scene.canvas.pixelWidth, pixelHeight: scene.canvas.pixelHeight, scale: scene.canvas.scale)
        compositor.edgeAntialiasing = scene.canvas.edgeAntialiasing
        let list = compositor.drawList(layers: Presentation(scene: scene).layers(at: t), background: scene.canvas.background)
        return list.description.split(separator: "\n").map(String.init)
    }

    func testAFrameIsPlacedAtItsAnchorPointAndScaledToPixels() throws {
        // frame [10, 20, 30, 40] at anchor (0.5, 0.5): bounds 30x40 around position (25, 40);
        // at scale 2 the device rectangle is 20,40..80,120.
        let lines = try draws(##"[{ "frame": [10, 20, 30, 40], "backgroundColor": "#FF0000" }]"##, scale: 2)
        XCTAssertEqual(lines, [
            "frame 200x160 background #FFFFFFFF",
            "fill layer 0 nonZero alpha 255 clip 0,0..200,160 solid #FF0000FF path 4 points (20,40 80,40 80,120 20,120)",
        ])
    }

    func testRotationAboutAMovedAnchorPoint() throws {
        // bounds 40x20 at position (50, 40) with anchor (0, 0): the layer's top-left corner is
        // at the position; rotating 90 degrees about z swings it down to the left of it.
        let lines = try draws(##"[{ "bounds": [0, 0, 40, 20], "position": [50, 40], "anchorPoint": [0, 0],"##
            + ##" "transform": [{ "rotate": [90, 0, 0, 1] }], "backgroundColor": "#00FF00" }]"##)
        XCTAssertEqual(lines.last, "fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #00FF00FF path 4 points (50,40 50,80 30,80 30,40)")
    }

    func testSublayerTransformPerspectiveFlattensIntoTheParent() throws {
        // A sublayer turned 60 degrees about y under the parent's perspective (m34 = -1/100,
        // pivoted at the parent's centre (50, 40)): its corners (±20, ±20) go to x' = ±10,
        // z' = ∓17.32, so w = 1 ∓ ... : the left edge comes forward (w = 0.8268: x 50 - 12.095,
        // y 40 ± 24.19) and the right recedes (w = 1.1732: x 50 + 8.524, y 40 ± 17.047).
        let lines = try draws(##"[{ "frame": [0, 0, 100, 80], "sublayerTransform": [{ "perspective": 100 }],"##
            + ##" "sublayers": [{ "frame": [30, 20, 40, 40], "transform": [{ "rotate": [60, 0, 1, 0] }], "backgroundColor": "#0000FF" }] }]"##)
        XCTAssertEqual(lines.count, 2)
        // Its own edges are aliased (allowsEdgeAntialiasing is false): the bounds go with the fill.
        XCTAssertEqual(lines[1], "fill layer 1 nonZero alpha 255 clip 0,0..100,80 solid #0000FFFF path 4 points (37.905,15.81 58.524,22.953 58.524,57.047 37.905,64.19)"
                       + " aliased path 4 points (37.905,15.81 58.524,22.953 58.524,57.047 37.905,64.19)")
    }

    func testALayersOwnEdgesAreAliasedUnlessItOrTheCanvasAllowsAntialiasing() throws {
        // Turned 30 degrees: the background, the border and the clip carry the bounds; the
        // text and the path inside do not.
        let layer = ##"{ "frame": [20, 20, 60, 40], "transform": [{ "rotate": [30, 0, 0, 1] }], "backgroundColor": "#FF0000", "borderWidth": 1,"##
            + ##" "masksToBounds": true, "sublayers": [{ "frame": [5, 5, 20, 10], "path": { "d": "M0 0 L20 0 L10 10 Z" } }] EXTRA }"##
        let aliased = try draws("[" + layer.replacingOccurrences(of: "EXTRA", with: "") + "]")
        // Lines: the frame, the clip's scope, the background, the sublayer's path, the border, the end.
        XCTAssertEqual(aliased.map { $0.contains(" aliased ") }, [false, true, true, false, true, false])
        XCTAssertTrue(aliased[3].hasPrefix("  fill layer 1"), "the path is the sublayer's content: \(aliased[3])")
        // The bounds about their centre (50, 40): corners (±30, ±20) turned 30 degrees.
        XCTAssertTrue(aliased[2].hasSuffix(" aliased path 4 points (34.019,7.679 85.981,37.679 65.981,72.321 14.019,42.321)"), aliased[2])
        // The layer opts in, or the canvas does for every layer (UIViewEdgeAntialiasing).
        let allowed = try draws("[" + layer.replacingOccurrences(of: "EXTRA", with: ##", "allowsEdgeAntialiasing": true"##) + "]")
        XCTAssertFalse(allowed.contains { $0.contains(" aliased ") })
        let canvas = try draws("[" + layer.replacingOccurrences(of: "EXTRA", with: "") + "]", canvas: ##", "edgeAntialiasing": true"##)
        XCTAssertFalse(canvas.contains { $0.contains(" aliased ") })
        // Bounds on whole pixels along the axes need nothing: aliased and exact coverage agree.
        XCTAssertFalse(try draws(##"[{ "frame": [20, 20, 60, 40], "backgroundColor": "#FF0000" }]"##).contains { $0.contains(" aliased ") })
        XCTAssertTrue(try draws(##"[{ "frame": [20.25, 20, 60, 40], "backgroundColor": "#FF0000" }]"##).contains { $0.contains(" aliased ") })
    }

    func testGroupOpacityMakesAGroupAndWithoutItEachSublayerFades() throws {
        let grouped = try draws(##"[{ "frame": [0, 0, 60, 40], "opacity": 0.5, "sublayers": ["##
            + ##"{ "frame": [0, 0, 30, 20], "backgroundColor": "#FF0000" }, { "frame": [10, 10, 30, 20], "backgroundColor": "#0000FF" }] }]"##)
        XCTAssertEqual(grouped, [
            "frame 100x80 background #FFFFFFFF",
            "begin layer 0 clip 0,0..100,80 group alpha 128",
            "  fill layer 1 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 4 points (0,0 30,0 30,20 0,20)",
            "  fill layer 2 nonZero alpha 255 clip 0,0..100,80 solid #0000FFFF path 4 points (10,10 40,10 40,30 10,30)",
            "end",
        ])
        let ungrouped = try draws(##"[{ "frame": [0, 0, 60, 40], "opacity": 0.5, "allowsGroupOpacity": false, "sublayers": ["##
            + ##"{ "frame": [0, 0, 30, 20], "backgroundColor": "#FF0000" }, { "frame": [10, 10, 30, 20], "backgroundColor": "#0000FF" }] }]"##)
        XCTAssertEqual(ungrouped.dropFirst().map { $0.components(separatedBy: " clip ")[0] },
                       ["fill layer 1 nonZero alpha 128", "fill layer 2 nonZero alpha 128"])
    }

    func testAClipGroupKeepsFullAlphaAndTheOpacityReachesEachSublayer() throws {
        // Without group opacity a fading layer fades each sublayer; masksToBounds on it groups
        // the sublayers only for the clip, so the group stays at 255 and the fills carry 128,
        // on or off the pixel grid alike.
        for frame in ["[0, 0, 60, 40]", "[0.5, 0, 60, 40]"] {
            let lines = try draws(##"[{ "frame": "## + frame + ##", "opacity": 0.5, "allowsGroupOpacity": false, "masksToBounds": true,"##
                + ##" "sublayers": [{ "frame": [0, 0, 30, 20], "backgroundColor": "#FF0000" }, { "frame": [10, 10, 30, 20], "backgroundColor": "#0000FF" }] }]"##)
            XCTAssertTrue(lines[1].hasSuffix(" group alpha 255"), lines[1])
            XCTAssertEqual(lines.dropFirst(2).dropLast().map { $0.components(separatedBy: " clip ")[0] },
                           ["  fill layer 1 nonZero alpha 128", "  fill layer 2 nonZero alpha 128"])
        }
    }

    func testAShadowGroupBlursWithTheRadiusInPixelsAndMovesByTheOffset() throws {
        let lines = try draws(##"[{ "frame": [20, 20, 40, 30], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5,"##
            + ##" "shadowRadius": 4, "shadowOffset": [0, 3] }]"##, scale: 2)
        XCTAssertEqual(lines[1], "begin layer 0 clip 0,0..200,160 group alpha 255 shadow #00000080 sigma 8 offset 0,6 clip 0,0..200,160")
        XCTAssertEqual(lines.last, "end")
    }

    func testMasksToBoundsClipsByTheLayersOutline() throws {
        // Rounded: a clip path and a group for the sublayers.
        let rounded = try draws(##"[{ "frame": [10, 10, 40, 40], "cornerRadius": 8, "masksToBounds": true,"##
            + ##" "sublayers": [{ "frame": [-10, -10, 30, 30], "backgroundColor": "#FF0000" }] }]"##)
        XCTAssertTrue(rounded[1].hasPrefix("begin layer 0 clip 0,0..100,80 clipPath path 1 contours "), rounded[1])
        XCTAssertTrue(rounded[1].hasSuffix(" bounds 10,10..50,50 group alpha 255"), rounded[1])
        // Square on whole pixels: the same scope (compositing does not look at pixels; the
        // executor clips it by rectangle, see ExecutorTests).
        let square = try draws(##"[{ "frame": [10, 10, 40, 40], "masksToBounds": true,"##
            + ##" "sublayers": [{ "frame": [-10, -10, 30, 30], "backgroundColor": "#FF0000" }] }]"##)
        XCTAssertEqual(square.dropFirst(), [
            "begin layer 0 clip 0,0..100,80 clipPath path 4 points (10,10 50,10 50,50 10,50) group alpha 255",
            "  fill layer 1 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 4 points (0,0 30,0 30,30 0,30)",
            "end",
        ])
    }

    func testMaskedCornersRoundOnlyTheCornersNamed() throws {
        // No corner: the plain rectangle, as with no radius.
        XCTAssertEqual(try draws(##"[{ "frame": [10, 10, 40, 20], "cornerRadius": 8, "maskedCorners": [], "backgroundColor": "#FF0000" }]"##).dropFirst(),
                       ["fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 4 points (10,10 50,10 50,30 10,30)"])
        // The top two (minimum y is the top on iOS): the bottom corners are sharp points of the
        // outline, the top ones arcs of radius 8 from (42,10) round to (10,18).
        // The top two (minimum y is the top on iOS): two arcs of 6 points and the two bottom
        // corners as sharp points, against four arcs when all are rounded.
        let top = try draws(##"[{ "frame": [10, 10, 40, 20], "cornerRadius": 8, "backgroundColor": "#FF0000","##
            + ##" "maskedCorners": ["layerMinXMinYCorner", "layerMaxXMinYCorner"] }]"##)
        let all = try draws(##"[{ "frame": [10, 10, 40, 20], "cornerRadius": 8, "backgroundColor": "#FF0000" }]"##)
        XCTAssertEqual(top.dropFirst(), ["fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 14 points (42,10 44.472,10.392 46.702,11.528 48.472,13.298 49.608,15.528 50,18 50,30 10,30 10,18 10.392,15.528 11.528,13.298 13.298,11.528 15.528,10.392 18,10)"])
        XCTAssertEqual(all.dropFirst(), ["fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 1 contours 24 points bounds 10,10..50,30"])
        // The outline itself: from the top right arc, the square bottom right and bottom left
        // corners, then the top left arc.
        let outline = Projection.roundedRect(Rect(10, 10, 40, 20), radius: 8, segments: 2, corners: [.minXMinY, .maxXMinY])
        let rounded = outline.map { Point(($0.x * 1000).rounded() / 1000, ($0.y * 1000).rounded() / 1000) }
        XCTAssertEqual(rounded, [Point(42, 10), Point(47.657, 12.343), Point(50, 18), Point(50, 30), Point(10, 30),
                                 Point(10, 18), Point(12.343, 12.343), Point(18, 10)])
        // A border's inner edge follows the same corners.
        let border = try draws(##"[{ "frame": [10, 10, 40, 20], "cornerRadius": 8, "borderWidth": 2, "maskedCorners": ["layerMaxXMaxYCorner"] }]"##)
        XCTAssertEqual(border.dropFirst(), ["fill layer 0 evenOdd alpha 255 clip 0,0..100,80 solid #000000FF path 2 contours 18 points bounds 10,10..50,30"])
    }

    func testContinuousCornersShapeTheFillTheClipAndTheBorder() throws {
        let layer = ##"{ "frame": [10, 10, 60, 40], "cornerRadius": 10, "backgroundColor": "#FF0000", "borderWidth": 2, "masksToBounds": true,"##
            + ##" "sublayers": [{ "frame": [0, 0, 60, 40], "backgroundColor": "#0000FF" }] CURVE }"##
        let circular = try draws("[" + layer.replacingOccurrences(of: "CURVE", with: "") + "]")
        let continuous = try draws("[" + layer.replacingOccurrences(of: "CURVE", with: ##", "cornerCurve": "continuous""##) + "]")
        // The same commands over the same pixels, every outline with more points: the fill, the
        // clip of the sublayers and both edges of the border follow the continuous corner.
        XCTAssertEqual(circular.count, continuous.count)
        XCTAssertEqual(continuous.filter { $0.contains("bounds 10,10..70,50") }.count, 3, continuous.joined(separator: "\n"))
        for (a, b) in zip(circular, continuous) where a.contains(" points") && !a.contains("layer 1") {
            XCTAssertNotEqual(a, b)
        }
        XCTAssertEqual(continuous, [
            "frame 100x80 background #FFFFFFFF",
            "begin layer 0 clip 0,0..100,80 clipPath path 1 contours 68 points bounds 10,10..70,50 group alpha 255",
            "  fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 1 contours 68 points bounds 10,10..70,50",
            "  fill layer 1 nonZero alpha 255 clip 0,0..100,80 solid #0000FFFF path 4 points (10,10 70,10 70,50 10,50)",
            "  fill layer 0 evenOdd alpha 255 clip 0,0..100,80 solid #000000FF path 2 contours 124 points bounds 10,10..70,50",
            "end",
        ])
        // The top edge's first point is 1.52866 × 10 from the corner.
        let outline = Projection.roundedRect(Rect(10, 10, 60, 40), radius: 10, segments: 4, curve: .continuous)
        XCTAssertEqual(outline.first?.x ?? 0, 70 - 15.2866483, accuracy: 1e-6)
    }

    func testStrokeEndAndDashesCutTheStrokeBeforeItIsOutlined() throws {
        // A 60-point line at y = 40, 4 wide with butt caps: one quad, 2 above and below.
        let line = ##"[{ "frame": [0, 0, 100, 80], "path": { "d": "M20 40 H80", "fillColor": null, "strokeColor": "#0000FF", "lineWidth": 4"##
        XCTAssertEqual(try draws(line + " } }]").dropFirst(),
                       ["fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #0000FFFF path 4 points (20,38 80,38 80,42 20,42)"])
        // strokeEnd 0.25: 15 of the 60 points are stroked.
        XCTAssertEqual(try draws(line + #", "strokeEnd": 0.25 } }]"#).dropFirst(),
                       ["fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #0000FFFF path 4 points (20,38 35,38 35,42 20,42)"])
        // Animated by Core Animation's key path, halfway through 0 to 0.5 at t = 0.5: 0.25 again.
        XCTAssertEqual(try draws(line + #", "strokeEnd": 0 }, "name": "s" }]"#, t: 0.5,
                                 animations: #"[{ "layer": "s", "keyPath": "strokeEnd", "from": 0, "to": 0.5, "duration": 1 }]"#).dropFirst(),
                       ["fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #0000FFFF path 4 points (20,38 35,38 35,42 20,42)"])
        // Dashes [10, 20] from phase 5: on 0-5, 25-35, 55-60 of the line (x 20-25, 45-55, 75-80).
        XCTAssertEqual(try draws(line + #", "lineDashPattern": [10, 20], "lineDashPhase": 5 } }]"#).dropFirst(),
                       ["fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #0000FFFF path 12 points (20,38 25,38 25,42 20,42) (45,38 55,38 55,42 45,42) (75,38 80,38 80,42 75,42)"])
        // strokeStart 0.5 (30 along) cuts the middle dash at x 50 and leaves the dashes in place.
        XCTAssertEqual(try draws(line + #", "lineDashPattern": [10, 20], "lineDashPhase": 5, "strokeStart": 0.5 } }]"#).dropFirst(),
                       ["fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #0000FFFF path 8 points (50,38 55,38 55,42 50,42) (75,38 80,38 80,42 75,42)"])
    }

    func testAMaskWrapsTheLayerAndDrawsInItsSpace() throws {
        // A layer at (20, 10) masked by a 10 x 10 square at (5, 5) of its own space: the masked
        // group is limited to the mask's pixels (a pixel of margin), the layer's own scope (its
        // shadow) is inside it, and the mask is drawn after `mask`, moved with the layer.
        let masked = ##"[{ "frame": [20, 10, 40, 30], "backgroundColor": "#FF0000", "shadowOpacity": 0.5,"##
            + ##" "mask": { "name": "m", "frame": [5, 5, 10, 10], "backgroundColor": "#000000" } }]"##
        XCTAssertEqual(try draws(masked).dropFirst(), [
            "begin layer 0 clip 24,14..36,26 group alpha 255 masked",
            "  begin layer 0 clip 0,0..100,80 group alpha 255 shadow #00000080 sigma 3 offset 0,-3 clip 0,0..100,80",
            "    fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 4 points (20,10 60,10 60,40 20,40)",
            "  end",
            "  mask",
            "  fill layer 1 nonZero alpha 255 clip 0,0..100,80 solid #000000FF path 4 points (25,15 35,15 35,25 25,25)",
            "end",
        ])
        // The mask's properties animate by its name: moved 10 right at the animation's end.
        let moved = try draws(masked, t: 1, animations: #"[{ "layer": "m", "keyPath": "position.x", "from": 10, "to": 20, "duration": 1, "fillMode": "both" }]"#)
        XCTAssertEqual(moved[1], "begin layer 0 clip 34,14..46,26 group alpha 255 masked")
        XCTAssertEqual(moved.last(where: { $0.contains("layer 1") }), "  fill layer 1 nonZero alpha 255 clip 0,0..100,80 solid #000000FF path 4 points (35,15 45,15 45,25 35,25)")
    }

    func testAShadowPathIsDrawnAsItsOwnCommandWithoutAGroup() throws {
        // The shadow is the path's shape in the layer's space (moved with the layer to 20, 10),
        // under the background, and the layer needs no offscreen group for it.
        let layer = ##"{ "frame": [20, 10, 40, 30], "backgroundColor": "#FF0000", "shadowOpacity": 0.5, "shadowPath": "M0 5 H40 V30 H0 Z""##
        XCTAssertEqual(try draws("[" + layer + " }]").dropFirst(), [
            "shadow layer 0 alpha 255 #00000080 sigma 3 offset 0,-3 clip 0,0..100,80 path 4 points (20,15 60,15 60,40 20,40)",
            "fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 4 points (20,10 60,10 60,40 20,40)",
        ])
        // At half opacity the shadow and the background are one group (the shadow does not show
        // through the background); alone, the shadow is drawn at the layer's alpha.
        XCTAssertEqual(try draws("[" + layer + #", "opacity": 0.5 }]"#).dropFirst(), [
            "begin layer 0 clip 0,0..100,80 group alpha 128",
            "  shadow layer 0 alpha 255 #00000080 sigma 3 offset 0,-3 clip 0,0..100,80 path 4 points (20,15 60,15 60,40 20,40)",
            "  fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 4 points (20,10 60,10 60,40 20,40)",
            "end",
        ])
        let alone = ##"[{ "frame": [20, 10, 40, 30], "opacity": 0.5, "shadowOpacity": 0.5, "shadowPath": "M0 5 H40 V30 H0 Z" }]"##
        XCTAssertEqual(try draws(alone).dropFirst(),
                       ["shadow layer 0 alpha 128 #00000080 sigma 3 offset 0,-3 clip 0,0..100,80 path 4 points (20,15 60,15 60,40 20,40)"])
        // masksToBounds clips the shadow away, as Core Animation's.
        XCTAssertEqual(try draws("[" + layer + #", "masksToBounds": true }]"#).dropFirst().filter { $0.contains("shadow") }, [])
    }

    func testALayerReachingBehindTheEyeIsClippedAtTheNearPlane() throws {
        // Turned 80 degrees about x under a strong perspective, the far half of a tall layer
        // passes behind the viewer: what is drawn is cut at the near plane, finite and bounded.
        let lines = try draws(##"[{ "frame": [0, -400, 100, 880], "transform": [{ "perspective": 50 }, { "rotate": [80, 1, 0, 0] }],"##
            + ##" "backgroundColor": "#000000" }]"##)
        XCTAssertEqual(lines.count, 2)
        XCTAssertFalse(lines[1].contains("inf") || lines[1].contains("nan") || lines[1].contains("huge"), lines[1])
        XCTAssertTrue(lines[1].hasPrefix("fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #000000FF path "), lines[1])
    }

    func testHiddenTransparentAndEmptyLayersDrawNothingAndAnimationsMoveTheList() throws {
        XCTAssertEqual(try draws(##"[{ "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000", "hidden": true },"##
            + ##" { "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000", "opacity": 0 }, { "frame": [0, 0, 10, 10] }]"##),
                       ["frame 100x80 background #FFFFFFFF"])
        let moved = try draws(##"[{ "name": "a", "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000" }]"##, t: 0.5,
                              animations: ##"[{ "layer": "a", "keyPath": "position.x", "from": 5, "to": 45, "duration": 1 }]"##)
        // Halfway through a linear animation of position.x from 5 to 45: the centre is at 25.
        XCTAssertEqual(moved.last, "fill layer 0 nonZero alpha 255 clip 0,0..100,80 solid #FF0000FF path 4 points (20,0 30,0 30,10 20,10)")
    }

    func testTextNumbersAreStable() {
        XCTAssertEqual(DrawText.number(1.0 / 3), "0.333")
        XCTAssertEqual(DrawText.number(-2.5), "-2.5")
        XCTAssertEqual(DrawText.number(40), "40")
        XCTAssertEqual(DrawText.number(.infinity), "inf")
        XCTAssertEqual(DrawText.color(DrawColor(r: 1, g: 0.5, b: 0, a: 0.25)), "#FF800040")
    }
}
