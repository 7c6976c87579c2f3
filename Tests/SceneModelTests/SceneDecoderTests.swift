import Foundation
import XCTest
import Geometry
@testable import SceneJSON
@testable import SceneModel

final class SceneDecoderTests: XCTestCase {
    func decode(_ text: String) throws(SceneError) -> Scene {
        try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "scenes/x.json", directory: "scenes")
    }

    func problems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try decode(text)
            XCTFail("expected the scene to be refused", file: file, line: line)
            return []
        } catch {
            return error.description.components(separatedBy: "\n")
        }
    }

    let minimal = #"{"canvas": {"size": [100, 50]}, "fps": 30, "duration": 1}"#

    func testMinimalSceneAndDefaults() throws {
        let s = try decode(#"{"canvas": {"size": [100, 50], "scale": 2}, "fps": 60, "duration": 1, "layers": [{"frame": [10, 20, 30, 40]}]}"#)
        XCTAssertEqual(s.frameCount, 61)
        XCTAssertEqual(s.canvas.pixelWidth, 200)
        let l = s.layers[0]
        XCTAssertEqual(l.bounds, Rect(0, 0, 30, 40))
        XCTAssertEqual(l.position, Point(25, 40))
        XCTAssertEqual(l.anchorPoint, Point(0.5, 0.5))
        XCTAssertEqual(l.shadowOffset, Point(0, -3))
        XCTAssertEqual(l.shadowRadius, 3)
        XCTAssertTrue(l.doubleSided)
        XCTAssertTrue(l.allowsGroupOpacity)
    }

    func testMalformedJSONNamesLineAndColumn() {
        let p = problems("{\n  \"fps\": 60,\n  \"canvas\": }")
        XCTAssertEqual(p, ["scenes/x.json: line 3, column 13: expected a value, found '}'"])
    }

    func testWrongTypeNamesThePath() {
        let p = problems(#"{"canvas": {"size": [100, 50]}, "fps": "60", "duration": 1}"#)
        XCTAssertEqual(p, [#"scenes/x.json: fps: expected a number > 0 and <= 1000, found "60""#])
    }

    func testUnknownKeySuggestsTheClosest() {
        let p = problems(#"{"canvas": {"size": [100, 50]}, "fps": 30, "duration": 1, "layers": [{"opactiy": 0.5}]}"#)
        XCTAssertEqual(p, [#"scenes/x.json: layers[0].opactiy: expected a known key, found "opactiy" (did you mean "opacity"?)"#])
    }

    func testNegativeSize() {
        let p = problems(#"{"canvas": {"size": [-375, 667]}, "fps": 30, "duration": 1}"#)
        XCTAssertEqual(p, ["scenes/x.json: canvas.size: expected [width, height] with each > 0 and <= 10000, found [-375, 667]"])
        let q = problems(#"{"canvas": {"size": [10, 10]}, "fps": 30, "duration": 1, "layers": [{"bounds": [0, 0, -5, 3]}]}"#)
        XCTAssertEqual(q.count, 1)
        XCTAssertTrue(q[0].hasPrefix("scenes/x.json: layers[0].bounds: expected [x, y, width, height] with width and height >= 0"), q[0])
    }

    func testAllProblemsAreReportedAtOnce() {
        let p = problems(#"""
        {"canvas": {"size": [100]}, "fps": 0, "duration": 1,
         "layers": [{"name": "a", "opacity": 2, "backgroundColor": "systemBlu", "sublayers": [{"name": "a"}]}],
         "animations": [{"layer": "b", "keyPath": "opacity", "to": 1}, {"layer": "a", "keyPath": "opasity", "to": 1}]}
        """#)
        let joined = p.joined(separator: "\n")
        XCTAssertEqual(p.count, 7, joined)
        XCTAssertTrue(joined.contains("canvas.size: expected [width, height], found [100]"), joined)
        XCTAssertTrue(joined.contains("fps: expected a number > 0 and <= 1000, found 0"), joined)
        XCTAssertTrue(joined.contains("layers[0].opacity: expected a number >= 0 and <= 1, found 2"), joined)
        XCTAssertTrue(joined.contains(#"(did you mean "systemBlue"?)"#), joined)
        XCTAssertTrue(joined.contains(#"layers[0].sublayers[0].name: expected a unique name, found "a""#), joined)
        XCTAssertTrue(joined.contains(#"animations[0].layer: expected the name of a layer (did you mean "a"?), found "b""#), joined)
        XCTAssertTrue(joined.contains(#"animations[1].keyPath: expected an animatable key path (did you mean "opacity"?), found "opasity""#), joined)
    }

    func testTransformOperationsApplyLikeCoreAnimationCalls() throws {
        let s = try decode(#"{"canvas": {"size": [10, 10]}, "fps": 1, "duration": 0, "layers": [{"transform": [{"rotate": [90, 0, 0.7, 0.4]}, {"m34": -0.0016667}]}, {"transform": [{"perspective": 600}, {"translate": [1, 2, 3]}]}]}"#)
        let a = s.layers[0].transform.matrix
        var expected = Transform3D.rotation(degrees: 90, 0, 0.7, 0.4)
        expected.m34 = -0.0016667
        XCTAssertEqual(a, expected)
        let b = s.layers[1].transform.matrix
        XCTAssertEqual(b, Transform3D.perspective(600).translated(1, 2, 3))
        XCTAssertEqual(b.m44, 1 + 3 * (-1.0 / 600), accuracy: 1e-15)
    }

    func testSixteenNumberMatrixAndColours() throws {
        let s = try decode(##"{"canvas": {"size": [10, 10], "background": "#00FF0080"}, "fps": 1, "duration": 0, "layers": [{"transform": [1,0,0,0, 0,1,0,0, 0,0,1,-0.002, 5,6,0,1], "backgroundColor": "#FF000080"}]}"##)
        XCTAssertEqual(s.canvas.background, Color(0, 255, 0, 128.0 / 255))
        XCTAssertEqual(s.layers[0].transform.matrix.m34, -0.002)
        XCTAssertEqual(s.layers[0].transform.matrix.m41, 5)
        XCTAssertEqual(s.layers[0].backgroundColor, Color(255, 0, 0, 128.0 / 255))
        XCTAssertEqual(Color.parse("#abc"), Color(0xAA, 0xBB, 0xCC))
        XCTAssertEqual(Color.parse("separator"), Color(60, 60, 67, 0.29))
        XCTAssertNil(Color.parse("#12345"))
    }

    func testJSONParserStrictness() {
        XCTAssertThrowsError(try JSONParser.parse(Array("[1,]".utf8)))
        XCTAssertThrowsError(try JSONParser.parse(Array("{\"a\":1,\"a\":2}".utf8)))
        XCTAssertThrowsError(try JSONParser.parse(Array("01".utf8)))
        XCTAssertThrowsError(try JSONParser.parse(Array("[1e999]".utf8)))
        XCTAssertEqual(try? JSONParser.parse(Array(#"["\u00e9\ud83d\ude00", true, null, -1.5e2]"#.utf8)),
                       .array([.string("é😀"), .bool(true), .null, .number(-150)]))
    }

    /// UIKit's fixed colours by their Objective-C and Swift names, as the articles write them.
    func testUIKitNamedColours() throws {
        XCTAssertEqual(Color.parse("grayColor"), Color(r: 0.5, g: 0.5, b: 0.5))
        XCTAssertEqual(Color.parse("gray"), Color(r: 0.5, g: 0.5, b: 0.5))
        XCTAssertEqual(Color.parse("lightGrayColor"), Color(r: 2.0 / 3, g: 2.0 / 3, b: 2.0 / 3))
        XCTAssertEqual(Color.parse("darkGray"), Color(r: 1.0 / 3, g: 1.0 / 3, b: 1.0 / 3))
        XCTAssertEqual(Color.parse("yellowColor"), Color(r: 1, g: 1, b: 0))
        XCTAssertEqual(Color.parse("systemGray3"), Color(199, 199, 204), "the system colours keep their values")
        XCTAssertNil(Color.parse("greyColor"))
    }

    /// The schema's colour names are exactly the names a scene may use.
    func testTheSchemaListsEveryColourName() throws {
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(SceneSchema.json.utf8)) as? [String: Any])
        let defs = try XCTUnwrap(schema["$defs"] as? [String: Any])
        let color = try XCTUnwrap(defs["color"] as? [String: Any])
        let anyOf = try XCTUnwrap(color["anyOf"] as? [[String: Any]])
        let names = try XCTUnwrap(anyOf.compactMap { $0["enum"] as? [String] }.first)
        XCTAssertEqual(Set(names), Set(Color.named.keys))
        XCTAssertEqual(names.count, Set(names).count, "no name twice")
    }

    func testTableSelectionAccessoryColourAndEmptyRows() throws {
        let s = try decode(##"{"canvas": {"size": [100, 50]}, "fps": 30, "duration": 1, "table": {"separator": {"emptyRows": false}, "cell": {"accessoryColor": "lightGrayColor"}, "selection": {"deselect": "animated", "color": "#FF0000", "duration": 0.5}}}"##)
        let t = try XCTUnwrap(s.table)
        XCTAssertFalse(t.emptyRowSeparators)
        XCTAssertEqual(t.accessoryColor, Color(r: 2.0 / 3, g: 2.0 / 3, b: 2.0 / 3))
        XCTAssertEqual(t.selection.deselect, .animated)
        XCTAssertEqual(t.selection.color, Color(255, 0, 0))
        XCTAssertEqual(t.selection.duration, 0.5)
        let d = try decode(#"{"canvas": {"size": [100, 50]}, "fps": 30, "duration": 1, "table": {}}"#).table
        XCTAssertEqual(d?.emptyRowSeparators, true)
        XCTAssertEqual(d?.selection.deselect, .immediate)
        XCTAssertEqual(d?.accessoryColor, Color(r: 0.5, g: 0.5, b: 0.5), "the article's grayColor")
        let p = problems(#"{"canvas": {"size": [100, 50]}, "fps": 30, "duration": 1, "table": {"selection": {"deselect": "slowly", "duration": 0}}}"#)
        XCTAssertTrue(p.contains { $0.contains("table.selection.deselect") && $0.contains("slowly") }, "\(p)")
        XCTAssertTrue(p.contains { $0.contains("table.selection.duration") }, "\(p)")
    }
}
