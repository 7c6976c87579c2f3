import Foundation
import XCTest
import TestSupport
import Geometry
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
@testable import TableRender

/// setEditing: the controls come in over 0.3 s, taps select nothing while editing.
final class EditingModeTests: XCTestCase {
    let json = #"{"canvas": {"size": [200, 200], "scale": 1}, "fps": 10, "duration": 2, "table": {"rowHeight": 44, "sections": [{"rows": [{"title": "A", "canMove": true}, {"title": "B", "editingStyle": "insert"}, {"title": "C", "editingStyle": "none"}, {"title": "D", "editingStyle": "none", "shouldIndentWhileEditing": false}]}]}, "script": [{"at": 0.5, "setEditing": {"editing": true}}, {"at": 0.9, "tap": {"row": 0}}, {"at": 1.2, "setEditing": {"editing": false, "animated": false}}]}"#

    func testEditingComesInOverThreeTenthsAndGoesAtOnceWhenNotAnimated() throws {
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        XCTAssertEqual(sim.editingAmount(at: 0.4), 0)
        XCTAssertEqual(sim.editingAmount(at: 0.65), 0.5, accuracy: 0.01, "ease in, ease out: half way at half time")
        XCTAssertEqual(sim.editingAmount(at: 0.8), 1)
        XCTAssertEqual(sim.editingAmount(at: 1.2), 0, "not animated: at once")
        XCTAssertTrue(l.warnings.contains { $0.message.contains("the table is editing at 0.9 s") }, "\(l.warnings)")
        XCTAssertTrue(sim.taps.isEmpty, "the tap while editing selects nothing")
    }

    /// While editing: the red control at the leading edge, the green one with a plus, none for
    /// `none`, and the titles moved 38 pt (but where the row does not indent); afterwards none of it.
    func testTheControlsAndTheMovedContent() throws {
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let renderer = FrameRenderer(scene: l.scene, resources: l.resources)
        let editing = renderer.render(frame: 10).unpremultipliedRGBA(), after = renderer.render(frame: 15).unpremultipliedRGBA()
        func rgb(_ p: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(p[(y * 200 + x) * 4 ..< (y * 200 + x) * 4 + 3]) }
        XCTAssertEqual(rgb(editing, 27, 13), [255, 59, 48], "systemRed control on A")
        XCTAssertEqual(rgb(editing, 20, 66), [52, 199, 89], "systemGreen control on B")
        XCTAssertEqual(rgb(editing, 27, 66), [255, 255, 255], "with a plus")
        XCTAssertEqual(rgb(editing, 27, 101), [255, 255, 255], "no control on C")
        XCTAssertEqual(rgb(after, 27, 13), [255, 255, 255], "no control after editing")
        func inkColumns(_ p: [UInt8], row y: Int) -> Int? { (0..<200).first { x in rgb(p, x, y)[0] < 128 } }
        XCTAssertEqual((inkColumns(editing, row: 22) ?? 0) - (inkColumns(after, row: 22) ?? 0), 38, accuracy: 1, "A's title 38 pt right")
        XCTAssertEqual((inkColumns(editing, row: 110) ?? 0) - (inkColumns(after, row: 110) ?? 0), 38, accuracy: 1,
                       "C, with no control, still moves (shouldIndentWhileEditing is true by default)")
        XCTAssertEqual(inkColumns(editing, row: 154), inkColumns(after, row: 154), "D, which does not indent, stays")
    }

    /// A row opened by its delete control: the turn follows the opening, 1 when open.
    func testTheDeleteControlsTapOpensTheRow() throws {
        let j = json.replacingOccurrences(of: #"{"at": 0.9, "tap": {"row": 0}}"#,
                                          with: #"{"at": 0.9, "swipe": {"row": 0, "editingControl": true}}"#)
        let l = try SceneLoader.load(bytes: Array(j.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        XCTAssertEqual(sim.editingControlTurn(.init(0), width: 200, at: 0.85), 0)
        XCTAssertEqual(sim.editingControlTurn(.init(0), width: 200, at: 1.19), 1, accuracy: 0.01)
        XCTAssertEqual(sim.editingControlTurn(.init(1), width: 200, at: 1.19), 0, "another row")
        let controls = sim.editingControls(l.scene.table!.sections[0].rows[0], 1, width: 200, height: 44, turn: 1)
        XCTAssertEqual(controls.count, 1, "the reorder control hides while the row is open")
    }
}
