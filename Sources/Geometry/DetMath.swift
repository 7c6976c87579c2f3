/// The project's own elementary functions.
///
/// Pixels must be identical on every machine, and the platform's `sin`, `exp` and `pow` differ
/// between libm versions in the last bit. These use only IEEE-exact operations (`+ - * /`,
/// `sqrt`, exact scaling by powers of two, `truncatingRemainder` which is `fmod`, exact by
/// definition), in a fixed order, so they give the same bits everywhere. Accuracy is within a few
/// ulps, which is all rendering needs.
public enum DetMath {
    public static let pi = 3.141592653589793
    static let ln2Hi = 6.93147180369123816490e-01
    static let ln2Lo = 1.90821492927058770002e-10
    static let ln2 = 0.6931471805599453

    /// sin and cos of an angle in degrees. Multiples of 90 degrees are exact (cos 90 is 0).
    public static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        var r = degrees.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        if r >= 360 { r -= 360 }
        let quadrant = Int(r / 90)
        var f = r - Double(quadrant) * 90      // [0, 90)
        var swap = false
        if f > 45 { f = 90 - f; swap = true }   // sin(90-f) = cos f
        let x = f * (pi / 180)                  // |x| <= pi/4
        let x2 = x * x
        // Taylor series to x^17 and x^18; at |x| <= pi/4 the first omitted terms (x^19/19!,
        // x^20/20!) are below 1e-19.
        var s = 1.0 / 355687428096000.0                  // 1/17!
        s = 1.0 / 1307674368000.0 - x2 * s               // 1/15!
        s = 1.0 / 6227020800.0 - x2 * s                  // 1/13!
        s = 1.0 / 39916800.0 - x2 * s                    // 1/11!
        s = 1.0 / 362880.0 - x2 * s                      // 1/9!
        s = 1.0 / 5040.0 - x2 * s                        // 1/7!
        s = 1.0 / 120.0 - x2 * s                         // 1/5!
        s = 1.0 / 6.0 - x2 * s                           // 1/3!
        let sinX = x - x * x2 * s
        var c = 1.0 / 6402373705728000.0                 // 1/18!
        c = 1.0 / 20922789888000.0 - x2 * c              // 1/16!
        c = 1.0 / 87178291200.0 - x2 * c                 // 1/14!
        c = 1.0 / 479001600.0 - x2 * c                   // 1/12!
        c = 1.0 / 3628800.0 - x2 * c                     // 1/10!
        c = 1.0 / 40320.0 - x2 * c                       // 1/8!
        c = 1.0 / 720.0 - x2 * c                         // 1/6!
        c = 1.0 / 24.0 - x2 * c                          // 1/4!
        c = 0.5 - x2 * c
        let cosX = 1 - x2 * c
        let (s0, c0) = swap ? (cosX, sinX) : (sinX, cosX)
        switch quadrant {
        case 0: return (s0, c0)
        case 1: return (c0, -s0)
        case 2: return (-s0, -c0)
        default: return (-c0, s0)
        }
    }

    /// sin and cos of an angle in radians (converted to degrees, then as above).
    public static func sinCos(radians: Double) -> (sin: Double, cos: Double) {
        sinCos(degrees: radians * (180 / pi))
    }

    /// e^x.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x > 709 { return .infinity }
        if x < -745 { return 0 }
        let k = (x / ln2).rounded()
        let r = (x - k * ln2Hi) - k * ln2Lo     // |r| <= ln2/2
        var p = 1.0 / 6227020800.0
        p = 1.0 / 479001600.0 + r * p
        p = 1.0 / 39916800.0 + r * p
        p = 1.0 / 3628800.0 + r * p
        p = 1.0 / 362880.0 + r * p
        p = 1.0 / 40320.0 + r * p
        p = 1.0 / 5040.0 + r * p
        p = 1.0 / 720.0 + r * p
        p = 1.0 / 120.0 + r * p
        p = 1.0 / 24.0 + r * p
        p = 1.0 / 6.0 + r * p
        p = 0.5 + r * p
        p = 1.0 + r * p
        p = 1.0 + r * p
        return scaleByPowerOfTwo(p, Int(k))
    }

    /// Natural logarithm; NaN for x < 0, -infinity for 0.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return .infinity }
        var e = Int(x.exponent)
        var m = x.significand                    // [1, 2)
        if m > 1.4142135623730951 { m /= 2; e += 1 }
        let s = (m - 1) / (m + 1)                // |s| <= 0.1716
        let s2 = s * s
        var t = 1.0 / 23
        for d in stride(from: 21.0, through: 1.0, by: -2.0) { t = 1.0 / d + s2 * t }
        return 2 * s * t + Double(e) * ln2Hi + Double(e) * ln2Lo
    }

    /// a^b for a > 0 (and 0^b = 0 for b > 0).
    public static func pow(_ a: Double, _ b: Double) -> Double {
        if b == 0 { return 1 }
        if a == 0 { return b > 0 ? 0 : .infinity }
        if a < 0 { return .nan }
        return exp(b * log(a))
    }

    /// atan(x) in radians: reduced to |x| <= tan(15 deg) by atan(x) = pi/2 - atan(1/x) and
    /// atan(x) = pi/6 + atan((x - 1/sqrt 3) / (1 + x/sqrt 3)), then a Taylor series (the first
    /// omitted term is below 1e-17).
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x < 0 { return -atan(-x) }
        if x > 1 { return pi / 2 - atan(1 / x) }
        if x > 0.2679491924311227 {
            let r3 = 0.5773502691896257   // 1 / sqrt(3)
            return pi / 6 + atan((x - r3) / (1 + x * r3))
        }
        let x2 = x * x
        var t = 1.0 / 29
        for d in stride(from: 27.0, through: 1.0, by: -2.0) { t = 1.0 / d - x2 * t }
        return x * t
    }

    /// atan2(y, x) in radians, in (-pi, pi].
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
        if y > 0 { return pi / 2 }
        if y < 0 { return -pi / 2 }
        return 0
    }

    /// x * 2^k, exact while the result is normal.
    static func scaleByPowerOfTwo(_ x: Double, _ k: Int) -> Double {
        var x = x, k = k
        while k > 1000 { x *= Double(sign: .plus, exponent: 1000, significand: 1); k -= 1000 }
        while k < -1000 { x *= Double(sign: .plus, exponent: -1000, significand: 1); k += 1000 }
        return x * Double(sign: .plus, exponent: k, significand: 1)
    }
}
