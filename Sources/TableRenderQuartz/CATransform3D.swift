import Foundation
import Geometry
import SceneModel

/// Core Animation's 4x4 transform: row vectors, translation in `m41 m42 m43`, perspective in
/// `m34`. Every entry is settable, as in QuartzCore.
///
/// The functions that make and combine transforms (``CATransform3DMakeRotation(_:_:_:_:)`` and
/// the others) are tablerender's own deterministic maths: the same entries on every machine.
public struct CATransform3D: Equatable, Sendable {
    /// Row 1, column 1 of the matrix.
    public var m11: CGFloat { didSet { setOp(0, m11) } }
    /// Row 1, column 2 of the matrix.
    public var m12: CGFloat { didSet { setOp(1, m12) } }
    /// Row 1, column 3 of the matrix.
    public var m13: CGFloat { didSet { setOp(2, m13) } }
    /// Row 1, column 4 of the matrix.
    public var m14: CGFloat { didSet { setOp(3, m14) } }
    /// Row 2, column 1 of the matrix.
    public var m21: CGFloat { didSet { setOp(4, m21) } }
    /// Row 2, column 2 of the matrix.
    public var m22: CGFloat { didSet { setOp(5, m22) } }
    /// Row 2, column 3 of the matrix.
    public var m23: CGFloat { didSet { setOp(6, m23) } }
    /// Row 2, column 4 of the matrix.
    public var m24: CGFloat { didSet { setOp(7, m24) } }
    /// Row 3, column 1 of the matrix.
    public var m31: CGFloat { didSet { setOp(8, m31) } }
    /// Row 3, column 2 of the matrix.
    public var m32: CGFloat { didSet { setOp(9, m32) } }
    /// Row 3, column 3 of the matrix.
    public var m33: CGFloat { didSet { setOp(10, m33) } }
    /// The perspective entry: `-1 / d` for an eye at distance d.
    public var m34: CGFloat { didSet { setOp(11, m34) } }
    /// The translation along x.
    public var m41: CGFloat { didSet { setOp(12, m41) } }
    /// The translation along y.
    public var m42: CGFloat { didSet { setOp(13, m42) } }
    /// The translation along z.
    public var m43: CGFloat { didSet { setOp(14, m43) } }
    /// Row 4, column 4 of the matrix.
    public var m44: CGFloat { didSet { setOp(15, m44) } }
    /// How the transform was made, as the scene format's operations (`rotate`, then `m34` ...),
    /// when it was made by the functions here and entry setters: the scene is written with them,
    /// so it reads like the code and interpolates as a scene file written by hand does.
    var ops: [TransformOp]?

    /// A transform from its sixteen entries, in `m11, m12, ... m44` order.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity, as `CATransform3DIdentity`.
    public init() {
        self.init(Transform3D.identity)
        ops = []
    }

    init(_ t: Transform3D, ops: [TransformOp]? = nil) {
        self.init(m11: CGFloat(t.m11), m12: CGFloat(t.m12), m13: CGFloat(t.m13), m14: CGFloat(t.m14),
                  m21: CGFloat(t.m21), m22: CGFloat(t.m22), m23: CGFloat(t.m23), m24: CGFloat(t.m24),
                  m31: CGFloat(t.m31), m32: CGFloat(t.m32), m33: CGFloat(t.m33), m34: CGFloat(t.m34),
                  m41: CGFloat(t.m41), m42: CGFloat(t.m42), m43: CGFloat(t.m43), m44: CGFloat(t.m44))
        self.ops = ops
    }

    /// Equal entries (however each was made).
    public static func == (a: CATransform3D, b: CATransform3D) -> Bool { a.entries == b.entries }

    mutating func setOp(_ entry: Int, _ value: CGFloat) {
        ops?.append(.set(entry: entry, value: Double(value)))
    }

    /// The entries in `m11 ... m44` order, as the scene format writes a matrix.
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }

    var geometry: Transform3D { Transform3D(entries) }

    /// The scene format's value: the operations when known, else the matrix.
    var sceneValue: TransformValue { ops.map { .ops($0) } ?? .matrix(geometry) }

    /// This transform followed by `op`, computed as the scene format computes it (so the
    /// entries are the file's, bit for bit).
    func adding(_ op: TransformOp) -> CATransform3D {
        let base: [TransformOp] = ops ?? [.concat(.matrix(geometry))]
        let all = base + [op]
        return CATransform3D(TransformValue.ops(all).matrix, ops: all)
    }
}

/// Radians as the scene format's degrees, rounded to a billionth of a degree so that the usual
/// angles are exact (`.pi / 2` is 90 degrees, as a scene file writes it).
func degrees(_ radians: CGFloat) -> Double {
    let d = Double(radians) * 180 / Double.pi
    guard d.isFinite, abs(d) < 1e9 else { return d }
    return (d * 1e9).rounded() / 1e9
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D()

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether two transforms are equal, entry by entry.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DTranslate(CATransform3DIdentity, tx, ty, tz)
}

/// A scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DScale(CATransform3DIdentity, sx, sy, sz)
}

/// A rotation by `angle` radians about the axis `(x, y, z)` (normalised; a zero axis gives the
/// identity, as Apple documents).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DRotate(CATransform3DIdentity, angle, x, y, z)
}

/// `t` translated by `(tx, ty, tz)` first: `translation · t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    t.adding(.translate(x: Double(tx), y: Double(ty), z: Double(tz)))
}

/// `t` scaled by `(sx, sy, sz)` first: `scale · t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    t.adding(.scale(x: Double(sx), y: Double(sy), z: Double(sz)))
}

/// `t` rotated by `angle` radians about `(x, y, z)` first: `rotation · t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    t.adding(.rotate(degrees: degrees(angle), x: Double(x), y: Double(y), z: Double(z)))
}

/// `a · b`: `a` first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.adding(.concat(b.sceneValue))
}
