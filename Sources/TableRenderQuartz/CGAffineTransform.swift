import Foundation
import Geometry

/// Core Graphics' 2D affine transform (Linux's Foundation has none): the matrix
/// `[a b 0; c d 0; tx ty 1]` applied to row vectors, as on iOS. `UIView.transform` is one; it is
/// the layer's `transform` with z left alone (``CATransform3DMakeAffineTransform(_:)``).
/// Rotations use tablerender's own deterministic sine and cosine.
public struct CGAffineTransform: Equatable, Sendable {
    /// Row 1: how x maps into x and y.
    public var a: CGFloat, b: CGFloat
    /// Row 2: how y maps into x and y.
    public var c: CGFloat, d: CGFloat
    /// The translation.
    public var tx: CGFloat, ty: CGFloat

    /// A transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// The identity.
    public static let identity = CGAffineTransform()

    /// A translation by `(tx, ty)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// A scale by `(sx, sy)`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A rotation by `angle` radians (positive turns clockwise on iOS's y-down screen).
    public init(rotationAngle angle: CGFloat) {
        let (s, c) = DetMath.sinCos(degrees: degrees(angle))
        self.init(a: CGFloat(c), b: CGFloat(s), c: CGFloat(-s), d: CGFloat(c), tx: 0, ty: 0)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self · t2`: this transform first, then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation by `(tx, ty)` first, then this transform.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale by `(sx, sy)` first, then this transform.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation by `angle` radians first, then this transform.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse, or this transform unchanged when it has none (as Core Graphics returns it).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return CGAffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                 tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}

extension CGPoint {
    /// The point through `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: x * t.a + y * t.c + t.tx, y: x * t.b + y * t.d + t.ty)
    }
}

/// The 3D transform that does what `m` does in the plane (z unchanged).
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` only acts in the plane (what ``CATransform3DGetAffineTransform(_:)`` keeps whole).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// The plane part of `t` (its x and y rows and translation).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension NSValue {
    /// A value holding a 3D transform (`CABasicAnimation.fromValue` and `toValue` take one).
    public convenience init(caTransform3D t: CATransform3D) {
        var entries = t.entries
        self.init(bytes: &entries, objCType: NSValue.transformType)
    }

    /// The 3D transform this value holds (the identity when it holds something else).
    public var caTransform3DValue: CATransform3D { transform3D ?? CATransform3DIdentity }

    /// The transform, when this value holds one.
    var transform3D: CATransform3D? {
        guard String(cString: objCType) == NSValue.transformType else { return nil }
        var e = [Double](repeating: 0, count: 16)
        e.withUnsafeMutableBytes { if let p = $0.baseAddress { getValue(p) } }
        return CATransform3D(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                             m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// Sixteen doubles (Linux's Foundation keeps arrays, not structs, in a value).
    static let transformType = "[16d]"
}

extension CATransform3D {
    /// A transform given as itself or in an `NSValue` (`NSValue(caTransform3D:)`), as key-value
    /// coding and animations take it.
    static func from(_ v: Any?) -> CATransform3D? { (v as? CATransform3D) ?? (v as? NSValue)?.transform3D }
}
