import XCTest
import CPieceLanes
import TestSupport
import Geometry
@testable import Raster

/// The fast paths added for speed must give exactly what the plain per-channel code gives.
final class SpeedPathTests: XCTestCase {
    /// The plain per-channel source-over that `Pixmap.blend` (four channels in one word) replaces.
    static func scalarBlend(_ d: [UInt8], _ s: PremultipliedColor, _ cov: Int) -> [UInt8] {
        var sr = Int(s.r), sg = Int(s.g), sb = Int(s.b), sa = Int(s.a)
        if cov < 255 { sr = Pixmap.mul255(sr, cov); sg = Pixmap.mul255(sg, cov); sb = Pixmap.mul255(sb, cov); sa = Pixmap.mul255(sa, cov) }
        if sa == 255 { return [UInt8(sr), UInt8(sg), UInt8(sb), 255] }
        if sa == 0 && sr == 0 && sg == 0 && sb == 0 { return d }
        let inv = 255 - sa
        return [UInt8(clamping: sr + Pixmap.mul255(Int(d[0]), inv)), UInt8(clamping: sg + Pixmap.mul255(Int(d[1]), inv)),
                UInt8(clamping: sb + Pixmap.mul255(Int(d[2]), inv)), UInt8(clamping: sa + Pixmap.mul255(Int(d[3]), inv))]
    }

    /// Every source alpha and coverage with seeded colours and destinations, including sources
    /// brighter than their alpha (the clamped lane path).
    func testWordBlendEqualsPerChannelBlend() {
        var g = SeededGenerator(state: 42)
        var pixel = [UInt8](repeating: 0, count: 4)
        for sa in 0...255 {
            for cov in stride(from: 0, through: 255, by: 5) + [254, 255] {
                let bright = g.next() % 8 == 0
                let top = bright ? 255 : sa
                let s = PremultipliedColor(r: UInt8(Int(g.next() % UInt64(top + 1))), g: UInt8(Int(g.next() % UInt64(top + 1))),
                                           b: UInt8(Int(g.next() % UInt64(top + 1))), a: UInt8(sa))
                let da = Int(g.next() % 256)
                let d: [UInt8] = [UInt8(Int(g.next() % UInt64(da + 1))), UInt8(Int(g.next() % UInt64(da + 1))),
                                  UInt8(Int(g.next() % UInt64(da + 1))), UInt8(da)]
                pixel = d
                pixel.withUnsafeMutableBufferPointer { Pixmap.blend($0.baseAddress!, s, cov) }
                let expected = SpeedPathTests.scalarBlend(d, s, cov)
                XCTAssertEqual(pixel, expected, "s \(s) cov \(cov) d \(d)")
                if pixel != expected { return }
            }
        }
    }

    /// A group pixmap taken back from the spare is byte for byte a new one, and drawing frames
    /// through an executor that reuses groups gives the pixels of one that does not.
    func testReusedGroupPixmapsGiveTheSamePixels() {
        var p = Pixmap(rect: PixelRect(x0: 3, y0: 2, x1: 40, y1: 30))
        p.fill(rect: PixelRect(x0: 5, y0: 4, x1: 20, y1: 25), color: PremultipliedColor(r: 200, g: 10, b: 0, a: 255))
        let spare = PixmapSpare()
        spare.putGroup(p)
        let back = spare.takeGroup(rect: p.rect)
        XCTAssertEqual(back?.data, Pixmap(rect: p.rect).data)
        XCTAssertEqual(back?.dirty, .empty)
        XCTAssertNil(spare.takeGroup(rect: p.rect), "taken once")

        let frame = PixelRect(x0: 0, y0: 0, x1: 48, y1: 36)
        let shadow = ShadowSpec(color: DrawColor(r: 0, g: 0, b: 0, a: 0.4), sigma: 4, offset: Point(1, 2), clip: frame)
        let kept = DrawExecutor(spare: PixmapSpare())
        for i in 0..<4 {
            let x = 4.0 + Double(i) * 3.5
            let commands: [DrawCommand] = [
                .begin(ScopeCommand(layer: 0, clipPath: nil, clip: frame, group: GroupSpec(alpha: 200, shadow: shadow))),
                .fill(FillCommand(layer: 0, path: Path(contours: [[Point(x, 6), Point(x + 20, 6), Point(x + 20, 24), Point(x, 24)]]),
                                  paint: .solid(DrawColor(r: 1, g: 1, b: 1, a: 1)), rule: .nonZero, alpha: 255, clip: frame)),
                .begin(ScopeCommand(layer: 1, clipPath: nil, clip: frame, group: GroupSpec(alpha: 128, shadow: nil))),
                .fill(FillCommand(layer: 1, path: Path(contours: [[Point(x + 2, 8), Point(x + 30 - Double(i), 8), Point(x + 9, 30)]]),
                                  paint: .solid(DrawColor(r: 0, g: 0.5, b: 1, a: 0.8)), rule: .nonZero, alpha: 255, clip: frame)),
                .end, .end,
            ]
            let list = DrawList(width: 48, height: 36, background: DrawColor(r: 0.9, g: 0.9, b: 0.9, a: 1), commands: commands)
            let reused = kept.run(list)
            XCTAssertEqual(reused.data, DrawExecutor().run(list).data, "frame \(i)")
            kept.recycle(reused)
        }
    }

