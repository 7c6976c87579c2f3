import Foundation
import XCTest
import Geometry
import LayerTree
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// The value1 style's two labels as UIKit lays them out (issue 51, "valueCell overlapping long
/// texts"): the title takes its own width, the detail what is left 6 pt after it, right-aligned
/// and truncated there; a title wider than the row leaves no detail (the decompiled UIKitCore's
/// `UITableViewCellLayoutManagerValue1`). Both labels took the whole width and overlapped.
final class Value1LayoutTests: XCTestCase {
    func testTheDetailTakesWhatTheTitleLeaves() throws {
        let json = #"{"version": 1, "canvas": {"size": [375, 300], "scale": 1}, "fps": 10, "duration": 0, "table": {"cell": {"style": "value1"}, "sections": [{"rows": ["#
            + #"{"title": "Wi-Fi", "detail": "Home"}, {"title": "Home address", "detail": "165 Davis Street, Hillsborough, CA 94010, United States"}, "#
            + #"{"title": "A very long title that does not fit in the row at all, not even nearly", "detail": "Detail"}]}]}}"#
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let rows = try XCTUnwrap(loaded.scene.table?.sections.first?.rows)
        let address = try XCTUnwrap(rows[1].titleWidth, "measured when the scene is loaded")
        XCTAssertGreaterThan(address, 80)
        XCTAssertLessThan(address, 130)
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        /// The text layers of row `i`'s cell, with their frames in the cell.
        func texts(_ i: Int) -> [(String, Rect)] {
            let row = sim.layout(at: 0).sections[0].rows[i]
            let width = 375.0
            let layers = sim.content(rows[i], width: width, height: row.base, x: 16)
            return layers.compactMap { l in l.text.map { ($0.string, Rect(l.position.x - l.bounds.width / 2, 0, l.bounds.width, l.bounds.height)) } }
        }
        let wifi = texts(0)
        XCTAssertEqual(wifi.map(\.0), ["Wi-Fi", "Home"])
        let long = texts(1)
        XCTAssertEqual(long.count, 2)
        XCTAssertEqual(long[1].1.x, 16 + address + 6, accuracy: 1e-9, "the detail starts 6 pt after the title")
        XCTAssertEqual(long[1].1.x + long[1].1.width, 375 - 16, accuracy: 1e-9, "and ends at the trailing margin")
        XCTAssertEqual(texts(2).map(\.0), ["A very long title that does not fit in the row at all, not even nearly"], "no room: no detail")
    }

    /// In editing mode the detail ends before the reorder control (it stayed at the cell's edge,
    /// cut off and under the control: a helper's probe).
    func testInEditingModeTheDetailKeepsClearOfTheReorderControl() throws {
        let json = #"{"version": 1, "canvas": {"size": [375, 200], "scale": 1}, "fps": 10, "duration": 0, "table": {"editing": true, "cell": {"style": "value1"}, "sections": [{"rows": [{"title": "Move", "detail": "Detail A", "canMove": true}]}]}}"#
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        var texts: [(String, Double)] = []
        func walk(_ l: PresentationLayer, dx: Double) {
            let x = dx + l.position.x - l.bounds.width / 2
            if let t = l.text { texts.append((t.string, x + l.bounds.width)) }
            for s in l.sublayers { walk(s, dx: x) }
        }
        for l in sim.layers(at: 0) { walk(l, dx: 0) }
        let detailEnd = try XCTUnwrap(texts.first { $0.0 == "Detail A" }?.1)
        XCTAssertLessThanOrEqual(detailEnd, 375 - 16 - 18 - 8 + 1e-9, "before the reorder control and its margin")
        XCTAssertGreaterThan(detailEnd, 300)
    }
}
