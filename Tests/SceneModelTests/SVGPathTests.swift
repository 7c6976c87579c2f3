import XCTest
import Geometry
@testable import SceneJSON
@testable import SceneModel

final class SVGPathTests: XCTestCase {
    func testAbsoluteRelativeAndImplicitCommands() throws {
        let c = try SVGPathParser.parse("M10 20 30 40 l5-5 h10 V0 H1 v2 z m1,1 L2 2")
        XCTAssertEqual(c, [.move(Point(10, 20)), .line(Point(30, 40)), .line(Point(35, 35)), .line(Point(45, 35)),
                           .line(Point(45, 0)), .line(Point(1, 0)), .line(Point(1, 2)), .close,
                           .move(Point(11, 21)), .line(Point(2, 2))])
    }

    func testCurvesAndReflections() throws {
        let c = try SVGPathParser.parse("M0 0 C 1 2 3 4 5 6 S 9 9 10 10 Q 12 0 14 4 T 20 4 t 2 0")
        XCTAssertEqual(c[1], .cubic(Point(1, 2), Point(3, 4), Point(5, 6)))
        XCTAssertEqual(c[2], .cubic(Point(7, 8), Point(9, 9), Point(10, 10)))   // reflected 3,4 about 5,6
        XCTAssertEqual(c[3], .quad(Point(12, 0), Point(14, 4)))
        XCTAssertEqual(c[4], .quad(Point(16, 8), Point(20, 4)))
        XCTAssertEqual(c[5], .quad(Point(24, 0), Point(22, 4)))
    }

    func testCompactNumbersAndArcFlags() throws {
        let c = try SVGPathParser.parse("M.5.5L-1e1-2.5a5 5 0 1010 0")
        XCTAssertEqual(c[0], .move(Point(0.5, 0.5)))
        XCTAssertEqual(c[1], .line(Point(-10, -2.5)))
        guard case .cubic(_, _, let end) = c.last else { return XCTFail("arc becomes cubics") }
        XCTAssertEqual(end, Point(0, -2.5))
    }

    /// A half circle of radius 10 from (0,0) to (20,0): two quarter cubics through (10,-10) or
    /// (10,10) depending on the sweep flag.
    func testArcGeometry() throws {
        for (sweep, midY) in [(1, -10.0), (0, 10.0)] {
            let c = try SVGPathParser.parse("M0 0 A10 10 0 0 \(sweep) 20 0")
            XCTAssertEqual(c.count, 3)
            guard case .cubic(_, _, let mid) = c[1] else { return XCTFail() }
            XCTAssertEqual(mid.x, 10, accuracy: 1e-9)
            XCTAssertEqual(mid.y, midY, accuracy: 1e-9)
        }
        // Radii too small are scaled up (SVG F.6.6); zero radii make a line.
        XCTAssertEqual(try SVGPathParser.parse("M0 0 A0 5 0 0 1 4 0").last, .line(Point(4, 0)))
        XCTAssertEqual(try SVGPathParser.parse("M0 0 A1 1 0 0 1 20 0").count, 3)
    }

    func testErrorsNameTheProblem() {
        XCTAssertThrowsError(try SVGPathParser.parse("L 1 2")) { XCTAssertEqual(($0 as? SVGPathParser.Failure)?.message, "expected path data to start with M or m") }
        XCTAssertThrowsError(try SVGPathParser.parse("M 1 2 L 3")) { XCTAssertEqual(($0 as? SVGPathParser.Failure)?.message, "expected a number at offset 9, found the end") }
        XCTAssertThrowsError(try SVGPathParser.parse("M 1 2 X 3 4")) { XCTAssertTrue((($0 as? SVGPathParser.Failure)?.message ?? "").contains("expected a number at offset 6, found 'X'")) }
        XCTAssertThrowsError(try SVGPathParser.parse("M0 0 A 1 1 0 2 0 3 3"))
    }

    func testSceneReportsBadPathDataWithItsJSONPath() {
        let text = #"{"canvas": {"size": [10, 10]}, "fps": 1, "duration": 0, "layers": [{"path": {"d": "M 0 0 L 5", "lineCap": "flat"}}]}"#
        XCTAssertThrowsError(try SceneDecoder.decode(bytes: Array(text.utf8), displayName: "s.json", directory: ".")) { error in
            let d = "\(error)"
            XCTAssertTrue(d.contains(#"s.json: layers[0].path.d: expected a number at offset 9, found the end in "M 0 0 L 5""#), d)
            XCTAssertTrue(d.contains(#"s.json: layers[0].path.lineCap: expected one of "butt", "round", "square", found "flat""#), d)
        }
    }
}
