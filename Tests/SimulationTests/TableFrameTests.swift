import XCTest
import Geometry
import SceneJSON
import SceneModel
@testable import Simulation
@testable import TableEngine

/// A named table moved by animations of its layer, and offsets recorded by app code.
final class TableFrameTests: XCTestCase {
    /// The frame follows `position.y` and `bounds.size.height` (its top edge moving down 40
    /// points while it shrinks by 40: the bottom stays); the offsets are sampled, linear between.
    func testTheTableFollowsItsAnimationsAndTheRecordedOffsets() throws {
        let sim = try TableSimulation.decoded("""
        {"version": 1, "canvas": {"size": [320, 480]}, "fps": 10, "duration": 1,
         "table": {"name": "list", "frame": [0, 40, 320, 440], "rowCount": 30,
                   "contentOffsets": {"rate": 4, "values": [0, 10, 30]}},
         "animations": [
           {"layer": "list", "keyPath": "position.y", "from": 260, "to": 280, "duration": 1, "fillMode": "forwards"},
           {"layer": "list", "keyPath": "bounds.size.height", "from": 440, "to": 400, "duration": 1, "fillMode": "forwards"}]}
        """)
        XCTAssertEqual(sim.frame(at: 0), Rect(0, 40, 320, 440))
        XCTAssertEqual(sim.frame(at: 0.5), Rect(0, 60, 320, 420))
        XCTAssertEqual(sim.frame(at: 2), Rect(0, 80, 320, 400))
        XCTAssertEqual(sim.contentOffset(at: 0.125), 5, accuracy: 1e-12)
        XCTAssertEqual(sim.contentOffset(at: 0.375), 20, accuracy: 1e-12)
        XCTAssertEqual(sim.contentOffset(at: 3), 30)
        let root = try XCTUnwrap(sim.layers(at: 0.5).first)
        XCTAssertEqual(root.bounds, Rect(0, sim.contentOffset(at: 0.5), 320, 420))
        XCTAssertEqual(root.position, Point(160, 270))
    }
}
