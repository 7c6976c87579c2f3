import SceneModel

/// `CAMediaTiming` for one animation: maps scene time to the progress of its current iteration.
public enum AnimationTiming {
    /// Progress in 0...1 through the current iteration (before easing), or nil when the animation
    /// has no effect at `time` (outside its active interval and not filled).
    public static func progress(of a: AnimationModel, at time: Double) -> Double? {
        let d = a.duration
        let t = (time - a.beginTime) * a.speed + a.timeOffset
        let cycle = a.autoreverses ? 2 * d : d
        let active = cycle * (a.repeatCount > 0 ? a.repeatCount : 1)
        if t < 0 {
            guard a.fillMode == .backwards || a.fillMode == .both else { return nil }
            return 0
        }
        if t >= active {
            guard a.fillMode == .forwards || a.fillMode == .both else { return nil }
            return position(inCycle: active, d: d, cycle: cycle, autoreverses: a.autoreverses, atEnd: true)
        }
        return position(inCycle: t, d: d, cycle: cycle, autoreverses: a.autoreverses, atEnd: false)
    }

    static func position(inCycle t: Double, d: Double, cycle: Double, autoreverses: Bool, atEnd: Bool) -> Double {
        var u = t.truncatingRemainder(dividingBy: cycle)
        // The end of a whole cycle is its last instant, not the start of the next one.
        if atEnd && u == 0 { u = cycle }
        if autoreverses && u > d { return (cycle - u) / d }
        return min(u / d, 1)
    }
}
