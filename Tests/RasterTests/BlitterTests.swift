import XCTest
import Geometry
@testable import Raster

/// A target that records what the executor asks of it instead of drawing: the executor's
/// decisions (which fills are skipped, which become rectangles or masks, how groups, clips and
/// shadows turn into calls) seen through the `Blitter` seam alone.
struct RecordingBlitter: Blitter {
    let rect: PixelRect
    /// The opaque colour the target reports it has everywhere (a frame's background), if any.
    var known: PremultipliedColor?
    var calls: [String] = []
    var drawn = PixelRect.empty
    var dirty: PixelRect { drawn }

    init(rect: PixelRect) { self.rect = rect }
    init(rect: PixelRect, known: PremultipliedColor) { self.rect = rect; self.known = known }

    static func text(_ r: PixelRect) -> String { "\(r.x0),\(r.y0)-\(r.x1),\(r.y1)" }
    static func text(_ c: PremultipliedColor) -> String { "\(c.r) \(c.g) \(c.b) \(c.a)" }
    static func text(_ clip: Mask?) -> String { clip.map { " clip \(text($0.rect))" } ?? "" }

    func unchanged(byFillOf color: PremultipliedColor, within area: PixelRect) -> Bool {
        known == color && drawn.intersection(area).isEmpty
    }

    mutating func fill(rect r: PixelRect, color: PremultipliedColor, alpha: Int, clip: Mask?) {
        calls.append("rect \(Self.text(r)) \(Self.text(color)) alpha \(alpha)\(Self.text(clip))")
        drawn = drawn.union(r)
    }

    mutating func fill(_ mask: Mask, paint: Paint, alpha: Int, clip: Mask?, limit: PixelRect?) {
        let kind: String
        switch paint {
        case .solid(let c): kind = Self.text(c)
        case .linearGradient: kind = "gradient"
        case .image: kind = "image"
        case .pixels: kind = "pixels"
        }
        calls.append("mask \(Self.text(mask.rect)) \(kind) alpha \(alpha)\(Self.text(clip))\(limit.map { " limit \(Self.text($0))" } ?? "")")
        drawn = drawn.union(mask.rect)
    }

    mutating func composite(_ group: RecordingBlitter, alpha: Int, clip: Mask?) {
        calls.append("composite \(Self.text(group.rect)) alpha \(alpha)\(Self.text(clip)) [\(group.calls.joined(separator: "; "))]")
        drawn = drawn.union(group.drawn)
    }

    func channels(in area: PixelRect) -> [Mask] {
        [Mask](repeating: Mask(rect: area.intersection(rect)), count: 4)
    }

    func drawnAlpha() -> Mask {
        Mask(rect: drawn, data: [UInt8](repeating: 255, count: drawn.width * drawn.height))
    }
}

