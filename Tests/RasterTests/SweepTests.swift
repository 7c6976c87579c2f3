import XCTest
import TestSupport
import CPieceLanes
import Geometry
@testable import Raster

/// `Rasterizer.sweepGrouped` (the sweep every mask takes) must give the bytes of
/// `Rasterizer.sweepGeneral` (the definition the goldens were recorded with) on every path it
/// accepts, and must accept the paths that matter.
final class SweepTests: XCTestCase {
    /// Both sweeps on the same edges; fails on the first differing byte, and when the fast sweep
    /// declines a path it was expected to take.
    func assertSameSweep(_ contours: [[Point]], clip: PixelRect, expectFast: Bool = true,
                         file: StaticString = #filePath, line: UInt = #line) {
        guard let (edges, bounds) = Rasterizer.edges(of: Path(contours: contours), clip: clip) else { return }
        for rule in [FillRule.nonZero, .evenOdd] {
            let general = Rasterizer.sweepGeneral(edges, bounds: bounds, rule: rule)
            guard let fast = Rasterizer.sweepGrouped(edges, bounds: bounds, rule: rule) else {
                if expectFast { XCTFail("fast sweep declined the path (\(rule))", file: file, line: line) }
                continue
            }
            XCTAssertEqual(fast.rect, general.rect, file: file, line: line)
            if let i = fast.data.indices.first(where: { fast.data[$0] != general.data[$0] }) {
                XCTFail("\(rule): byte \(i) (x \(i % bounds.width), y \(i / bounds.width)) is \(fast.data[i]), " +
                        "the general sweep gives \(general.data[i])", file: file, line: line)
            }
        }
    }

    /// Self-crossing, overlapping polygons at random, small and large.
    func testRandomPolygons() {
        for seed in UInt64(1)...UInt64(300) {
            var g = SeededGenerator(state: seed)
            let size = seed % 3 == 0 ? 200.0 : 24.0
            let contours = (0..<(1 + Int(g.next() % 4))).map { _ in
                (0..<(3 + Int(g.next() % 12))).map { _ in Point(-3 + g.unit() * (size + 6), -3 + g.unit() * (size + 6)) }
            }
            assertSameSweep(contours, clip: PixelRect(x0: 0, y0: 0, x1: Int(size), y1: Int(size)))
        }
    }

    /// The edge order (counted into eighths of rows, then sorted by insertion) is the library's
    /// stable sort's, ties in the order given: random edges with many equal tops and x, on
    /// crowded eighths (more than the insertion sort takes) and on negative rows.
    func testEdgeOrderIsTheStableSortOrder() {
        var g = SeededGenerator(state: 5)
        for trial in 0..<200 {
            let bounds = PixelRect(x0: trial % 2 == 0 ? 0 : -7, y0: trial % 3 == 0 ? -12 : 3, x1: 40, y1: 30)
            let count = trial % 10 == 0 ? 400 : 1 + Int(g.next() % 60)
            let edges = (0..<count).map { k -> Rasterizer.Edge in
                // Quarter-pixel grids make ties common; a crowded trial puts most tops on one row.
                let y0 = trial % 10 == 0 && k % 4 != 0 ? Double(bounds.y0) + 5.25
                    : Double(bounds.y0) + Double(g.next() % UInt64(4 * bounds.height - 4)) / 4
                let x0 = Double(g.next() % 8) / 4, x1 = Double(g.next() % 8) / 4
                return Rasterizer.Edge(x0: x0, y0: y0, x1: x1, y1: y0 + 1, dxdy: x1 - x0, dir: k)   // dir: the input position
            }
            let expected = edges.sorted { $0.y0 < $1.y0 || ($0.y0 == $1.y0 && ($0.x0 < $1.x0 || ($0.x0 == $1.x0 && $0.x1 < $1.x1))) }
            let got = Rasterizer.sortedByTop(edges, bounds: bounds)
            if let i = got.indices.first(where: { got[$0].dir != expected[$0].dir }) {
                XCTFail("trial \(trial): position \(i) holds input edge \(got[i].dir), the stable sort puts \(expected[i].dir) there")
            }
        }
    }

