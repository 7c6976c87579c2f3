import Foundation
import XCTest
import TestSupport
import Geometry
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
@testable import TableRender

/// Rows inserted or deleted next to each other move as one block, and `reconfigureRows` gives a
/// row new content at a time, its cell kept.
final class RowRunTests: XCTestCase {
    /// RowUpdateTests' scene: a plain table of rows of 44 pt at scale 1, and the given script.
    enum helper {
        static func scene(_ script: String, rows: [String] = ["A", "B", "C"]) -> String {
            let r = rows.map { #"{"title": "\#($0)"}"# }.joined(separator: ", ")
            return #"{"canvas": {"size": [100, 400], "scale": 1}, "fps": 10, "duration": 2, "table": {"rowHeight": 44, "sections": [{"rows": ["# + r
                + #"]}]}, "script": ["# + script + "]}"
        }
        static func simulation(_ json: String) throws -> TableSimulation {
            let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
            return try XCTUnwrap(TableSimulation(scene: l.scene))
        }
        static func rows(_ sim: TableSimulation, _ t: Double) -> [TableSimulation.RowLayout] { sim.layout(at: t).sections.flatMap(\.rows) }
    }

    /// Three rows inserted together with `top`, linear, halfway: the block of 132 pt has slid down
    /// by half its height from behind A, each row 44 pt below the one before it, and B has moved
    /// down by half the block.
    func testInsertedNeighboursComeAsOneBlock() throws {
        let rows = #"[{"title": "x"}, {"title": "y"}, {"title": "z"}]"#
        let json = helper.scene(#"{"at": 1.0, "insertRows": {"indexPaths": [[0, 1], [0, 2], [0, 3]], "rows": "# + rows
                                + #", "animation": "top", "timingFunction": "linear"}}"#)
        let sim = try helper.simulation(json)
        let mid = helper.rows(sim, 1.15)
        let ys: [Double] = (3...5).map { id in mid.first { $0.key == .init(id) }?.y ?? -1 }
        for (y, e) in zip(ys, [Double(44 - 66), Double(88 - 66), Double(132 - 66)]) { XCTAssertEqual(y, e, accuracy: 1e-9, "the block's top at A's bottom less half its height") }
        XCTAssertEqual(mid.first { $0.key == .init(1) }?.y ?? -1, 44 + 66, accuracy: 1e-9, "B halfway down")
        XCTAssertEqual(helper.rows(sim, 1.3).map(\.y), [0, 44, 88, 132, 176, 220])
    }

    /// Two neighbours deleted together with `top` slide up as a block towards A's bottom.
    func testDeletedNeighboursGoAsOneBlock() throws {
        let sim = try helper.simulation(helper.scene(#"{"at": 1.0, "deleteRows": {"indexPaths": [[0, 1], [0, 2]], "animation": "top", "timingFunction": "linear"}}"#,
                                                     rows: ["A", "B", "C", "D"]))
        let mid = helper.rows(sim, 1.15)
        XCTAssertEqual(mid.first { $0.key == .init(1) }?.y ?? -1, 44 - 44, accuracy: 1e-9, "B: up by half the block's 88 pt")
        XCTAssertEqual(mid.first { $0.key == .init(2) }?.y ?? -1, 88 - 44, accuracy: 1e-9, "C keeps its place in the block")
        XCTAssertEqual(mid.first { $0.key == .init(3) }?.y ?? -1, 132 - 44, accuracy: 1e-9, "D halfway up")
    }

    /// A row alone still slides by its own height (the case the block rule leaves as it was).
    func testARowAloneSlidesByItsOwnHeight() throws {
        let sim = try helper.simulation(helper.scene(#"{"at": 1.0, "insertRows": {"indexPaths": [[0, 1], [0, 3]], "rows": [{"title": "x"}, {"title": "y"}], "animation": "top", "timingFunction": "linear"}}"#))
        let mid = helper.rows(sim, 1.15)
        XCTAssertEqual(mid.first { $0.key == .init(3) }?.y ?? -1, 44 - 22, accuracy: 1e-9)
    }

    /// reconfigureRows: from its time the row shows the new content in the same place, with no
    /// animation and no change to the layout; an index path of the data at that time.
    func testReconfigureRowsChangesTheContentInPlace() throws {
        let json = helper.scene(#"""
            {"at": 0.5, "deleteRows": {"indexPaths": [[0, 0]], "animation": "fade"}},
            {"at": 0.5, "reconfigureRows": {"indexPaths": [[0, 1]], "rows": [{"title": "C2", "accessory": "checkmark"}]}}
            """#)
        let sim = try helper.simulation(json)
        XCTAssertEqual(sim.timeline.reconfigures.map(\.id), [2], "C, at index 1 once A is deleted")
        XCTAssertEqual(sim.timeline.content(of: 2, at: 0.4), 2)
        let content = sim.timeline.content(of: 2, at: 0.5)
        XCTAssertEqual(sim.timeline.rows[content].title, "C2")
        XCTAssertEqual(sim.timeline.rows[content].accessory, TableModel.Accessory.checkmark)
        XCTAssertEqual(Set(helper.rows(sim, 0.6).map(\.key.id)), [0, 1, 2], "the delete's animation goes on: A still leaving")
        XCTAssertEqual(helper.rows(sim, 0.9).map(\.y), [0, 44], "and ends at the new data's layout")
    }

    /// An accessory view is drawn at the trailing margin, its size kept, centred in the row.
    func testAnAccessoryViewIsPlacedAtTheTrailingMargin() throws {
        let view = #"{"frame": [40, 40, 10, 20], "backgroundColor": "red"}"#
        let json = #"{"canvas": {"size": [100, 100], "scale": 1}, "fps": 1, "duration": 0, "table": {"rowHeight": 44, "sections": [{"rows": [{"title": "", "accessoryView": "#
            + view + "}]}]}}"
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let pixels = FrameRenderer(scene: loaded.scene, resources: loaded.resources).render(frame: 0).unpremultipliedRGBA()
        func red(_ x: Int, _ y: Int) -> Bool { pixels[(y * 100 + x) * 4] == 255 && pixels[(y * 100 + x) * 4 + 1] == 0 }
        XCTAssertTrue(red(100 - 16 - 10, 12) && red(100 - 16 - 1, 31), "at x 74 ..< 84, y 12 ..< 32")
        XCTAssertFalse(red(100 - 16 - 11, 20) || red(100 - 16, 20) || red(78, 11) || red(78, 32), "and nowhere else")
    }
}
