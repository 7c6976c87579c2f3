import Foundation
import XCTest
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// A row's open swipe actions close as UIKit's `UISwipeActionController` closes them (issue 51,
/// "several rows swiped open at once"; the decompiled iOS 18 UIKitCore): when the table scrolls,
/// when a swipe begins on another row, and at a tap, which then reaches no row. Before, a row
/// stayed open through all three, and two rows could be open at once.
final class SwipeDismissalTests: XCTestCase {
    func simulation(_ script: String) throws -> TableSimulation {
        let json = #"{"version": 1, "canvas": {"size": [375, 400], "scale": 1}, "fps": 10, "duration": 3, "table": {"rowHeight": 50, "rowCount": 30}, "script": ["#
            + script + "]}"
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }
    static let open = #""actions": [{"title": "Delete", "style": "destructive"}]"#
    func dx(_ sim: TableSimulation, _ row: Int, _ t: Double) -> Double { sim.swipeState(.init(row), width: 375, at: t)?.dx ?? 0 }

    func testAScrollClosesTheOpenRow() throws {
        let sim = try simulation(#"{"at": 0.2, "swipe": {"row": 2, \#(Self.open)}}, {"at": 1.5, "scroll": {"by": 60, "duration": 0.4}}"#)
        XCTAssertEqual(dx(sim, 2, 1.45), -74, accuracy: 0.01, "open before the scroll")
        XCTAssertLessThan(dx(sim, 2, 1.6), -1, "closing, not at once")
        XCTAssertGreaterThan(dx(sim, 2, 1.6), -74)
        XCTAssertEqual(dx(sim, 2, 1.9), 0, accuracy: 1e-9, "closed over a swipe's 0.3 s")
    }

    func testASwipeOnAnotherRowClosesTheFirst() throws {
        let sim = try simulation(#"{"at": 0.2, "swipe": {"row": 1, \#(Self.open)}}, {"at": 1.5, "swipe": {"row": 4, \#(Self.open)}}"#)
        XCTAssertEqual(dx(sim, 1, 1.45), -74, accuracy: 0.01)
        XCTAssertEqual(dx(sim, 1, 2.5), 0, accuracy: 1e-9, "the first closed")
        XCTAssertEqual(dx(sim, 4, 2.9), -74, accuracy: 0.01, "the second open")
    }

    func testATapClosesTheOpenRowAndSelectsNothing() throws {
        let sim = try simulation(#"{"at": 0.2, "swipe": {"row": 1, \#(Self.open)}}, {"at": 1.5, "tap": {"row": 5}}, {"at": 2.2, "tap": {"row": 6}}"#)
        XCTAssertEqual(dx(sim, 1, 2.0), 0, accuracy: 1e-9, "closed by the tap")
        XCTAssertEqual(sim.dismissingTouchDowns, [1.5])
        XCTAssertEqual(sim.tapLog.map(\.key), [.init(6)], "the first tap only closed the row; the next selects")
        let json = #"{"version": 1, "canvas": {"size": [375, 400], "scale": 1}, "fps": 10, "duration": 3, "table": {"rowHeight": 50, "rowCount": 30}, "script": ["#
            + #"{"at": 0.2, "swipe": {"row": 1, \#(Self.open)}}, {"at": 1.5, "tap": {"row": 5}}]}"#
        let warnings = TableSimulation.touchWarnings(try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".").scene)
        XCTAssertTrue(warnings.contains { $0.message.contains("while a row's swipe actions are open") }, "\(warnings)")
    }

    /// The script's own close, and a row swiped again, are as before.
    func testTheScriptsOwnCloseAndReopeningStayAsTheyWere() throws {
        let sim = try simulation(#"{"at": 0.2, "swipe": {"row": 1, \#(Self.open)}}, {"at": 1.0, "swipe": {"row": 1, "close": true}}, {"at": 1.6, "swipe": {"row": 1, \#(Self.open)}}"#)
        XCTAssertEqual(dx(sim, 1, 0.9), -74, accuracy: 0.5, "open (settling)")
        XCTAssertEqual(dx(sim, 1, 1.5), 0, accuracy: 1e-9)
        XCTAssertEqual(dx(sim, 1, 2.9), -74, accuracy: 0.5, "open again (settling)")
        XCTAssertTrue(sim.dismissingTouchDowns.isEmpty)
    }
}
