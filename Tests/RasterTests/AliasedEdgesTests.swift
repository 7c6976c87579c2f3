import XCTest
import Geometry
@testable import Raster

/// `allowsEdgeAntialiasing` false: a layer's own edges are aliased (a pixel is in when its
/// centre is inside the layer's bounds), while what lies inside them stays antialiased.
final class AliasedEdgesTests: XCTestCase {
    let frame = PixelRect(x0: 0, y0: 0, x1: 60, y1: 40)
    /// A layer's bounds turned 17 degrees, in device pixels.
    let quad = [Point(12.3, 6.1), Point(49.2, 17.4), Point(42.7, 38.6), Point(5.8, 27.3)]

    /// Black filled over white, as grey levels per pixel (255 white ... 0 black).
    func run(_ path: Path, edges: [Point]?) -> [UInt8] {
        let fill = FillCommand(layer: 0, path: path, paint: .solid(DrawColor(r: 0, g: 0, b: 0, a: 1)), rule: .nonZero, alpha: 255,
                               clip: frame, aliasedEdges: edges)
        let list = DrawList(width: 60, height: 40, background: DrawColor(r: 1, g: 1, b: 1, a: 1), commands: [.fill(fill)])
        let px = DrawExecutor().run(list).data
        return stride(from: 0, to: px.count, by: 4).map { px[$0] }
    }

    /// Whether (x, y) is inside the convex `polygon` (clockwise on screen), edges included.
    func inside(_ x: Double, _ y: Double, _ polygon: [Point]) -> Bool {
        for (i, a) in polygon.enumerated() {
            let b = polygon[(i + 1) % polygon.count]
            if (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) < 0 { return false }
        }
        return true
    }

    /// The bounds themselves (a background without corners): each pixel is black when its
    /// centre is inside and white otherwise; antialiased, the edge pixels are greys.
    func testTheBoundsAreFilledByPixelCentres() {
        let grey = run(Path(contours: [quad]), edges: quad)
        for y in 0..<40 {
            for x in 0..<60 {
                let want: UInt8 = inside(Double(x) + 0.5, Double(y) + 0.5, quad) ? 0 : 255
                XCTAssertEqual(grey[y * 60 + x], want, "pixel \(x),\(y)")
            }
        }
        XCTAssertTrue(run(Path(contours: [quad]), edges: nil).contains { $0 > 0 && $0 < 255 }, "antialiased edges have greys")
    }

    /// A shape inside the bounds (a rounded corner's cut, an inset image) keeps its exact
    /// coverage where it does not run along them: greys remain there, and none outside the
    /// pixel centres of the bounds.
    func testWhatIsInsideTheBoundsStaysAntialiased() {
        // The quad with its first corner cut off by a diagonal: the cut is inside the bounds.
        // Its ends lie on the bounds' edges, as a rounded corner's arc ends do.
        func on(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
        let cut = [on(quad[0], quad[1], 0.25), quad[1], quad[2], quad[3], on(quad[3], quad[0], 0.6)]
        let grey = run(Path(contours: [cut]), edges: quad)
        var greysNearTheCut = 0
        for y in 0..<40 {
            for x in 0..<60 {
                let v = grey[y * 60 + x]
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                if !inside(cx, cy, quad) { XCTAssertEqual(v, 255, "pixel \(x),\(y) outside the bounds") }
                if v > 0 && v < 255 {
                    // A grey lies within about a pixel of the cut, not along the bounds' edges.
                    let a = cut[4], b = cut[0]
                    let d = abs((b.x - a.x) * (cy - a.y) - (b.y - a.y) * (cx - a.x)) / ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                    XCTAssertLessThan(d, 1.5, "grey \(v) at \(x),\(y)")
                    greysNearTheCut += 1
                }
            }
        }
        XCTAssertGreaterThan(greysNearTheCut, 5)
    }

    /// Bounds reaching past the frame on every side (a card turned half out of view): the
    /// pixels of the frame still follow the centre rule, and nothing outside is touched.
    func testBoundsPastTheFrame() {
        let big = [Point(-20.5, -7.2), Point(75.3, 3.9), Point(66.1, 52.4), Point(-31.7, 44.0)]
        let grey = run(Path(contours: [big]), edges: big)
        for y in 0..<40 {
            for x in 0..<60 {
                let want: UInt8 = inside(Double(x) + 0.5, Double(y) + 0.5, big) ? 0 : 255
                XCTAssertEqual(grey[y * 60 + x], want, "pixel \(x),\(y)")
            }
        }
        // Bounds entirely off the frame draw nothing and do not trap.
        let away = big.map { Point($0.x + 500, $0.y) }
        XCTAssertTrue(run(Path(contours: [away]), edges: away).allSatisfy { $0 == 255 })
    }

    /// A clip with aliased edges cuts what is drawn in its scope at the pixel centres too.
    func testAnAliasedClipCutsByPixelCentres() {
        let fill = FillCommand(layer: 1, path: Path(contours: [[Point(0, 0), Point(60, 0), Point(60, 40), Point(0, 40)]]),
                               paint: .solid(DrawColor(r: 0, g: 0, b: 0, a: 1)), rule: .nonZero, alpha: 255, clip: frame)
        let list = DrawList(width: 60, height: 40, background: DrawColor(r: 1, g: 1, b: 1, a: 1), commands: [
            .begin(ScopeCommand(layer: 0, clipPath: Path(contours: [quad]), clip: frame, group: nil, clipEdges: quad)),
            .fill(fill), .end,
        ])
        let px = DrawExecutor().run(list).data
        for y in 0..<40 {
            for x in 0..<60 {
                let want: UInt8 = inside(Double(x) + 0.5, Double(y) + 0.5, quad) ? 0 : 255
                XCTAssertEqual(px[(y * 60 + x) * 4], want, "pixel \(x),\(y)")
            }
        }
    }
}
