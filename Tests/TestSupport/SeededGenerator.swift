/// A small deterministic generator (a 64-bit LCG, top bits), so a failing case can be
/// reproduced from its seed on every machine.
public struct SeededGenerator {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 11
    }
    /// A number in [0, 1) in steps of one millionth.
    public mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
}
