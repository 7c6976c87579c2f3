import XCTest
import Geometry
@testable import Raster

/// Issue 54.2: a backdrop blurs what is already drawn under a path and draws it back there.
final class BackdropTests: XCTestCase {
    let black = DrawColor(r: 0, g: 0, b: 0, a: 1), white = DrawColor(r: 1, g: 1, b: 1, a: 1)

    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        Path(contours: [[Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]])
    }

    /// A white frame with its left half black, a backdrop over the top 20 rows.
    func frame(_ backdrop: Bool, sigma: Double = 4, alpha: Int = 255) -> Pixmap {
        var list = DrawList(width: 60, height: 40, background: white)
        list.commands = [.fill(FillCommand(layer: 0, path: rect(0, 0, 30, 40), paint: .solid(black), rule: .nonZero, alpha: 255, clip: list.deviceRect))]
        if backdrop {
            list.commands.append(.backdrop(BackdropCommand(layer: 1, path: rect(0, 0, 60, 20), sigma: sigma, alpha: alpha, clip: list.deviceRect)))
        }
        return DrawExecutor().run(list)
    }

    func red(_ p: Pixmap, _ x: Int, _ y: Int) -> Int { Int(p.data[(y * 60 + x) * 4]) }

    func testItBlursWhatIsUnderThePathOnly() {
        let sharp = frame(false), blurred = frame(true)
        XCTAssertEqual(red(sharp, 29, 5), 0)
        XCTAssertEqual(red(sharp, 30, 5), 255)
        // Across the edge the blur mixes black and white; far from it the colours stay.
        XCTAssertGreaterThan(red(blurred, 29, 5), 60)
        XCTAssertLessThan(red(blurred, 30, 5), 195)
        XCTAssertEqual(red(blurred, 5, 5), 0, "flat black stays black")
        XCTAssertEqual(red(blurred, 55, 5), 255, "flat white stays white")
        // At the frame's top and sides the blur takes the pixels there are: no fading to clear.
        XCTAssertEqual(red(blurred, 0, 0), 0)
        XCTAssertEqual(red(blurred, 59, 0), 255)
        XCTAssertEqual(Int(blurred.data[(0 * 60 + 59) * 4 + 3]), 255, "opaque at the corner")
        // Outside the path nothing changes.
        for x in 0..<60 { XCTAssertEqual(red(blurred, x, 25), red(sharp, x, 25), "row 25, x \(x)") }
        // The same pixels every time, and none at alpha 0.
        XCTAssertEqual(frame(true).data, blurred.data)
        XCTAssertEqual(frame(true, alpha: 0).data, sharp.data)
    }

    /// A wider blur reaches further from the edge.
    func testAWiderBlurReachesFurther() {
        let narrow = frame(true, sigma: 2), wide = frame(true, sigma: 8)
        XCTAssertEqual(red(narrow, 22, 5), 0)
        XCTAssertGreaterThan(red(wide, 22, 5), 0)
    }
}
