import Geometry

/// Shadows: from a path (`shadowPath`) and from a group's alpha, blurred through the cache.
extension DrawExecutor {
    /// A shadow from a path: its coverage wherever the blur and the offset can bring it into the
    /// shadow's clip, blurred and moved, in the shadow's colour.
    func shadow<Target: Blitter>(_ s: ShadowFillCommand, into target: inout Target, clip: Mask?) {
        let t0 = profile?.now()
        defer { if let t0 { profile?.add(.composite, since: t0) } }
        let limit = target.rect.intersection(s.shadow.clip)
        guard !limit.isEmpty else { return }
        let sh = s.shadow
        func whole(_ v: Double) -> Int { v.isFinite ? Int(min(max(v, -Blur.maxOffset), Blur.maxOffset).rounded(.up)) : 0 }
        let reach = Blur.reach(sigma: sh.sigma)
        let dx = whole(sh.offset.x), dy = whole(sh.offset.y)
        let source = PixelRect(x0: limit.x0 - reach - max(dx, 0) - 1, y0: limit.y0 - reach - max(dy, 0) - 1,
                               x1: limit.x1 + reach - min(dx, 0) + 1, y1: limit.y1 + reach - min(dy, 0) + 1)
        let area = s.path.pixelBounds(within: source)
        guard !area.isEmpty else { return }
        let pixels = area.width * area.height
        // The blur works on the coverage grown by its reach on every side: a tiny layer with a
        // wide shadow costs the grown area, which the frame's pixel budget pays.
        let blurredPixels = (area.width + 2 * reach) * (area.height + 2 * reach)
        if let budget, !budget.spend(pixels: blurredPixels * 9) || !budget.take(offscreen: pixels * 3) { return }
        defer { budget?.give(offscreen: pixels * 3) }
        guard let m = coverage(s.path, rule: .nonZero, clip: area) else { return }
        let blurred = blur(m, sigma: sh.sigma, dx: sh.offset.x, dy: sh.offset.y)
        target.fill(blurred, paint: .solid(DrawExecutor.premultiplied(sh.color)), alpha: s.alpha, clip: clip, limit: limit)
    }

    /// `plane` blurred, and with `clearsOpaque` zeroed where `plane` is 255, through the cache
    /// when there is one (the same pixels: see BlurCache), so a reused shadow is not cleared again.
    func blur(_ plane: Mask, sigma: Double, dx: Double, dy: Double, clearsOpaque: Bool = false) -> Mask {
        func make() -> Mask {
            var blurred = Blur.blurred(plane, sigma: sigma, dx: dx, dy: dy)
            if clearsOpaque { DrawExecutor.clear(&blurred, whereOpaque: plane) }
            return blurred
        }
        guard let cache else { return make() }
        return cache.blurred(plane, sigma: sigma, dx: dx, dy: dy, clearsOpaque: clearsOpaque, blur: make)
    }

    /// A group's shadow: its alpha, blurred with `sigma`, moved by `offset`, in the shadow's
    /// colour, within the shadow's clip.
    func drawShadow<Target: Blitter>(_ shadow: ShadowSpec, of content: Target, into target: inout Target, alpha: Int, clip: Mask?,
                                     skipsOpaqueContent: Bool = false) {
        let alphaPlane = content.drawnAlpha()
        guard !alphaPlane.rect.isEmpty else { return }
        // The blur is paid here, on what was drawn grown by its reach on every side (a tiny
        // layer with a wide shadow blurs a large area); the group paid only its own pixels.
        let reach = Blur.reach(sigma: shadow.sigma)
        let r = alphaPlane.rect
        if let budget, !budget.spend(pixels: (r.width + 2 * reach) * (r.height + 2 * reach) * 9) { return }
        let blurred = blur(alphaPlane, sigma: shadow.sigma, dx: shadow.offset.x, dy: shadow.offset.y, clearsOpaque: skipsOpaqueContent)
        target.fill(blurred, paint: .solid(DrawExecutor.premultiplied(shadow.color)), alpha: alpha, clip: clip, limit: shadow.clip)
    }

    /// Zeroes `mask` wherever `plane` is 255.
    static func clear(_ mask: inout Mask, whereOpaque plane: Mask) {
        let r = mask.rect.intersection(plane.rect)
        guard !r.isEmpty else { return }
        let mw = mask.rect.width, pw = plane.rect.width
        plane.data.withUnsafeBufferPointer { p in
            mask.data.withUnsafeMutableBufferPointer { m in
                for y in r.y0..<r.y1 {
                    let pRow = (y - plane.rect.y0) * pw - plane.rect.x0, mRow = (y - mask.rect.y0) * mw - mask.rect.x0
                    for x in r.x0..<r.x1 where p[pRow + x] == 255 { m[mRow + x] = 0 }
                }
            }
        }
    }
}
