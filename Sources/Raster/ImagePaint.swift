import Geometry

/// An image placed on a layer's plane at `rect` (layer points), seen through the plane's
/// homography: sampled perspective-correct, bilinear, from the mipmap level that keeps about
/// one texel per device pixel. At identity and whole-pixel placement every device pixel centre
/// lands on a texel centre, so the image appears pixel for pixel.
public struct ImagePaint: Sendable {
    let layerFromDevice: Homography
    let rect: Rect
    let image: RasterImage

    public init(layerFromDevice: Homography, rect: Rect, image: RasterImage) {
        self.layerFromDevice = layerFromDevice
        self.rect = rect
        self.image = image
    }

    /// Texel coordinates (level 0) of a device point.
    @inline(__always) func texel(_ x: Double, _ y: Double) -> Point {
        let p = layerFromDevice.map(x, y)
        return Point((p.x - rect.x) / rect.width * Double(image.width), (p.y - rect.y) / rect.height * Double(image.height))
    }

    /// The mipmap level for a pixel whose texel point is `t`, with `tx` and `ty` the points of
    /// its neighbours one pixel right and down: rho >= 2 (at least two texels per pixel) goes
    /// down a level, rho >= 4 two, and so on.
    @inline(__always) static func level(_ t: Point, _ tx: Point, _ ty: Point, count: Int) -> Int {
        let rho2 = max((tx.x - t.x) * (tx.x - t.x) + (tx.y - t.y) * (tx.y - t.y),
                       (ty.x - t.x) * (ty.x - t.x) + (ty.y - t.y) * (ty.y - t.y))
        var level = 0
        var limit = 4.0
        while level + 1 < count && rho2.isFinite && rho2 >= limit { level += 1; limit *= 4 }
        return level
    }

