import XCTest
import Geometry
import SceneJSON
import SceneModel
@testable import Simulation
@testable import TableEngine

/// The reorder drag's geometry, from the simulation's layout.
final class ReorderPlanTests: XCTestCase {
    func testTheDraggedRowFollowsTheFingerAndTheOthersGiveWay() throws {
        let json = """
        {"version": 1, "canvas": {"size": [320, 480]}, "fps": 10, "duration": 2,
         "table": {"editing": true, "sections": [{"rows": [{"title": "A", "canMove": true}, {"title": "B"}, {"title": "C"}, {"title": "D"}]}]},
         "script": [{"at": 0.5, "reorder": {"from": [0, 0], "to": [0, 2], "duration": 1}}]}
        """
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: scene))
        func y(_ title: String, _ t: Double) -> Double? {
            sim.layout(at: t).sections.flatMap(\.rows).first { sim.row($0.key).title == title }?.y
        }
        // Before: A B C D at 0, 44, 88, 132.
        XCTAssertEqual(y("A", 0.4), 0)
        XCTAssertEqual(y("C", 0.4), 88)
        // Halfway through the drag (ease in, ease out: half the way), A is at 44, lifted above;
        // B, entered when A's centre passed 44 (a quarter of the way), is on its way up; C is
        // not entered yet.
        XCTAssertEqual(try XCTUnwrap(y("A", 1.0)), 44, accuracy: 1e-9)
        XCTAssertTrue(sim.layout(at: 1.0).sections[0].rows.contains { $0.above })
        let b = try XCTUnwrap(y("B", 1.0))
        XCTAssertTrue(b > 0 && b < 44, "\(b)")
        XCTAssertEqual(try XCTUnwrap(y("C", 1.0)), 88, accuracy: 1e-9)
        // At the drop A is in its new place and C, entered at three quarters, has given way.
        XCTAssertEqual(try XCTUnwrap(y("A", 1.5)), 88, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(y("C", 1.5)), 44, accuracy: 1e-9)
        XCTAssertGreaterThan(try XCTUnwrap(y("C", 1.3)), 44)
        // After: B C A D; the lift's shadow is gone.
        XCTAssertEqual(y("C", 1.9), 44)
        XCTAssertEqual(y("A", 1.9), 88)
        XCTAssertEqual(y("D", 1.9), 132)
        XCTAssertEqual(sim.reorderLift(TableSimulation.RowKey(0), at: 1.0), 1)
        XCTAssertEqual(sim.reorderLift(TableSimulation.RowKey(0), at: 1.9), 0)
    }

    /// Issue 53.3: drags that overlap (thousands at once cost the square of their number: 10,000
    /// took 63 s) are applied by the drags under way only, each by the rows it passes. The rows
    /// are where applying every drag of the script to every row puts them (the old way, here).
    func testOverlappingDragsMoveTheRowsAsEveryDragAppliedInTurn() throws {
        let rows = (0 ..< 12).map { #"{"title": "R\#($0)", "canMove": true}"# }.joined(separator: ", ")
        let drags = (0 ..< 300).map { i in
            #"{"at": \#(0.1 + Double(i) * 0.004), "reorder": {"from": [0, \#(i % 12)], "to": [0, \#((i * 7 + 3) % 12)], "duration": \#(0.2 + Double(i % 5) * 0.3)}}"#
        }.joined(separator: ", ")
        let json = #"{"version": 1, "canvas": {"size": [320, 600]}, "fps": 10, "duration": 4, "table": {"editing": true, "sections": [{"rows": ["#
            + rows + #"]}]}, "script": ["# + drags + "]}"
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: scene))
        var bare = sim
        bare.reorders = Reorders()
        XCTAssertEqual(sim.reorders.plans.count, 300)
        for k in 0 ..< 400 {
            let t = Double(k) * 0.0101
            let brute = sim.reorders.plans.indices.filter { sim.reorders.plans[$0].start <= t && t < sim.reorders.plans[$0].end }
            XCTAssertEqual(sim.reordersUnderWay(at: t), brute, "the drags under way at \(t)")
            var expected = bare.layout(at: t)
            for plan in sim.reorders.plans where plan.start <= t && t < plan.end {
                for r in expected.sections[0].rows.indices {
                    let id = expected.sections[0].rows[r].key.id
                    if id == plan.row {
                        expected.sections[0].rows[r].y -= plan.travel * (1 - plan.finger(t))
                        expected.sections[0].rows[r].above = true
                    } else if let p = plan.passed[id] {
                        expected.sections[0].rows[r].y += p.shift * (1 - plan.shifted(p.cross, at: t))
                    }
                }
            }
            let got = sim.layout(at: t).sections[0].rows
            XCTAssertEqual(got.map(\.key.id), expected.sections[0].rows.map(\.key.id))
            XCTAssertEqual(got.map(\.y), expected.sections[0].rows.map(\.y), "where the rows are at \(t)")
            XCTAssertEqual(got.map(\.above), expected.sections[0].rows.map(\.above), "which are lifted at \(t)")
            XCTAssertEqual(sim.layout(at: t, window: TableSimulation.noRows).contentHeight, expected.contentHeight)
        }
    }
}
