import XCTest
import CPieceLanes
import Geometry
@testable import Raster

/// The image paint's fast sampling (one texel word read, two channels a multiply, no library
/// rounding) against its plain twin, which reads each channel and rounds with `rounded()`.
final class ImagePaintTests: XCTestCase {
    var rng: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ n: Int) -> Int { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Int((rng >> 33) % UInt64(n)) }
    func unit() -> Double { Double(next(1 << 20)) / Double(1 << 20) }

    func image(_ w: Int, _ h: Int) -> RasterImage {
        RasterImage(straightRGBA: (0..<(w * h * 4)).map { _ in UInt8(next(256)) }, width: w, height: h)
    }

    func assertTwinsAgree(_ paint: ImagePaint, rows: ClosedRange<Int>, x0: Int, width: Int, _ what: String,
                          file: StaticString = #filePath, line: UInt = #line) -> Int {
        var differing = 0
        // Rows in order share a scratch (as a fill's rows do), each with its own span, so
        // points carried from the row above are used where the spans overlap.
        var scratch = ShadeScratch()
        for y in rows {
            var fast = [PremultipliedColor](repeating: PremultipliedColor(r: 1, g: 2, b: 3, a: 4), count: width)
            var plain = fast
            let from = next(6), to = width - next(6)
            if next(5) == 0 {
                paint.shade(y: y, x0: x0, into: &fast, from: from, to: to)
            } else {
                paint.shade(y: y, x0: x0, into: &fast, from: from, to: to, scratch: &scratch)
            }
            paint.shadePlain(y: y, x0: x0, into: &plain, from: from, to: to)
            if fast != plain { differing += 1 }
        }
        XCTAssertEqual(differing, 0, what, file: file, line: line)
        return differing
    }

    /// Random perspective planes (some seen nearly edge-on, some with the horizon in view, so
    /// that points go non-finite), magnified and minified (every mipmap level), random images
    /// including one-texel-wide ones.
    func testShadeEqualsPlainTwinOnRandomPlanes() {
        var rows = 0
        for trial in 0..<120 {
            let sizes = [(1, 1), (1, 9), (13, 1), (64, 64), (37, 23), (200, 120)]
            let (w, h) = sizes[trial % sizes.count]
            let img = image(w, h)
            let zoom = [0.05, 0.3, 1, 2.25, 7][next(5)]
            let horizon = trial % 4 == 0 ? (unit() - 0.5) * 0.02 : (unit() - 0.5) * 0.002
            let hom = Homography(a: zoom * (0.5 + unit()), b: (unit() - 0.5) * zoom, c: horizon,
                                 d: (unit() - 0.5) * zoom, e: zoom * (0.5 + unit()), f: (unit() - 0.5) * 0.002,
                                 g: (unit() - 0.5) * 300, h: (unit() - 0.5) * 300, i: 1)
            let paint = ImagePaint(layerFromDevice: hom, rect: Rect(unit() * 40 - 20, unit() * 40 - 20, 10 + unit() * 200, 10 + unit() * 200), image: img)
            let top = next(200) - 100
            rows += 24 - assertTwinsAgree(paint, rows: top...(top + 23), x0: next(300) - 150, width: 90, "trial \(trial)")
        }
        XCTAssertEqual(rows, 120 * 24)
    }

    /// A nine-part image (`contentsCenter`) maps each texel point piecewise along each axis: the
    /// fast path's points (computed in C, then mapped) agree with the plain twin's on random
    /// planes and random caps, shrunk caps and empty centres included.
    func testShadeEqualsPlainTwinWithSlices() {
        for trial in 0..<60 {
            let (w, h) = [(6, 6), (37, 23), (64, 64), (1, 9)][trial % 4]
            let img = image(w, h)
            func axis(_ n: Int) -> ImageSlices.Axis {
                let n = Double(n)
                let to0 = unit() * n, to1 = trial % 5 == 0 ? to0 : to0 + unit() * (n - to0)
                let lo = unit() * n, hi = lo + unit() * (n - lo)
                return ImageSlices.Axis(edge0: 0, lo: lo, hi: hi, edge1: n, to0: to0, to1: to1)
            }
            let zoom = [0.3, 1, 2.25][next(3)]
            let hom = Homography(a: zoom * (0.5 + unit()), b: (unit() - 0.5) * zoom, c: (unit() - 0.5) * 0.002,
                                 d: (unit() - 0.5) * zoom, e: zoom * (0.5 + unit()), f: (unit() - 0.5) * 0.002,
                                 g: (unit() - 0.5) * 100, h: (unit() - 0.5) * 100, i: 1)
            let paint = ImagePaint(layerFromDevice: hom, rect: Rect(0, 0, 20 + unit() * 100, 20 + unit() * 100), image: img,
                                   slices: ImageSlices(x: axis(w), y: axis(h)))
            let top = next(100) - 50
            _ = assertTwinsAgree(paint, rows: top...(top + 15), x0: next(100) - 50, width: 70, "slices trial \(trial)")
        }
    }

    /// The map keeps the caps and stretches the centre: the part's edges stay, `lo` and `hi`
    /// land on the image's centre's ends, and the caps scale by their own factors.
    func testTheSliceMapIsPiecewiseLinear() {
        let a = ImageSlices.Axis(edge0: 0, lo: 1, hi: 5, edge1: 6, to0: 2, to1: 4)
        XCTAssertEqual([0, 0.5, 1, 3, 5, 5.5, 6].map(a.map), [0, 1, 2, 3, 4, 5, 6])
        // No cap on the left: the centre starts at the edge and the map is a shift outside it.
        let b = ImageSlices.Axis(edge0: 0, lo: 0, hi: 4, edge1: 6, to0: 0, to1: 2)
        XCTAssertEqual([-1, 0, 2, 4, 5, 6].map(b.map), [-1, 0, 1, 2, 4, 6])
        // An empty centre: everything between the caps samples one point.
        let c = ImageSlices.Axis(edge0: 0, lo: 2, hi: 4, edge1: 6, to0: 3.5, to1: 3.5)
        XCTAssertEqual([2, 3, 4].map(c.map), [3.5, 3.5, 3.5])
    }

    /// Placements that land texel points on exact halves of a 1/256 weight step (where the
    /// rounding rule decides) and on texel centres (weights 0): identity, whole and 1/512
    /// offsets, 2x and 1/2 scale.
    func testShadeEqualsPlainTwinOnExactHalves() {
        let img = image(16, 16)
        for offset in [0.0, 1.0 / 512, 3.0 / 512, -1.0 / 512, 0.5, 0.25] {
            for scale in [1.0, 0.5, 2.0, 0.25] {
                let hom = Homography(a: scale, b: 0, c: 0, d: 0, e: scale, f: 0, g: offset, h: -offset, i: 1)
                let paint = ImagePaint(layerFromDevice: hom, rect: Rect(0, 0, 16, 16), image: img)
                _ = assertTwinsAgree(paint, rows: -3...40, x0: -4, width: 48, "offset \(offset) scale \(scale)")
            }
        }
    }

    /// At identity and whole-pixel placement the image appears pixel for pixel (each device
    /// pixel centre on a texel centre), so the paint's colours are the image's own texels.
    func testIdentityShowsTheTexels() {
        let img = image(8, 5)
        let paint = ImagePaint(layerFromDevice: Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1),
                               rect: Rect(0, 0, 8, 5), image: img)
        let bytes = img.pixels(level: 0)
        for y in 0..<5 {
            var row = [PremultipliedColor](repeating: .clear, count: 8)
            paint.shade(y: y, x0: 0, into: &row, from: 0, to: 8)
            for x in 0..<8 {
                let k = (y * 8 + x) * 4
                XCTAssertEqual(row[x], PremultipliedColor(r: bytes[k], g: bytes[k + 1], b: bytes[k + 2], a: bytes[k + 3]))
            }
        }
    }

    /// The C samplers (the scalar one, and the four-pixel AVX2 one where the processor has it;
    /// `shade` above runs only the one this processor picks) give `samplePlain`'s colours from the
    /// same points: random point rows with neighbours at every mipmap level's distance, so
    /// groups of four with mixed levels, non-finite points (NaN, infinities), points far off the
    /// image and on exact half steps of a weight.
    func testRowSamplersEqualPlainSampling() {
        var compared = 0
        for trial in 0..<300 {
            let img = image([1, 3, 16, 64, 200][trial % 5], [1, 7, 16, 40, 120][(trial / 5) % 5])
            let n = 1 + next(40)
            var here = [Double](repeating: 0, count: 2 * (n + 1)), below = [Double](repeating: 0, count: 2 * n)
            // Mostly one level a row (one step and one distance below), now and then another;
            // a row on the 1/512 grid puts texel weights on exact half steps.
            let step = [0.25, 1, 1.9, 2.0, 3, 4, 9, 40][next(8)], down = [0.5, 1, 2, 4, 16][next(5)]
            let grid = next(3) == 0
            var x = grid ? Double(next(512)) / 512 : (unit() - 0.3) * Double(img.width)
            let y = grid ? Double(next(4096)) / 512 : (unit() - 0.3) * Double(img.height)
            for j in 0...n {
                if next(9) == 0 { x += step * unit() * 4 }
                x += grid ? Double(next(1024)) / 512 : step
                here[2 * j] = next(29) == 0 ? [Double.nan, .infinity, -.infinity, 1e300][next(4)] : x
                here[2 * j + 1] = grid && next(4) == 0 ? Double(next(4096)) / 512 : y
                if j < n {
                    below[2 * j] = x + (next(9) == 0 ? step * unit() : 0)
                    below[2 * j + 1] = y + (next(9) == 0 ? [0.5, 1, 2, 4, 16][next(5)] : down) * (next(2) == 0 ? 1 : -1)
                }
            }
            let from = next(n), to = n
            var plain = [UInt8](repeating: 7, count: 4 * n)
            for i in from..<to {
                let c = ImagePaint.samplePlain(img, Point(here[2 * i], here[2 * i + 1]), right: Point(here[2 * i + 2], here[2 * i + 3]),
                                               below: Point(below[2 * i], below[2 * i + 1]))
                plain.replaceSubrange((4 * i)..<(4 * i + 4), with: [c.r, c.g, c.b, c.a])
            }
            var forms: [(String, [UInt8])] = []
            img.texels.withUnsafeBufferPointer { tex in
                var scalar = [UInt8](repeating: 7, count: 4 * n)
                tr_image_sample_row(here, below, from, to, tex.baseAddress!, img.levelTable, img.levelScales, img.levels.count, &scalar)
                forms.append(("scalar", scalar))
                #if arch(x86_64)
                if Rasterizer.lanesAVX2 {
                    var vector = [UInt8](repeating: 7, count: 4 * n)
                    tr_image_sample_row_avx2(here, below, from, to, tex.baseAddress!, img.levelTable, img.levelScales, img.levels.count, &vector)
                    forms.append(("avx2", vector))
                }
                #endif
            }
            for (name, bytes) in forms {
                XCTAssertEqual(bytes, plain, "trial \(trial) \(name)")
                compared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 300)
    }
}
