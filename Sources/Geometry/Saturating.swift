/// Conversions from `Double` that cannot trap.
///
/// `Int(someDouble)` stops the process when the value is NaN, infinite or out of `Int`'s range.
/// Every conversion of a value that a scene can drive (directly, through an animation, or
/// through a transform that projects a point near the eye) goes through these instead.
extension Int {
    /// The largest magnitude a saturated conversion gives: far beyond any pixel count, index or
    /// segment count, and small enough that adding or multiplying two such values by small
    /// numbers stays inside `Int`.
    public static let saturationBound = 1 << 52

    /// `Int(v)` (toward zero) clamped to ±2^52; 0 for NaN.
    @inline(__always)
    public init(saturating v: Double) {
        if v >= Double(Int.saturationBound) { self = Int.saturationBound }
        else if v <= -Double(Int.saturationBound) { self = -Int.saturationBound }
        else if v == v { self = Int(v) }
        else { self = 0 }
    }
}

extension Double {
    /// The value clamped to `lo...hi`; NaN gives `lo`.
    @inline(__always)
    public func clamped(_ lo: Double, _ hi: Double) -> Double {
        if self >= hi { return hi }
        if self >= lo { return self }
        return lo
    }
}
