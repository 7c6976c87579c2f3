import Foundation
import XCTest
import Geometry
@testable import SceneJSON
@testable import SceneModel

/// `changes`: properties of named layers set at scene times (as SceneDecoderTests, whose helpers they use).
extension SceneDecoderTests {
    func changeProblems(_ changes: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        problems(scene(changes), file: file, line: line)
    }

    func scene(_ changes: String) -> String {
        #"{"canvas": {"size": [100, 50]}, "fps": 10, "duration": 1, "layers": [{"name": "card", "frame": [0, 0, 10, 10], "#
            + #""sublayers": [{"name": "check", "path": {"d": "M0 0 L5 5"}}], "mask": {"name": "m"}}], "changes": "# + changes + "}"
    }

    func testChangesAreDecodedByKeyPathAndCoreAnimationKey() throws {
        let s = try decode(scene(#"[{"at": 1, "layer": "card", "key": "masksToBounds", "value": true},"#
                                 + #"{"at": 0.5, "layer": "check", "key": "path.lineCap", "value": "round"},"#
                                 + #"{"at": 0.5, "layer": "check", "key": "lineJoin", "value": "bevel"},"#
                                 + #"{"at": 0, "layer": "m", "key": "opacity", "value": 0.5},"#
                                 + #"{"at": 0, "layer": "card", "key": "shadowPath", "value": null}]"#))
        XCTAssertEqual(s.changes.count, 5)
        XCTAssertEqual(s.changes.map(\.layer), ["card", "check", "check", "m", "card"])
        XCTAssertEqual(s.changes.map { LayerProperties.all[$0.property].jsonPath },
                       ["masksToBounds", "path.lineCap", "path.lineJoin", "opacity", "shadowPath"])
        XCTAssertEqual(s.changes.map(\.value), [.bool(true), .text("round"), .text("bevel"), .number(0.5), .absent])
        XCTAssertEqual(s.changes.map(\.at), [1, 0.5, 0.5, 0, 0])
        XCTAssertEqual(s.changes[1].jsonPath, "changes[1]")
    }

    func testEveryProblemOfAChangeIsNamed() {
        let p = changeProblems(#"[{"at": -1, "layer": "crad", "key": "masksToBound", "value": 3},"#
                         + #"{"at": 1, "layer": "card", "key": "path.lineCap", "value": "round"},"#
                         + #"{"at": 1, "layer": "check", "key": "path.d", "value": "M0 0"},"#
                         + #"{"at": 1, "layer": "card", "key": "opacity", "value": 2},"#
                         + #"{"at": 1, "layer": "card", "key": "frame", "value": [0, 0, 1, 1]},"#
                         + #"{"layer": "card", "key": "opacity", "other": 1}]"#)
        XCTAssertEqual(p, [
            "scenes/x.json: changes[0].at: expected a number >= 0 and <= 3600, found -1",
            #"scenes/x.json: changes[0].layer: expected the name of a layer of layers (did you mean "card"?), found "crad""#,
            #"scenes/x.json: changes[0].key: expected a layer property's key (did you mean "masksToBounds"?), found "masksToBound""#,
            #"scenes/x.json: changes[1].key: expected a property layer "card" has (it has no path object), found "path.lineCap""#,
            #"scenes/x.json: changes[2].key: expected a property a change can set, found "path.d" (path.d is not a stored value: set it in the layer)"#,
            "scenes/x.json: changes[3].value: expected a number >= 0 and <= 1, found 2",
            #"scenes/x.json: changes[4].key: expected a property a change can set, found "frame" (frame is not a stored value: set it in the layer)"#,
            #"scenes/x.json: changes[5].other: expected a known key, found "other""#,
            "scenes/x.json: changes[5].at: expected a time in seconds, found nothing",
            "scenes/x.json: changes[5].value: expected a value, found nothing",
        ])
    }

    func testAChangeAfterTheEndIsWarnedAboutAndAKeyIsNamedAsWritten() throws {
        let s = try decode(scene(#"[{"at": 2, "layer": "card", "key": "opacity", "value": 0.5}]"#))
        XCTAssertEqual(s.animationWarnings().map(\.description),
                       ["changes[0].at: the change comes at 2 s, after the scene ends (duration 1 s): nothing shows it"])
        XCTAssertEqual(changeProblems(#"[{"at": 0, "layer": "card", "key": "contentsRect", "value": [0, 0, 1, 1]}]"#),
                       [#"scenes/x.json: changes[0].key: expected a property layer "card" has (it has no image object), found "contentsRect""#])
    }

    func testTheTablesNameIsNotALayerOfLayers() {
        let text = #"{"canvas": {"size": [100, 50]}, "fps": 10, "duration": 1, "table": {"name": "list", "sections": [{"rows": [{"title": "A"}]}]}, "#
            + #""changes": [{"at": 0, "layer": "list", "key": "opacity", "value": 0.5}]}"#
        do {
            _ = try decode(text)
            XCTFail("expected a refusal")
        } catch {
            XCTAssertEqual(error.problems.map(\.message), [
                #"expected the name of a layer of layers (the table's look is its own keys; animations move its frame), found "list""#])
        }
    }

    func testChangesCountAgainstTheKeyframeBudget() {
        var limits = Limits()
        limits.keyframeValues = 2
        let text = scene(#"[{"at": 0, "layer": "card", "key": "opacity", "value": 1}, {"at": 0, "layer": "card", "key": "opacity", "value": 1}, {"at": 0, "layer": "card", "key": "opacity", "value": 1}]"#)
        do {
            _ = try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "scenes/x.json", directory: "scenes", limits: limits)
            XCTFail("expected a refusal")
        } catch {
            XCTAssertEqual(error.problems.map(\.path), ["changes"])
            XCTAssertTrue(error.problems[0].message.contains("--max-keyframe-values"), error.problems[0].message)
        }
    }
}
