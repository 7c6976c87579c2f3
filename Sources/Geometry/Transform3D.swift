/// A 4x4 matrix with `CATransform3D`'s field names and conventions: points are row vectors
/// multiplied on the left (`[x y z 1] · M`), translation sits in `m41...m43`, and
/// `Concat(a, b) = a · b` applies `a` first.
public struct Transform3D: Equatable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The 16 entries in memory order m11, m12, ... m44.
    public init(_ e: [Double]) {
        precondition(e.count == 16)
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    public var isIdentity: Bool { self == .identity }

    /// `CATransform3DIsAffine`.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0 && m43 == 0
            && m33 == 1 && m44 == 1
    }

    /// `CATransform3DMakeTranslation`.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    /// `CATransform3DMakeScale`.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// `CATransform3DMakeRotation` with the angle in degrees. The axis is normalised; a zero
    /// axis gives the identity, as Apple documents.
    public static func rotation(degrees: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else { return identity }
        let (x, y, z) = (x / len, y / len, z / len)
        let (s, c) = DetMath.sinCos(degrees: degrees)
        let k = 1 - c
        return Transform3D(
            m11: c + k * x * x, m12: k * x * y + s * z, m13: k * x * z - s * y, m14: 0,
            m21: k * x * y - s * z, m22: c + k * y * y, m23: k * y * z + s * x, m24: 0,
            m31: k * x * z + s * y, m32: k * y * z - s * x, m33: c + k * z * z, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A perspective projection with the eye at distance `d` (`m34 = -1/d`).
    public static func perspective(_ d: Double) -> Transform3D {
        var t = identity
        t.m34 = -1 / d
        return t
    }

    /// `CATransform3DConcat(a, b) = a · b`: a first, then b.
    public static func * (a: Transform3D, b: Transform3D) -> Transform3D {
        Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// `CATransform3DConcat`.
    public static func concat(_ a: Transform3D, _ b: Transform3D) -> Transform3D { a * b }

    /// `CATransform3DTranslate(t, ...) = translation · t`: the new step acts first, in local space.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        .translation(tx, ty, tz) * self
    }

    /// `CATransform3DScale(t, ...) = scale · t`.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        .scale(sx, sy, sz) * self
    }

    /// `CATransform3DRotate(t, ...) = rotation · t`, degrees.
    public func rotated(degrees: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        .rotation(degrees: degrees, x, y, z) * self
    }

    /// Maps a point given as a row vector `[x y z 1]`.
    public func apply(_ x: Double, _ y: Double, _ z: Double = 0) -> HomogeneousPoint {
        HomogeneousPoint(x: x * m11 + y * m21 + z * m31 + m41,
                         y: x * m12 + y * m22 + z * m32 + m42,
                         z: x * m13 + y * m23 + z * m33 + m43,
                         w: x * m14 + y * m24 + z * m34 + m44)
    }

    /// Flattening into the plane z = 0: `self · diag(1, 1, 0, 1)`.
    public var flattened: Transform3D {
        var t = self
        t.m13 = 0; t.m23 = 0; t.m33 = 0; t.m43 = 0
        return t
    }

    /// The 3x3 homography that takes a point (x, y) on this layer's z = 0 plane to device (X, Y, W).
    public var planeHomography: Homography {
        Homography(a: m11, b: m12, c: m14, d: m21, e: m22, f: m24, g: m41, h: m42, i: m44)
    }
}

/// A point before the perspective divide.
public struct HomogeneousPoint: Equatable, Sendable {
    public var x, y, z, w: Double
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }
    public static func lerp(_ p: HomogeneousPoint, _ q: HomogeneousPoint, _ t: Double) -> HomogeneousPoint {
        HomogeneousPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t,
                         z: p.z + (q.z - p.z) * t, w: p.w + (q.w - p.w) * t)
    }
    /// The point after the perspective divide (only meaningful for w > 0).
    public var projected: Point { Point(x / w, y / w) }
}

/// A row-vector 3x3 matrix: `[x y 1] · H = [X Y W]`.
public struct Homography: Equatable, Sendable {
    public var a, b, c, d, e, f, g, h, i: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f; self.g = g; self.h = h; self.i = i
    }

    public var determinant: Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// The inverse, or nil when the plane is seen edge-on.
    public var inverse: Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        return Homography(a: (e * i - f * h) * r, b: (c * h - b * i) * r, c: (b * f - c * e) * r,
                          d: (f * g - d * i) * r, e: (a * i - c * g) * r, f: (c * d - a * f) * r,
                          g: (d * h - e * g) * r, h: (b * g - a * h) * r, i: (a * e - b * d) * r)
    }

    /// Maps (x, y) and divides.
    public func map(_ x: Double, _ y: Double) -> Point {
        let X = x * a + y * d + g, Y = x * b + y * e + h, W = x * c + y * f + i
        return Point(X / W, Y / W)
    }
}
