import XCTest
import Geometry
import TestSupport
@testable import Raster

final class RasterizerTests: XCTestCase {
    func randomPolygons(seed: UInt64, size: Double) -> [[Point]] {
        var g = SeededGenerator(state: seed)
        let contours = 1 + Int(g.next() % 3)
        return (0..<contours).map { _ in
            let n = 3 + Int(g.next() % 8)
            return (0..<n).map { _ in Point(-2 + g.unit() * (size + 4), -2 + g.unit() * (size + 4)) }
        }
    }

    /// The fast rasterizer agrees with the exact reference to within 1/255 on every pixel of
    /// self-intersecting, overlapping random polygons, for both fill rules.
    func testAgreesWithReferenceOnSeededRandomPolygons() {
        let size = 16
        let clip = PixelRect(x0: 0, y0: 0, x1: size, y1: size)
        for seed in UInt64(1)...UInt64(160) {
            let polys = randomPolygons(seed: seed, size: Double(size))
            for rule in [FillRule.nonZero, .evenOdd] {
                let mask = Rasterizer().mask(Path(contours: polys), rule: rule, clip: clip)
                var worst = 0
                var at = (0, 0)
                for y in 0..<size {
                    for x in 0..<size {
                        let exact = ReferenceRasterizer.coverage(polys, rule: rule, x: x, y: y)
                        let expected = Int((min(max(exact, 0), 1) * 255).rounded())
                        let got = Int(mask?.coverage(x, y) ?? 0)
                        if abs(got - expected) > worst { worst = abs(got - expected); at = (x, y) }
                    }
                }
                XCTAssertLessThanOrEqual(worst, 1, "seed \(seed) rule \(rule): pixel \(at) off by \(worst)/255; reproduce with randomPolygons(seed: \(seed), size: \(size))")
            }
        }
    }

    func testAxisAlignedRectangleHasExactCoverage() {
        let rect: [Point] = [Point(1.25, 1), Point(3.75, 1), Point(3.75, 2.5), Point(1.25, 2.5)]
        let m = Rasterizer().mask(Path(contours: [rect]), rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: 5, y1: 5))
        XCTAssertEqual(m?.coverage(1, 1), 191)   // 0.75 of a pixel
        XCTAssertEqual(m?.coverage(2, 1), 255)
        XCTAssertEqual(m?.coverage(3, 1), 191)
        XCTAssertEqual(m?.coverage(2, 2), 128)   // 0.5 of a pixel
        XCTAssertEqual(m?.coverage(1, 2), 96)    // 0.375
        XCTAssertEqual(m?.coverage(0, 0), 0)
    }

    func testOverlappingContoursUnderBothRules() {
        let a: [Point] = [Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4)]
        let b: [Point] = [Point(2, 0), Point(6, 0), Point(6, 4), Point(2, 4)]
        let clip = PixelRect(x0: 0, y0: 0, x1: 8, y1: 4)
        let nz = Rasterizer().mask(Path(contours: [a, b]), rule: .nonZero, clip: clip)
        let eo = Rasterizer().mask(Path(contours: [a, b]), rule: .evenOdd, clip: clip)
        XCTAssertEqual(nz?.coverage(3, 1), 255)
        XCTAssertEqual(eo?.coverage(3, 1), 0)
        XCTAssertEqual(eo?.coverage(1, 1), 255)
        XCTAssertEqual(eo?.coverage(5, 1), 255)
    }

    func testGeometryFarOutsideTheClipIsCutNotWrapped() {
        let huge: [Point] = [Point(-1e9, -1e9), Point(1e9, -1e9), Point(1e9, 1e9), Point(-1e9, 1e9)]
        let m = Rasterizer().mask(Path(contours: [huge]), rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: 4, y1: 4))
        XCTAssertEqual(m?.data, [UInt8](repeating: 255, count: 16))
    }
}

