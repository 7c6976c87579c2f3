import CPieceLanes
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
        let clip = clip?.wellFormed, alpha = min(alpha, 255)
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

    /// A whole-pixel rectangle covers its pixels fully: only the clip and alpha scale them. Each
    /// row through `tr_fill_solid_row` without a mask (bit for bit `blend` with `coverage`);
    /// without a clip the colour is scaled once and an opaque result stored as words.
    private mutating func fillPart(_ area: PixelRect, color s: PremultipliedColor, alpha: Int, clip: Mask?) {
        let stride = rect.width
        if let clip {
            data.withUnsafeMutableBufferPointer { d in
                clip.data.withUnsafeBufferPointer { m in
                    for y in area.y0..<area.y1 {
                        let dRow = d.baseAddress! + ((y - rect.y0) * stride - rect.x0 + area.x0) * 4
                        let cRow = m.baseAddress! + (y - clip.rect.y0) * clip.rect.width - clip.rect.x0 + area.x0
                        tr_fill_solid_row(dRow, nil, cRow, area.width, Int32(clamping: alpha), Int32(s.r), Int32(s.g), Int32(s.b), Int32(s.a))
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
                    tr_fill_solid_row(bytes, nil, nil, area.width, 255, Int32(c.r), Int32(c.g), Int32(c.b), Int32(c.a))
                }
            }
        }
    }

    /// Source-over of `paint` through `mask` (and `clip`, if any), scaled by `alpha` (0...255),
    /// within `limit`.
    public mutating func fill(_ mask: Mask, paint: Paint, alpha: Int = 255, clip: Mask? = nil, limit: PixelRect? = nil) {
        let mask = mask.wellFormed, clip = clip?.wellFormed, alpha = min(alpha, 255)
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
            fillSolid(area, mask: mask, color: s, alpha: alpha, clip: clip)
        } else {
            fillShaded(area, mask: mask, paint: paint, alpha: alpha, clip: clip)
        }
    }

    /// A solid colour through the mask (and `clip`, at `alpha`): each row through
    /// `tr_fill_solid_row` (C: four pixels at a time in SSE2, bit for bit `blend` of each pixel
    /// with its `coverage`; runs of no coverage skipped, full coverage of an opaque colour
    /// stored).
    @inline(__always)
    private mutating func fillSolid(_ area: PixelRect, mask: Mask, color s: PremultipliedColor, alpha: Int, clip: Mask?) {
        let stride = rect.width
        let clipData = clip?.data ?? []
        let clipRect = clip?.rect ?? .empty
        let hasClip = clip != nil
        data.withUnsafeMutableBufferPointer { d in
            mask.data.withUnsafeBufferPointer { m in
                clipData.withUnsafeBufferPointer { c in
                    for y in area.y0..<area.y1 {
                        let mRow = m.baseAddress! + (y - mask.rect.y0) * mask.rect.width - mask.rect.x0 + area.x0
                        let dRow = d.baseAddress! + ((y - rect.y0) * stride - rect.x0 + area.x0) * 4
                        // (Never read without a clip: the row pointer is only formed with one.)
                        let cRow = hasClip ? c.baseAddress! + (y - clipRect.y0) * clipRect.width - clipRect.x0 + area.x0 : nil
                        tr_fill_solid_row(dRow, mRow, cRow, area.width, Int32(clamping: alpha),
                                          Int32(s.r), Int32(s.g), Int32(s.b), Int32(s.a))
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
        let clipData = clip?.data ?? []
        for y in area.y0..<area.y1 {
            let mBase = (y - mask.rect.y0) * mask.rect.width - mask.rect.x0
            // Shade only the part of the row that has coverage.
            var first = area.x0, last = area.x1
            mask.data.withUnsafeBufferPointer { m in
                while first < last && m[mBase + first] == 0 { first += 1 }
                while last > first && m[mBase + last - 1] == 0 { last -= 1 }
            }
            if first == last { continue }
            let dOffset = ((y - rect.y0) * stride - rect.x0 + first) * 4
            let mOffset = mBase + first
            let cOffset = clip.map { (y - $0.rect.y0) * $0.rect.width - $0.rect.x0 + first }
            // Each row through C (four pixels at a time, bit for bit `blend` with `coverage`):
            // a row of one colour (see `Paint.rowColor`) as a solid fill, any other shaded first.
            let solid = paint.rowColor(y: y, x0: first, x1: last)
            if solid == nil {
                paint.shade(y: y, x0: area.x0, into: &row, from: first - area.x0, to: last - area.x0, scratch: &scratch)
            }
            data.withUnsafeMutableBufferPointer { d in
                mask.data.withUnsafeBufferPointer { m in
                    clipData.withUnsafeBufferPointer { c in
                        let cRow = cOffset.map { c.baseAddress! + $0 }
                        if let s = solid {
                            tr_fill_solid_row(d.baseAddress! + dOffset, m.baseAddress! + mOffset, cRow, last - first, Int32(clamping: alpha),
                                              Int32(s.r), Int32(s.g), Int32(s.b), Int32(s.a))
                            return
                        }
                        row.withUnsafeBytes { colors in
                            tr_blend_row(d.baseAddress! + dOffset, colors.baseAddress!.assumingMemoryBound(to: UInt8.self) + 4 * (first - area.x0),
                                         m.baseAddress! + mOffset, cRow, last - first, Int32(clamping: alpha))
                        }
                    }
                }
            }
        }
    }
}
