import XCTest
import Geometry
@testable import SceneJSON
@testable import SceneModel
@testable import Simulation
@testable import TableEngine

/// A change sets the model value from its time on; animations apply on top of it.
final class ChangePresentationTests: XCTestCase {
    func scene() throws -> Scene {
        let text = #"{"canvas": {"size": [100, 50]}, "fps": 10, "duration": 2, "layers": [{"name": "a", "frame": [0, 0, 10, 10], "#
            + #""sublayers": [{"name": "line", "path": {"d": "M0 0 L5 5"}}], "mask": {"name": "m"}}],"#
            + #""changes": [{"at": 0.5, "layer": "a", "key": "opacity", "value": 0.2}, {"at": 0.5, "layer": "a", "key": "masksToBounds", "value": true},"#
            + #"{"at": 0.5, "layer": "a", "key": "masksToBounds", "value": false}, {"at": 1.5, "layer": "a", "key": "masksToBounds", "value": true},"#
            + #"{"at": 0.2, "layer": "line", "key": "lineCap", "value": "round"}, {"at": 0.3, "layer": "m", "key": "cornerCurve", "value": "continuous"}],"#
            + #""animations": [{"layer": "a", "keyPath": "opacity", "from": 0, "to": 1, "beginTime": 0.8, "duration": 0.4}]}"#
        return try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "x.json", directory: ".")
    }

    func testChangesHoldFromTheirTimeAndAnimationsApplyOnTop() throws {
        let p = Presentation(scene: try scene())
        func a(_ t: Double) -> LayerModel { p.modelLayers(at: t)[0] }
        XCTAssertEqual(a(0.4).opacity, 1)
        XCTAssertFalse(a(0.4).masksToBounds)
        XCTAssertEqual(a(0.5).opacity, 0.2)
        // Two changes at one time: the one written last holds.
        XCTAssertFalse(a(0.5).masksToBounds)
        XCTAssertFalse(a(1.4).masksToBounds)
        XCTAssertTrue(a(1.5).masksToBounds)
        // The animation covers the model value while it runs, which shows again after it.
        XCTAssertEqual(a(1.0).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(a(1.3).opacity, 0.2)
        // Sublayers and masks are found by name; content objects' properties are set in them.
        XCTAssertEqual(a(0.1).sublayers[0].shape?.lineCap, .butt)
        XCTAssertEqual(a(0.2).sublayers[0].shape?.lineCap, .round)
        XCTAssertEqual(a(0.2).mask?.cornerCurve, .circular)
        XCTAssertEqual(a(0.3).mask?.cornerCurve, .continuous)
    }
}
