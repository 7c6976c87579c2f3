import XCTest
@testable import TableRender

/// A layer's backdrop as its fills are cut: by the layer's own `mask`, and by its stepped edges
/// when they are drawn aliased (a helper's probe: the whole rectangle blurred through a mask,
/// and an aliased rotated layer blurred past its stepped outline).
final class BackdropMaskTests: XCTestCase {
    /// A 60 x 40 frame, its left half black, a 60 x 20 blurring layer at the top with `extra`.
    func frame(_ extra: String) throws -> [UInt8] {
        let json = #"{"canvas": {"size": [60, 40], "scale": 1, "background": "white"}, "fps": 1, "duration": 0, "statusBar": false, "layers": ["#
            + #"{"frame": [0, 0, 30, 40], "backgroundColor": "black"}, {"backdropBlur": 4\#(extra)}]}"#
        let renderer = FrameRenderer(try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: "."))
        return renderer.render(layers: renderer.layers(atTime: 0)).unpremultipliedRGBA()
    }

    func red(_ p: [UInt8], _ x: Int, _ y: Int) -> Int { Int(p[(y * 60 + x) * 4]) }

    func testTheLayersMaskCutsItsBackdrop() throws {
        let open = try frame(#", "frame": [0, 0, 60, 20]"#)
        XCTAssertGreaterThan(red(open, 29, 5), 60, "without a mask the edge blurs")
        XCTAssertLessThan(red(open, 30, 5), 195)
        // The mask shows the right half only: left of it the black stays sharp, right of it the blur shows.
        let masked = try frame(#", "frame": [0, 0, 60, 20], "mask": {"frame": [30, 0, 30, 20], "backgroundColor": "black"}"#)
        XCTAssertEqual(red(masked, 29, 5), 0, "outside the mask: not blurred")
        XCTAssertEqual(red(masked, 5, 5), 0)
        XCTAssertLessThan(red(masked, 30, 5), 195, "inside the mask: blurred")
        XCTAssertEqual(red(masked, 30, 5), red(open, 30, 5), "the same blur as without a mask, where the mask is opaque")
        XCTAssertEqual(red(masked, 55, 5), 255)
        XCTAssertEqual(red(masked, 30, 25), 255, "below the layer nothing changes")
        XCTAssertEqual(red(masked, 29, 25), 0)
    }

    func testAliasedEdgesCutTheBackdropAsTheyCutTheFills() throws {
        // A layer 20.4 pt tall: its aliased bottom edge leaves row 20 (centre 20.5) out.
        let exact = try frame(#", "bounds": [0, 0, 60, 20.4], "position": [30, 10.2], "allowsEdgeAntialiasing": true"#)
        let aliased = try frame(#", "bounds": [0, 0, 60, 20.4], "position": [30, 10.2], "allowsEdgeAntialiasing": false"#)
        XCTAssertNotEqual(red(exact, 29, 20), 0, "exact coverage: 40 % of row 20 blurred")
        XCTAssertEqual(red(aliased, 29, 20), 0, "aliased: row 20 is outside")
        XCTAssertEqual(red(aliased, 30, 20), 255)
        XCTAssertGreaterThan(red(aliased, 29, 19), 60, "row 19 is inside")
    }

    /// Inside an opacity group a backdrop sees only the group's content, whether it has a
    /// sibling or not: a group of one sublayer was skipped (its alpha passed down), so a lone
    /// blurred sublayer saw, and blurred, what lies behind the group (a probe).
    func testABackdropInAnOpacityGroupSeesOnlyTheGroup() throws {
        func group(_ siblings: String) throws -> [UInt8] {
            let json = #"{"canvas": {"size": [60, 40], "scale": 1, "background": "white"}, "fps": 1, "duration": 0, "statusBar": false, "layers": ["#
                + #"{"frame": [0, 0, 30, 40], "backgroundColor": "black"}, {"frame": [0, 0, 60, 20], "opacity": 0.5, "sublayers": ["#
                + #"{"frame": [0, 0, 60, 20], "backdropBlur": 4}\#(siblings)]}]}"#
            let renderer = FrameRenderer(try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: "."))
            return renderer.render(layers: renderer.layers(atTime: 0)).unpremultipliedRGBA()
        }
        let alone = try group(""), withSibling = try group(#", {"frame": [50, 30, 1, 1], "backgroundColor": "white"}"#)
        XCTAssertEqual(red(alone, 29, 5), 0, "the black behind the group is not blurred into the group")
        XCTAssertEqual(red(alone, 30, 5), 255)
        XCTAssertEqual(red(alone, 29, 5), red(withSibling, 29, 5), "the same with a sibling")
        XCTAssertEqual(red(alone, 30, 5), red(withSibling, 30, 5))
    }
}
