/// Source-over in 8-bit premultiplied integers, four channels at a time: the arithmetic every
/// fill and composite of `Pixmap` ends in.
extension Pixmap {
    /// A pixel's coverage: the mask's, times the clip mask's at `index` (if any), times
    /// `alpha`, each product rounded (`mul255`). The one definition every fill loop uses.
    @inline(__always) static func coverage(_ mask: UInt8, clip: Mask?, at index: Int, alpha: Int) -> Int {
        var cov = Int(mask)
        if cov == 0 { return 0 }
        if let clip { cov = mul255(cov, Int(clip.data[index])) }
        if alpha < 255 { cov = mul255(cov, alpha) }
        return cov
    }

    /// Source-over of premultiplied `s` scaled by coverage `cov` onto the pixel at `p`.
    ///
    /// The four channels are worked on at once as 16-bit lanes of one 64-bit word ("SWAR"):
    /// every lane computes exactly the scalar `mul255`, whose intermediate values stay below
    /// 2^16, so the result is the same as channel by channel.
    @inline(__always) static func blend(_ p: UnsafeMutablePointer<UInt8>, _ s: PremultipliedColor, _ cov: Int) {
        blend(p, source: source(s, cov))
    }

    /// `s` scaled by coverage `cov`, one channel per 16-bit lane: the part of `blend` that does
    /// not depend on the destination.
    @inline(__always) static func source(_ s: PremultipliedColor, _ cov: Int) -> UInt64 {
        let src = expand(s.word)
        return cov < 255 ? mul255Lanes(src, UInt64(cov)) : src
    }

    /// `blend(p + 4 * i, source: src)` for i in 0..<count, two pixels at a time: the same
    /// 16-bit lane arithmetic as `mul255Lanes` (products below 2^16, so no lane wraps), on eight
    /// lanes. The general formula src + mul255(dst, 255 - sa), clamped per lane, is what the
    /// scalar form gives in its early cases too (mul255(x, 0) = 0, mul255(x, 255) = x).
    @inline(__always) static func blendRun(_ p: UnsafeMutablePointer<UInt8>, count: Int, source src: UInt64) {
        let sa = Int(src >> 48)
        let raw = UnsafeMutableRawPointer(p)
        if sa == 255 {
            raw.assumingMemoryBound(to: UInt32.self).update(repeating: compress(src), count: count)
            return
        }
        if src == 0 { return }
        let lanes = SIMD4<UInt16>(UInt16(src & 0xFFFF), UInt16(src >> 16 & 0xFFFF), UInt16(src >> 32 & 0xFFFF), UInt16(src >> 48))
        let s8 = SIMD8<UInt16>(lowHalf: lanes, highHalf: lanes)
        let inv = SIMD8<UInt16>(repeating: UInt16(255 - sa))
        var i = 0
        while i + 2 <= count {
            let d = SIMD8<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<UInt8>.self))
            let t = d &* inv &+ 128
            let sum = pointwiseMin(s8 &+ ((t &+ (t &>> 8)) &>> 8), SIMD8(repeating: 255))
            raw.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: sum), toByteOffset: 4 * i, as: SIMD8<UInt8>.self)
            i += 2
        }
        if i < count { blend(p + 4 * i, source: src) }
    }

    /// `blend(p, source: a)` and `blend(p + 4, source: b)` at once: the lane arithmetic of
    /// `blendRun` with each pixel's own source and inverse alpha (a source of alpha 255 gives
    /// itself, a zero source leaves the pixel, as the scalar form's early cases do).
    @inline(__always) static func blendPair(_ p: UnsafeMutablePointer<UInt8>, _ a: UInt64, _ b: UInt64) {
        let raw = UnsafeMutableRawPointer(p)
        @inline(__always) func lanes(_ v: UInt64) -> SIMD4<UInt16> {
            SIMD4<UInt16>(UInt16(truncatingIfNeeded: v), UInt16(truncatingIfNeeded: v >> 16), UInt16(truncatingIfNeeded: v >> 32), UInt16(truncatingIfNeeded: v >> 48))
        }
        let s8 = SIMD8<UInt16>(lowHalf: lanes(a), highHalf: lanes(b))
        let inv = SIMD8<UInt16>(lowHalf: SIMD4(repeating: 255 &- UInt16(truncatingIfNeeded: a >> 48)),
                                highHalf: SIMD4(repeating: 255 &- UInt16(truncatingIfNeeded: b >> 48)))
        let d = SIMD8<UInt16>(truncatingIfNeeded: raw.loadUnaligned(as: SIMD8<UInt8>.self))
        let t = d &* inv &+ 128
        let sum = pointwiseMin(s8 &+ ((t &+ (t &>> 8)) &>> 8), SIMD8(repeating: 255))
        raw.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: sum), as: SIMD8<UInt8>.self)
    }

    /// The rest of `blend`: source-over of a scaled source (from `source`) onto the pixel at `p`.
    @inline(__always) static func blend(_ p: UnsafeMutablePointer<UInt8>, source src: UInt64) {
        let sa = Int(src >> 48)
        let raw = UnsafeMutableRawPointer(p)
        if sa == 255 {
            raw.storeBytes(of: compress(src), as: UInt32.self)
            return
        }
        if src == 0 { return }
        let dst = expand(raw.load(as: UInt32.self))
        let sum = src &+ mul255Lanes(dst, UInt64(255 - sa))
        if sum & 0xFF00_FF00_FF00_FF00 == 0 {
            raw.storeBytes(of: compress(sum), as: UInt32.self)
        } else {
            // A lane above 255 (a colour brighter than its alpha): clamp each.
            var out: UInt64 = 0
            for lane in 0..<4 { out |= min((sum >> (16 * UInt64(lane))) & 0xFFFF, 255) << (16 * UInt64(lane)) }
            raw.storeBytes(of: compress(out), as: UInt32.self)
        }
    }

    /// Four bytes as they lie in memory, one per 16-bit lane (first byte lowest).
    @inline(__always) static func expand(_ w: UInt32) -> UInt64 {
        let v = UInt64(UInt32(littleEndian: w))
        return (v & 0xFF) | (v & 0xFF00) << 8 | (v & 0xFF_0000) << 16 | (v & 0xFF00_0000) << 24
    }

    /// The inverse of `expand` (lanes must be below 256).
    @inline(__always) static func compress(_ v: UInt64) -> UInt32 {
        let w = (v & 0xFF) | (v >> 8) & 0xFF00 | (v >> 16) & 0xFF_0000 | (v >> 24) & 0xFF00_0000
        return UInt32(littleEndian: UInt32(truncatingIfNeeded: w))
    }

    /// `mul255` in each lane (lanes below 256, y at most 255).
    @inline(__always) static func mul255Lanes(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let t = x &* y &+ 0x0080_0080_0080_0080
        return ((t &+ ((t >> 8) & 0x00FF_00FF_00FF_00FF)) >> 8) & 0x00FF_00FF_00FF_00FF
    }
}
