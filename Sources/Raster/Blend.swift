/// Source-over in 8-bit premultiplied integers, four channels at a time: the arithmetic every
/// fill and composite of `Pixmap` ends in. The row loops that run it are C (`tr_blend_row`,
/// `tr_fill_solid_row`); these are the definitions their tests hold them to.
extension Pixmap {
    /// A pixel's coverage: the mask's, times the clip mask's at `index` (if any), times
    /// `alpha`, each product rounded (`mul255`). The one definition every fill loop follows.
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