    /// The piece accumulation, in two lanes and in four (AVX2), adds to every column exactly what
    /// `accumulateRightOf` (the definition's per-piece accumulation) adds and marks the same
    /// columns: sloped, upright and nearly upright pieces, pieces on column boundaries and at
    /// the ends of the row, pieces over several columns, halves that round away from zero,
    /// both signs of height, odd and even counts.
    func testLaneAccumulationEqualsPerPieceAccumulation() {
        var g = SeededGenerator(state: 17)
        let width = 24, originX = 3.0
        for trial in 0..<600 {
            let count = 1 + Int(g.next() % 33)
            let pieces = (0..<count).map { _ -> Rasterizer.Piece in
                let column = originX + Double(g.next() % UInt64(width))
                let xa: Double, xb: Double
                switch g.next() % 11 {
                case 0: xa = column + g.unit(); xb = xa                              // upright
                case 1: xa = column + g.unit(); xb = xa + 1e-12                      // nearly upright
                case 2: xa = column; xb = column + g.unit()                          // on a boundary
                case 3: xa = column + g.unit(); xb = column + g.unit() * 4 - 1.5    // maybe several columns
                case 4: xa = originX + Double(width) - g.unit() * 0.5; xb = originX + Double(width)   // the row's end
                case 5: xa = column + 1 - Double(1 + 2 * (g.next() % 8)) * 0x1p-25; xb = xa   // a half unit: ties
                case 6: xa = column + g.unit(); xb = column + 1 + g.unit()          // across one boundary
                case 7: xa = column; xb = column + 2                                 // from one boundary to the next but one
                case 8: xa = column + 1 - 3e-10; xb = column + 1 + 4e-10            // nearly upright, across a boundary
                case 9: xa = column + g.unit() * 0.9; xb = xa + g.unit() * 2e-9      // either side of the upright threshold
                default: xa = column + g.unit(); xb = column + g.unit()
                }
                let h = (g.next() % 3 == 0 ? 1 : g.unit()) * (g.next() % 2 == 0 ? 1 : -1)
                return Rasterizer.Piece(xa: xa, xb: xb, height: h)
            }
            // The per-piece definition, then the two-lane form, then (on processors that have
            // it, such as the machines CI runs on) the four-lane AVX2 form writing its per-piece
            // results and adding them as they come; the two lane forms that write per-piece
            // results (values and column) also compare those with each other.
            var results: [([Int], [UInt64])] = []
            var perPiece: [[Int]] = []
            for form in Rasterizer.lanesAVX2 ? 0...3 : 0...1 {
                var copy = pieces
                let acc = UnsafeMutableBufferPointer<Int>.allocate(capacity: width + 2)
                let marks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2)
                let out = UnsafeMutablePointer<Int>.allocate(capacity: 3 * count)
                acc.initialize(repeating: 0); marks.initialize(repeating: 0)
                if form == 0 {
                    for p in pieces {
                        let (lo, hi) = Rasterizer.accumulateRightOf(acc, originX: Int(originX), width: width,
                                                                    xa: p.xa, xb: p.xb, height: p.height)
                        for c in lo...hi { marks[c >> 6] |= 1 << UInt64(c & 63) }
                    }
                } else if form == 2 {
                    // The AVX2 lanes writing per-piece results (values and column), the form the
                    // accumulating one is built from: compared with the two Swift lanes below.
                    copy.withUnsafeMutableBufferPointer {
                        tr_piece_lanes_avx2(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: Double.self), count,
                                            UnsafeMutableRawPointer(out).assumingMemoryBound(to: Int64.self), originX, width)
                    }
                    perPiece.append(Array(UnsafeBufferPointer(start: out, count: 3 * count)))
                    acc.deallocate(); marks.deallocate(); out.deallocate()
                    continue
                } else {
                    copy.withUnsafeMutableBufferPointer {
                        Rasterizer.accumulatePieces($0.baseAddress!, count: count, out: out, acc: acc, marks: marks,
                                                    originX: originX, width: width, avx2: form == 3)
                    }
                    if form == 1 { perPiece.append(Array(UnsafeBufferPointer(start: out, count: 3 * count))) }
                }
                results.append((Array(acc), Array(marks)))
                acc.deallocate(); marks.deallocate(); out.deallocate()
            }
            for form in 1..<results.count {
                XCTAssertEqual(results[form].0, results[0].0, "form \(form), trial \(trial): \(pieces)")
                XCTAssertEqual(results[form].1, results[0].1, "form \(form), trial \(trial): \(pieces)")
            }
            if perPiece.count == 2 { XCTAssertEqual(perPiece[0], perPiece[1], "AVX2 lanes, trial \(trial): \(pieces)") }
            if results.contains(where: { $0 != results[0] }) { return }
        }
    }

    /// Rectangles at fractional positions (their inside rows are copied, not swept): stacked,
    /// side by side, one ending on the row where the next starts, touching, overlapping, on
    /// whole-pixel rows, thin, and next to a sloped edge that stops the copying.
    func testRectanglesAtFractionalPositions() {
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Point] {
            [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
        }
        let cases: [[[Point]]] = [
            [rect(2.3, 1.7, 30.6, 20.2)],
            [rect(2.3, 1.7, 30.6, 5.0), rect(4.1, 5.0, 20.9, 12.0)],
            [rect(2.3, 1.0, 10.5, 9.0), rect(10.5, 3.0, 18.25, 15.0), rect(12.0, 6.0, 14.0, 25.5)],
            [rect(0.5, 0.5, 40.5, 0.9), rect(0.5, 2.0, 40.5, 2.5), rect(3.0, 4.0, 3.2, 28.0)],
            [rect(2.3, 1.7, 30.6, 20.2), [Point(35, 2), Point(38.5, 2), Point(36.1, 27.3)]],
            [rect(2.3, 1.7, 30.6, 20.2), rect(30.6, 20.2, 2.3, 1.7).reversed()],
        ]
        for contours in cases { assertSameSweep(contours, clip: PixelRect(x0: 0, y0: 0, x1: 48, y1: 32)) }
        var g = SeededGenerator(state: 11)
        for _ in 0..<200 {
            let contours = (0..<(1 + Int(g.next() % 4))).map { _ -> [Point] in
                let x = g.unit() * 40, y = g.unit() * 28
                let r = rect(x, y, x + g.unit() * 20, y + g.unit() * 20)
                return g.next() % 2 == 0 ? r : r.reversed()
            }
            assertSameSweep(contours, clip: PixelRect(x0: 0, y0: 0, x1: 48, y1: 32))
        }
    }

    /// Text-like rows: many small flattened outlines side by side (their vertices cut each
    /// other's strips), with holes, upright stems and sub-pixel offsets.
    func testRowsOfSmallOutlines() {
        var g = SeededGenerator(state: 7)
        var contours: [[Point]] = []
        for glyph in 0..<40 {
            let x = 3.0 + Double(glyph) * 9.3 + g.unit() * 0.5, y = 4.0 + g.unit() * 0.9
            let ring = (0..<24).map { k -> Point in
                let (sin, cos) = DetMath.sinCos(degrees: Double(k) * 15)
                return Point(x + 4 + 3.6 * cos, y + 8 + 7.2 * sin)
            }
            contours.append(ring)
            contours.append(ring.reversed().map { Point(($0.x - x - 4) * 0.5 + x + 4, ($0.y - y - 8) * 0.5 + y + 8) })
            // An upright stem next to the ring.
            contours.append([Point(x + 8.25, y), Point(x + 9.5, y), Point(x + 9.5, y + 16.5), Point(x + 8.25, y + 16.5)])
        }
        assertSameSweep(contours, clip: PixelRect(x0: 0, y0: 0, x1: 400, y1: 30))
    }

    /// Separate groups of edges whose entering winding number changes inside a row: outlines
    /// inside frames whose top and bottom (long horizontal edges, dropped from the sweep) lie
    /// inside rows, steps whose vertical parts are far apart, nested and overlapping frames,
    /// thin slanted strokes whose sides come close, at random fractional positions, both rules.
    func testGroupsEnteredByAChangingWinding() {
        var g = SeededGenerator(state: 23)
        for _ in 0..<60 {
            var contours: [[Point]] = []
            for _ in 0..<(1 + Int(g.next() % 3)) {
                // A frame: its top and bottom inside rows, its sides far apart.
                let x0 = g.unit() * 6, y0 = 0.5 + g.unit() * 8, x1 = 40 + g.unit() * 20, y1 = y0 + 2 + g.unit() * 20
                let frame = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
                contours.append(g.next() % 2 == 0 ? frame : frame.reversed())
            }
            // A step: a long horizontal edge at a fractional height joining far-apart sides.
            let sy = 3 + g.unit() * 10
            contours.append([Point(2, 1.5), Point(8, 1.5), Point(8, sy), Point(58, sy), Point(58, 30), Point(2, 30)])
            // Small outlines and slanted strokes between the sides.
            for k in 0..<(2 + Int(g.next() % 5)) {
                let x = 10 + Double(k) * 8 + g.unit(), y = g.unit() * 12
                if g.next() % 2 == 0 {
                    contours.append([Point(x, y), Point(x + 3 + g.unit(), y + 0.3 + g.unit()), Point(x + 1.5, y + 6 + g.unit() * 6)])
                } else {
                    let w = 0.2 + g.unit() * 0.6
                    contours.append([Point(x, y), Point(x + w, y), Point(x + 5 + w, y + 14), Point(x + 5, y + 14)])
                }
            }
            assertSameSweep(contours, clip: PixelRect(x0: 0, y0: 0, x1: 64, y1: 32))
        }
    }

    /// Degenerate geometry: coincident edges of equal and opposite direction, a contour and its
    /// reverse, vertices exactly on pixel boundaries, edges clipped to the same x, and strips a
    /// few ulps high.
    func testDegenerateGeometry() {
        let square = [Point(2, 2), Point(10, 2), Point(10, 10), Point(2, 10)]
        assertSameSweep([square, square], clip: PixelRect(x0: 0, y0: 0, x1: 12, y1: 12))
        assertSameSweep([square, square.reversed()], clip: PixelRect(x0: 0, y0: 0, x1: 12, y1: 12))
        assertSameSweep([square.map { Point($0.x + 0.5, $0.y + 0.25) }, square], clip: PixelRect(x0: 0, y0: 0, x1: 12, y1: 12))
        // Contours running past the clip: each is clipped to the same vertical lines.
        let wide = [[Point(-5, 1), Point(20, 1.5), Point(20, 7), Point(-5, 6)], [Point(-5, 3), Point(20, 2.5), Point(20, 9), Point(-5, 8)]]
        assertSameSweep(wide, clip: PixelRect(x0: 0, y0: 0, x1: 12, y1: 12))
        // Vertices a few ulps apart in y, so some sub-strips are a few ulps high.
        let y = 3.0, u = y.ulp
        let thin = [[Point(1, y), Point(9, y + u), Point(9.5, 7), Point(1, 7 + 2 * u)],
                    [Point(2, y + 2 * u), Point(8, y + 3 * u), Point(4, 6.5)]]
        assertSameSweep(thin, clip: PixelRect(x0: 0, y0: 0, x1: 12, y1: 12))
        // A fan of edges through one point: many crossings at the same height.
        let fan = (0..<12).map { k -> [Point] in
            let dx = Double(k) - 5.5
            return [Point(6 - dx, 0.5), Point(6 + dx, 11.5), Point(6 + dx + 0.3, 11.5), Point(6 - dx + 0.3, 0.5)]
        }
        assertSameSweep(fan, clip: PixelRect(x0: 0, y0: 0, x1: 12, y1: 12))
    }

    /// An edge too steep in x for a finite slope is left to the general sweep, which still draws.
    func testInfiniteSlopeFallsBack() {
        // 4 / 5e-324 overflows: the first edge's slope is infinite.
        let contours = [[Point(0, 0), Point(4, Double.leastNonzeroMagnitude), Point(2, 6)]]
        assertSameSweep(contours, clip: PixelRect(x0: 0, y0: 0, x1: 8, y1: 8), expectFast: false)
        guard let (edges, bounds) = Rasterizer.edges(of: Path(contours: contours), clip: PixelRect(x0: 0, y0: 0, x1: 8, y1: 8)) else {
            return XCTFail("no edges")
        }
        XCTAssertTrue(edges.contains { !$0.dxdy.isFinite }, "the case meant to test the fallback lost its infinite slope")
        XCTAssertNil(Rasterizer.sweepGrouped(edges, bounds: bounds, rule: .nonZero))
        XCTAssertNotNil(Rasterizer().mask(Path(contours: contours), rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: 8, y1: 8)))
    }

    /// The C lanes read pieces as triplets of doubles at fixed offsets: the Swift struct must
    /// have exactly that layout.
    func testPieceLayoutIsWhatTheCLanesRead() {
        typealias Piece = Rasterizer.Piece
        XCTAssertEqual(MemoryLayout<Piece>.stride, Piece.stride)
        XCTAssertEqual(MemoryLayout<Piece>.size, Piece.stride)
        XCTAssertEqual(MemoryLayout<Piece>.offset(of: \Piece.xa), Piece.offsets.xa)
        XCTAssertEqual(MemoryLayout<Piece>.offset(of: \Piece.xb), Piece.offsets.xb)
        XCTAssertEqual(MemoryLayout<Piece>.offset(of: \Piece.height), Piece.offsets.height)
    }
}
