import Geometry

/// Backdrops: what a layer with `backdropBlur` shows through itself.
extension DrawExecutor {
    /// The target's pixels under the path, blurred, drawn back through the path's coverage.
    ///
    /// Each premultiplied channel is blurred as an alpha plane is for a shadow (exact, the same
    /// everywhere: `Blur.blurred`), over the covered area grown by the blur's reach (within the
    /// target). A plane of the pixels that exist is blurred with them, and each channel divided
    /// by it, so near the target's edges a pixel is the mean of the pixels there are (the edge
    /// extended) instead of fading to transparent. A flat colour stays that colour.
    func backdrop<Target: Blitter>(_ b: BackdropCommand, from under: Target?, into target: inout Target, clip: Mask?) {
        let t0 = profile?.now()
        defer { if let t0 { profile?.add(.composite, since: t0) } }
        let limit = target.rect.intersection(b.clip)
        guard !limit.isEmpty, b.alpha > 0 else { return }
        let area = b.path.pixelBounds(within: limit)
        guard !area.isEmpty else { return }
        let reach = Blur.reach(sigma: b.sigma)
        let read = under?.rect ?? target.rect
        let source = PixelRect(x0: area.x0 - reach, y0: area.y0 - reach, x1: area.x1 + reach, y1: area.y1 + reach).intersection(read)
        let pixels = source.width * source.height
        // Five planes blurred over the grown area (the four channels and the one of pixels that
        // exist), each blur's grown plane as a shadow's: the frame's pixel budget pays them.
        let blurred = (source.width + 2 * reach) * (source.height + 2 * reach)
        if let budget, !budget.spend(pixels: blurred * 9 * 5) || !budget.take(offscreen: pixels * 6) { return }
        defer { budget?.give(offscreen: pixels * 6) }
        guard !source.isEmpty, var coverage = coverage(b.path, rule: .nonZero, clip: area) else { return }
        if let edges = b.aliasedEdges { coverage = aliased(coverage, edges: edges) }
        let planes = (under ?? target).channels(in: source).map { Blur.blurred($0, sigma: b.sigma, dx: 0, dy: 0) }
        guard planes.count == 4 else { return }
        // Where the grown area lies within the target, every pixel there exists: no division.
        let whole = source == PixelRect(x0: area.x0 - reach, y0: area.y0 - reach, x1: area.x1 + reach, y1: area.y1 + reach)
        let exists = whole ? nil : Blur.blurred(Mask(rect: source, data: [UInt8](repeating: 255, count: pixels)), sigma: b.sigma, dx: 0, dy: 0)
        let colors = DrawExecutor.normalised(planes, exists: exists, over: area)
        target.fill(coverage, paint: .pixels(PixelPaint(rect: area, colors: colors)), alpha: b.alpha, clip: clip, limit: limit)
    }

    /// The blurred channels (`planes`: red, green, blue, alpha) over `area`, each divided by the
    /// blurred plane of existing pixels (`exists`; nil: all 255 there) and rounded; colour kept
    /// within alpha (premultiplied).
    static func normalised(_ planes: [Mask], exists: Mask?, over area: PixelRect) -> [PremultipliedColor] {
        var out = [PremultipliedColor](repeating: .clear, count: area.width * area.height)
        let w = area.width
        // Each plane's row at `area`'s left edge (every blurred plane covers `area`: it grew).
        func row(_ m: Mask, _ y: Int) -> Int { (y - m.rect.y0) * m.rect.width + (area.x0 - m.rect.x0) }
        guard planes.allSatisfy({ $0.rect.intersection(area) == area }), exists.map({ $0.rect.intersection(area) == area }) ?? true else {
            return out
        }
        for y in area.y0..<area.y1 {
            let r0 = row(planes[0], y), r1 = row(planes[1], y), r2 = row(planes[2], y), r3 = row(planes[3], y)
            let re = exists.map { row($0, y) }
            for i in 0..<w {
                var v = 255
                if let e = exists, let re { v = Int(e.data[re + i]) }
                guard v > 0 else { continue }
                @inline(__always) func scaled(_ c: UInt8) -> Int { v == 255 ? Int(c) : min((Int(c) * 255 + v / 2) / v, 255) }
                let a = scaled(planes[3].data[r3 + i])
                out[(y - area.y0) * w + i] = PremultipliedColor(r: UInt8(min(scaled(planes[0].data[r0 + i]), a)), g: UInt8(min(scaled(planes[1].data[r1 + i]), a)),
                                                                b: UInt8(min(scaled(planes[2].data[r2 + i]), a)), a: UInt8(a))
            }
        }
        return out
    }
}
