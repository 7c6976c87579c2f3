import XCTest
import LayerTree
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// Issue 54.4: a finger's phases. A tap may hold the row before it lifts (`tap.hold`): from
/// 0.15 s after touch-down (the scroll view's `delaysContentTouches`) until touch-up the row shows
/// its highlight and the sections article's accessory its highlighted colour; the tap selects
/// at touch-up, as before. A quick tap shows nothing before it.
final class HeldTapTests: XCTestCase {
    func scene(hold: String, deselect: String = "animated", extra: String = "") -> String {
        #"{"canvas": {"size": [200, 300], "scale": 1}, "fps": 10, "duration": 2, "statusBar": false, "table": {"rowHeight": 44, "#
            + #""selection": {"deselect": "\#(deselect)"}, "expansion": {"effect": "rows", "rowAnimation": "top", "duration": 0.3}, \#(extra)"#
            + #""sections": [{"rows": [{"title": "A"}]}, {"collapsible": true, "rows": [{"title": "B"}, {"title": "b1"}]}]}, "#
            + #""script": [{"at": 0.8, "tap": {"section": 1, "row": 0\#(hold)}}, {"at": 1.5, "tap": {"section": 0, "row": 0}}]}"#
    }

    func simulation(_ json: String) throws -> TableSimulation {
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }

    /// The chevron's stroke in the cell of the row at `path` at `t`.
    func chevron(_ sim: TableSimulation, section: Int, at t: Double) throws -> Color? {
        let layout = sim.layout(at: t)
        let row = try XCTUnwrap(layout.sections[section].rows.first)
        func find(_ l: PresentationLayer) -> Color? {
            if let s = l.shape, s.lineWidth == 3 { return s.strokeColor }
            return l.sublayers.lazy.compactMap(find).first
        }
        return find(sim.cell(row, section: layout.sections[section].id, at: t))
    }

