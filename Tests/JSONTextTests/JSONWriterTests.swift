import JSONText
import XCTest

/// The one JSON writer: its three layouts, its numbers and strings, and that what it writes
/// parses back to the same value.
final class JSONWriterTests: XCTestCase {
    let frames = JSON.object([
        ("fps", .number(60)), ("time", .number(1.0 / 60)),
        ("libraries", .object([("zlib", .string("1.2.13")), ("libpng", .string("1.6.39"))])),
        ("frames", .array([.object([("index", .int(0)), ("box", .object([("x", .int(1))]))]), .object([("index", .int(1))])])),
        ("empty", .array([])), ("none", .null), ("flag", .bool(true)),
    ])

    func testIndentedKeepsArraysOfPlainValuesOnOneLine() {
        let text = JSONWriter.write(.object([("point", .array([.number(1), .number(2.5)])), ("child", .object([("a", .null)]))]))
        XCTAssertEqual(text, "{\n  \"point\": [1, 2.5],\n  \"child\": {\n    \"a\": null\n  }\n}\n")
    }

    func testRowsPutsEachFlatObjectOnOneLine() {
        let text = JSONWriter.string(frames, layout: .rows)
        XCTAssertEqual(text, """
            {
              "fps": 60,
              "time": 0.016666666666666666,
              "libraries": {"zlib": "1.2.13", "libpng": "1.6.39"},
              "frames": [
                {"index": 0, "box": {"x": 1}},
                {"index": 1}
              ],
              "empty": [],
              "none": null,
              "flag": true
            }
            """)
        // The top object is never folded onto one line, even when everything in it is plain.
        XCTAssertEqual(JSONWriter.string(.object([("a", .int(1))]), layout: .rows), "{\n  \"a\": 1\n}")
    }

    func testLineIsOneLine() {
        let text = JSONWriter.string(frames, layout: .line)
        XCTAssertFalse(text.contains("\n"))
        XCTAssertTrue(text.hasPrefix("{\"fps\":60,\"time\":0.016666666666666666,\"libraries\":{\"zlib\":\"1.2.13\",\"libpng\""), text)
        XCTAssertTrue(text.hasSuffix("\"empty\":[],\"none\":null,\"flag\":true}"), text)
    }

    func testEveryLayoutParsesBackToTheSameValue() throws {
        for layout in [JSONWriter.Layout.indented, .rows, .line] {
            XCTAssertEqual(try JSONParser.parse(Array(JSONWriter.string(frames, layout: layout).utf8)), frames, "\(layout)")
        }
    }

    func testNumbersAndStrings() {
        XCTAssertEqual(JSONWriter.number(3), "3")
        XCTAssertEqual(JSONWriter.number(-0.5), "-0.5")
        XCTAssertEqual(JSONWriter.number(1e20), "1e+20")
        // Not finite: a string, so the value is still JSON and a reader names it.
        XCTAssertEqual(JSONWriter.number(.nan), "\"nan\"")
        XCTAssertEqual(JSONWriter.number(.infinity), "\"inf\"")
        XCTAssertEqual(JSONWriter.quoted("a\"b\\c\n\u{1}\u{2028}é"), "\"a\\\"b\\\\c\\n\\u0001\\u2028é\"")
    }
}
