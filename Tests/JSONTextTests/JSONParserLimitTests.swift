import JSONText
import XCTest

/// The parser's bound on values: every value counts (containers, members, elements, at any
/// depth), and the document is refused at the first value past the bound, with its place.
final class JSONParserLimitTests: XCTestCase {
    func testEveryValueCountsAndTheFirstPastTheBoundIsNamed() throws {
        // An object, a key's array, its two numbers, a string and a literal: 6 values.
        let text = Array(#"{"a": [1, 2], "b": "x", "c": true}"#.utf8)
        XCTAssertEqual(try JSONParser.parse(text, maxValues: 6), try JSONParser.parse(text))
        XCTAssertThrowsError(try JSONParser.parse(text, maxValues: 5)) { error in
            let e = error as? JSONSyntaxError
            XCTAssertEqual(e?.message, "expected at most 5 values in the document, found more")
            XCTAssertEqual(e.map { [$0.line, $0.column] }, [1, 30], "the place of the sixth value (true)")
        }
        XCTAssertThrowsError(try JSONParser.parse(Array("[0,0,0]".utf8), maxValues: 3))
        XCTAssertNoThrow(try JSONParser.parse(Array("[0,0,0]".utf8), maxValues: 4))
    }
}
