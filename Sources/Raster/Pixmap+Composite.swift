import CPieceLanes
import Geometry

/// Compositing a group's pixels, and the straight-alpha rows a PNG stores.
extension Pixmap {
    /// Source-over of another pixmap (an offscreen group) scaled by `alpha` (0...255; more
    /// counts as 255), through an optional clip mask; only `src.dirty` is read. Each row goes
    /// through `tr_blend_row` (C: four pixels at a time in SSE2, bit for bit `blend` of each
    /// pixel with its coverage).
    public mutating func composite(_ src: Pixmap, alpha: Int, clip: Mask? = nil) {
        let clip = clip?.wellFormed, alpha = min(alpha, 255)
        var area = src.dirty.intersection(rect)
        if let clip { area = area.intersection(clip.rect) }
        guard !area.isEmpty, alpha > 0 else { return }
        dirty = dirty.union(area)
        touch(area)
        let clipData = clip?.data ?? []
        let clipRect = clip?.rect ?? .empty
        let hasClip = clip != nil
        data.withUnsafeMutableBufferPointer { d in
            src.data.withUnsafeBufferPointer { s in
                clipData.withUnsafeBufferPointer { c in
                    for y in area.y0..<area.y1 {
                        let sRow = s.baseAddress! + ((y - src.rect.y0) * src.rect.width - src.rect.x0 + area.x0) * 4
                        let dRow = d.baseAddress! + ((y - rect.y0) * rect.width - rect.x0 + area.x0) * 4
                        // (Never read without a clip: the row pointer is only formed with one.)
                        let cRow = hasClip ? c.baseAddress! + (y - clipRect.y0) * clipRect.width - clipRect.x0 + area.x0 : nil
                        tr_blend_row(dRow, sRow, nil, cRow, area.width, Int32(clamping: alpha))
                    }
                }
            }
        }
    }

    /// Straight-alpha RGBA rows (what PNG stores), tightly packed. An opaque pixmap is its own
    /// straight-alpha form, so its storage is returned without copying.
    public func unpremultipliedRGBA() -> [UInt8] {
        let opaque = data.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { w in
                let alpha = UInt32(littleEndian: 0xFF00_0000)
                var all = alpha
                for v in w { all &= v }
                return all & alpha == alpha
            }
        }
        if opaque { return data }
        var out = [UInt8](repeating: 0, count: data.count)
        data.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                var i = 0
                while i < s.count {
                    let a = Int(s[i + 3])
                    if a == 255 {
                        o[i] = s[i]; o[i + 1] = s[i + 1]; o[i + 2] = s[i + 2]; o[i + 3] = 255
                    } else if a != 0 {
                        o[i] = UInt8(min(255, (Int(s[i]) * 255 + a / 2) / a))
                        o[i + 1] = UInt8(min(255, (Int(s[i + 1]) * 255 + a / 2) / a))
                        o[i + 2] = UInt8(min(255, (Int(s[i + 2]) * 255 + a / 2) / a))
                        o[i + 3] = UInt8(a)
                    }
                    i += 4
                }
            }
        }
        return out
    }
}
