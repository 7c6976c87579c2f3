import Geometry
import DrawList

/// Premultiplied 8-bit RGBA pixels covering `rect` of the device (an offscreen group may cover
/// only part of it). Tracks the union of what was drawn so groups composite only that.
public struct Pixmap: Sendable {
    public let rect: PixelRect
    public internal(set) var data: [UInt8]
    public internal(set) var dirty = PixelRect.empty

    /// What is known of the pixels without reading them, while the pixmap was filled with an
    /// opaque colour and drawn on only a little: every pixel outside `touched` is `word`.
    ///
    /// Source-over of that same opaque colour C onto such a pixel, at any coverage a, gives C
    /// again: mul255(C, a) + mul255(C, 255 - a) = C for every channel (the two exact quotients
    /// add up to an integer and neither ends in exactly one half, as 255 is odd, so their
    /// roundings add up to it), and the coverage-scaled alpha is the same a. So a fill of C
    /// needs doing only where the pixmap was touched: a table's background and its cells'
    /// backgrounds on a canvas of the same colour cost nothing but the rows where they meet
    /// other drawing. Every write of this file notes its area here; after `touchedLimit`
    /// areas the knowledge is dropped (and every fill done in full).
    struct Known {
        var word: UInt32
        var touched: [PixelRect]
    }
    private(set) var known: Known?
    static let touchedLimit = 64

    public init(rect: PixelRect) {
        self.rect = rect
        data = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
    }

    /// `init(rect:)` followed by `clear(to: c)`, writing the memory once instead of zeroing it
    /// first (a frame's background: ~0.1 ms a frame at 750x1334).
    public init(rect: PixelRect, filledWith c: PremultipliedColor) {
        self.rect = rect
        let words = rect.width * rect.height
        let word = c.word
        data = [UInt8](unsafeUninitializedCapacity: words * 4) { buffer, initialized in
            guard words > 0, let base = buffer.baseAddress else { initialized = 0; return }
            UnsafeMutableRawPointer(base).bindMemory(to: UInt32.self, capacity: words)
                .initialize(repeating: word, count: words)
            initialized = words * 4
        }
        dirty = c.a == 0 ? .empty : rect
        known = c.a == 255 ? Known(word: word, touched: []) : nil
    }

    public var width: Int { rect.width }
    public var height: Int { rect.height }

