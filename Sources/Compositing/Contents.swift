import Geometry
import DrawList
import LayerTree
import Text

/// Layer contents: images placed by contentsGravity, and text laid out like UILabel.
extension Compositor {
    /// Whether a string may draw colour glyphs (an emoji character beyond Latin-1).
    static func mayHaveColorGlyphs(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.value > 0xFF && $0.properties.isEmoji }
    }

    /// Where an image of `size` points lands in `bounds` under `gravity` (Core Animation's
    /// rules; "top" is maximum y).
    static func imageRect(_ gravity: ContentsGravity, bounds b: Rect, size: (w: Double, h: Double)) -> Rect {
        let w = size.w, h = size.h
        switch gravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w, sy = b.height / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return Rect(b.x + (b.width - w * s) / 2, b.y + (b.height - h * s) / 2, w * s, h * s)
        case .center: return Rect(b.x + (b.width - w) / 2, b.y + (b.height - h) / 2, w, h)
        case .top: return Rect(b.x + (b.width - w) / 2, b.maxY - h, w, h)
        case .bottom: return Rect(b.x + (b.width - w) / 2, b.y, w, h)
        case .left: return Rect(b.x, b.y + (b.height - h) / 2, w, h)
        case .right: return Rect(b.maxX - w, b.y + (b.height - h) / 2, w, h)
        case .topLeft: return Rect(b.x, b.maxY - h, w, h)
        case .topRight: return Rect(b.maxX - w, b.maxY - h, w, h)
        case .bottomLeft: return Rect(b.x, b.y, w, h)
        case .bottomRight: return Rect(b.maxX - w, b.y, w, h)
        }
    }

    /// The image placed by gravity and `contentsRect`; `paint` also gets the rectangle it fills.
    func drawImage(_ content: LayerImage, bounds: Rect, deviceFromLayer: Transform3D, homography: Homography,
                   paint: (Path, PaintSpec, FillRule, Rect) -> Void) {
        guard let image = resources.imageSizes[content.key], let layerFromDevice = homography.inverse else { return }
        // `contentsRect` picks the part of the image shown: gravity places that part at its
        // size, and the whole image lies around it at the same scale (edge pixels extend past it).
        let part = content.contentsRect
        guard part.width > 0, part.height > 0 else { return }
        let rect = Compositor.imageRect(content.gravity, bounds: bounds,
                                        size: (Double(image.width) * part.width / (content.contentsScale * image.scale),
                                               Double(image.height) * part.height / (content.contentsScale * image.scale)))
        guard !rect.isEmpty else { return }
        let whole = Rect(rect.x - part.x * rect.width / part.width, rect.y - part.y * rect.height / part.height,
                         rect.width / part.width, rect.height / part.height)
        guard whole.x.isFinite, whole.y.isFinite, whole.width.isFinite, whole.height.isFinite else { return }
        let quad = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)]
        let slices = Compositor.slices(content, image: image, shown: rect)
        paint(Path(contours: [Projection.project(quad, deviceFromLayer)]),
              .image(ImageSpec(image: content.key, layerFromDevice: layerFromDevice, rect: whole, slices: slices)), .nonZero, rect)
    }

    /// A nine-part image's map (`contentsCenter`, in unit coordinates of the part shown), or nil
    /// for the whole part stretched. Outside the centre the image keeps its own size (its points
    /// at `contentsScale`); where the layer is shorter than the two caps together, both shrink
    /// by the same factor (Core Animation's behaviour there is not documented). A centre of no
    /// width or height stretches the one pixel at its place.
    static func slices(_ content: LayerImage, image: ImageSize, shown rect: Rect) -> ImageSlices? {
        let c = content.contentsCenter, part = content.contentsRect
        guard c != Rect(0, 0, 1, 1), c.x.isFinite, c.y.isFinite, c.width.isFinite, c.height.isFinite else { return nil }
        let pixelsPerPoint = content.contentsScale * image.scale
        guard pixelsPerPoint > 0, pixelsPerPoint.isFinite else { return nil }
        func axis(_ start: Double, _ length: Double, size: Int, from: Double, width: Double, shown: Double) -> ImageSlices.Axis? {
            let n = Double(size)
            let p0 = start * n, p1 = (start + length) * n, span = p1 - p0
            guard span > 0, shown > 0, span.isFinite else { return nil }
            let lo = from.clamped(0, 1), hi = max((from + width).clamped(0, 1), lo)
            var (to0, to1) = (p0 + lo * span, p0 + hi * span)
            if !(to1 > to0) {
                // One pixel stretched: its centre, within the image.
                let centre = (to0.rounded(.down) + 0.5).clamped(0.5, max(n - 0.5, 0.5))
                (to0, to1) = (centre, centre)
            }
            // The caps' own sizes in evenly stretched texels, shrunk together to fit.
            let perPoint = span / shown
            var a = max(to0 - p0, 0) / pixelsPerPoint * perPoint, b = max(p1 - to1, 0) / pixelsPerPoint * perPoint
            if a + b > span { let k = span / (a + b); a *= k; b *= k }
            guard a.isFinite, b.isFinite else { return nil }
            return ImageSlices.Axis(edge0: p0, lo: p0 + a, hi: p1 - b, edge1: p1, to0: to0, to1: to1)
        }
        guard let x = axis(part.x, part.width, size: image.width, from: c.x, width: c.width, shown: rect.width),
              let y = axis(part.y, part.height, size: image.height, from: c.y, width: c.height, shown: rect.height) else { return nil }
        return ImageSlices(x: x, y: y)
    }

    /// A text's glyphs; a text that reaches outside its bounds is drawn in `clip(true)` ...
    /// `clip(false)` (a scope clipping to the bounds, as the layer's backing store would).
    func drawText(_ text: LayerText, bounds: Rect, deviceFromLayer: Transform3D, homography: Homography, pxPerPt: Double,
                  clip: (Bool) -> Void, paint: (Path, PaintSpec, FillRule) -> Void) {
        // A layer of no width or height has no backing store to draw its text into (a UILabel
        // Auto Layout collapses to 0 pt shows nothing, as UIView skips draw(_:) for empty bounds).
        guard bounds.width > 0, bounds.height > 0 else { return }
        guard let shaper = resources.shaper(for: text), !text.string.isEmpty, text.color.a > 0 else { return }
        let layout = layoutCache?.layout(text, bounds: bounds) { TextLayout(text: text, shaper: shaper, bounds: bounds) }
            ?? TextLayout(text: text, shaper: shaper, bounds: bounds)
        if layout.overflows { clip(true) }
        defer { if layout.overflows { clip(false) } }
        let fonts = shaper.cascade.fonts
        var contours: [[Point]] = []
        var current: [Point] = []   // one buffer for every contour
        var colorGlyphs: [PlacedGlyph] = []
        for g in layout.glyphs {
            let font = fonts[g.font]
            if font.hasColorBitmaps { colorGlyphs.append(g); continue }
            // A quarter of a device pixel, in font units.
            let tolerance = 0.25 / max(pxPerPt * g.scale, 1e-9)
            var last = Point.zero
            func flush() {
                if current.count >= 3 {
                    let s = g.scale, o = g.origin
                    contours.append(Projection.project(current.map { Point(o.x + $0.x * s, o.y - $0.y * s) }, deviceFromLayer))
                }
                current.removeAll(keepingCapacity: true)
            }
            for c in font.outline(g.glyph) {
                switch c {
                case .move(let p): flush(); current.append(p); last = p
                case .line(let p): current.append(p); last = p
                case let .quad(c1, p): Flattening.appendQuadratic(&current, last, c1, p, tolerance: tolerance); last = p
                case let .cubic(c1, c2, p): Flattening.appendCubic(&current, last, c1, c2, p, tolerance: tolerance); last = p
                }
            }
            flush()
        }
        if !contours.isEmpty { paint(Path(contours: contours), .solid(Compositor.color(text.color)), .nonZero) }
        // Colour glyphs (emoji) are images on the layer's plane, in their own colours as iOS
        // draws them (the text colour does not tint them).
        guard !colorGlyphs.isEmpty, let layerFromDevice = homography.inverse else { return }
        for g in colorGlyphs {
            let key = Resources.emojiKey(g.glyph)
            let font = fonts[g.font]
            guard let bitmap = resources.imageSizes[key], let offset = resources.colorGlyphOffsets[g.glyph], font.bitmapPPEM > 0 else { continue }
            let k = text.size / Double(font.bitmapPPEM)
            let rect = Rect(g.origin.x + Double(offset.left) * k, g.origin.y - Double(offset.top) * k,
                            Double(bitmap.width) * k, Double(bitmap.height) * k)
            let quad = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)]
            paint(Path(contours: [Projection.project(quad, deviceFromLayer)]),
                  .image(ImageSpec(image: key, layerFromDevice: layerFromDevice, rect: rect)), .nonZero)
        }
    }
}
