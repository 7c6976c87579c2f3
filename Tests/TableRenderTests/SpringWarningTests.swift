import Foundation
import XCTest
import TestSupport
@testable import SceneModel
@testable import TableRender

/// Springs the frames cannot show are warned about, not drawn silently.
final class SpringWarningTests: XCTestCase {
    func scene(_ spring: String, fps: Int = 30) -> String {
        #"{"canvas": {"size": [100, 100], "scale": 1}, "fps": \#(fps), "duration": 1, "layers": [{"name": "a", "frame": [10, 10, 20, 20]}], "animations": [{"layer": "a", "keyPath": "position.x", "from": 20, "to": 80, "duration": 1, "timingFunction": {"spring": "# + spring + "}}]}"
    }

    func warnings(_ json: String) throws -> [String] {
        try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".").warnings.map(\.message)
    }

    func testOverflowingAndTooFastSpringsWarnWhileUIKitsDoNot() throws {
        let overflow = try warnings(scene(#"{"mass": 1, "stiffness": 170, "damping": 1e200, "initialVelocity": 0}"#))
        XCTAssertEqual(overflow.count, 1)
        XCTAssertTrue(overflow.first?.contains("overflow double precision: it is drawn at its start value") == true, "\(overflow)")
        let fast = try warnings(scene(#"{"mass": 1, "stiffness": 1000000, "damping": 10, "initialVelocity": 0}"#))
        XCTAssertTrue(fast.first?.contains("swings 159.2 times a second, faster than 30 frames a second can show") == true, "\(fast)")
        XCTAssertEqual(try warnings(scene(#"{"mass": 1, "stiffness": 1000000, "damping": 10, "initialVelocity": 0}"#, fps: 400)), [],
                       "at 400 fps the frames show it")
        XCTAssertEqual(try warnings(scene(#"{"mass": 1, "stiffness": 170, "damping": 15, "initialVelocity": 0}"#)), [], "a spring UIKit would make")
    }
}