    /// Colours for row[from..<to], pixel x0 + i of device row y in row[i]. `shadePlain` is the
    /// same sampling written plainly; tests hold the two equal.
    ///
    /// Each pixel needs the texel points of its centre and of the centres one pixel right and
    /// one pixel down. The one to the right is the next pixel's own point, and the one below
    /// is the next row's: `scratch` keeps this row's points-below for the next call (row
    /// y + 1, the same x0), so a pixel usually maps one point instead of three. The same
    /// doubles go into the same arithmetic (py + 1 is exactly the next row's centre), so the
    /// colours do not depend on which call computed a point.
    func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int, scratch: inout ShadeScratch) {
        guard from < to, from >= 0, to <= row.count else { return }
        let py = Double(y) + 0.5
        let count = image.levels.count
        let known = scratch.row == y ? scratch.from..<scratch.to : 0..<0
        var here: [Point] = [], below: [Point] = []
        swap(&here, &scratch.points)
        swap(&below, &scratch.next)
        if below.count < to { below = [Point](repeating: Point(0, 0), count: row.count) }
        image.texels.withUnsafeBufferPointer { tex in
            image.levels.withUnsafeBufferPointer { levels in
                row.withUnsafeMutableBufferPointer { out in
                    here.withUnsafeBufferPointer { hereBuffer in
                        below.withUnsafeMutableBufferPointer { belowBuffer in
                            guard let texels = tex.baseAddress else { return }
                            @inline(__always) func point(_ j: Int) -> Point {
                                known.contains(j) ? hereBuffer[j] : texel(Double(x0 + j) + 0.5, py)
                            }
                            var t = point(from)
                            for i in from..<to {
                                let px = Double(x0 + i) + 0.5
                                let tx = point(i + 1)
                                let ty = texel(px, py + 1)
                                belowBuffer[i] = ty
                                defer { t = tx }
                                guard t.x.isFinite, t.y.isFinite else { out[i] = .clear; continue }
                                let level = levels[ImagePaint.level(t, tx, ty, count: count)]
                                out[i] = ImagePaint.sample(texels + level.offset, level, t.x, t.y)
                            }
                        }
                    }
                }
            }
        }
        scratch.points = below
        scratch.next = here
        scratch.row = y + 1
        scratch.from = from
        scratch.to = to
    }

    /// `shade` without a row before it.
    func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int) {
        var scratch = ShadeScratch()
        shade(y: y, x0: x0, into: &row, from: from, to: to, scratch: &scratch)
    }

    /// Round half away from zero of v >= 0 (what `rounded()` gives), without a library call:
    /// v minus its truncation is exact.
    @inline(__always) static func roundNonNegative(_ v: Double) -> Int {
        let i = Int(v)
        return v - Double(i) >= 0.5 ? i + 1 : i
    }

    /// Bilinear sample of `level` (its texels at `texels`) at level-0 texel point (u0, v0),
    /// clamped to the edge, with 8-bit weights. The four channels are computed two at a time
    /// in 32-bit lanes of a 64-bit word (the largest lane value, 255 * 256 * 256 + 32768, fits).
    @inline(__always) static func sample(_ texels: UnsafePointer<UInt32>, _ level: RasterImage.Level,
                                         _ u0: Double, _ v0: Double) -> PremultipliedColor {
        let w = level.width
        // Texel centres sit at +0.5; clamp to the edge.
        let u = (u0 * level.scaleX - 0.5).clamped(0, Double(w - 1))
        let v = (v0 * level.scaleY - 0.5).clamped(0, Double(level.height - 1))
        // u, v >= 0 (or -0): truncation is the floor.
        let x0 = Int(u), y0 = Int(v)
        let x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, level.height - 1)
        let fx = UInt64(truncatingIfNeeded: roundNonNegative((u - Double(x0)) * 256))
        let fy = UInt64(truncatingIfNeeded: roundNonNegative((v - Double(y0)) * 256))
        let a = texels[y0 * w + x0], b = texels[y0 * w + x1], d = texels[y1 * w + x0], e = texels[y1 * w + x1]
        @inline(__always) func even(_ t: UInt32) -> UInt64 { UInt64(t & 0xFF) | UInt64(t & 0xFF_0000) << 16 }
        @inline(__always) func odd(_ t: UInt32) -> UInt64 { UInt64((t >> 8) & 0xFF) | UInt64((t >> 8) & 0xFF_0000) << 16 }
        @inline(__always) func mix(_ a: UInt64, _ b: UInt64, _ d: UInt64, _ e: UInt64) -> UInt64 {
            let top = a &* (256 - fx) &+ b &* fx, bottom = d &* (256 - fx) &+ e &* fx
            return (top &* (256 - fy) &+ bottom &* fy &+ 0x8000_0000_8000) >> 16
        }
        let ev = mix(even(a), even(b), even(d), even(e)), od = mix(odd(a), odd(b), odd(d), odd(e))
        return PremultipliedColor(r: UInt8(truncatingIfNeeded: ev), g: UInt8(truncatingIfNeeded: od),
                                  b: UInt8(truncatingIfNeeded: ev >> 32), a: UInt8(truncatingIfNeeded: od >> 32))
    }

    /// The sampling as first written (per channel, the library's rounding), kept as the twin
    /// `shade` is tested against.
    func shadePlain(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int) {
        let py = Double(y) + 0.5
        for i in from..<to {
            let px = Double(x0 + i) + 0.5
            let t = texel(px, py), tx = texel(px + 1, py), ty = texel(px, py + 1)
            guard t.x.isFinite, t.y.isFinite else { row[i] = .clear; continue }
            let level = image.levels[ImagePaint.level(t, tx, ty, count: image.levels.count)]
            let u = (t.x * (Double(level.width) / Double(image.width)) - 0.5).clamped(0, Double(level.width - 1))
            let v = (t.y * (Double(level.height) / Double(image.height)) - 0.5).clamped(0, Double(level.height - 1))
            let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
            let x1 = min(x0 + 1, level.width - 1), y1 = min(y0 + 1, level.height - 1)
            let fx = Int(((u - Double(x0)) * 256).rounded()), fy = Int(((v - Double(y0)) * 256).rounded())
            func channel(_ c: Int) -> UInt8 {
                func at(_ x: Int, _ y: Int) -> Int { Int((image.texels[level.offset + y * level.width + x] >> (8 * c)) & 0xFF) }
                let top = at(x0, y0) * (256 - fx) + at(x1, y0) * fx, bottom = at(x0, y1) * (256 - fx) + at(x1, y1) * fx
                return UInt8((top * (256 - fy) + bottom * fy + 32768) >> 16)
            }
            row[i] = PremultipliedColor(r: channel(0), g: channel(1), b: channel(2), a: channel(3))
        }
    }
}
