import Geometry

/// Gaussian blur of an alpha plane with integer weights, so it is exact and the same everywhere.
public enum Blur {
    static let maxSigma = 256.0
    static let maxOffset = 100_000.0

    /// Weights (summing to 65536) of a Gaussian of `sigma` pixels sampled at offsets
    /// `-radius...radius` and shifted right by `shift` pixels (0 <= shift < 1); sigma 0 gives
    /// plain linear interpolation for the shift.
    public static func kernel(sigma: Double, shift: Double) -> (weights: [Int], radius: Int) {
        if sigma < 0.05 {
            let w1 = Int((shift * 65536).rounded())
            return ([65536 - w1, w1], 0)
        }
        let radius = Int((3 * sigma + 1).rounded(.up))
        var w: [Double] = []
        for i in -radius...(radius + 1) {
            let d = Double(i) - shift
            w.append(DetMath.exp(-(d * d) / (2 * sigma * sigma)))
        }
        let total = w.reduce(0, +)
        var q = w.map { Int(($0 / total * 65536).rounded()) }
        // Put the rounding remainder on the largest weight so the kernel keeps flat areas flat.
        let rest = 65536 - q.reduce(0, +)
        if let m = q.indices.max(by: { q[$0] < q[$1] }) { q[m] += rest }
        return (q, radius)
    }

    /// Blurs `source` (alpha 0...255) and moves it by (dx, dy) device pixels:
    /// out(X) = sum over taps k of w[k] * in(X - floor(d) - (k - radius)), so a single lit pixel
    /// at 0 lands centred on d. The result covers the source rect grown by the kernel and moved;
    /// with out.x0 = src.x0 - radius + floor(dx), output column o reads source column o - k.
    public static func blurred(_ source: Mask, sigma: Double, dx: Double, dy: Double) -> Mask {
        // Bound what geometry near the eye can ask for: a blur wider than the largest canvas
        // or a shadow moved off every canvas draws nothing different.
        let sigma = sigma.isFinite ? min(max(sigma, 0), maxSigma) : 0
        let dx = dx.isFinite ? min(max(dx, -maxOffset), maxOffset) : 0
        let dy = dy.isFinite ? min(max(dy, -maxOffset), maxOffset) : 0
        let ix = Int(dx.rounded(.down)), iy = Int(dy.rounded(.down))
        let (kx, rx) = kernel(sigma: sigma, shift: dx - Double(ix))
        let (ky, ry) = kernel(sigma: sigma, shift: dy - Double(iy))
        let src = source.rect
        let out = PixelRect(x0: src.x0 - rx + ix, y0: src.y0 - ry + iy,
                            x1: src.x1 + rx + 1 + ix, y1: src.y1 + ry + 1 + iy)
        let w = out.width, h = out.height, sw = src.width, sh = src.height
        // Horizontal pass over source rows; values keep 8 extra bits (weights sum to 2^16).
        var mid = [Int32](repeating: 0, count: w * sh)
        for y in 0..<sh {
            let srow = y * sw
            for o in 0..<w {
                var sum = 0
                let kLo = max(0, o - sw + 1), kHi = min(kx.count - 1, o)
                if kLo <= kHi {
                    for k in kLo...kHi { sum += kx[k] * Int(source.data[srow + o - k]) }
                }
                mid[y * w + o] = Int32(sum >> 8)
            }
        }
        var result = Mask(rect: out)
        for o in 0..<h {
            let kLo = max(0, o - sh + 1), kHi = min(ky.count - 1, o)
            guard kLo <= kHi else { continue }
            for x in 0..<w {
                var sum = 0
                for k in kLo...kHi { sum += ky[k] * Int(mid[(o - k) * w + x]) }
                result.data[o * w + x] = UInt8(clamping: (sum + (1 << 23)) >> 24)
            }
        }
        return result
    }
}
