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
}

extension Pixmap: Blitter {
    public func drawnAlpha() -> Mask {
        let area = dirty
        var plane = Mask(rect: area)
        guard !area.isEmpty else { return plane }
        for y in area.y0..<area.y1 {
            let s = ((y - rect.y0) * rect.width - rect.x0) * 4 + 3
            let d = (y - area.y0) * area.width - area.x0
            for x in area.x0..<area.x1 { plane.data[d + x] = data[s + 4 * x] }
        }
        return plane
    }
}
