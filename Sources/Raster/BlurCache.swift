import Geometry
import Glibc

/// Shadows kept from one frame to the next (in the `MaskCache`, which each rendering thread
/// owns).
///
/// The rule that decides reuse: a blurred shadow is a pure function of its alpha plane's bytes
/// and size, the blur's sigma and the offset (`Blur.blurred`); where the plane sits on the
/// device only moves the result by the same whole pixels. So a plane whose bytes, size, sigma
/// and offset (to the bit) equal a cached one's gets the cached result, moved: the pixels are
/// exactly those of blurring again. A card at rest in a scrolling table draws the same alpha
/// plane frame after frame, a whole number of pixels further up; only a card that turns or
/// slides by a fraction of a pixel is blurred again. Entries not used in the current or the
/// previous frame are dropped.
extension MaskCache {
    struct BlurEntry: Sendable {
        var sigma: UInt64, dx: UInt64, dy: UInt64
        /// The result is zero wherever the plane is opaque (see `DrawExecutor.drawShadow`).
        var clearsOpaque: Bool
        /// The alpha plane blurred (its rect: where it was), and the result for it.
        var source: Mask
        var blurred: Mask
    }

    /// `source` blurred (see `Blur.blurred`), and with `clearsOpaque` zeroed where `source` is
    /// 255, from the cache or from `blur` (then remembered): a pure function of those inputs.
    public func blurred(_ source: Mask, sigma: Double, dx: Double, dy: Double, clearsOpaque: Bool = false, blur: () -> Mask) -> Mask {
        let key = MaskCache.hash(source, sigma: sigma, dx: dx, dy: dy) ^ (clearsOpaque ? 1 : 0)
        let found: BlurEntry? = state.withLock { s in
            let entry = s.blurs.find(key) { e in
                e.sigma == sigma.bitPattern && e.dx == dx.bitPattern && e.dy == dy.bitPattern && e.clearsOpaque == clearsOpaque
                    && e.source.rect.width == source.rect.width && e.source.rect.height == source.rect.height
                    && MaskCache.sameBytes(e.source.data, source.data)
            }
            if entry != nil { s.blurHits += 1 }
            return entry
        }
        if let found {
            var result = found.blurred
            let mx = source.rect.x0 - found.source.rect.x0, my = source.rect.y0 - found.source.rect.y0
            result.rect = PixelRect(x0: result.rect.x0 + mx, y0: result.rect.y0 + my, x1: result.rect.x1 + mx, y1: result.rect.y1 + my)
            return result
        }
        let result = blur()
        state.withLock { s in
            s.blurMisses += 1
            s.blurs.insert(BlurEntry(sigma: sigma.bitPattern, dx: dx.bitPattern, dy: dy.bitPattern, clearsOpaque: clearsOpaque,
                                               source: source, blurred: result), at: key)
        }
        return result
    }

    public var blurStatistics: (hits: Int, misses: Int) { state.withLock { ($0.blurHits, $0.blurMisses) } }

    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in
            guard let x = pa.baseAddress, let y = pb.baseAddress else { return true }
            return memcmp(x, y, pa.count) == 0
        } }
    }

    /// FNV-1a over the size, sigma and offset bits, and the plane's bytes eight at a time.
    static func hash(_ plane: Mask, sigma: Double, dx: Double, dy: Double) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01b3 }
        mix(UInt64(bitPattern: Int64(plane.rect.width))); mix(UInt64(bitPattern: Int64(plane.rect.height)))
        mix(sigma.bitPattern); mix(dx.bitPattern); mix(dy.bitPattern)
        plane.data.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words { mix(raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) }
            for i in (words * 8)..<raw.count { mix(UInt64(raw[i])) }
        }
        return h
    }
}