final class BlendTests: XCTestCase {
    /// mul255 is exactly round(x * y / 255) for all 65,536 pairs.
    func testMul255Exhaustive() {
        for x in 0...255 {
            for y in 0...255 {
                let exact = (x * y * 2 + 255) / 510
                XCTAssertEqual(Pixmap.mul255(x, y), exact, "\(x) * \(y)")
                if Pixmap.mul255(x, y) != exact { return }
            }
        }
    }

    /// Source-over keeps premultiplied colours valid (no channel above alpha) for every pair of
    /// source and destination alpha, and opaque or empty sources behave exactly.
    func testSourceOverExhaustiveOnAlpha() {
        var pixmap = Pixmap(rect: PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
        for sa in 0...255 {
            for da in stride(from: 0, through: 255, by: 3) {
                pixmap.data = [UInt8(da), UInt8(da / 2), 0, UInt8(da)]
                pixmap.data.withUnsafeMutableBufferPointer { p in
                    Pixmap.blend(p.baseAddress!, PremultipliedColor(r: UInt8(sa), g: 0, b: UInt8(sa / 3), a: UInt8(sa)), 255)
                }
                let d = pixmap.data
                XCTAssertTrue(d[0] <= d[3] && d[1] <= d[3] && d[2] <= d[3], "sa \(sa) da \(da): \(d)")
                let expectedAlpha = sa + Pixmap.mul255(da, 255 - sa)
                XCTAssertEqual(Int(d[3]), expectedAlpha)
                if sa == 255 { XCTAssertEqual(d, [255, 0, 85, 255]) }
                if sa == 0 { XCTAssertEqual(d, [UInt8(da), UInt8(da / 2), 0, UInt8(da)]) }
            }
        }
    }
}

final class BlurTests: XCTestCase {
    func testKernelSumsToOneAndIsSymmetric() {
        for sigma in [0.0, 0.5, 1, 3, 12.5] {
            let (w, r) = Blur.kernel(sigma: sigma, shift: 0)
            XCTAssertEqual(w.reduce(0, +), 65536)
            if sigma > 0 { for i in 0...r { XCTAssertEqual(w[r - i], w[r + i], accuracy: 1, "sigma \(sigma)") } }
        }
    }

    func testBlurKeepsMassAndMovesByTheOffset() {
        // A 12x12 block centred on (15.5, 15.5): its blurred centroid must move by exactly (4.25, -2.5).
        var m = Mask(rect: PixelRect(x0: 10, y0: 10, x1: 22, y1: 22))
        m.data = [UInt8](repeating: 255, count: 144)
        let b = Blur.blurred(m, sigma: 3, dx: 4.25, dy: -2.5)
        var total = 0, cx = 0.0, cy = 0.0
        for y in b.rect.y0..<b.rect.y1 {
            for x in b.rect.x0..<b.rect.x1 {
                let v = Int(b.coverage(x, y))
                total += v; cx += Double(v * x); cy += Double(v * y)
            }
        }
        XCTAssertEqual(Double(total), 255 * 144, accuracy: 255 * 144 * 0.01)
        XCTAssertEqual(cx / Double(total), 15.5 + 4.25, accuracy: 0.02)
        XCTAssertEqual(cy / Double(total), 15.5 - 2.5, accuracy: 0.02)
    }

    /// From sigma 4 up the three-box approximation stays within 4/255 of the exact Gaussian on a
    /// hard-edged shape (the SVG specification's approximation; reference section 8 item 2 says
    /// Core Animation's own kernel is unknown).
    func testBoxApproximationStaysCloseToTheGaussian() {
        var m = Mask(rect: PixelRect(x0: 0, y0: 0, x1: 30, y1: 20))
        for y in 0..<20 { for x in 0..<30 where (x - 12) * (x - 12) + (y - 10) * (y - 10) < 64 || x > 20 { m.data[y * 30 + x] = 255 } }
        for sigma in [4.0, 6, 11, 23.5] {
            let fast = Blur.blurred(m, sigma: sigma, dx: 1.5, dy: -0.25)
            let exact = Blur.gaussianBlurred(m, sigma: sigma, dx: 1.5, dy: -0.25)
            var worst = 0
            for y in (exact.rect.y0 - 5)..<(exact.rect.y1 + 5) {
                for x in (exact.rect.x0 - 5)..<(exact.rect.x1 + 5) {
                    worst = max(worst, abs(Int(fast.coverage(x, y)) - Int(exact.coverage(x, y))))
                }
            }
            XCTAssertLessThanOrEqual(worst, 4, "sigma \(sigma)")
        }
    }

