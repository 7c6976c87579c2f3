import Geometry

/// 8-bit coverage over a pixel rectangle of the device.
public struct Mask: Sendable {
    public var rect: PixelRect
    public var data: [UInt8]
    public init(rect: PixelRect, data: [UInt8]) { self.rect = rect; self.data = data }
    public init(rect: PixelRect) { self.rect = rect; data = [UInt8](repeating: 0, count: rect.width * rect.height) }

    /// The mask with exactly one byte per pixel of `rect`: bytes missing from a public `Mask`
    /// built with too few are 0, extra ones are dropped (a rect too large to hold is empty).
    /// The row loops in C read `rect.width * rect.height` bytes without checking, so every
    /// public drawing call passes its masks through this first; a well-formed mask is returned
    /// as it is, without copying.
    public var wellFormed: Mask {
        let (count, overflow) = rect.width.multipliedReportingOverflow(by: rect.height)
        if overflow { return Mask(rect: .empty, data: []) }
        if data.count == count { return self }
        var bytes = Array(data.prefix(count))
        bytes.append(contentsOf: repeatElement(0, count: count - bytes.count))
        return Mask(rect: rect, data: bytes)
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
