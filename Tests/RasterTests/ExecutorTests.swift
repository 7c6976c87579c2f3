import XCTest
import Geometry
@testable import Raster

/// What the executor decides that compositing does not: how a clip on whole pixels is drawn.
final class ExecutorTests: XCTestCase {
    let frame = PixelRect(x0: 0, y0: 0, x1: 60, y1: 40)

    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        Path(contours: [[Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]])
    }

    /// Two overlapping translucent fills and a triangle: where a needless offscreen group would
    /// round differently from drawing straight into the frame.
    func fills(layer: Int) -> [DrawCommand] {
        [
            .fill(FillCommand(layer: layer, path: rect(2, 3, 30, 25), paint: .solid(DrawColor(r: 1, g: 0.2, b: 0, a: 0.6)),
                              rule: .nonZero, alpha: 255, clip: frame)),
            .fill(FillCommand(layer: layer, path: rect(15.5, 8.25, 50, 38), paint: .solid(DrawColor(r: 0, g: 0.4, b: 1, a: 0.7)),
                              rule: .nonZero, alpha: 200, clip: frame)),
            .fill(FillCommand(layer: layer, path: Path(contours: [[Point(0, 40), Point(33.3, 0), Point(60, 40)]]),
                              paint: .solid(DrawColor(r: 0.1, g: 0.9, b: 0.2, a: 0.5)), rule: .nonZero, alpha: 255, clip: frame)),
        ]
    }

    func run(_ commands: [DrawCommand], shortcuts: Set<Shortcut> = Set(Shortcut.allCases)) -> [UInt8] {
        let list = DrawList(width: 60, height: 40, background: DrawColor(r: 0.9, g: 0.9, b: 0.9, a: 1), commands: commands)
        return DrawExecutor(shortcuts: shortcuts).run(list).data
    }

    func testAMaskScalesTheGroupByItsAlpha() {
        // Opaque red under a mask that is opaque on the left half and 50 % on the right: the
        // left shows red, the right red at half over the grey background, and nothing of the
        // red reaches outside the mask's rectangle (rows 30 and below).
        func solid(_ path: Path, _ c: DrawColor) -> DrawCommand {
            .fill(FillCommand(layer: 1, path: path, paint: .solid(c), rule: .nonZero, alpha: 255, clip: frame))
        }
        let red = DrawColor(r: 1, g: 0, b: 0, a: 1)
        let px = run([
            .begin(ScopeCommand(layer: 0, clipPath: nil, clip: frame, group: GroupSpec(alpha: 255, shadow: nil, masked: true))),
            solid(rect(0, 0, 60, 40), red),
            .mask,
            solid(rect(0, 0, 30, 30), DrawColor(r: 0, g: 0, b: 0, a: 1)),
            solid(rect(30, 0, 60, 30), DrawColor(r: 0, g: 0, b: 1, a: 0.5)),
            .end,
        ])
        func at(_ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * 60 + x) * 4..<(y * 60 + x) * 4 + 4]) }
        XCTAssertEqual(at(10, 10), [255, 0, 0, 255])
        // 0.5 alpha is 128 of 255: red 255 x 128/255 over grey 230 x 127/255.
        XCTAssertEqual(at(45, 10), [UInt8(128 + Pixmap.mul255(230, 127)), UInt8(Pixmap.mul255(230, 127)), UInt8(Pixmap.mul255(230, 127)), 255])
        XCTAssertEqual(at(10, 35), [230, 230, 230, 255])
        XCTAssertEqual(at(45, 35), [230, 230, 230, 255])
    }

    func testAShadowPathOfTheLayersShapeGivesTheOffscreenShadowsPixels() {
        // An opaque rectangle with a shadow: through an offscreen group (the shadow from what
        // the group drew) and through `.shadow` with the rectangle as the path (shadowPath).
        let shape = rect(12, 8, 40, 26)
        let shadow = ShadowSpec(color: DrawColor(r: 0, g: 0, b: 0.2, a: 0.6), sigma: 5, offset: Point(2, 4.5), clip: frame)
        let body = DrawCommand.fill(FillCommand(layer: 0, path: shape, paint: .solid(DrawColor(r: 1, g: 0.5, b: 0, a: 1)),
                                                rule: .nonZero, alpha: 255, clip: frame))
        let grouped = run([.begin(ScopeCommand(layer: 0, clipPath: nil, clip: frame, group: GroupSpec(alpha: 255, shadow: shadow))), body, .end])
        let fast = run([.shadow(ShadowFillCommand(layer: 0, path: shape, shadow: shadow, alpha: 255)), body])
        XCTAssertEqual(fast, grouped)
        XCTAssertNotEqual(fast, run([body]), "the shadow is drawn")
    }

    /// A shadow whose alpha plane equals one blurred in the frame before (moved by whole pixels)
    /// reuses that blur: frame after frame through one executor with a cache gives exactly the
    /// pixels of executors without one, and the reuse happens (BlurCache's rule).
    func testAReusedShadowBlurGivesTheSamePixelsAsBlurringAgain() {
        let cache = MaskCache()
        let cached = DrawExecutor(cache: cache)
        let shadow = ShadowSpec(color: DrawColor(r: 0, g: 0, b: 0, a: 0.5), sigma: 6, offset: Point(0, 3), clip: frame)
        for (i, (x, y)) in [(10.0, 6.0), (10, 6), (12, 3), (13, 9), (13.5, 9), (13.5, 9)].enumerated() {
            let card = rect(x, y, x + 30, y + 18)
            let commands: [DrawCommand] = [
                .begin(ScopeCommand(layer: 0, clipPath: nil, clip: frame, group: GroupSpec(alpha: 255, shadow: shadow))),
                .fill(FillCommand(layer: 0, path: card, paint: .solid(DrawColor(r: 1, g: 1, b: 1, a: 1)), rule: .nonZero, alpha: 255, clip: frame)),
                .end,
                .shadow(ShadowFillCommand(layer: 1, path: rect(x + 2, y + 20, x + 20, y + 24), shadow: shadow, alpha: 255)),
            ]
            let list = DrawList(width: 60, height: 40, background: DrawColor(r: 0.9, g: 0.9, b: 0.9, a: 1), commands: commands)
            XCTAssertEqual(cached.run(list).data, run(commands), "frame \(i)")
        }
        // Frames 1 and 5 repeat their predecessors; 2 and 3 are whole-pixel moves of frame 0's
        // shapes (both the group's plane and the shadow path's coverage); 4 moves by half a pixel.
        let (hits, misses) = cache.blurStatistics
        XCTAssertEqual(hits, 8)
        XCTAssertEqual(misses, 4)
    }

    func testAWholePixelClipIsARectangleWithoutMaskOrGroup() {
        let clipped = [DrawCommand.begin(ScopeCommand(layer: 0, clipPath: rect(10, 5, 45, 30), clip: frame, group: GroupSpec(alpha: 255, shadow: nil)))]
            + fills(layer: 1) + [.end]
        // The same fills drawn straight into the frame, each limited to the rectangle: what
        // compositing used to emit for such a layer.
        let limited = fills(layer: 1).map { c -> DrawCommand in
            guard case .fill(var f) = c else { return c }
            f.clip = PixelRect(x0: 10, y0: 5, x1: 45, y1: 30)
            return .fill(f)
        }
        let expected = run(limited)
        XCTAssertEqual(run(clipped), expected)
        XCTAssertEqual(run(clipped, shortcuts: []), expected, "through a mask of 0 and 255 the pixels are the same")

        let executor = DrawExecutor()
        var targets = [Pixmap(rect: frame)]
        guard case .begin(let scope) = clipped[0], let open = executor.begin(scope, targets: &targets, within: nil) else {
            return XCTFail("the scope did not open")
        }
        XCTAssertNil(open.clipMask)
        XCTAssertNil(open.group, "a group only for the clip is not needed")
        XCTAssertEqual(open.rect, PixelRect(x0: 10, y0: 5, x1: 45, y1: 30))
        XCTAssertEqual(targets.count, 1)

        let plain = DrawExecutor(shortcuts: [])
        guard let masked = plain.begin(scope, targets: &targets, within: nil) else { return XCTFail("the scope did not open") }
        XCTAssertNotNil(masked.clipMask, "with the shortcut off the clip is a mask")
        XCTAssertNil(masked.group)
    }

    func testAClipWithinDustOfWholePixelsIsARectangle() {
        // A scrolled table's bounds pass through matrix products: 29.99999999 is whole pixels.
        var targets = [Pixmap(rect: frame)]
        let dusty = ScopeCommand(layer: 0, clipPath: rect(10, 5, 45, 29.999_999_99), clip: frame, group: GroupSpec(alpha: 255, shadow: nil))
        let open = DrawExecutor().begin(dusty, targets: &targets, within: nil)
        XCTAssertNil(open?.clipMask)
        XCTAssertEqual(open?.rect, PixelRect(x0: 10, y0: 5, x1: 45, y1: 30))
        XCTAssertNil(DrawExecutor.wholePixelRect(rect(10, 5, 45, 29.999_999_99)), "a fill's rectangle must be exact")
    }

    func testAGroupWithItsOwnAlphaStaysAndAClipOffThePixelGridIsAMask() {
        let executor = DrawExecutor()
        var targets = [Pixmap(rect: frame)]
        let faded = ScopeCommand(layer: 0, clipPath: rect(10, 5, 45, 30), clip: frame, group: GroupSpec(alpha: 128, shadow: nil))
        let open = executor.begin(faded, targets: &targets, within: nil)
        XCTAssertNotNil(open?.group)
        XCTAssertNil(open?.clipMask)
        XCTAssertEqual(targets.last?.rect, PixelRect(x0: 10, y0: 5, x1: 45, y1: 30))

        targets = [Pixmap(rect: frame)]
        let offGrid = ScopeCommand(layer: 0, clipPath: rect(10.5, 5, 45, 30), clip: frame, group: GroupSpec(alpha: 255, shadow: nil))
        let half = executor.begin(offGrid, targets: &targets, within: nil)
        XCTAssertNotNil(half?.clipMask)
        XCTAssertNotNil(half?.group, "an anti-aliased clip of several fills needs the group")
    }

    func testANestedScopeAndItsShadowStayInsideTheEnclosingRectangle() {
        let shadow = ShadowSpec(color: DrawColor(r: 0, g: 0, b: 0, a: 1), sigma: 3, offset: Point(0, 6), clip: frame)
        let commands: [DrawCommand] = [
            .begin(ScopeCommand(layer: 0, clipPath: rect(0, 0, 60, 20), clip: frame, group: GroupSpec(alpha: 255, shadow: nil))),
            .begin(ScopeCommand(layer: 1, clipPath: nil, clip: frame, group: GroupSpec(alpha: 255, shadow: shadow))),
            .fill(FillCommand(layer: 1, path: rect(10, 5, 50, 18), paint: .solid(DrawColor(r: 1, g: 1, b: 1, a: 1)), rule: .nonZero,
                              alpha: 255, clip: frame)),
            .end, .end,
        ]
        for shortcuts in [Set(Shortcut.allCases), []] {
            let pixels = run(commands, shortcuts: shortcuts)
            // Below the clip (y >= 20) the shadow would reach to y = 27; nothing is drawn there.
            for y in 20..<40 {
                for x in 0..<60 {
                    XCTAssertEqual(pixels[(y * 60 + x) * 4], 230, "(\(x), \(y)) with \(shortcuts.count) shortcuts")
                }
            }
            XCTAssertLessThan(pixels[(19 * 60 + 30) * 4], 230, "the shadow shows inside the clip")
        }
    }
}