    /// The fast box blur gives the plain twin's bytes: random planes with runs of equal rows
    /// (the row shortcut) and hard edges, every sigma band, whole and fractional offsets.
    func testBoxBlurEqualsItsPlainTwin() {
        var rng: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Int((rng >> 33) % UInt64(n)) }
        for trial in 0..<40 {
            let w = 1 + next(60), h = 1 + next(50)
            var m = Mask(rect: PixelRect(x0: next(20) - 10, y0: next(20) - 10, x1: 0, y1: 0))
            m.rect = PixelRect(x0: m.rect.x0, y0: m.rect.y0, x1: m.rect.x0 + w, y1: m.rect.y0 + h)
            m.data = [UInt8](repeating: 0, count: w * h)
            var row = (0..<w).map { _ in UInt8(next(4) == 0 ? next(256) : (next(2) == 0 ? 0 : 255)) }
            for y in 0..<h {
                if next(3) == 0 { row = (0..<w).map { _ in UInt8(next(256)) } }   // else the row repeats
                for x in 0..<w { m.data[y * w + x] = row[x] }
            }
            let sigma = [4.0, 4.7, 6, 11, 12, 23.5, 40][trial % 7]
            // (0.999 and 2.9995 round their fractions up to 256/256 of a pixel.)
            let offsets: [(Double, Double)] = [(0, 0), (6, -3), (1.5, -0.25), (-2.75, 3.125), (0.999, 0), (0, 2.9995), (0.999, -0.0005), (0.3, 0.999)]
            for (dx, dy) in offsets {
                let fast = Blur.blurred(m, sigma: sigma, dx: dx, dy: dy)
                let plain = Blur.blurredPlain(m, sigma: sigma, dx: dx, dy: dy)
                XCTAssertEqual(fast.rect, plain.rect, "trial \(trial)")
                XCTAssertTrue(fast.data == plain.data, "trial \(trial) sigma \(sigma) offset \(dx), \(dy)")
            }
        }
    }

    /// The magic multiply gives the rounded mean for every box width the blur uses (sigma up
    /// to 256), at every sum near a multiple of the width and at the largest sums.
    func testDividerIsExactForEveryBoxWidth() {
        let widths = Set((4...2560).flatMap { Blur.boxRadii(sigma: Double($0) / 10).map { 2 * $0 + 1 } } + [1, 3])
        for width in widths.sorted() {
            let d = BoxBlur.Divider(width: width)
            XCTAssertLessThan(d.magic, 1 << 28, "width \(width): the C loops take the multiplier as 32 bits")
            let top = Int32(width * 65280)
            var sums: [Int32] = [0, 1, top, top - 1]
            for k in stride(from: 0, through: 65280, by: 97) { sums += [Int32(k * width), Int32(k * width) - 1, Int32(k * width) + Int32(width / 2)] }
            for sum in sums where sum >= 0 && sum <= top {
                XCTAssertEqual(d.mean(sum), (sum + Int32(width / 2)) / Int32(width), "width \(width) sum \(sum)")
            }
        }
    }

    func testFractionalShiftWithoutBlurInterpolates() {
        var m = Mask(rect: PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
        m.data = [200]
        let b = Blur.blurred(m, sigma: 0, dx: 0.5, dy: 0)
        XCTAssertEqual(b.coverage(0, 0), 100)
        XCTAssertEqual(b.coverage(1, 0), 100)
    }
}
