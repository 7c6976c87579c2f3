import XCTest
import Geometry
import SceneJSON
import SceneModel
@testable import Simulation
@testable import TableEngine

/// A large-title bar hands its title to the standard bar once the content has scrolled 42 of
/// the large title's 52 pt away: the collapsed title fades in over 0.15 s from that moment, and
/// out again when the scroll comes back (issue 54's review: frames showed neither title).
final class LargeTitleHandOffTests: XCTestCase {
    func testTheCollapsedTitleFadesInFromTheHandOff() throws {
        let json = """
        {"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 30, "duration": 3,
         "navigationBar": {"title": "Inbox", "prefersLargeTitles": true},
         "table": {"rowHeight": 64, "rowCount": 40},
         "script": [{"at": 0.2, "drag": {"by": 120, "duration": 0.8}}, {"at": 1.5, "drag": {"by": -120, "duration": 0.8}}]}
        """
        let sim = try TableSimulation.decoded(json)
        func opacity(_ t: Double) -> Double { sim.collapsedTitleOpacity(offset: sim.contentOffset(at: t), at: t) }
        // The moment the scroll passes 42 pt, to a millisecond.
        var up = 0.0
        while sim.contentOffset(at: up) <= 42 { up += 0.001 }
        XCTAssertGreaterThan(up, 0.2)
        XCTAssertLessThan(up, 1.0)
        XCTAssertEqual(opacity(up - 0.01), 0)
        XCTAssertEqual(opacity(up + 0.075), 0.5, accuracy: 0.02)
        XCTAssertEqual(opacity(up + 0.2), 1)
        // Coming back, it fades out from the moment the scroll is below 42 pt again.
        var down = 1.5
        while sim.contentOffset(at: down) > 42 { down += 0.001 }
        XCTAssertLessThan(down, 2.3)
        XCTAssertEqual(opacity(down - 0.01), 1)
        XCTAssertEqual(opacity(down + 0.075), 0.5, accuracy: 0.02)
        XCTAssertEqual(opacity(down + 0.2), 0)
    }
}
