import Foundation
import XCTest
import TestSupport
import Geometry
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
@testable import TableRender

/// A swipe as a finger's drag and a spring's settle (issue 54.4), and what a hostile probe of
/// it found.
final class SwipeMotionTests: XCTestCase {
    /// A plain table of three rows of 44 pt at scale 1, and the given script.
    func scene(_ script: String) -> String {
        #"{"canvas": {"size": [100, 400], "scale": 1}, "fps": 10, "duration": 2, "table": {"rowHeight": 44, "sections": [{"rows": ["#
            + #"{"title": "A"}, {"title": "B"}, {"title": "C"}]}]}, "script": ["# + script + "]}"
    }

    func simulation(_ json: String) throws -> TableSimulation {
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }

    /// A swipe is a finger's (issue 54.4): the content follows it 1:1 at a steady speed while
    /// it drags (the swipe's duration), lifts three quarters of the way open (0.85 of the row
    /// for a full swipe) and settles with a spring, exactly at rest once under 0.005 pt away. It
    /// opened by itself with an ease-out curve (0.36, 0.66, 0.04, 1), at 96 % of the way a
    /// third of the way into its 0.3 s. Closing keeps UIKit's curve.
    func testASwipeFollowsTheFingerThenSettles() throws {
        let sim = try simulation(scene(#"""
            {"at": 0.2, "swipe": {"row": 1, "actions": [{"title": "Delete", "style": "destructive"}, {"title": "More"}], "duration": 0.4}},
            {"at": 2.0, "swipe": {"row": 1, "close": true, "duration": 0.3}},
            {"at": 0.2, "swipe": {"row": 0, "full": true, "duration": 0.2}}
            """#))
        func dx(_ row: Int, _ t: Double) -> Double { sim.swipeState(.init(row), width: 320, at: t)?.dx ?? .nan }
        // Two buttons: open at 148 pt; the finger lifts at 111 pt, 0.4 s after touch-down.
        XCTAssertEqual(dx(1, 0.3), -27.75, accuracy: 1e-9, "a quarter of the drag, a quarter of the way to the lift")
        XCTAssertEqual(dx(1, 0.4), -55.5, accuracy: 1e-9, "half of it: a steady speed, no easing")
        XCTAssertEqual(dx(1, 0.6), -111, accuracy: 1e-9, "lifted three quarters of the way")
        let settling = [0.65, 0.7, 0.8, 1.0].map { dx(1, $0) }
        XCTAssertTrue(zip([-111] + settling, settling).allSatisfy { $1 < $0 }, "the spring carries it on the way it moved: \(settling)")
        XCTAssertTrue(settling.allSatisfy { $0 > -150 && $0 < -111 }, "no more than a little past rest: \(settling)")
        XCTAssertEqual(dx(1, 1.0), -148, accuracy: 2, "nearly at rest 0.4 s after the lift")
        XCTAssertEqual(dx(1, 1.99), -148, "exactly at rest once under 0.005 pt away (1.25 s after the lift here)")
        XCTAssertEqual(dx(1, 2.0 + 0.3 / 3), -148 * (1 - TimingCurve.apply(TableSimulation.swipeCurve, 1 / 3.0, duration: 0.3)), accuracy: 1e-9,
                       "closing is UIKit's animation, on the curve")
        XCTAssertEqual(dx(0, 0.3), -136, accuracy: 1e-9, "a full swipe: the finger drags to 0.85 of the row (272 pt) in 0.2 s")
        XCTAssertEqual(dx(0, 0.4), -272, accuracy: 1e-9)
        XCTAssertEqual(dx(0, 1.7), -320, "the whole row, at rest")
    }

    /// A hostile probe of the finger's swipe: a quick flick ran 42 % of the open width past
    /// rest (0.05 s) and 180 % (0.01 s); a spring's few points past rest gave the whole width
    /// to the first of three actions; a row swiped the other way while open lost its actions
    /// at once (an empty gap while the content came back); eight actions' titles were cut
    /// mid-letter at rest.
    func testASwipesSettleKeepsItsButtonsAndItsSide() throws {
        let three = #"[{"title": "Delete", "style": "destructive"}, {"title": "Flag"}, {"title": "More"}]"#
        let sim = try simulation(scene(#"""
            {"at": 0.1, "swipe": {"row": 0, "actions": \#(three), "duration": 0.01}},
            {"at": 0.1, "swipe": {"row": 1, "edge": "leading", "actions": [{"title": "Unread"}]}},
            {"at": 2.0, "swipe": {"row": 1, "actions": \#(three)}}
            """#))
        func dx(_ row: Int, _ t: Double) -> Double { sim.swipeState(.init(row), width: 375, at: t)?.dx ?? .nan }
        let settle = stride(from: 0.11, through: 1.5, by: 0.01).map { dx(0, $0) }
        XCTAssertGreaterThan(settle.min() ?? 0, -222 - 0.01 * 55.5 * 1.2, "a quick flick runs at most about 1 % of the distance left past rest")
        // Past rest by a spring's fraction of a point, the three buttons share the width.
        let buttons = sim.swipeActions(TableModel.Swipe(actions: [.init(title: "Delete", style: .destructive), .init(title: "Flag", style: .normal),
                                                                 .init(title: "More", style: .normal)]),
                                       revealed: 222.5, width: 375, height: 44)
        XCTAssertEqual(buttons.sublayers.count, 3, "three buttons past rest, not one stretched")
        // Swiped the other way while open: the leading action shows until the content crosses back.
        let back = try XCTUnwrap(sim.swipeState(.init(1), width: 375, at: 2.03))
        XCTAssertGreaterThan(back.dx, 0)
        XCTAssertEqual(back.swipe.actions.map(\.title), ["Unread"], "the leading action while the content is on its side")
        let crossed = try XCTUnwrap(sim.swipeState(.init(1), width: 375, at: 2.3))
        XCTAssertLessThan(crossed.dx, 0)
        XCTAssertEqual(crossed.swipe.actions.count, 3)
        // Eight actions on a 375 pt row: each title is laid out in its button's 46.9 pt at rest.
        let eight = TableModel.Swipe(actions: (0..<8).map { .init(title: "A\($0)", style: .normal) })
        let rest = sim.swipeActions(eight, revealed: 375, width: 375, height: 44)
        XCTAssertEqual(rest.sublayers.first?.sublayers.first?.bounds.width ?? 0, 375 / 8.0, accuracy: 1e-9)
    }
}
