import XCTest
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
}
