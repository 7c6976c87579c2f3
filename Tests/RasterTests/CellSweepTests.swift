import XCTest
import Geometry
import TestSupport
@testable import Raster

/// The accumulation experiment of issue 30 (`Rasterizer.Method.cells`): where contours do not
/// overlap it is the exact area, so within 1/255 of the reference and of the sweep; where they
/// overlap inside a pixel it is not (why it is not the default).
final class CellSweepTests: XCTestCase {
    /// A convex polygon: 6 to 12 points on an ellipse at evenly spaced angles, each moved by
    /// up to a quarter of the spacing (so it holds a disk of 0.7 times its smaller radius),
    /// either orientation.
    func convex(_ g: inout SeededGenerator, centre: Point, radius: Double, clockwise: Bool) -> [Point] {
        let n = 6 + Int(g.next() % 7)
        let step = 2 * Double.pi / Double(n), start = g.unit() * step
        var angles = (0..<n).map { start + Double($0) * step + (g.unit() - 0.5) * 0.5 * step }
        if clockwise { angles.reverse() }
        let rx = radius * (0.5 + g.unit() * 0.5), ry = radius * (0.5 + g.unit() * 0.5)
        return angles.map { let t = DetMath.sinCos(radians: $0); return Point(centre.x + rx * t.cos, centre.y + ry * t.sin) }
    }

    /// Disjoint convex shapes, some with a convex hole of the opposite orientation (and, under
    /// even-odd, of the same), both rules: every pixel within 1 of the reference, and of the
    /// sweep.
    func testCellsAreExactWhereContoursDoNotOverlap() {
        let size = 24
        let clip = PixelRect(x0: 0, y0: 0, x1: size, y1: size)
        var differing = 0
        for seed in UInt64(1)...UInt64(120) {
            var g = SeededGenerator(state: seed)
            var contours: [[Point]] = []
            var sameTurnHole = false
            // Left and right halves, apart: never overlapping.
            for half in 0..<2 {
                let cx = Double(half) * 12 + 6 + (g.unit() - 0.5), cy = 12 + (g.unit() - 0.5) * 4
                let outer = convex(&g, centre: Point(cx, cy), radius: 5.5, clockwise: g.next() % 2 == 0)
                contours.append(outer)
                if g.next() % 2 == 0 {
                    // A hole well inside: a small polygon around the centre.
                    let sameTurn = g.next() % 4 == 0
                    sameTurnHole = sameTurnHole || sameTurn
                    let turn = Self.isClockwise(outer) != sameTurn
                    contours.append(convex(&g, centre: Point(cx, cy), radius: 1.2, clockwise: turn))
                }
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                // Holes of the same orientation fill under non-zero: not a case of two values.
                if rule == .nonZero && sameTurnHole { continue }
                let cells = Rasterizer(method: .cells).mask(Path(contours: contours), rule: rule, clip: clip)
                let sweep = Rasterizer().mask(Path(contours: contours), rule: rule, clip: clip)
                for y in 0..<size {
                    for x in 0..<size {
                        let exact = ReferenceRasterizer.coverage(contours, rule: rule, x: x, y: y)
                        let expected = Int((min(max(exact, 0), 1) * 255).rounded())
                        let got = Int(cells?.coverage(x, y) ?? 0), swept = Int(sweep?.coverage(x, y) ?? 0)
                        XCTAssertLessThanOrEqual(abs(got - expected), 1, "seed \(seed) \(rule) pixel \(x),\(y)")
                        XCTAssertLessThanOrEqual(abs(got - swept), 1, "seed \(seed) \(rule) pixel \(x),\(y)")
                        if got != swept { differing += 1 }
                    }
                }
            }
        }
        // Rounded differently, equal nearly everywhere.
        XCTAssertLessThan(differing, 200)
    }

    /// Slivers of the same orientation overlapping inside one column: the sweep covers their
    /// union (0.8 of the column), accumulation adds their areas (1.2, clamped to a full pixel).
    func testCellsAreAnApproximationWhereContoursOverlap() {
        let clip = PixelRect(x0: 0, y0: 0, x1: 6, y1: 4)
        let c = [Point(0, 0), Point(2.3, 0), Point(2.3, 4), Point(0, 4)]
        let d = [Point(2.5, 0), Point(2.8, 0), Point(2.8, 4), Point(2.5, 4)]
        let e = [Point(2.2, 0), Point(2.5, 0), Point(2.5, 4), Point(2.2, 4)]
        let overlapping = Path(contours: [c, d, e, [Point(2.25, 0), Point(2.55, 0), Point(2.55, 4), Point(2.25, 4)]])
        let exact = ReferenceRasterizer.coverage(overlapping.contours, rule: .nonZero, x: 2, y: 1)
        XCTAssertEqual(Rasterizer().mask(overlapping, rule: .nonZero, clip: clip)?.coverage(2, 1), UInt8((exact * 255).rounded()))
        XCTAssertEqual(exact, 0.8, accuracy: 1e-9)
        XCTAssertEqual(Rasterizer(method: .cells).mask(overlapping, rule: .nonZero, clip: clip)?.coverage(2, 1), 255)   // 1.2, clamped
    }

    /// Over its work limit (edge rows), the experiment draws nothing, like the sweep.
    func testCellsStopOverTheWorkLimit() {
        let square = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 100)
        guard case .overBudget = Rasterizer(method: .cells).mask(Path(contours: [square]), rule: .nonZero, clip: clip, workLimit: 150) else {
            return XCTFail("expected over budget")
        }
        guard case .mask(let m, _) = Rasterizer(method: .cells).mask(Path(contours: [square]), rule: .nonZero, clip: clip, workLimit: 200) else {
            return XCTFail("expected a mask")
        }
        XCTAssertEqual(m?.coverage(50, 50), 255)
    }

    static func isClockwise(_ c: [Point]) -> Bool {
        var area = 0.0
        for i in 0..<c.count { let p = c[i], q = c[(i + 1) % c.count]; area += p.x * q.y - q.x * p.y }
        return area > 0
    }
}