    /// Compositing a group equals blending it pixel by pixel: seeded sources (transparent,
    /// opaque, translucent, brighter than their alpha), alphas, with and without a clip mask of
    /// full, empty and partial coverage, a group offset from the target, runs of opaque pixels.
    func testCompositeEqualsPixelBlend() {
        var g = SeededGenerator(state: 13)
        for trial in 0..<80 {
            let target = PixelRect(x0: 0, y0: 0, x1: 9 + trial % 4, y1: 6)
            let groupRect = PixelRect(x0: trial % 3, y0: 1, x1: target.x1 - trial % 2, y1: 6)
            var group = Pixmap(rect: groupRect)
            group.fill(rect: groupRect, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0))   // marks all of it drawn
            XCTAssertEqual(group.dirty, groupRect)
            for i in stride(from: 0, to: group.data.count, by: 4) {
                // Every fifth trial mostly opaque: runs of opaque pixels (copied a run at a time).
                let kind = trial % 5 == 0 && g.next() % 6 != 0 ? 1 : g.next() % 4
                let a = kind == 0 ? 0 : kind == 1 ? 255 : Int(g.next() % 256)
                let top = UInt64(g.next() % 6 == 0 ? 255 : a) + 1
                group.data[i] = UInt8(g.next() % top); group.data[i + 1] = UInt8(g.next() % top)
                group.data[i + 2] = UInt8(g.next() % top); group.data[i + 3] = UInt8(a)
            }
            var base = Pixmap(rect: target)
            for i in base.data.indices { base.data[i] = UInt8(g.next() % 256) }
            var clip: Mask?
            if trial % 2 == 1 {
                var m = Mask(rect: PixelRect(x0: 0, y0: 0, x1: target.x1, y1: 5))
                for i in m.data.indices {
                    m.data[i] = trial % 5 == 0 && g.next() % 6 != 0 ? 255 : [0, 255, 255, UInt8(g.next() % 256)][Int(g.next() % 4)]
                }
                clip = m
            }
            let alpha = [255, 255, 128, Int(g.next() % 256)][trial % 4]
            var fast = base
            fast.composite(group, alpha: alpha, clip: clip)
            var plain = base
            var area = groupRect.intersection(target)
            if let clip { area = area.intersection(clip.rect) }
            for y in area.y0..<area.y1 {
                for x in area.x0..<area.x1 {
                    let si = ((y - groupRect.y0) * groupRect.width + x - groupRect.x0) * 4
                    let s = PremultipliedColor(r: group.data[si], g: group.data[si + 1], b: group.data[si + 2], a: group.data[si + 3])
                    var cov = alpha
                    if let clip { cov = Pixmap.mul255(cov, Int(clip.coverage(x, y))) }
                    plain.data.withUnsafeMutableBufferPointer { Pixmap.blend($0.baseAddress! + (y * target.width + x) * 4, s, cov) }
                }
            }
            XCTAssertEqual(fast.data, plain.data, "trial \(trial)")
        }
    }

    /// The C row blend (`tr_blend_row`, with and without a mask: four pixels at a time, then a
    /// scalar tail) equals `blend` of each pixel with its coverage, on rows of every length up to 81,
    /// with and without a clip: runs of clear and of opaque pixels (skipped and
    /// copied four at a time), translucent and brighter-than-alpha sources, coverage 0 and 255.
    func testCompositeRowEqualsPixelBlend() {
        var g = SeededGenerator(state: 29)
        for trial in 0..<1200 {
            let n = trial % 82
            // 64 bytes past the row that neither form may touch (compared below).
            var src = [UInt8](repeating: 0, count: 4 * n + 64), dst = [UInt8](repeating: 0, count: 4 * n + 64)
            var clip = [UInt8](repeating: 0, count: n + 16), mask = [UInt8](repeating: 0, count: n + 16)
            var i = 0
            while i < n {
                // Long runs of clear or opaque pixels and of zero or full mask bytes (the
                // sixteen-at-a-time skips), short ones of anything.
                let kind = g.next() % 4, maskKind = g.next() % 4
                let run = Int(g.next() % (kind < 2 ? 40 : 6)) + 1
                for _ in 0..<run where i < n {
                    let a = kind == 0 ? 0 : kind == 1 ? 255 : Int(g.next() % 256)
                    let top = UInt64(g.next() % 6 == 0 ? 255 : a) + 1
                    for c in 0..<3 { src[4 * i + c] = kind == 0 ? 0 : UInt8(g.next() % top) }
                    src[4 * i + 3] = UInt8(a)
                    clip[i] = [0, 255, 255, UInt8(g.next() % 256)][Int(g.next() % 4)]
                    mask[i] = maskKind == 0 ? 0 : maskKind == 1 ? 255 : [0, 255, 255, UInt8(g.next() % 256)][Int(g.next() % 4)]
                    i += 1
                }
            }
            for k in dst.indices { dst[k] = UInt8(g.next() % 256) }
            let alpha = [255, 255, 0, Int(g.next() % 256)][Int(g.next() % 4)]
            let clipped = trial % 3 != 0, masked = trial % 5 >= 3
            var fast = dst, plain = dst
            src.withUnsafeBufferPointer { s in
                clip.withUnsafeBufferPointer { c in
                    mask.withUnsafeBufferPointer { m in
                        fast.withUnsafeMutableBufferPointer { d in
                            tr_blend_row(d.baseAddress!, s.baseAddress!, masked ? m.baseAddress! : nil, clipped ? c.baseAddress! : nil, n, Int32(alpha))
                        }
                    }
                }
            }
            for x in 0..<n {
                let s = PremultipliedColor(r: src[4 * x], g: src[4 * x + 1], b: src[4 * x + 2], a: src[4 * x + 3])
                // A group's coverage as `composite` had it; a shaded row's as `fillShaded`.
                var cov = clipped ? Pixmap.mul255(alpha, Int(clip[x])) : alpha
                if masked {
                    cov = Pixmap.coverage(mask[x], clip: clipped ? Mask(rect: PixelRect(x0: 0, y0: 0, x1: n + 16, y1: 1), data: clip) : nil,
                                          at: x, alpha: alpha)
                }
                plain.withUnsafeMutableBufferPointer { Pixmap.blend($0.baseAddress! + 4 * x, s, cov) }
            }
            XCTAssertEqual(fast, plain, "trial \(trial)")
        }
    }

    /// The C solid row (`tr_fill_solid_row`) equals `blend` of the colour with each pixel's
    /// `coverage`, with and without a mask and a clip, at every alpha kind, on rows of every
    /// length up to 81: runs of zero and full mask coverage, opaque, translucent and clear
    /// colours, colours brighter than their alpha. And a shaded row of `PremultipliedColor`
    /// is the r, g, b, a bytes `tr_blend_row` reads.
    func testSolidRowEqualsPixelBlend() {
        XCTAssertEqual([MemoryLayout<PremultipliedColor>.offset(of: \.r), MemoryLayout<PremultipliedColor>.offset(of: \.g),
                        MemoryLayout<PremultipliedColor>.offset(of: \.b), MemoryLayout<PremultipliedColor>.offset(of: \.a),
                        MemoryLayout<PremultipliedColor>.stride], [0, 1, 2, 3, 4])
        var g = SeededGenerator(state: 31)
        for trial in 0..<1800 {
            let n = trial % 82
            // Past the row: full mask and clip bytes, which no pixel may take as its own.
            var mask = [UInt8](repeating: 255, count: n + 16), clip = [UInt8](repeating: 255, count: n + 16)
            var i = 0
            while i < n {
                // Long runs of zero and full mask bytes (the sixteen-at-a-time loops), short
                // ones of partial coverage; clip bytes vary within a run.
                let kind = g.next() % 3
                let run = Int(g.next() % (kind < 2 ? 40 : 7)) + 1
                for _ in 0..<run where i < n {
                    mask[i] = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(g.next() % 256)
                    clip[i] = [0, 255, 255, UInt8(g.next() % 256)][Int(g.next() % 4)]
                    i += 1
                }
            }
            let a = [255, 255, 0, Int(g.next() % 256)][Int(g.next() % 4)]
            let top = UInt64(g.next() % 5 == 0 ? 255 : a) + 1
            let colour = PremultipliedColor(r: UInt8(g.next() % top), g: UInt8(g.next() % top), b: UInt8(g.next() % top), a: UInt8(a))
            // 64 bytes past the row that neither form may touch (compared below).
            var dst = [UInt8](repeating: 0, count: 4 * n + 64)
            for k in dst.indices { dst[k] = UInt8(g.next() % 256) }
            let alpha = [255, 255, 0, Int(g.next() % 256)][Int(g.next() % 4)]
            let masked = trial % 4 != 0, clipped = trial % 3 != 0
            var fast = dst, plain = dst
            mask.withUnsafeBufferPointer { m in
                clip.withUnsafeBufferPointer { c in
                    fast.withUnsafeMutableBufferPointer { d in
                        tr_fill_solid_row(d.baseAddress!, masked ? m.baseAddress! : nil, clipped ? c.baseAddress! : nil, n, Int32(alpha),
                                          Int32(colour.r), Int32(colour.g), Int32(colour.b), Int32(colour.a))
                    }
                }
            }
            let clipMask = clipped ? Mask(rect: PixelRect(x0: 0, y0: 0, x1: n + 16, y1: 1), data: clip) : nil
            for x in 0..<n {
                let cov = Pixmap.coverage(masked ? mask[x] : 255, clip: clipMask, at: x, alpha: alpha)
                if cov == 0 { continue }
                plain.withUnsafeMutableBufferPointer { Pixmap.blend($0.baseAddress! + 4 * x, colour, cov) }
            }
            XCTAssertEqual(fast, plain, "trial \(trial)")
        }
    }

    /// A whole-pixel rectangle fill (word stores, one scaled colour per row) equals filling the
    /// rectangle's rasterized mask through the general path, for opaque and translucent colours
    /// and partial alpha.
    func testRectangleFillEqualsMaskFill() {
        let rect = PixelRect(x0: 0, y0: 0, x1: 12, y1: 9)
        let r = PixelRect(x0: 2, y0: 1, x1: 10, y1: 7)
        let mask = Rasterizer().mask(Path(contours: [[Point(2, 1), Point(10, 1), Point(10, 7), Point(2, 7)]]), rule: .nonZero, clip: rect)!
        for (color, alpha) in [(PremultipliedColor(r: 200, g: 10, b: 30, a: 255), 255), (PremultipliedColor(r: 60, g: 90, b: 0, a: 128), 255),
                               (PremultipliedColor(r: 200, g: 10, b: 30, a: 255), 77)] {
            var a = Pixmap(rect: rect), b = Pixmap(rect: rect)
            a.clear(to: PremultipliedColor(r: 10, g: 20, b: 30, a: 200))
            b.clear(to: PremultipliedColor(r: 10, g: 20, b: 30, a: 200))
            a.fill(rect: r, color: color, alpha: alpha)
            b.fill(mask, paint: .solid(color), alpha: alpha)
            XCTAssertEqual(a.data, b.data, "\(color) alpha \(alpha)")
        }
    }

    /// The C row loops read one byte per pixel of a mask's rect unchecked, so a public `Mask`
    /// built with too few bytes (or too many) draws as if the missing bytes were 0: fills,
    /// clips, a group composited through one and a blur of one (the short masks read past
    /// their bytes before: a crash). A huge rect with a few bytes is cut to them, not padded.
    /// An alpha above 255 draws as 255, the clip still applying (the contract the clamp keeps
    /// for the C loops; they gave the same before).
    func testMalformedMasksAndAlphaAreNormalised() {
        let rect = PixelRect(x0: 0, y0: 0, x1: 64, y1: 48)
        let r = PixelRect(x0: 3, y0: 2, x1: 61, y1: 45)
        let count = r.width * r.height
        let bytes = (0..<count / 3).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let short = Mask(rect: r, data: bytes)
        let long = Mask(rect: r, data: bytes + [UInt8](repeating: 0, count: count - bytes.count) + [UInt8](repeating: 255, count: 500))
        let padded = Mask(rect: r, data: bytes + [UInt8](repeating: 0, count: count - bytes.count))
        same(long.wellFormed.data, padded.data)
        XCTAssertEqual(short.wellFormed.data.count, (bytes.count / r.width + 1) * r.width)   // cut to the rows it reaches
        for y in r.y0..<r.y1 {
            for x in r.x0..<r.x1 where short.wellFormed.coverage(x, y) != padded.coverage(x, y) {
                return XCTFail("pixel \(x),\(y)")
            }
        }
        let colour = PremultipliedColor(r: 200, g: 10, b: 30, a: 255)
        let under = PremultipliedColor(r: 10, g: 20, b: 30, a: 200)
        // (Compared without printing the pixels when they differ.)
        func same(_ a: [UInt8], _ b: [UInt8], line: UInt = #line) { XCTAssertTrue(a == b, "differs", line: line) }
        func drawn(_ draw: (inout Pixmap) -> Void) -> [UInt8] {
            var p = Pixmap(rect: rect)
            p.clear(to: under)
            draw(&p)
            return p.data
        }
        for bad in [short, long] {
            same(drawn { $0.fill(bad, paint: .solid(colour)) }, drawn { $0.fill(padded, paint: .solid(colour)) })
            same(drawn { $0.fill(rect: r, color: colour, clip: bad) }, drawn { $0.fill(rect: r, color: colour, clip: padded) })
            same(drawn { $0.fill(Mask(rect: r, data: [UInt8](repeating: 255, count: count)), paint: .solid(colour), clip: bad) },
                           drawn { $0.fill(Mask(rect: r, data: [UInt8](repeating: 255, count: count)), paint: .solid(colour), clip: padded) })
            let group = Pixmap(rect: rect, filledWith: colour)
            same(drawn { $0.composite(group, alpha: 255, clip: bad) }, drawn { $0.composite(group, alpha: 255, clip: padded) })
            // The same coverage everywhere (the short mask's rect is cut, so its blur's is too).
            let a = Blur.blurred(bad, sigma: 6, dx: 1, dy: 2), b = Blur.blurred(padded, sigma: 6, dx: 1, dy: 2)
            let both = a.rect.union(b.rect)
            var differing = 0
            for y in both.y0..<both.y1 { for x in both.x0..<both.x1 where a.coverage(x, y) != b.coverage(x, y) { differing += 1 } }
            XCTAssertEqual(differing, 0)
        }
        // Alpha above 255: the clip's zeros still keep the group out.
        let group = Pixmap(rect: rect, filledWith: colour)
        let none = Mask(rect: r)
        same(drawn { $0.composite(group, alpha: 300, clip: none) }, drawn { _ in })
        same(drawn { $0.composite(group, alpha: 300, clip: padded) }, drawn { $0.composite(group, alpha: 255, clip: padded) })
        same(drawn { $0.fill(padded, paint: .solid(colour), alpha: 999) }, drawn { $0.fill(padded, paint: .solid(colour)) })
        // A rect too large to hold, with three bytes: those three pixels.
        let huge = Mask(rect: PixelRect(x0: 0, y0: 0, x1: Int.max, y1: Int.max), data: [1, 2, 3])
        XCTAssertEqual(huge.wellFormed.rect, PixelRect(x0: 0, y0: 0, x1: 3, y1: 1))
        XCTAssertEqual(Mask(rect: PixelRect(x0: 0, y0: 0, x1: 1_000_000, y1: 1_000_000), data: [9, 9]).wellFormed.data.count, 2)
        same(drawn { $0.fill(huge, paint: .solid(colour)) },
             drawn { $0.fill(Mask(rect: PixelRect(x0: 0, y0: 0, x1: 3, y1: 1), data: [1, 2, 3]), paint: .solid(colour)) })
    }

    /// An opaque pixmap is its own straight-alpha form; a translucent one is divided out.
    /// A rectilinear path moved by whole rows gets the cached mask moved by those rows, and that
    /// is byte for byte the mask of rasterizing it: rectangles, L shapes, frames with holes,
    /// hairlines, edges a few ulps above a row boundary, vertices on row boundaries, both
    /// rules, shifts up and down; a move that is not exact (long fractions at another height)
    /// and a slanted edge are rasterized, not shifted; a path reaching past the clip is
    /// rasterized too.
    func testRectilinearMasksMovedByWholeRows() {
        var g = SeededGenerator(state: 41)
        let clip = PixelRect(x0: 0, y0: 0, x1: 96, y1: 900)
        var shifted = 0
        for trial in 0..<400 {
            let cache = MaskCache()
            cache.beginFrame()
            // Heights: short fractions (exact after any whole shift), long ones, a few ulps
            // above a boundary, boundaries.
            func y(_ base: Double) -> Double {
                switch g.next() % 5 {
                case 0: return base + Double(g.next() % 1024) / 1024
                case 1: return base + g.unit()
                case 2: return base.nextUp.nextUp
                case 3: return base
                default: return base + 0.5
                }
            }
            func x() -> Double { [Double(g.next() % 90), 3 + g.unit() * 80, Double(g.next() % 90) + 0.25][Int(g.next() % 3)] }
            let top = 20 + Double(g.next() % 200)
            let xa = x(), xb = xa + 1 + g.unit() * 8
            let ya = y(top), yb = y(top + 1 + Double(g.next() % 40)), yc = y(top + Double(g.next() % 3))
            var contours: [[Point]] = []
            let shape = g.next() % 6
            switch shape {
            case 0: contours = [[Point(xa, ya), Point(xb, ya), Point(xb, yb), Point(xa, yb)]]
            case 5: contours = [[Point(xa, ya), Point(xb + 7, yb), Point(xb + 7, ya + 0.375), Point(xa + 0.5, yb + 2)]]   // crossing slanted edges
            case 1: contours = [[Point(xa, ya), Point(xb, ya), Point(xb, yc.nextUp + 0.5), Point(xa + 0.5, yc.nextUp + 0.5),
                                 Point(xa + 0.5, yb), Point(xa, yb)]]   // an L
            case 2: contours = [[Point(xa, ya), Point(xb + 4, ya), Point(xb + 4, yb + 3), Point(xa, yb + 3)],
                                [Point(xa + 1, ya + 1), Point(xa + 1, yb + 1), Point(xb + 2, yb + 1), Point(xb + 2, ya + 1)]]   // a frame
            case 3: contours = [[Point(xa, ya), Point(xb, ya), Point(xb, ya + 1.0 / 3), Point(xa, ya + 1.0 / 3)]]   // a hairline
            default: contours = [[Point(xa, ya), Point(xb, ya), Point(xb, yb), Point(xa + 0.5, yb)]]   // one slanted edge
            }
            let rule: FillRule = g.next() % 2 == 0 ? .nonZero : .evenOdd
            let path = Path(contours: contours)
            _ = cache.mask(path, rule: rule, clip: clip) { Rasterizer().mask(path, rule: rule, clip: clip) }
            let k = Double(Int(g.next() % 600) - 10)
            let moved = Path(contours: contours.map { $0.map { Point($0.x, $0.y + k) } })
            var rasterized = false
            let got = cache.mask(moved, rule: rule, clip: clip) { rasterized = true; return Rasterizer().mask(moved, rule: rule, clip: clip) }
            let direct = Rasterizer().mask(moved, rule: rule, clip: clip)
            XCTAssertEqual(got?.rect, direct?.rect, "trial \(trial): \(contours), moved by \(k)")
            XCTAssertEqual(got?.data, direct?.data, "trial \(trial): \(contours), moved by \(k)")
            if !rasterized { shifted += 1 }
            if shape >= 4 { XCTAssertTrue(rasterized, "trial \(trial): slanted edges are not shifted") }
            if g.next() % 4 == 0 {
                // Reaching past the clip (clipped, so not a shifted copy): rasterized after the
                // same path one row higher was cached.
                let past = Path(contours: contours.map { $0.map { Point($0.x + 90, $0.y) } })
                let below = Path(contours: past.contours.map { $0.map { Point($0.x, $0.y + 1) } })
                _ = cache.mask(past, rule: rule, clip: clip) { Rasterizer().mask(past, rule: rule, clip: clip) }
                var again = false
                let m = cache.mask(below, rule: rule, clip: clip) { again = true; return Rasterizer().mask(below, rule: rule, clip: clip) }
                XCTAssertTrue(again, "trial \(trial): a clipped path is not shifted")
                XCTAssertEqual(m?.data, Rasterizer().mask(below, rule: rule, clip: clip)?.data)
            }
        }
        XCTAssertGreaterThan(shifted, 60, "the shifted case was exercised")
    }

    /// A pixmap made filled is the pixmap made empty and then cleared: bytes and drawn area.
    func testFilledPixmapEqualsClearedPixmap() {
        for rect in [PixelRect(x0: 0, y0: 0, x1: 7, y1: 5), PixelRect(x0: 3, y0: 2, x1: 40, y1: 9), PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)] {
            for c in [PremultipliedColor(straightR: 1, g: 1, b: 1, a: 1), PremultipliedColor(straightR: 0.2, g: 0.5, b: 0.9, a: 0.6),
                      PremultipliedColor(straightR: 0, g: 0, b: 0, a: 0)] {
                var cleared = Pixmap(rect: rect)
                cleared.clear(to: c)
                let filled = Pixmap(rect: rect, filledWith: c)
                XCTAssertEqual(filled.data, cleared.data)
                XCTAssertEqual(filled.dirty, cleared.dirty)
            }
        }
    }

    func testUnpremultiplyFastPathAndGeneralPath() {
        var p = Pixmap(rect: PixelRect(x0: 0, y0: 0, x1: 3, y1: 2))
        p.clear(to: PremultipliedColor(r: 1, g: 2, b: 3, a: 255))
        XCTAssertEqual(p.unpremultipliedRGBA(), p.data)
        p.data[7] = 128; p.data[4] = 64; p.data[5] = 0; p.data[6] = 128
        let out = p.unpremultipliedRGBA()
        XCTAssertEqual(Array(out[4..<8]), [128, 0, 255, 128])
        XCTAssertEqual(Array(out[0..<4]), [1, 2, 3, 255])
    }

    /// The cache returns the mask it was given for an equal path, rasterizes a moved path, and
    /// forgets what two frames did not use.
    func testMaskCacheHitsOnlyOnEqualPathsAndForgetsOldOnes() {
        let cache = MaskCache()
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        func circle(_ cx: Double) -> Path {
            Path(contours: [(0..<80).map { i in
                let (s, c) = DetMath.sinCos(radians: Double(i) / 80 * 2 * 3.141592653589793)
                return Point(cx + 20 * c, 32 + 20 * s)
            }])
        }
        var rasterized = 0
        func get(_ p: Path) -> Mask? {
            cache.mask(p, rule: .nonZero, clip: clip) { rasterized += 1; return Rasterizer().mask(p, rule: .nonZero, clip: clip) }
        }
        cache.beginFrame()
        let first = get(circle(32))
        let again = get(circle(32))
        XCTAssertEqual(rasterized, 1)
        XCTAssertEqual(first?.data, again?.data)
        XCTAssertEqual(first?.data, Rasterizer().mask(circle(32), rule: .nonZero, clip: clip)?.data)
        _ = get(circle(32.25))
        XCTAssertEqual(rasterized, 2, "a moved path is rasterized")
        // Evenodd is another mask.
        _ = cache.mask(circle(32), rule: .evenOdd, clip: clip) { rasterized += 1; return nil }
        XCTAssertEqual(rasterized, 3)
        cache.beginFrame()
        cache.beginFrame()
        cache.beginFrame()
        _ = get(circle(32))
        XCTAssertEqual(rasterized, 4, "entries unused for two frames are dropped")
        XCTAssertEqual(cache.statistics.hits, 1)
    }

    /// Gradient shading two pixels at a time, and the one-colour rows, give what the plain
    /// per-pixel loop gives, on seeded homographies: general ones, planes whose layer y and w do
    /// not depend on device x (the one-colour case), with zero coefficients, a row where w is
    /// exactly zero, and extreme scales; axes vertical, horizontal, sloped and of zero length.
    func testGradientShadingEqualsPlainShading() {
        var g = SeededGenerator(state: 7)
        func coefficient() -> Double {
            switch g.next() % 8 {
            case 0: return 0
            case 1: return -0.0
            case 2: return (g.unit() - 0.5) * 1e-12
            case 3: return (g.unit() - 0.5) * 1e12
            default: return (g.unit() - 0.5) * 4
            }
        }
        let stops = [(0.0, 1.0, 0.2, 0.0, 1.0), (0.4, 0.0, 0.5, 1.0, 0.6), (1.0, 0.3, 0.3, 0.3, 0.0)]
        var oneColourRows = 0, rows = 0
        for k in 0..<600 {
            var h = Homography(a: coefficient(), b: coefficient(), c: coefficient(), d: coefficient(), e: coefficient(),
                               f: coefficient(), g: coefficient() * 100, h: coefficient() * 100, i: coefficient())
            if k % 2 == 0 { h.b = g.next() % 2 == 0 ? 0 : -0.0; h.c = g.next() % 2 == 0 ? 0 : -0.0 }
            if k % 10 == 0 { h.f = 1; h.i = -10.5 }   // w = 0 on row 10
            let start = Point((g.unit() - 0.5) * 50, (g.unit() - 0.5) * 50)
            var end = Point((g.unit() - 0.5) * 50, (g.unit() - 0.5) * 50)
            switch k % 5 {
            case 0, 1: end.x = start.x
            case 2: end.y = start.y
            case 3: end = start
            default: break
            }
            let paint = LinearGradientPaint(layerFromDevice: h, start: start, end: end, stops: stops)
            let x0 = Int(g.next() % 40) - 20, width = 1 + Int(g.next() % 37)
            var fast = [UInt64](repeating: 0, count: width), plain = fast
            for y in 0..<24 {
                let from = Int(g.next() % UInt64(width)), to = from + 1 + Int(g.next() % UInt64(width - from))
                // The parameters bit for bit (the colours quantize them).
                paint.parameters(y: y, x0: x0, from: from, to: to) { fast[$0] = $1.bitPattern }
                paint.parametersPlain(y: y, x0: x0, from: from, to: to) { plain[$0] = $1.bitPattern }
                XCTAssertEqual(fast, plain, "homography \(h), start \(start), end \(end), row \(y)")
                if fast != plain { return }
                rows += 1
                if let c = paint.rowColor(y: y, x0: x0 + from, x1: x0 + to) {
                    oneColourRows += 1
                    var colours: [PremultipliedColor] = []
                    paint.parametersPlain(y: y, x0: x0, from: from, to: to) { colours.append(paint.table[Int($1 * 1023 + 0.5)]) }
                    XCTAssertEqual(colours, Array(repeating: c, count: to - from),
                                   "one-colour row: homography \(h), start \(start), end \(end), row \(y)")
                }
            }
        }
        XCTAssertGreaterThan(oneColourRows, rows / 10, "the one-colour case is exercised")
        // A row where the layer x overflows except at one pixel (w subnormal, X zero there):
        // there t differs from its neighbours', so the row is not one colour.
        let edge = LinearGradientPaint(layerFromDevice: Homography(a: 1, b: 0, c: 0, d: 0, e: 0, f: 0, g: -3.5, h: 1e-311, i: 1e-310),
                                       start: Point(0, 0), end: Point(0, 1), stops: stops)
        var ts: [Double] = []
        edge.parametersPlain(y: 0, x0: 0, from: 0, to: 6) { ts.append($1) }
        XCTAssertEqual(ts.filter { $0 > 0 }.count, 1, "\(ts)")
        XCTAssertNil(edge.rowColor(y: 0, x0: 0, x1: 6))
    }

    /// Source-over of an opaque colour onto a pixel of that colour gives the pixel back, at
    /// every coverage: every channel value, every coverage (what `Pixmap.Known` rests on).
    func testOpaqueColourOverItselfIsUnchanged() {
        for x in 0...255 {
            let c = PremultipliedColor(r: UInt8(x), g: UInt8(255 - x), b: UInt8(x / 3), a: 255)
            for cov in 0...255 {
                var pixel: [UInt8] = [c.r, c.g, c.b, 255]
                pixel.withUnsafeMutableBufferPointer { Pixmap.blend($0.baseAddress!, c, cov) }
                XCTAssertEqual(pixel, [c.r, c.g, c.b, 255], "colour \(c) coverage \(cov)")
                if pixel != [c.r, c.g, c.b, 255] { return }
            }
        }
    }

    /// A pixmap filled with an opaque colour skips fills of that colour outside the areas drawn
    /// on since (and the compositor skips their coverage where `unchanged(byFillOf:within:)`
    /// says so); seeded sequences of draws give the bytes of a pixmap that knows nothing:
    /// masks of every kind of coverage in that colour and others, with alpha, clip masks and
    /// limits, rectangle fills, composited groups; more draws than the knowledge keeps. Reset
    /// for the next frame (`PixmapSpare`), it equals a new filled pixmap.
    func testFillsOfTheKnownColourSkipOnlyWhatTheyCannotChange() {
        var g = SeededGenerator(state: 23)
        let bounds = PixelRect(x0: 0, y0: 0, x1: 40, y1: 30)
        func randomRect() -> PixelRect {
            let x0 = Int(g.next() % 44) - 2, y0 = Int(g.next() % 34) - 2
            return PixelRect(x0: x0, y0: y0, x1: x0 + 1 + Int(g.next() % 20), y1: y0 + 1 + Int(g.next() % 14))
        }
        func randomMask() -> Mask {
            var m = Mask(rect: randomRect())
            for i in m.data.indices {
                switch g.next() % 4 {
                case 0: m.data[i] = 0
                case 1: m.data[i] = 255
                default: m.data[i] = UInt8(g.next() % 256)
                }
            }
            return m
        }
        var skippedCoverage = 0, partial = 0, dropped = 0
        for trial in 0..<60 {
            let known = PremultipliedColor(r: UInt8(g.next() % 256), g: UInt8(g.next() % 256), b: UInt8(g.next() % 256), a: 255)
            var fast = Pixmap(rect: bounds, filledWith: known)
            var plain = Pixmap(rect: bounds)
            plain.fill(rect: bounds, color: known)
            XCTAssertNil(plain.known)
            for step in 0..<(trial % 3 == 0 ? 800 : 25) {
                let colour: PremultipliedColor
                switch g.next() % 4 {
                case 0, 1: colour = known
                case 2: colour = PremultipliedColor(r: UInt8(g.next() % 256), g: UInt8(g.next() % 256), b: UInt8(g.next() % 256), a: 255)
                default:
                    let a = UInt64(g.next() % 256)
                    colour = PremultipliedColor(r: UInt8(g.next() % (a + 1)), g: UInt8(g.next() % (a + 1)), b: UInt8(g.next() % (a + 1)), a: UInt8(a))
                }
                let alpha = g.next() % 3 == 0 ? Int(g.next() % 256) : 255
                let clip = g.next() % 4 == 0 ? randomMask() : nil
                switch g.next() % 5 {
                case 0:
                    let r = randomRect()
                    fast.fill(rect: r, color: colour, alpha: alpha, clip: clip)
                    plain.fill(rect: r, color: colour, alpha: alpha, clip: clip)
                case 1:
                    var group = Pixmap(rect: randomRect())
                    group.fill(randomMask(), paint: .solid(colour))
                    fast.composite(group, alpha: alpha, clip: clip)
                    plain.composite(group, alpha: alpha, clip: clip)
                default:
                    let m = randomMask()
                    let limit = g.next() % 3 == 0 ? randomRect() : nil
                    if fast.unchanged(byFillOf: colour, within: m.rect) {
                        skippedCoverage += 1
                    } else {
                        if fast.isKnown(colour) { partial += 1 }
                        fast.fill(m, paint: .solid(colour), alpha: alpha, clip: clip, limit: limit)
                    }
                    plain.fill(m, paint: .solid(colour), alpha: alpha, clip: clip, limit: limit)
                }
                XCTAssertEqual(fast.dirty, plain.dirty, "trial \(trial), step \(step)")
                if fast.data != plain.data {
                    let differing = zip(fast.data, plain.data).filter { $0 != $1 }.count
                    XCTFail("\(differing) bytes differ, trial \(trial), step \(step)")
                    return
                }
            }
            if fast.known == nil { dropped += 1 }
            // Reset for the next frame: the bytes of a new filled pixmap, whether the touched
            // areas are known (only they are rewritten) or not; and nothing touched after.
            let fresh = Pixmap(rect: bounds, filledWith: known)
            let spare = PixmapSpare()
            spare.put(fast)
            let reused = spare.take(rect: bounds, filledWith: known)
            XCTAssertTrue(reused.data == fresh.data, "reset, trial \(trial)")
            XCTAssertEqual(reused.dirty, fresh.dirty)
            XCTAssertEqual(reused.known?.touched.count, 0)
            XCTAssertEqual(spare.take(rect: bounds, filledWith: known).data, fresh.data, "nothing kept: a new one")
        }
        XCTAssertGreaterThan(skippedCoverage, 50, "fills skipped whole")
        XCTAssertGreaterThan(partial, 50, "fills done only where touched")
        XCTAssertGreaterThan(dropped, 5, "knowledge dropped after many draws")
    }

    /// Gradient tables kept between frames are the tables of their stops: seeded stop lists
    /// (more than are kept, and again in another order), each table compared with one computed
    /// directly; stops differing in one field get their own table.
    func testKeptGradientTablesAreTheTablesOfTheirStops() {
        var g = SeededGenerator(state: 5)
        func direct(_ stops: [(Double, Double, Double, Double, Double)]) -> [PremultipliedColor] {
            let n = LinearGradientPaint.tableSize
            return (0..<n).map { LinearGradientPaint.color(at: Double($0) / Double(n - 1), stops) }
        }
        let lists: [[(Double, Double, Double, Double, Double)]] = (0..<40).map { _ in
            (0..<(2 + Int(g.next() % 3))).map { i in (Double(i) / 2, g.unit(), g.unit(), g.unit(), g.unit()) }
        }
        for stops in lists + lists.reversed() {
            XCTAssertEqual(LinearGradientPaint.table(for: stops), direct(stops))
        }
        for field in 0..<5 {
            var nudged = lists[0]
            _ = LinearGradientPaint.table(for: nudged)
            switch field {
            case 0: nudged[1].0 = 0.25
            case 1: nudged[1].1 = 1 - nudged[1].1
            case 2: nudged[1].2 = 1 - nudged[1].2
            case 3: nudged[1].3 = 1 - nudged[1].3
            default: nudged[1].4 = 1 - nudged[1].4
            }
            XCTAssertEqual(LinearGradientPaint.table(for: nudged), direct(nudged), "stop field \(field) changed")
        }
    }

    /// The bounds the compositor checks before skipping a fill: the points' pixel bounds within
    /// the clip, for coordinates far outside any Int (no trap), not finite (all of the clip) or
    /// inside it (floor and ceil).
    func testPixelBoundsWithinTheClip() {
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 50)
        let far = Path(contours: [[Point(-1e300, 10.5), Point(1e300, 10.5), Point(3, 1e300)]])
        XCTAssertEqual(far.pixelBounds(within: clip), PixelRect(x0: 0, y0: 10, x1: 100, y1: 50))
        let notFinite = Path(contours: [[Point(.nan, 1), Point(2, 3), Point(4, 5)]])
        XCTAssertEqual(notFinite.pixelBounds(within: clip), clip)
        let inside = Path(contours: [[Point(2.5, 3.25), Point(40.1, 3.25), Point(40.1, 9.0)]])
        XCTAssertEqual(inside.pixelBounds(within: clip), PixelRect(x0: 2, y0: 3, x1: 41, y1: 9))
        let outside = Path(contours: [[Point(200, 3), Point(300, 3), Point(300, 9)]])
        XCTAssertTrue(outside.pixelBounds(within: clip).isEmpty)
    }
}
