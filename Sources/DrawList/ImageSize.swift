/// What compositing knows of a decoded image: its size in pixels and the file's own scale (2 for
/// `name@2x.png`); the pixels are the executor's.
public struct ImageSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var scale: Double
    public init(width: Int, height: Int, scale: Double = 1) { self.width = width; self.height = height; self.scale = scale }
}

/// Alphas as draw commands carry them: integers 0 ... 255.
public enum Alpha {
    /// `x * y / 255` rounded to nearest, exactly, for x and y in 0 ... 255 (Blinn's trick).
    @inlinable @inline(__always) public static func mul255(_ x: Int, _ y: Int) -> Int {
        let t = x * y + 128
        return (t + (t >> 8)) >> 8
    }
}
