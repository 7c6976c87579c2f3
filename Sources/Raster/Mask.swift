import Geometry

/// 8-bit coverage over a pixel rectangle of the device.
public struct Mask: Sendable {
    public var rect: PixelRect
    public var data: [UInt8]
    public init(rect: PixelRect, data: [UInt8]) { self.rect = rect; self.data = data }
    public init(rect: PixelRect) { self.rect = rect; data = [UInt8](repeating: 0, count: rect.width * rect.height) }

    /// The mask with exactly one byte per pixel of its rect: a public `Mask` built with extra
    /// bytes has them dropped; one built with too few draws as if the missing bytes were 0,
    /// its rect cut to the rows its bytes reach (so a huge rect with few bytes costs no more
    /// than its bytes). The row loops in C read `rect.width * rect.height` bytes without
    /// checking, so every public drawing call passes its masks through this first; a
    /// well-formed mask is returned as it is, without copying.
    public var wellFormed: Mask {
        let w = rect.width, h = rect.height
        if w == 0 || h == 0 { return Mask(rect: .empty, data: []) }
        let (count, overflow) = w.multipliedReportingOverflow(by: h)
        if !overflow && data.count >= count {
            return data.count == count ? self : Mask(rect: rect, data: Array(data.prefix(count)))
        }
        // Fewer bytes than pixels: whole rows, then a partial one.
        let rows = data.count / w, rest = data.count % w
        if rows == 0 {
            return Mask(rect: PixelRect(x0: rect.x0, y0: rect.y0, x1: rect.x0 + rest, y1: rect.y0 + 1), data: data)
        }
        if rest == 0 { return Mask(rect: PixelRect(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: rect.y0 + rows), data: data) }
        var bytes = data
        bytes.append(contentsOf: repeatElement(0, count: w - rest))   // w < data.count here
        return Mask(rect: PixelRect(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: rect.y0 + rows + 1), data: bytes)
    }

    /// Coverage at a device pixel (0 outside).
    @inline(__always) public func coverage(_ x: Int, _ y: Int) -> UInt8 {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
        return data[(y - rect.y0) * rect.width + (x - rect.x0)]
    }

    /// Coverage of both masks (each product rounded as `Pixmap.mul255`) over where both are;
    /// either alone when the other is nil.
    static func product(_ a: Mask?, _ b: Mask?) -> Mask? {
        guard let a else { return b }
        guard let b else { return a }
        let r = a.rect.intersection(b.rect)
        var out = Mask(rect: r)
        for y in r.y0..<r.y1 {
            for x in r.x0..<r.x1 {
                out.data[(y - r.y0) * r.width + (x - r.x0)] = UInt8(Pixmap.mul255(Int(a.coverage(x, y)), Int(b.coverage(x, y))))
            }
        }
        return out
    }
}