final class BlitterTests: XCTestCase {
    let frame = PixelRect(x0: 0, y0: 0, x1: 40, y1: 30)
    let white = DrawColor(r: 1, g: 1, b: 1, a: 1)
    let red = DrawColor(r: 1, g: 0, b: 0, a: 1)

    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        Path(contours: [[Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]])
    }

    func fill(_ path: Path, _ paint: PaintSpec, alpha: Int = 255) -> DrawCommand {
        .fill(FillCommand(layer: 1, path: path, paint: paint, rule: .nonZero, alpha: alpha, clip: frame))
    }

    func calls(_ commands: [DrawCommand], shortcuts: Set<Shortcut> = Set(Shortcut.allCases)) -> [String] {
        let target = RecordingBlitter(rect: frame, known: PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        return DrawExecutor(shortcuts: shortcuts).run(commands, into: target).calls
    }

    func testEachFillBecomesOneCallOrNoneAsTheShortcutsDecide() {
        let commands = [
            fill(rect(0, 0, 40, 30), .solid(white)),          // the background's own colour
            fill(rect(2, 3, 12, 13), .solid(red), alpha: 128), // a whole-pixel rectangle
            fill(rect(2.5, 3, 12, 13), .solid(red)),           // off the grid
        ]
        XCTAssertEqual(calls(commands), [
            "rect 2,3-12,13 255 0 0 255 alpha 128",
            "mask 2,3-12,13 255 0 0 255 alpha 255",
        ])
        // After the frame was drawn on there, the background's colour is no longer a no-op.
        XCTAssertEqual(calls([commands[1], commands[0]]), [
            "rect 2,3-12,13 255 0 0 255 alpha 128",
            "rect 0,0-40,30 255 255 255 255 alpha 255",
        ])
        XCTAssertEqual(calls(commands, shortcuts: []), [
            "mask 0,0-40,30 255 255 255 255 alpha 255",
            "mask 2,3-12,13 255 0 0 255 alpha 128",
            "mask 2,3-12,13 255 0 0 255 alpha 255",
        ])
    }

    func testAnImageTheExecutorDoesNotHaveDrawsNothing() {
        let missing = PaintSpec.image(ImageSpec(image: "missing.png", layerFromDevice: Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1),
                                                rect: Rect(0, 0, 10, 10)))
        XCTAssertEqual(calls([fill(rect(0, 0, 10, 10), missing)]), [])
    }

    func testAGroupWithAShadowDrawsOffscreenThenTheShadowThenTheGroup() {
        let shadow = ShadowSpec(color: DrawColor(r: 0, g: 0, b: 0, a: 0.5), sigma: 2, offset: Point(0, 3), clip: frame)
        let commands: [DrawCommand] = [
            .begin(ScopeCommand(layer: 1, clipPath: nil, clip: frame, group: GroupSpec(alpha: 128, shadow: shadow))),
            fill(rect(5, 5, 15, 15), .solid(red)),
            .end,
        ]
        let recorded = calls(commands)
        XCTAssertEqual(recorded.count, 2, "\(recorded)")
        // The shadow: the group's drawn alpha blurred and moved down 3, in the shadow colour
        // premultiplied, limited to the shadow's clip, at the group's alpha.
        let drawn = Mask(rect: PixelRect(x0: 5, y0: 5, x1: 15, y1: 15), data: [UInt8](repeating: 255, count: 100))
        let blurred = Blur.blurred(drawn, sigma: 2, dx: 0, dy: 3).rect
        XCTAssertGreaterThan(blurred.height, 10 + 6, "the blur spreads the shadow")
        XCTAssertEqual(blurred.y0 + blurred.y1, 5 + 15 + 2 * 3 + 1, "centred 3 pixels down (the box blur's rect is one wider below)")
        XCTAssertEqual(recorded.first, "mask \(RecordingBlitter.text(blurred)) 0 0 0 128 alpha 128 limit 0,0-40,30")
        XCTAssertEqual(recorded.last, "composite 0,0-40,30 alpha 128 [rect 5,5-15,15 255 0 0 255 alpha 255]")
    }

    func testAClipOnWholePixelsLimitsTheFillsAndAnyOtherClipIsAMask() {
        let inside = fill(rect(0, 0, 40, 30), .solid(red))
        let onGrid: [DrawCommand] = [
            .begin(ScopeCommand(layer: 0, clipPath: rect(10, 5, 30, 25), clip: frame, group: GroupSpec(alpha: 255, shadow: nil))),
            inside, .end,
        ]
        XCTAssertEqual(calls(onGrid), ["rect 10,5-30,25 255 0 0 255 alpha 255"])
        XCTAssertEqual(calls(onGrid, shortcuts: [.pixelRect]), ["rect 0,0-40,30 255 0 0 255 alpha 255 clip 10,5-30,25"],
                       "without pixel-clip the clip is a mask and the group is still not needed")
        let offGrid: [DrawCommand] = [
            .begin(ScopeCommand(layer: 0, clipPath: rect(10.5, 5, 30, 25), clip: frame, group: GroupSpec(alpha: 255, shadow: nil))),
            inside, .end,
        ]
        // The group covers the clip's mask; the fill asks for its whole rectangle of it.
        XCTAssertEqual(calls(offGrid), ["composite 10,5-30,25 alpha 255 clip 10,5-30,25 [rect 0,0-40,30 255 0 0 255 alpha 255]"])
    }

    func testAMaskedGroupIsCompositedThroughWhatItsMaskDraws() {
        // The content fills the frame; the mask draws a 10 x 10 square: the group is composited
        // with the mask's drawn alpha as its clip (the recording target's alpha is 255 where
        // drawn), and the mask's own fills land in a target of their own.
        let masked: [DrawCommand] = [
            .begin(ScopeCommand(layer: 0, clipPath: nil, clip: frame, group: GroupSpec(alpha: 255, shadow: nil, masked: true))),
            fill(rect(0, 0, 40, 30), .solid(red)),
            .mask,
            fill(rect(10, 10, 20, 20), .solid(white)),
            .end,
        ]
        XCTAssertEqual(calls(masked), ["composite 0,0-40,30 alpha 255 clip 10,10-20,20 [rect 0,0-40,30 255 0 0 255 alpha 255]"])
        // A mask that draws nothing masks everything out.
        XCTAssertEqual(calls(Array(masked.prefix(3)) + [.end]), [])
        // A `.mask` in a group that is not masked draws nowhere and changes nothing.
        let plain: [DrawCommand] = [
            .begin(ScopeCommand(layer: 0, clipPath: nil, clip: frame, group: GroupSpec(alpha: 128, shadow: nil))),
            fill(rect(0, 0, 40, 30), .solid(red)), .mask, fill(rect(10, 10, 20, 20), .solid(white)), .end,
        ]
        XCTAssertEqual(calls(plain), ["composite 0,0-40,30 alpha 128 [rect 0,0-40,30 255 0 0 255 alpha 255]"])
    }

    func testAClipThatCoversNoPixelDrawsNothingAndClosesOnlyItsOwnScope() {
        // A header collapsed to nothing (zero height on the grid or off it), a clip off the
        // frame: what is inside is not drawn, and the fill after the inner scope's end still
        // belongs to the outer group. (A clip a fraction of a pixel tall covers that fraction.)
        for clip in [rect(0, 12, 40, 12), rect(0, 12.25, 40, 12.25), rect(50.5, 5, 60, 25)] {
            let commands: [DrawCommand] = [
                .begin(ScopeCommand(layer: 0, clipPath: nil, clip: frame, group: GroupSpec(alpha: 128, shadow: nil))),
                .begin(ScopeCommand(layer: 2, clipPath: clip, clip: frame, group: nil)),
                fill(rect(0, 0, 40, 30), .solid(red)),
                .end,
                fill(rect(5, 5, 15, 15), .solid(red)),
                .end,
            ]
            XCTAssertEqual(calls(commands), ["composite 0,0-40,30 alpha 128 [rect 5,5-15,15 255 0 0 255 alpha 255]"], "\(clip)")
            XCTAssertEqual(calls(commands, shortcuts: []), ["composite 0,0-40,30 alpha 128 [mask 5,5-15,15 255 0 0 255 alpha 255]"], "\(clip)")
        }
    }
}
