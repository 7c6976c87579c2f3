import XCTest
import Geometry
import SceneJSON
import SceneModel
@testable import Simulation
@testable import TableEngine

/// A row of height 0 is UIKit's hidden row (issue 53): it stays hidden when it is expanded, and
/// one closing to 0 clips its content as it closes instead of dropping it at the last frame.
final class HiddenRowTests: XCTestCase {
    /// The rows' tops at `t`, by their row index.
    func tops(_ sim: TableSimulation, at t: Double) -> [Double] {
        sim.layout(at: t, window: nil).sections[0].rows.map(\.y)
    }

    /// An `expanded` fold row of height 0 opens no room for its detail view: the row below
    /// starts where the hidden row does, and nothing of the row is drawn.
    func testAHiddenRowStaysHiddenWhenExpanded() throws {
        let sim = try TableSimulation.decoded("""
        {"version": 1, "canvas": {"size": [200, 240]}, "fps": 10, "duration": 0.5,
         "table": {"rowHeight": 40, "expansion": {"effect": "fold", "detailHeight": 30},
                   "sections": [{"rows": [{"title": "A", "detail": "a"}, {"title": "B", "detail": "b", "height": 0, "expanded": true},
                                          {"title": "C", "detail": "c"}]}]}}
        """)
        XCTAssertEqual(tops(sim, at: 0), [0, 40, 40])
        let rows = sim.layout(at: 0, window: nil).sections[0].rows
        XCTAssertEqual(rows[1].height, 0)
    }

    /// A `rowHeights` update to 0 clips the closing row's cell to its bounds while it closes
    /// (its labels, centred in it, reached over the row above until the last frame, where a
    /// row of no height draws nothing); rows that only move do not clip.
    func testARowClosingToNoHeightClipsItsContent() throws {
        let sim = try TableSimulation.decoded("""
        {"version": 1, "canvas": {"size": [200, 240]}, "fps": 10, "duration": 1,
         "table": {"rowHeight": 44, "cell": {"style": "subtitle"},
                   "sections": [{"rows": [{"title": "A", "detail": "a"}, {"title": "B", "detail": "b"}, {"title": "C", "detail": "c"}]}]},
         "script": [{"at": 0.1, "rowHeights": {"indexPaths": [[0, 1]], "heights": [0]}}]}
        """)
        let closing = sim.layout(at: 0.25, window: nil).sections[0].rows
        XCTAssertEqual(closing.map(\.clips), [false, true, false])
        XCTAssertGreaterThan(closing[1].height, 0)
        XCTAssertLessThan(closing[1].height, 44)
        // The cells drawn: layers as wide as the table, as tall as a row is then.
        var all: [PresentationLayer] = []
        func walk(_ l: PresentationLayer) { all.append(l); l.sublayers.forEach(walk) }
        sim.layers(at: 0.25).forEach(walk)
        let cells = all.filter { $0.bounds.width == 200 && [44, closing[1].height].contains($0.bounds.height) }
        XCTAssertEqual(cells.map(\.masksToBounds), [false, true, false])
        XCTAssertEqual(sim.layout(at: 0, window: nil).sections[0].rows.map(\.clips), [false, false, false])
    }
}
