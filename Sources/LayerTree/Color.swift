/// A straight-alpha sRGB colour with components in 0...1.
public struct Color: Equatable, Sendable {
    public var r, g, b, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public init(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) {
        self.init(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: a)
    }
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0, a: 1)
    public static let white = Color(r: 1, g: 1, b: 1, a: 1)
}
