import Geometry

/// What the draw executor needs of the pixels it draws into, and all it uses: the seam between
/// deciding how a draw list becomes pixels (`DrawExecutor`: caches, budgets, shortcuts, groups,
/// clips) and writing them (`Pixmap`). Every operation is in destination pixels, with coverage
/// already computed: a whole-pixel rectangle, a coverage mask with a paint, another target of
/// the same kind (an offscreen group) composited, and two queries. The executor is generic over
/// it and specialised for `Pixmap` (the only conformance the tool uses); tests drive it with a
/// recording double to see which calls a draw list turns into.
public protocol Blitter {
    /// A transparent target over `rect` of the device: an offscreen group's.
    init(rect: PixelRect)
    /// The device pixels the target covers.
    var rect: PixelRect { get }
    /// What was drawn (a group composites only this).
    var dirty: PixelRect { get }
    /// Whether source-over of `color` anywhere in `area` would leave every pixel as it is (the
    /// target knows it has that opaque colour there without reading it).
    func unchanged(byFillOf color: PremultipliedColor, within area: PixelRect) -> Bool
    /// Source-over of `color` over the whole pixels of `rect`, scaled by `alpha` (0...255) and
    /// `clip`.
    mutating func fill(rect: PixelRect, color: PremultipliedColor, alpha: Int, clip: Mask?)
    /// Source-over of `paint` through `mask`, scaled by `alpha` and `clip`, within `limit`.
    mutating func fill(_ mask: Mask, paint: Paint, alpha: Int, clip: Mask?, limit: PixelRect?)
    /// Source-over of a group's pixels, scaled by `alpha` and `clip`.
    mutating func composite(_ group: Self, alpha: Int, clip: Mask?)
    /// The alpha of everything drawn so far, over the drawn area (empty when nothing was): the
    /// source of a group's shadow.
    func drawnAlpha() -> Mask
    /// The premultiplied red, green, blue and alpha planes of the pixels in `area` (within the
    /// target): what a backdrop blurs.
    func channels(in area: PixelRect) -> [Mask]
}

extension Pixmap: Blitter {
    public func channels(in area: PixelRect) -> [Mask] {
        let area = area.intersection(rect)
        let count = area.width * area.height
        var planes = [[UInt8]](repeating: [UInt8](repeating: 0, count: count), count: 4)
        guard count > 0 else { return planes.map { Mask(rect: area, data: $0) } }
        data.withUnsafeBufferPointer { src in
            for c in 0..<4 {
                planes[c].withUnsafeMutableBufferPointer { dst in
                    for y in area.y0..<area.y1 {
                        let s = ((y - rect.y0) * rect.width + (area.x0 - rect.x0)) * 4 + c
                        let d = (y - area.y0) * area.width
                        for x in 0..<area.width { dst[d + x] = src[s + 4 * x] }
                    }
                }
            }
        }
        return planes.map { Mask(rect: area, data: $0) }
    }

    public func drawnAlpha() -> Mask {
        let area = dirty.intersection(rect)
        guard !area.isEmpty else { return Mask(rect: area) }
        let width = area.width
        // Every byte is written below, so the plane starts uninitialised; words are read whole
        // and their alpha byte (the top one: r, g, b, a in memory) kept.
        let bytes = [UInt8](unsafeUninitializedCapacity: width * area.height) { out, count in
            data.withUnsafeBytes { raw in
                guard let src = raw.baseAddress?.assumingMemoryBound(to: UInt32.self), let dst = out.baseAddress else { return }
                for y in area.y0..<area.y1 {
                    let s = src + ((y - rect.y0) * rect.width + (area.x0 - rect.x0))
                    let d = dst + (y - area.y0) * width
                    for x in 0..<width { d[x] = UInt8(truncatingIfNeeded: UInt32(littleEndian: s[x]) >> 24) }
                }
            }
            count = width * area.height
        }
        return Mask(rect: area, data: bytes)
    }
}