    /// Fills everything with one premultiplied colour.
    public mutating func clear(to c: PremultipliedColor) {
        let word = c.word
        data.withUnsafeMutableBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { $0.update(repeating: word) }
        }
        dirty = c.a == 0 ? .empty : rect
        known = c.a == 255 ? Known(word: word, touched: []) : nil
    }

    /// Whether source-over of `c` anywhere in `area` leaves every pixel as it is (see `Known`):
    /// `c` is the opaque colour the pixmap is known to have there.
    public func unchanged(byFillOf c: PremultipliedColor, within area: PixelRect) -> Bool {
        guard isKnown(c), let known else { return false }
        return !known.touched.contains { !$0.intersection(area).isEmpty }
    }

    /// Whether `c` is the opaque colour the untouched pixels have.
    func isKnown(_ c: PremultipliedColor) -> Bool { c.a == 255 && known?.word == c.word }

    /// The parts of `area` a fill of the known colour has to do: where the pixmap was touched,
    /// as disjoint rectangles (bands between the touched areas' tops and bottoms, their
    /// overlapping x ranges merged).
    func touchedParts(of area: PixelRect) -> [PixelRect] {
        guard let known else { return [area] }
        let hit = known.touched.map { $0.intersection(area) }.filter { !$0.isEmpty }
        if hit.count <= 1 { return hit }
        let ys = Array(Set(hit.flatMap { [$0.y0, $0.y1] })).sorted()
        var out: [PixelRect] = []
        for k in 0..<(ys.count - 1) {
            let ya = ys[k], yb = ys[k + 1]
            let spans = hit.filter { $0.y0 <= ya && $0.y1 >= yb }.map { ($0.x0, $0.x1) }.sorted { $0.0 < $1.0 }
            var i = 0
            while i < spans.count {
                var (x0, x1) = spans[i]
                i += 1
                while i < spans.count && spans[i].0 <= x1 { x1 = max(x1, spans[i].1); i += 1 }
                out.append(PixelRect(x0: x0, y0: ya, x1: x1, y1: yb))
            }
        }
        return out
    }

    /// Makes every pixel transparent again by zeroing only what was drawn (every write of this
    /// file is inside `dirty`): the pixmap is then byte for byte a new `init(rect:)`'s. An
    /// offscreen group's memory is reused this way (`PixmapSpare`).
    public mutating func clearDrawn() {
        let area = dirty.intersection(rect)
        if !area.isEmpty {
            let stride = rect.width
            data.withUnsafeMutableBytes { raw in
                let words = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
                for y in area.y0..<area.y1 {
                    (words + (y - rect.y0) * stride + (area.x0 - rect.x0)).update(repeating: 0, count: area.width)
                }
            }
        }
        dirty = .empty
        known = nil
    }

    /// Notes that pixels of `area` may no longer have the known colour.
    mutating func touch(_ area: PixelRect) {
        guard known != nil, !area.isEmpty else { return }
        if known!.touched.contains(where: { $0.intersection(area) == area }) { return }
        if known!.touched.count >= Pixmap.touchedLimit { known = nil; return }
        known!.touched.append(area)
    }

    /// `clear(to: c)` writing only what needs it: when every pixel outside the touched areas
    /// is known to be `c` already (see `Known`), just those areas. A frame's pixmap handed back
    /// for the next frame (`PixmapSpare`) is cleared this way.
    public mutating func reset(to c: PremultipliedColor) {
        guard c.a == 255, let known, known.word == c.word else { clear(to: c); return }
        let word = c.word, stride = rect.width
        data.withUnsafeMutableBytes { raw in
            let words = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for area in known.touched {
                for y in area.y0..<area.y1 {
                    (words + (y - rect.y0) * stride + (area.x0 - rect.x0)).update(repeating: word, count: area.width)
                }
            }
        }
        self.known = Known(word: word, touched: [])
        dirty = rect
    }

    /// `x * y / 255`, rounded, exact for all 8-bit x, y.
    @inline(__always) public static func mul255(_ x: Int, _ y: Int) -> Int { Alpha.mul255(x, y) }

    /// Source-over of a solid colour over a whole-pixel rectangle, scaled by `alpha`: what
    /// `fill` gives for the mask of a rectangle with integer corners (coverage 255 inside, 0
    /// outside), without rasterizing it.
    public mutating func fill(rect r: PixelRect, color s: PremultipliedColor, alpha: Int = 255, clip: Mask? = nil) {
        let whole = r.intersection(rect).intersection(clip?.rect ?? rect)
        guard !whole.isEmpty, alpha > 0 else { return }
        dirty = dirty.union(whole)
        guard isKnown(s) else {
            touch(whole)
            fillPart(whole, color: s, alpha: alpha, clip: clip)
            return
        }
        for area in touchedParts(of: whole) { fillPart(area, color: s, alpha: alpha, clip: clip) }
    }

    private mutating func fillPart(_ area: PixelRect, color s: PremultipliedColor, alpha: Int, clip: Mask?) {
        let stride = rect.width
        if let clip {
            data.withUnsafeMutableBufferPointer { d in
                clip.data.withUnsafeBufferPointer { m in
                    for y in area.y0..<area.y1 {
                        let dBase = ((y - rect.y0) * stride - rect.x0) * 4
                        let cBase = (y - clip.rect.y0) * clip.rect.width - clip.rect.x0
                        for x in area.x0..<area.x1 {
                            // A whole-pixel rectangle covers its pixels fully: only the clip
                            // and alpha scale them.
                            let cov = Pixmap.coverage(255, clip: clip, at: cBase + x, alpha: alpha)
                            if cov == 0 { continue }
                            Pixmap.blend(d.baseAddress! + dBase + 4 * x, s, cov)
                        }
                    }
                }
            }
            return
        }
        // One coverage for every pixel: scale the colour once.
        let c = alpha < 255 ? s.scaled(by: alpha) : s
        if c.a == 0 && c.r == 0 && c.g == 0 && c.b == 0 { return }
        data.withUnsafeMutableBytes { raw in
            let words = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for y in area.y0..<area.y1 {
                let row = words + (y - rect.y0) * stride - rect.x0
                if c.a == 255 {
                    UnsafeMutableBufferPointer(start: row + area.x0, count: area.width).update(repeating: c.word)
                } else {
                    let bytes = UnsafeMutableRawPointer(row + area.x0).assumingMemoryBound(to: UInt8.self)
                    for i in 0..<area.width { Pixmap.blend(bytes + 4 * i, c, 255) }
                }
            }
        }
    }

    /// Source-over of `paint` through `mask` (and `clip`, if any), scaled by `alpha` (0...255),
    /// within `limit`.
    public mutating func fill(_ mask: Mask, paint: Paint, alpha: Int = 255, clip: Mask? = nil, limit: PixelRect? = nil) {
        let whole = mask.rect.intersection(rect).intersection(clip?.rect ?? rect).intersection(limit ?? rect)
        guard !whole.isEmpty, alpha > 0 else { return }
        dirty = dirty.union(whole)
        guard case .solid(let s) = paint, isKnown(s) else {
            touch(whole)
            fillPart(whole, mask: mask, paint: paint, alpha: alpha, clip: clip)
            return
        }
        for area in touchedParts(of: whole) { fillPart(area, mask: mask, paint: paint, alpha: alpha, clip: clip) }
    }

    private mutating func fillPart(_ area: PixelRect, mask: Mask, paint: Paint, alpha: Int, clip: Mask?) {
        if case .solid(let s) = paint {
            if clip == nil && alpha == 255 { fillSolidFullAlpha(area, mask: mask, color: s) } else {
                fillSolid(area, mask: mask, color: s, alpha: alpha, clip: clip)
            }
        } else {
            fillShaded(area, mask: mask, paint: paint, alpha: alpha, clip: clip)
        }
    }

    /// The common case: coverage straight from the mask, runs of full coverage of an opaque
    /// colour stored as words.
    @inline(__always)
    private mutating func fillSolidFullAlpha(_ area: PixelRect, mask: Mask, color s: PremultipliedColor) {
        let stride = rect.width
        let word = s.word
        data.withUnsafeMutableBufferPointer { d in
            mask.data.withUnsafeBufferPointer { m in
                for y in area.y0..<area.y1 {
                    let mRow = m.baseAddress! + (y - mask.rect.y0) * mask.rect.width - mask.rect.x0
                    let dRow = d.baseAddress! + ((y - rect.y0) * stride - rect.x0) * 4
                    let words = UnsafeMutableRawPointer(dRow).assumingMemoryBound(to: UInt32.self)
                    var x = area.x0
                    while x < area.x1 {
                        let cov = Int(mRow[x])
                        if cov == 0 {
                            // Runs of no coverage (a shadow's hidden inside), eight at a time.
                            x = Pixmap.pastZeros(mRow, after: x, end: area.x1)
                            continue
                        }
                        if cov < 255 && x + 1 < area.x1 && mRow[x + 1] != 0 && mRow[x + 1] != 255 {
                            // Two pixels of partial coverage (edges, a shadow's falloff).
                            Pixmap.blendPair(dRow + 4 * x, Pixmap.source(s, cov), Pixmap.source(s, Int(mRow[x + 1])))
                            x += 2
                            continue
                        }
                        if cov == 255 && s.a == 255 {
                            var e = x + 1
                            while e + 8 <= area.x1 && UnsafeRawPointer(mRow + e).loadUnaligned(as: UInt64.self) == ~0 { e += 8 }
                            while e < area.x1 && mRow[e] == 255 { e += 1 }
                            UnsafeMutableBufferPointer(start: words + x, count: e - x).update(repeating: word)
                            x = e
                            continue
                        }
                        Pixmap.blend(dRow + 4 * x, s, cov)
                        x += 1
                    }
                }
            }
        }
    }

    /// The index after the zero coverage at `x` of mask row `row`, skipping further zeros eight
    /// at a time (it may stop before the run's end; the caller's loop handles what is left).
    @inline(__always) static func pastZeros(_ row: UnsafePointer<UInt8>, after x: Int, end: Int) -> Int {
        var x = x + 1
        while x + 8 <= end && UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == 0 { x += 8 }
        return x
    }

    /// A solid colour through a clip or at an alpha: the loop of `fillShaded` without shading a
    /// row of identical colours first.
    @inline(__always)
    private mutating func fillSolid(_ area: PixelRect, mask: Mask, color s: PremultipliedColor, alpha: Int, clip: Mask?) {
        let stride = rect.width
        data.withUnsafeMutableBufferPointer { d in
            mask.data.withUnsafeBufferPointer { m in
                for y in area.y0..<area.y1 {
                    let mBase = (y - mask.rect.y0) * mask.rect.width - mask.rect.x0
                    let dBase = ((y - rect.y0) * stride - rect.x0) * 4
                    let cBase = clip.map { (y - $0.rect.y0) * $0.rect.width - $0.rect.x0 } ?? 0
                    var x = area.x0
                    while x < area.x1 {
                        let coverage = m[mBase + x]
                        if coverage == 0 {
                            // Runs of no coverage (a shadow's cleared inside), eight at a time.
                            x = Pixmap.pastZeros(m.baseAddress! + mBase, after: x, end: area.x1)
                            continue
                        }
                        defer { x += 1 }
                        let cov = Pixmap.coverage(coverage, clip: clip, at: cBase + x, alpha: alpha)
                        if cov == 0 { continue }
                        Pixmap.blend(d.baseAddress! + dBase + 4 * x, s, cov)
                    }
                }
            }
        }
    }

    /// A gradient or an image: each row shaded where it has coverage (or one colour per row
    /// when the paint is, see `Paint.rowColor`), then blended.
    @inline(__always)
    private mutating func fillShaded(_ area: PixelRect, mask: Mask, paint: Paint, alpha: Int, clip: Mask?) {
        let stride = rect.width
        var row = [PremultipliedColor](repeating: .clear, count: area.width)
        var scratch = ShadeScratch()
        for y in area.y0..<area.y1 {
            let mBase = (y - mask.rect.y0) * mask.rect.width - mask.rect.x0
            // Shade only the part of the row that has coverage.
            var first = area.x0, last = area.x1
            mask.data.withUnsafeBufferPointer { m in
                while first < last && m[mBase + first] == 0 { first += 1 }
                while last > first && m[mBase + last - 1] == 0 { last -= 1 }
            }
            if first == last { continue }
            let dBase = ((y - rect.y0) * stride - rect.x0) * 4
            let cBase = clip.map { (y - $0.rect.y0) * $0.rect.width - $0.rect.x0 } ?? 0
            @inline(__always) func blendRow(_ colorAt: (Int) -> PremultipliedColor) {
                data.withUnsafeMutableBufferPointer { d in
                    mask.data.withUnsafeBufferPointer { m in
                        for x in first..<last {
                            let cov = Pixmap.coverage(m[mBase + x], clip: clip, at: cBase + x, alpha: alpha)
                            if cov == 0 { continue }
                            Pixmap.blend(d.baseAddress! + dBase + 4 * x, colorAt(x), cov)
                        }
                    }
                }
            }
            // A row of one colour (see `Paint.rowColor`) needs no shading per pixel, and the
            // source scaled by a coverage is the same as for the pixel before while the
            // coverage is (the inside of a translucent shape).
            if let c = paint.rowColor(y: y, x0: first, x1: last) {
                data.withUnsafeMutableBufferPointer { d in
                    mask.data.withUnsafeBufferPointer { m in
                        var lastCov = -1
                        var source = Pixmap.source(c, 0)
                        let full = Pixmap.source(c, alpha)
                        var x = first
                        while x < last {
                            // A run of full coverage (the inside) goes two pixels at a time.
                            if clip == nil && m[mBase + x] == 255 {
                                var e = x + 1
                                while e < last && m[mBase + e] == 255 { e += 1 }
                                Pixmap.blendRun(d.baseAddress! + dBase + 4 * x, count: e - x, source: full)
                                x = e
                                continue
                            }
                            defer { x += 1 }
                            let cov = Pixmap.coverage(m[mBase + x], clip: clip, at: cBase + x, alpha: alpha)
                            if cov == 0 { continue }
                            if cov != lastCov { source = Pixmap.source(c, cov); lastCov = cov }
                            Pixmap.blend(d.baseAddress! + dBase + 4 * x, source: source)
                        }
                    }
                }
                continue
            }
            paint.shade(y: y, x0: area.x0, into: &row, from: first - area.x0, to: last - area.x0, scratch: &scratch)
            row.withUnsafeBufferPointer { colors in
                blendRow { colors[$0 - area.x0] }
            }
        }
    }
}
