import XCTest
@testable import Geometry

/// Curves turned into polylines: at most 256 segments, whatever the input (a fuzzer's cubic with
/// control points about 1e30 apart and a tiny tolerance made a finite count past Int.max, which
/// trapped as it became an Int).
final class FlatteningTests: XCTestCase {
    func testTheSegmentCountIsClampedBeforeItBecomesAnInteger() {
        XCTAssertEqual(Flattening.count(1e40, 1), 256, "sqrt(1e40) = 1e20, past Int.max")
        XCTAssertEqual(Flattening.segments(cubic: Point(0, 0), Point(1e30, -1e30), Point(-1e30, 1e30), Point(0, 0), tolerance: 1e-10), 256)
        XCTAssertEqual(Flattening.count(0, 0.25), 1)
        XCTAssertEqual(Flattening.count(.nan, 0.25), 1)
        XCTAssertEqual(Flattening.count(4, 0.25), 4, "sqrt(4 / 0.25)")
        var out: [Point] = []
        Flattening.appendCubic(&out, Point(0, 0), Point(1e30, -1e30), Point(-1e30, 1e30), Point(1, 1), tolerance: 1e-10)
        XCTAssertEqual(out.count, 256)
        XCTAssertEqual(out.last, Point(1, 1))
    }
}
