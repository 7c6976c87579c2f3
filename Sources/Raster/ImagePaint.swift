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

    func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int) {
        let py = Double(y) + 0.5
        guard from < to else { return }
        // The neighbour one pixel right is the next pixel's own point (px + 1 is exactly the
        // next centre), so each point is mapped once.
        var next = texel(Double(x0 + from) + 0.5, py)
        for i in from..<to {
            let px = Double(x0 + i) + 0.5
            let t = next
            let tx = texel(px + 1, py)
            next = tx
            guard t.x.isFinite, t.y.isFinite else { row[i] = .clear; continue }
            // Texels per device pixel from the neighbours one pixel right and down.
            let ty = texel(px, py + 1)
            let rho2 = max((tx.x - t.x) * (tx.x - t.x) + (tx.y - t.y) * (tx.y - t.y),
                           (ty.x - t.x) * (ty.x - t.x) + (ty.y - t.y) * (ty.y - t.y))
            var level = 0
            var limit = 4.0   // rho >= 2 means at least two texels per pixel: go down a level
            while level + 1 < image.levels.count && rho2.isFinite && rho2 >= limit { level += 1; limit *= 4 }
            row[i] = sample(level, t.x, t.y)
        }
    }

    @inline(__always) func sample(_ levelIndex: Int, _ u0: Double, _ v0: Double) -> PremultipliedColor {
        let level = image.levels[levelIndex]
        let scaleX = Double(level.width) / Double(image.width), scaleY = Double(level.height) / Double(image.height)
        // Texel centres sit at +0.5; clamp to the edge.
        let u = (u0 * scaleX - 0.5).clamped(0, Double(level.width - 1))
        let v = (v0 * scaleY - 0.5).clamped(0, Double(level.height - 1))
        let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
        let x1 = min(x0 + 1, level.width - 1), y1 = min(y0 + 1, level.height - 1)
        let fx = Int(((u - Double(x0)) * 256).rounded()), fy = Int(((v - Double(y0)) * 256).rounded())
        let w = level.width
        return level.pixels.withUnsafeBufferPointer { p in
            func channel(_ c: Int) -> UInt8 {
                let a = Int(p[(y0 * w + x0) * 4 + c]), b = Int(p[(y0 * w + x1) * 4 + c])
                let d = Int(p[(y1 * w + x0) * 4 + c]), e = Int(p[(y1 * w + x1) * 4 + c])
                let top = a * (256 - fx) + b * fx, bottom = d * (256 - fx) + e * fx
                return UInt8((top * (256 - fy) + bottom * fy + 32768) >> 16)
            }
            return PremultipliedColor(r: channel(0), g: channel(1), b: channel(2), a: channel(3))
        }
    }
}
