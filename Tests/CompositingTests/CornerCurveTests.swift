@testable import Compositing
import Geometry
import LayerTree
import XCTest

/// `cornerCurve`: the continuous corner's outline, against the numbers measured from iOS's
/// `UIBezierPath(roundedRect:cornerRadius:)` and the rules that bound it.
final class CornerCurveTests: XCTestCase {
    func outline(_ r: Rect, radius: Double, corners: CornerMask = .all) -> [Point] {
        Projection.roundedRect(r, radius: radius, segments: 8, corners: corners, curve: .continuous, pxPerPt: 4)
    }

    /// With room, the corner leaves each edge 1.52866 × the radius from the corner
    /// (`cornerCurveExpansionFactor(.continuous)`), and the outline starts there on the top edge.
    func testTheCornerLeavesTheEdgeAtTheExpansionFactor() throws {
        let pts = outline(Rect(0, 0, 200, 100), radius: 20)
        let first = try XCTUnwrap(pts.first)
        XCTAssertEqual(first.x, 200 - 1.52866483 * 20, accuracy: 1e-9)
        XCTAssertEqual(first.y, 0)
        // Every point of the top edge's corners is within 1.52866 r of a corner on each axis or on
        // an edge; none leaves the bounds.
        for p in pts {
            XCTAssertTrue(p.x >= -1e-9 && p.x <= 200 + 1e-9 && p.y >= -1e-9 && p.y <= 100 + 1e-9, "\(p)")
        }
        // The right edge is reached 1.52866 r below the top.
        XCTAssertTrue(pts.contains { abs($0.x - 200) < 1e-9 && abs($0.y - 1.52866483 * 20) < 1e-9 })
    }

    /// The corner is symmetric about its diagonal: mirroring the top-right corner's points
    /// across it gives points of the same corner (to the flattening's tolerance).
    func testTheCornerIsSymmetricAboutItsDiagonal() {
        let side = 100.0
        let pts = outline(Rect(0, 0, side, side), radius: 30)
        let corner = pts.filter { $0.x > side / 2 && $0.y < side / 2 }
        // Mirror (x, y) about the top-right diagonal: (side - y, side - x).
        for p in corner {
            let m = Point(side - p.y, side - p.x)
            let nearest = corner.map { (($0.x - m.x) * ($0.x - m.x) + ($0.y - m.y) * ($0.y - m.y)).squareRoot() }.min() ?? .infinity
            XCTAssertLessThan(nearest, 0.6, "\(p) mirrored to \(m)")
        }
    }

    /// Near the diagonal the continuous corner is within a hundredth of the radius of the
    /// circular one; near the edges it is inside it (it starts curving earlier and more gently).
    func testTheCornerHugsTheCircleAtTheDiagonalAndLiesInsideItNearTheEdges() throws {
        let r = 40.0, side = 200.0
        let pts = outline(Rect(0, 0, side, side), radius: r)
        // Top-left corner: the circle's centre is (r, r).
        let corner = pts.filter { $0.x < r * 1.6 && $0.y < r * 1.6 }
        let onDiagonal = try XCTUnwrap(corner.min { abs($0.x - $0.y) < abs($1.x - $1.y) })
        let d = ((onDiagonal.x - r) * (onDiagonal.x - r) + (onDiagonal.y - r) * (onDiagonal.y - r)).squareRoot()
        XCTAssertEqual(d, r, accuracy: r / 100)
        // Where the circle still runs along the edge (x between r and 1.5 r on the top edge), the
        // continuous corner is already below it.
        XCTAssertTrue(corner.contains { $0.x > r * 1.1 && $0.x < r * 1.4 && $0.y > 0.01 })
    }

    /// With less room than 1.52866 r per half side, the corner eases toward the circular one:
    /// at half the shorter side it is a capsule whose ends are half circles.
    func testAtHalfTheShorterSideTheCornerIsACapsule() {
        let h = 40.0
        let pts = outline(Rect(0, 0, 200, h), radius: h / 2)
        // The right end: every point with x beyond the centre of its half circle lies on it.
        let centre = Point(200 - h / 2, h / 2)
        for p in pts where p.x > centre.x + 1e-9 {
            let d = ((p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y)).squareRoot()
            XCTAssertEqual(d, h / 2, accuracy: 0.02, "\(p)")
        }
        // A radius past half the side is clamped to it, as for circular corners.
        XCTAssertEqual(outline(Rect(0, 0, 200, h), radius: 500), pts)
        // In between, the corner reaches along the edge as far as there is room, and no farther.
        let mid = outline(Rect(0, 0, 200, h), radius: 16)
        XCTAssertEqual(mid[0].x, 200 - h / 2, accuracy: 1e-9)
    }

    /// `maskedCorners` still picks the corners; the others stay square.
    func testMaskedCornersStaySquare() {
        let pts = outline(Rect(0, 0, 100, 60), radius: 10, corners: [.maxXMinY])
        XCTAssertTrue(pts.contains(Point(100, 60)) && pts.contains(Point(0, 60)) && pts.contains(Point(0, 0)))
        XCTAssertFalse(pts.contains(Point(100, 0)))
    }

    /// The circular corner is what it was: the same points as without a curve.
    func testCircularIsUnchanged() {
        let r = Rect(3, 4, 90, 50)
        XCTAssertEqual(Projection.roundedRect(r, radius: 12, segments: 6, curve: .circular, pxPerPt: 3),
                       Projection.roundedRect(r, radius: 12, segments: 6))
        XCTAssertNotEqual(Projection.roundedRect(r, radius: 12, segments: 6, curve: .continuous, pxPerPt: 3),
                          Projection.roundedRect(r, radius: 12, segments: 6))
    }
}
