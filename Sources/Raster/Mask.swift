import Geometry

/// 8-bit coverage over a pixel rectangle of the device.
public struct Mask: Sendable {
    public var rect: PixelRect
    public var data: [UInt8]
    public init(rect: PixelRect, data: [UInt8]) { self.rect = rect; self.data = data }
    public init(rect: PixelRect) { self.rect = rect; data = [UInt8](repeating: 0, count: rect.width * rect.height) }

    /// Coverage at a device pixel (0 outside).
    @inline(__always) public func coverage(_ x: Int, _ y: Int) -> UInt8 {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
        return data[(y - rect.y0) * rect.width + (x - rect.x0)]
    }
}
