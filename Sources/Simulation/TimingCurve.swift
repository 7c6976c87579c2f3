import Geometry
import SceneModel

/// Evaluation of `CAMediaTimingFunction` curves and `CASpringAnimation` springs.
public enum TimingCurve {
    /// y for input x on the cubic Bézier [(0,0), (c1x,c1y), (c2x,c2y), (1,1)]: solves Bx(t) = x by
    /// Newton's method from t = x, falling back to bisection, then returns By(t).
    public static func cubic(_ x: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // B(t) = a t^3 + b t^2 + c t with a = 1 - 3c2 + 3c1, b = 3c2 - 6c1, c = 3c1.
        let cx = 3 * c1x, bx = 3 * (c2x - c1x) - cx, ax = 1 - cx - bx
        let cy = 3 * c1y, by = 3 * (c2y - c1y) - cy, ay = 1 - cy - by
        func bx_(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        var t = x
        var solved = false
        for _ in 0..<8 {
            let err = bx_(t) - x
            if abs(err) < 1e-12 { solved = true; break }
            let d = (3 * ax * t + 2 * bx) * t + cx
            if abs(d) < 1e-9 { break }
            t -= err / d
        }
        if !solved || t < 0 || t > 1 {
            var lo = 0.0, hi = 1.0
            t = x
            for _ in 0..<64 {
                let v = bx_(t)
                if abs(v - x) < 1e-14 { break }
                if v < x { lo = t } else { hi = t }
                t = (lo + hi) / 2
            }
        }
        return ((ay * t + by) * t + cy) * t
    }

    /// The normalised displacement (0 at rest start, 1 at the target) of a damped spring after
    /// `t` seconds, as `CASpringAnimation` computes it.
    /// A spring whose numbers overflow (damping of 1e200, a stiffness of 1e300) does not move:
    /// 0, never NaN (a NaN would take every row of a table with it).
    public static func spring(_ t: Double, mass: Double, stiffness: Double, damping: Double, initialVelocity v0: Double) -> Double {
        let x = springValue(t, mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0)
        return x.isFinite ? x : 0
    }

    static func springValue(_ t: Double, mass: Double, stiffness: Double, damping: Double, initialVelocity v0: Double) -> Double {
        if t <= 0 { return 0 }
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            let (s, c) = DetMath.sinCos(radians: wd * t)
            return 1 - DetMath.exp(-zeta * w0 * t) * (c + b * s)
        } else if zeta == 1 {
            return 1 - DetMath.exp(-w0 * t) * (1 + (w0 - v0) * t)
        } else {
            // Overdamped: two real roots r1, r2 < 0; x(t) = 1 - (A e^{r1 t} + B e^{r2 t}).
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root, r2 = -zeta * w0 - root
            // A + B = 1, r1 A + r2 B = -v0.
            let a = (-v0 - r2) / (r1 - r2)
            let b = 1 - a
            return 1 - (a * DetMath.exp(r1 * t) + b * DetMath.exp(r2 * t))
        }
    }

    /// Applies a timing function to progress `p` in 0...1 of an animation lasting `duration` s.
    /// The progress of one of UIKit's own animations (a row update, an animated scroll) at
    /// `p` of its duration: `apply` while it runs, and exactly 1 once it has ended, because
    /// UIKit removes the animation and the model's layout shows. A spring whose duration cuts
    /// it off before it settles would otherwise hold its unsettled value for ever (rows left
    /// 1.5 pt off after an insert). Core Animation's own animations are not ended this way: a
    /// `CASpringAnimation` that fills forwards holds the value it reached, as on iOS.
    public static func ended(_ f: TimingFunction?, _ p: Double, duration: Double) -> Double {
        p >= 1 ? 1 : apply(f, p, duration: duration)
    }

    public static func apply(_ f: TimingFunction?, _ p: Double, duration: Double) -> Double {
        guard let f else { return p }
        switch f {
        case let .cubic(a, b, c, d):
            if a == 0 && b == 0 && c == 1 && d == 1 { return p }
            return cubic(p, a, b, c, d)
        case let .spring(mass, stiffness, damping, v):
            if p >= 1 && duration <= 0 { return 1 }
            return spring(p * duration, mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v)
        }
    }
}
