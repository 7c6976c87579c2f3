import XCTest
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// Issue 53: a tap during a deceleration. On iOS a finger that comes down while the content
/// still moves by itself (decelerating after a fling, or bouncing back from past an edge)
/// catches it: the content stops where it is, the touch reaches no row (no highlight, no
/// selection), and at the lift the content rests there or springs back from past the edge
/// (the decompiled iOS 26.1 UIKitCore's `_shouldBeginScroll` and the pan recognizer's
/// delayed touches: notes/uikit-table-research.md). A tap once the content rests selects.
final class CaughtScrollTests: XCTestCase {
    func load(_ script: String) throws -> LoadedScene {
        let rows = (0..<40).map { #"{"title": "Row \#($0)"}"# }.joined(separator: ", ")
        let json = #"{"canvas": {"size": [320, 480], "scale": 1}, "fps": 30, "duration": 4, "statusBar": false, "#
            + #""table": {"rowHeight": 44, "selection": {"deselect": "never"}, "sections": [{"rows": [\#(rows)]}]}, "script": [\#(script)]}"#
        return try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
    }

    func testATapDuringADecelerationStopsTheContentAndSelectsNothing() throws {
        let l = try load(#"{"at": 0.3, "fling": {"velocity": 2500}}, {"at": 0.8, "tap": {"row": 22}}, {"at": 2.5, "tap": {"row": 24}}"#)
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        let caughtAt = sim.contentOffset(at: 0.8)
        XCTAssertGreaterThan(caughtAt, sim.contentOffset(at: 0.7) + 20, "still moving fast just before")
        for t in [0.9, 1.5, 2.4, 3.9] { XCTAssertEqual(sim.contentOffset(at: t), caughtAt, "held where the finger caught it, at \(t) s") }
        XCTAssertEqual(sim.caughtTaps, [1])
        let key = { (row: Int) in try XCTUnwrap(sim.layout(at: 1).sections[0].rows.first { sim.timeline.rows[$0.key.id].title == "Row \(row)" }?.key) }
        XCTAssertEqual(sim.selectionAlpha(try key(22), at: 0.8), 0, "the catching tap selects nothing")
        XCTAssertEqual(sim.selectionAlpha(try key(22), at: 0.85), 0)
        XCTAssertEqual(sim.selectionAlpha(try key(24), at: 2.5), 1, "a tap on the content at rest selects")
        XCTAssertTrue(l.warnings.contains { $0.path == "script[1].tap" && $0.message.contains("stops the scroll where it is") }, "\(l.warnings)")
        XCTAssertFalse(l.warnings.contains { $0.path == "script[2].tap" })
        // Without the catching tap the fling runs on, far past where it was caught.
        let free = try XCTUnwrap(TableSimulation(scene: try load(#"{"at": 0.3, "fling": {"velocity": 2500}}"#).scene))
        XCTAssertGreaterThan(free.contentOffset(at: 2.4), caughtAt + 100)
    }

    /// Past the top, the bounce back stops under the finger, holds while it is down, and
    /// springs back to the top when it lifts.
    func testATapDuringABounceHoldsThenSpringsBackAtTheLift() throws {
        let l = try load(#"{"at": 0.2, "drag": {"by": -200, "duration": 0.3}}, {"at": 0.5, "release": {}}, {"at": 1.2, "tap": {"row": 3, "hold": 0.6}}"#)
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        let down = sim.contentOffset(at: 0.6)
        XCTAssertLessThan(down, -5, "still past the top when the finger comes down at 0.6 s")
        for t in [0.7, 0.9, 1.19] { XCTAssertEqual(sim.contentOffset(at: t), down, accuracy: 1e-9, "held at \(t) s") }
        XCTAssertLessThan(sim.contentOffset(at: 1.25), -1, "springing back after the lift")
        XCTAssertGreaterThan(sim.contentOffset(at: 1.25), down)
        XCTAssertEqual(sim.contentOffset(at: 2.5), 0, accuracy: 0.1, "at the top again")
        XCTAssertEqual(sim.caughtTaps, [2])
        let key = try XCTUnwrap(sim.layout(at: 2).sections[0].rows.first { sim.timeline.rows[$0.key.id].title == "Row 3" }?.key)
        XCTAssertEqual(sim.selectionAlpha(key, at: 1.0), 0, "a held finger on a caught content highlights nothing")
        XCTAssertEqual(sim.selectionAlpha(key, at: 1.2), 0)
        XCTAssertEqual(sim.indicatorAlpha(at: 1.19), 1, "the indicator shows while the finger holds the content")
    }

    /// A slow end of a deceleration (under 10 pt/s) is rest: the tap selects.
    func testATapAfterTheDecelerationEndsSelects() throws {
        let l = try load(#"{"at": 0.3, "fling": {"velocity": 300}}, {"at": 3.9, "tap": {"row": 5}}"#)
        let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
        XCTAssertEqual(sim.caughtTaps, [])
        let key = try XCTUnwrap(sim.layout(at: 3.9).sections[0].rows.first { sim.timeline.rows[$0.key.id].title == "Row 5" }?.key)
        XCTAssertEqual(sim.selectionAlpha(key, at: 3.9), 1)
    }

    /// A finger that comes down while another moves the content (a drag, or a fling's flick)
    /// joins that scroll: it selects nothing and stops nothing, whatever the order the script
    /// lists the two in (a helper's probe: the tap selected, and with the fling first it caught
    /// the content).
    func testATapWhileAnotherFingerMovesTheContentJoinsItsScroll() throws {
        let during = try load(#"{"at": 0.1, "drag": {"by": 300, "duration": 0.6}}, {"at": 0.4, "tap": {"row": 8, "hold": 0.2}}"#)
        let sim = try XCTUnwrap(TableSimulation(scene: during.scene))
        let key = try XCTUnwrap(sim.layout(at: 0).sections[0].rows.first { sim.timeline.rows[$0.key.id].title == "Row 8" }?.key)
        XCTAssertEqual(sim.selectionAlpha(key, at: 0.45), 0)
        XCTAssertTrue(during.warnings.contains { $0.path == "script[1].tap" && $0.message.contains("joins that scroll") }, "\(during.warnings)")
        for script in [#"{"at": 0.5, "tap": {"row": 3}}, {"at": 0.5, "fling": {"velocity": 3000}}"#,
                       #"{"at": 0.5, "fling": {"velocity": 3000}}, {"at": 0.5, "tap": {"row": 3}}"#] {
            let sim = try XCTUnwrap(TableSimulation(scene: try load(script).scene))
            XCTAssertEqual(sim.caughtTaps, [], script)
            XCTAssertGreaterThan(sim.contentOffset(at: 1.5), sim.contentOffset(at: 0.6) + 100, "the fling runs on: \(script)")
            let key = try XCTUnwrap(sim.layout(at: 0).sections[0].rows.first { sim.timeline.rows[$0.key.id].title == "Row 3" }?.key)
            XCTAssertEqual(sim.selectionAlpha(key, at: 0.5), 0, script)
        }
    }
}
