import XCTest
@testable import Geometry

/// strokeStart / strokeEnd and dashes, on polylines whose lengths are worked out by hand.
final class StrokeTrimTests: XCTestCase {
    /// A 100-point line and a closed 10 x 10 square (40 points round), 140 in all.
    let line = Polyline(points: [Point(0, 0), Point(100, 0)], closed: false)
    let square = Polyline(points: [Point(0, 10), Point(10, 10), Point(10, 20), Point(0, 20)], closed: true)

    func pieces(_ s: [Polyline], _ start: Double = 0, _ end: Double = 1, dashes: [Double]? = nil, phase: Double = 0,
                maxPoints: Int = .max) -> [[Point]]? {
        StrokeTrim.pieces(s, start: start, end: end, dashes: dashes, phase: phase, maxPoints: maxPoints)?.map(\.points)
    }

    func testNothingCutKeepsThePathAsItIs() {
        XCTAssertEqual(StrokeTrim.pieces([line, square], start: 0, end: 1, dashes: nil, phase: 0, maxPoints: .max), [line, square])
        // An empty pattern, or one adding up to nothing, is a solid stroke (as Core Graphics).
        XCTAssertEqual(StrokeTrim.pieces([square], start: 0, end: 1, dashes: [0, 0], phase: 0, maxPoints: .max), [square])
        XCTAssertEqual(StrokeTrim.pieces([square], start: 0, end: 1, dashes: [], phase: 0, maxPoints: .max), [square])
    }

    func testStrokeEndIsAFractionOfTheWholePathsLength() {
        // 0.5 of 140 is 70, along the line; 0.75 is 105: the whole line, then 5 of the square's
        // 40 (open now: it is cut).
        XCTAssertEqual(pieces([line, square], 0, 0.5), [[Point(0, 0), Point(70, 0)]])
        XCTAssertEqual(pieces([line, square], 0, 0.75), [[Point(0, 0), Point(100, 0)], [Point(0, 10), Point(5, 10)]])
        // 0.9 is 126: 26 of the square, ending on its third side.
        XCTAssertEqual(pieces([line, square], 0, 0.9), [[Point(0, 0), Point(100, 0)], [Point(0, 10), Point(10, 10), Point(10, 20), Point(4, 20)]])
        // 0.25 of 140 is 35: part of the line only.
        XCTAssertEqual(pieces([line, square], 0, 0.25), [[Point(0, 0), Point(35, 0)]])
        // From 0.75 (105: 5 into the square) to the end: the square's closing side is drawn.
        XCTAssertEqual(pieces([line, square], 0.75, 1), [[Point(5, 10), Point(10, 10), Point(10, 20), Point(0, 20), Point(0, 10)]])
        // Nothing where the end is not past the start.
        XCTAssertEqual(pieces([line], 0.5, 0.5), [])
        XCTAssertEqual(pieces([line], 0.6, 0.2), [])
    }

    func testDashesRestartAtEachSubpathAndThePhaseShiftsThem() {
        // [30, 20] on the line: on 0-30, 50-80; the square starts the pattern again: 0-30 of it.
        XCTAssertEqual(pieces([line, square], dashes: [30, 20]), [
            [Point(0, 0), Point(30, 0)], [Point(50, 0), Point(80, 0)],
            [Point(0, 10), Point(10, 10), Point(10, 20), Point(0, 20)],
        ])
        // A phase of 40 starts in the gap: on at 10-40, 60-90.
        XCTAssertEqual(pieces([line], dashes: [30, 20], phase: 40), [[Point(10, 0), Point(40, 0)], [Point(60, 0), Point(90, 0)]])
        // A negative phase is the same place in the pattern as phase + period.
        XCTAssertEqual(pieces([line], dashes: [30, 20], phase: -10), pieces([line], dashes: [30, 20], phase: 40))
        // An odd count repeats: [30, 20, 10] is on 30, off 20, on 10, off 30, on 20, off 10.
        XCTAssertEqual(pieces([line], dashes: [30, 20, 10]), [[Point(0, 0), Point(30, 0)], [Point(50, 0), Point(60, 0)], [Point(90, 0), Point(100, 0)]])
    }

    func testTheTrimCutsDashesThatStayInPlace() {
        // strokeEnd 0.6 of the line: the dash at 50-80 is cut at 60, the first is whole.
        XCTAssertEqual(pieces([line], 0, 0.6, dashes: [30, 20]), [[Point(0, 0), Point(30, 0)], [Point(50, 0), Point(60, 0)]])
        // A start far along skips whole periods without changing where dashes fall ([5, 5]: on
        // at 80-85 and 90-95); the dash it falls in is cut.
        XCTAssertEqual(pieces([line], 0.82, 1, dashes: [5, 5]), [[Point(82, 0), Point(85, 0)], [Point(90, 0), Point(95, 0)]])
    }

    func testAZeroLengthDashIsADotFacingThePath() {
        let dots = pieces([Polyline(points: [Point(0, 0), Point(0, 20)], closed: false)], dashes: [0, 10]) ?? []
        XCTAssertEqual(dots.count, 3)
        XCTAssertEqual(dots.map { $0[0] }, [Point(0, 0), Point(0, 10), Point(0, 20)])
        // The second point is a hair along the path (downwards), so a square cap faces it.
        XCTAssertEqual(dots[0].count, 2)
        XCTAssertEqual(dots[0][1].x, 0)
        XCTAssertGreaterThan(dots[0][1].y, 0)
        XCTAssertLessThan(dots[0][1].y, 1e-6)
    }

    func testATinyPatternIsStoppedByTheBudgets() {
        XCTAssertNil(pieces([line], dashes: [1e-6, 1e-6], maxPoints: 1000))
        XCTAssertNil(pieces([line], dashes: [1e-9, 1e-9]), "stopped by the step limit even without a point budget")
        XCTAssertNotNil(pieces([line], dashes: [1, 1], maxPoints: 1000))
    }
}