    func testAHeldFingerHighlightsTheRowUntilItLifts() throws {
        let sim = try simulation(scene(hold: #", "hold": 0.5"#))
        let b = try XCTUnwrap(sim.layout(at: 0).sections[1].rows.first?.key)
        let a = try XCTUnwrap(sim.layout(at: 0).sections[0].rows.first?.key)
        XCTAssertEqual(sim.selectionAlpha(b, at: 0.4), 0, "touch-down at 0.3: the scroll view holds the touch 0.15 s")
        XCTAssertEqual(sim.selectionAlpha(b, at: 0.5), 1, "held: highlighted")
        XCTAssertEqual(sim.selectionAlpha(b, at: 0.79), 1)
        XCTAssertTrue(sim.isHighlighted(b, at: 0.6))
        XCTAssertFalse(sim.isHighlighted(b, at: 0.85), "deselected with animation in didSelectRowAt: not highlighted after touch-up")
        XCTAssertEqual(try chevron(sim, section: 1, at: 0.6), .white, "the article's highlightedColor, white unless set")
        XCTAssertEqual(try chevron(sim, section: 1, at: 0.2), Color.named["grayColor"])
        XCTAssertEqual(try chevron(sim, section: 1, at: 1.2), Color.named["grayColor"])
        XCTAssertEqual(sim.selectionAlpha(a, at: 1.45), 0, "a quick tap shows nothing before touch-up")
        XCTAssertEqual(sim.selectionAlpha(a, at: 1.5), 1, "and selects at it")
        // Its own colour; a table that keeps its selection keeps the accessory highlighted.
        let kept = try simulation(scene(hold: "", deselect: "never", extra: #""cell": {"accessoryHighlightedColor": "red"}, "#))
        XCTAssertEqual(try chevron(kept, section: 1, at: 1.0), Color.named["red"])
        XCTAssertEqual(try chevron(kept, section: 1, at: 0.7), Color.named["grayColor"])
    }

    /// The held row's pixels: its highlight before touch-up (none without the hold).
    func testTheHeldRowIsDrawnHighlighted() throws {
        func pixel(_ json: String, _ t: Double) throws -> UInt8 {
            let renderer = FrameRenderer(try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: "."))
            return renderer.render(layers: renderer.layers(atTime: t)).unpremultipliedRGBA()[(66 * 200 + 60) * 4]
        }
        XCTAssertLessThan(try pixel(scene(hold: #", "hold": 0.5"#), 0.6), 240, "the selection grey behind B")
        XCTAssertEqual(try pixel(scene(hold: ""), 0.6), 255)
    }

    /// A finger that starts dragging the content while it holds a row is the scroll view's:
    /// UIKit cancels the row's touch, so its highlight ends at the drag and the lift selects
    /// nothing (a probe: the row was selected at the lift, scrolled off screen), with a warning.
    func testADragBeginningUnderAHeldFingerCancelsTheTap() throws {
        let json = #"{"canvas": {"size": [200, 300], "scale": 1}, "fps": 10, "duration": 2, "statusBar": false, "table": {"rowHeight": 44, "rowCount": 30}, "#
            + #""script": [{"at": 1.2, "tap": {"row": 2, "hold": 0.8}}, {"at": 0.7, "drag": {"by": 300, "duration": 0.4}}, {"at": 1.1, "release": {}}]}"#
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        let row = try XCTUnwrap(sim.layout(at: 0).sections[0].rows.first { $0.path.row == 2 }?.key)
        XCTAssertEqual(sim.selectionAlpha(row, at: 0.6), 1, "held from 0.4, highlighted from 0.55")
        XCTAssertEqual(sim.selectionAlpha(row, at: 0.7), 0, "the drag cancels the touch")
        XCTAssertEqual(sim.selectionAlpha(row, at: 1.25), 0, "the lift selects nothing")
        XCTAssertEqual(sim.taps[row] ?? [], [])
        XCTAssertTrue(loaded.warnings.contains { $0.path == "script[0].tap" && $0.message.contains("the touch is cancelled (as on iOS), its highlight ends there") }, "\(loaded.warnings)")
        // A drag after the lift leaves the tap as it was.
        let later = try SceneLoader.load(bytes: Array(json.replacingOccurrences(of: #""at": 0.7, "drag""#, with: #""at": 1.3, "drag""#).utf8), displayName: "t", directory: ".")
        let kept = try XCTUnwrap(TableSimulation(scene: later.scene))
        XCTAssertEqual(kept.taps[row], [1.2])
        XCTAssertFalse(later.warnings.contains { $0.message.contains("cancelled") })
        // A `scroll` (a drag to an offset) cancels too, and a fling from its flick's start.
        for motion in [#""at": 0.7, "scroll": {"by": 150, "duration": 0.2}"#, #""at": 1.25, "fling": {"velocity": 1500}"#] {
            let other = try SceneLoader.load(bytes: Array(json.replacingOccurrences(of: #""at": 0.7, "drag": {"by": 300, "duration": 0.4}"#, with: motion).utf8),
                                             displayName: "t", directory: ".")
            XCTAssertEqual(try XCTUnwrap(TableSimulation(scene: other.scene)).taps[row] ?? [], [], motion)
        }
        // Editing: the tap selects nothing anyway, and says so; no highlight is drawn (a probe:
        // the cancelled hold drew one in an editing table).
        let editing = try SceneLoader.load(bytes: Array(json.replacingOccurrences(of: #""rowCount": 30"#, with: #""rowCount": 30, "editing": true"#).utf8),
                                           displayName: "t", directory: ".")
        let editSim = try XCTUnwrap(TableSimulation(scene: editing.scene))
        XCTAssertEqual(editSim.selectionAlpha(row, at: 0.6), 0)
        XCTAssertEqual(editing.warnings.filter { $0.path == "script[0].tap" }.map(\.message).first?.contains("the table is editing"), true, "\(editing.warnings)")
    }

    func testAHoldLongerThanTheTapsTimeIsSaid() {
        XCTAssertThrowsError(try SceneLoader.load(bytes: Array(scene(hold: #", "hold": 0.9"#).utf8), displayName: "t", directory: ".")) { error in
            XCTAssertTrue("\(error)".contains("script[0].tap.hold: expected a hold of at most the tap's time 0.8 s"), "\(error)")
        }
    }

    /// A held tap lifting after the scene's end still shows its highlight before it: no
    /// "nothing shows it" warning (a helper's probe found one); a quick tap after the end warns.
    func testAHeldTapLiftingAfterTheEndIsNotCalledInvisible() throws {
        func warnings(_ tap: String) throws -> [String] {
            let json = #"{"canvas": {"size": [200, 200], "scale": 1}, "fps": 10, "duration": 1, "table": {"rowHeight": 44, "rowCount": 4}, "script": [{"at": 1.5, "tap": {"row": 1"# + tap + "}}]}"
            return try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".").warnings.map(\.message)
        }
        XCTAssertEqual(try warnings(#", "hold": 1"#).filter { $0.contains("after the scene ends") }, [])
        XCTAssertEqual(try warnings("").filter { $0.contains("after the scene ends") }.count, 1)
    }
}
