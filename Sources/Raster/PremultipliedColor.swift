/// A premultiplied 8-bit colour.
public struct PremultipliedColor: Equatable, Sendable {
    public var r, g, b, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)

    /// The four bytes as they lie in memory (r, g, b, a), read as one word.
    @inline(__always) public var word: UInt32 {
        UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
    }

    /// Every component times `cov` / 255, rounded (what `blend` applies for a coverage below 255).
    @inline(__always) public func scaled(by cov: Int) -> PremultipliedColor {
        PremultipliedColor(r: UInt8(Pixmap.mul255(Int(r), cov)), g: UInt8(Pixmap.mul255(Int(g), cov)),
                           b: UInt8(Pixmap.mul255(Int(b), cov)), a: UInt8(Pixmap.mul255(Int(a), cov)))
    }

    /// From straight components in 0...1, premultiplied and rounded once.
    public init(straightR r: Double, g: Double, b: Double, a: Double) {
        let a = min(max(a, 0), 1)
        func q(_ v: Double) -> UInt8 { UInt8(min(max((min(max(v, 0), 1) * a * 255).rounded(), 0), 255)) }
        self.init(r: q(r), g: q(g), b: q(b), a: UInt8((a * 255).rounded()))
    }
}
