import XCTest
import Geometry
@testable import Raster

final class StrokeTests: XCTestCase {
    func coverage(_ polygons: [[Point]], _ size: Int = 48) -> (total: Double, mask: Mask?) {
        let m = Rasterizer().mask(Path(contours: polygons), rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: size, y1: size))
        return (Double(m?.data.reduce(0) { $0 + Int($1) } ?? 0) / 255, m)
    }

    /// A 20-unit line 4 wide with square caps covers 24 x 4 = 96 pixels; butt caps 80; round
    /// caps 80 + the area of one circle of radius 2.
    func testCapsCoverTheExpectedArea() {
        let line = [Point(10.3, 10.6), Point(30.3, 10.6)]
        XCTAssertEqual(coverage(Stroker(width: 4, cap: .square).stroke(line, closed: false)).total, 96, accuracy: 0.2)
        XCTAssertEqual(coverage(Stroker(width: 4, cap: .butt).stroke(line, closed: false)).total, 80, accuracy: 0.2)
        let round = coverage(Stroker(width: 4, cap: .round, roundSegments: 256).stroke(line, closed: false)).total
        XCTAssertEqual(round, 80 + Double.pi * 4, accuracy: 0.3)
        // Diagonal: the same area, rotated.
        let d = 20 / 2.0.squareRoot()
        let diagonal = [Point(10, 10), Point(10 + d, 10 + d)]
        XCTAssertEqual(coverage(Stroker(width: 4, cap: .square).stroke(diagonal, closed: false)).total, 96, accuracy: 0.5)
    }

    /// Joins: a right-angle corner with a miter join covers the full square corner; a bevel
    /// cuts half of the corner square off; overlapping pieces never count twice.
    func testJoinsAndOverlapsAreUnionedExactly() {
        let corner = [Point(10, 10), Point(30, 10), Point(30, 30)]
        let miter = coverage(Stroker(width: 4, cap: .butt, join: .miter).stroke(corner, closed: false)).total
        // Two 80-pixel arms overlapping in a 2x2 square (156), plus the 2x2 outer corner.
        XCTAssertEqual(miter, 160, accuracy: 0.3)
        let bevel = coverage(Stroker(width: 4, cap: .butt, join: .bevel).stroke(corner, closed: false)).total
        XCTAssertEqual(bevel, miter - 2, accuracy: 0.3)   // the bevel drops half of the 2x2 corner
        // A sharp miter beyond the limit falls back to a bevel.
        let sharp = [Point(5, 40), Point(40, 30), Point(5, 20)]
        let limited = coverage(Stroker(width: 3, join: .miter, miterLimit: 2).stroke(sharp, closed: false)).total
        let bevelled = coverage(Stroker(width: 3, join: .bevel).stroke(sharp, closed: false)).total
        XCTAssertEqual(limited, bevelled, accuracy: 1e-9)
        let closedSquare = [Point(10, 10), Point(30, 10), Point(30, 30), Point(10, 30)]
        let ring = coverage(Stroker(width: 2, join: .miter).stroke(closedSquare, closed: true)).total
        XCTAssertEqual(ring, 22 * 22 - 18 * 18, accuracy: 0.3)
    }
}
