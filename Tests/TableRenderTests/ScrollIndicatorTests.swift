import Foundation
import XCTest
import Geometry
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
@testable import TableRender

/// Issue 29.2: UIScrollView's vertical indicator (figures in notes/uikit-table-research.md).
final class ScrollIndicatorTests: XCTestCase {
    func simulation(script: String, rows: Int = 40, extra: String = "") throws -> TableSimulation {
        let json = #"{"canvas": {"size": [200, 400], "scale": 2}, "fps": 10, "duration": 6, "table": {"rowHeight": 50, "rowCount": "#
            + "\(rows)\(extra)}, \"script\": [\(script)]}"
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t.json", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }

    func indicator(_ sim: TableSimulation, at t: Double) -> PresentationLayer? {
        sim.layers(at: t).first?.sublayers.last.flatMap { $0.bounds.width == 3 && $0.cornerRadius == 1.5 ? $0 : nil }
    }

    /// Shown at once while a finger scrolls, held 1 s after the motion ends, then faded over
    /// 0.25 s with ease in, ease out (half way at the middle); none before the first scroll.
    func testShowsWhileScrollingAndFadesOneSecondAfter() throws {
        let sim = try simulation(script: #"{"at": 1, "scroll": {"by": 300, "duration": 0.5}}"#)
        XCTAssertNil(indicator(sim, at: 0.5), "none at rest")
        XCTAssertEqual(sim.indicatorAlpha(at: 1.0), 1)
        XCTAssertEqual(indicator(sim, at: 1.2)?.opacity, 1)
        XCTAssertEqual(sim.indicatorAlpha(at: 2.45), 1, "held for 1 s after the scroll ends at 1.5 s")
        XCTAssertEqual(sim.indicatorAlpha(at: 2.625), 0.5, accuracy: 1e-9, "half way through the fade")
        XCTAssertEqual(sim.indicatorAlpha(at: 2.55), 1 - TimingCurve.apply(.easeInEaseOut, 0.2, duration: 0.25), accuracy: 1e-12)
        XCTAssertNil(indicator(sim, at: 2.8), "gone after the fade")
    }

    /// 3 pt wide, 3 pt from the right, top and bottom; its length the visible fraction of the
    /// track (400 of 2000 pt: (400 - 6) x 0.2 = 78.8 pt, 79 at @2x), moving from the top of the track to
    /// its bottom as the content does; black at 35 %.
    func testGeometryFollowsTheVisibleFraction() throws {
        let sim = try simulation(script: #"{"at": 0, "scroll": {"to": 0, "duration": 0.1}}, {"at": 1, "scroll": {"to": 1600, "duration": 1}}"#)
        let top = try XCTUnwrap(indicator(sim, at: 0.05))
        XCTAssertEqual(top.bounds.height, 79, "rounded to device pixels at @2x")
        XCTAssertEqual(top.position.x, 200 - 3 - 1.5)
        XCTAssertEqual(top.position.y - top.bounds.height / 2, 3, accuracy: 1e-9, "at the top of the track (content offset 0)")
        XCTAssertEqual(top.backgroundColor, Color(0, 0, 0, 0.35))
        let bottom = try XCTUnwrap(indicator(sim, at: 2.5))
        XCTAssertEqual(bottom.position.y + bottom.bounds.height / 2, 1600 + 400 - 3, accuracy: 1e-9, "at the bottom of the track, in content coordinates")
    }

    /// Pulled past the top the indicator shortens by the overscroll (down to 7 pt), pinned to
    /// the top; 36 pt is its least length otherwise.
    func testRubberBandingShortensItAndTheLeastLengthIs36() throws {
        let sim = try simulation(script: #"{"at": 0, "drag": {"by": -60, "duration": 0.5}}"#)
        let pulled = try XCTUnwrap(indicator(sim, at: 0.5))
        let offset = sim.contentOffset(at: 0.5)
        XCTAssertLessThan(offset, 0)
        XCTAssertEqual(pulled.bounds.height, 79 + offset, accuracy: 1e-9)
        XCTAssertEqual(pulled.position.y - pulled.bounds.height / 2, offset + 3, accuracy: 1e-9)
        let far = try simulation(script: #"{"at": 0, "drag": {"by": -2000, "duration": 0.5}}"#)
        XCTAssertEqual(try XCTUnwrap(indicator(far, at: 0.5)).bounds.height, 7)
        let long = try simulation(script: #"{"at": 0, "scroll": {"by": 100, "duration": 0.5}}"#, rows: 400)
        XCTAssertEqual(try XCTUnwrap(indicator(long, at: 0.2)).bounds.height, 36)
    }

    /// A fling shows it until the content settles (after its bounce), then 1 s more.
    func testAFlingShowsItUntilItSettles() throws {
        let sim = try simulation(script: #"{"at": 0.5, "fling": {"velocity": 3000}}"#)
        let span = try XCTUnwrap(sim.indicatorSpans.first)
        XCTAssertEqual(span.start, 0.5 - TableSimulation.flickDuration, accuracy: 1e-12, "from the flick's first movement")
        XCTAssertGreaterThan(span.end, 1.5, "a 3000 pt/s fling moves for more than a second")
        XCTAssertEqual(sim.contentOffset(at: span.end + 0.5), sim.contentOffset(at: span.end), accuracy: 0.1)
        XCTAssertNotEqual(sim.contentOffset(at: span.end - 0.1), sim.contentOffset(at: span.end + 0.5), "still moving just before")
        XCTAssertEqual(sim.indicatorAlpha(at: span.end + 0.99), 1)
        XCTAssertEqual(sim.indicatorAlpha(at: span.end + 1.3), 0)
        // The motion ends where the deceleration slows under 10 pt/s (issue 54.4: at 0.5 pt/s
        // the indicator stayed 1.5 s past the last pixel that moved at the normal rate).
        let k = 1000 * Foundation.log(0.998)
        let open = try XCTUnwrap(try simulation(script: #"{"at": 0.5, "fling": {"velocity": 3000}}"#, rows: 400).indicatorSpans.first)
        XCTAssertEqual(open.end, 0.5 + Foundation.log(10.0 / 3000) / k, accuracy: 1.0 / 60, "a fling that reaches no end")
    }

    /// None for programmatic scrolls (scrollToRow), when the content fits, or when the table
    /// says showsVerticalScrollIndicator false.
    func testHiddenForProgrammaticScrollsShortContentAndTheSwitch() throws {
        XCTAssertNil(indicator(try simulation(script: #"{"at": 0, "scrollToRow": {"row": 30, "animated": true}}"#), at: 0.1))
        XCTAssertNil(indicator(try simulation(script: #"{"at": 0, "scroll": {"by": 10, "duration": 0.5}}"#, rows: 8), at: 0.1))
        XCTAssertNil(indicator(try simulation(script: #"{"at": 0, "scroll": {"by": 10, "duration": 0.5}}"#, extra: #", "showsVerticalScrollIndicator": false"#), at: 0.1))
        XCTAssertNotNil(indicator(try simulation(script: #"{"at": 0, "scroll": {"by": 10, "duration": 0.5}}"#), at: 0.1))
    }
}
