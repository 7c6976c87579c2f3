/// A 4x4 transform split into perspective, translation, scale, skew and a rotation quaternion
/// (the "unmatrix" of Graphics Gems II, as specified for CSS transforms, whose matrix layout is
/// CATransform3D's: translation in m41...m43). Core Animation interpolates transform values
/// through such a decomposition, so a rotation stays a rotation halfway through.
public struct DecomposedTransform: Equatable, Sendable {
    public var perspective: [Double]     // 4
    public var translation: [Double]     // 3
    public var scale: [Double]           // 3
    public var skew: [Double]            // xy, xz, yz
    public var quaternion: [Double]      // x, y, z, w

    /// Nil when the matrix is singular (it cannot be decomposed).
    public init?(_ t: Transform3D) {
        var m = [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24],
                 [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]]
        guard m[3][3] != 0 else { return nil }
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= m[3][3] } }
        var p = m
        for i in 0..<3 { p[i][3] = 0 }
        p[3][3] = 1
        let pm = Transform3D(p.flatMap { $0 })
        guard let inverse = pm.inverse else { return nil }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            // perspective = rhs · transpose(inverse(p)) = inverse(p) applied to rhs as a column.
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            let inv = inverse.rows
            perspective = (0..<4).map { i in (0..<4).reduce(0) { $0 + inv[i][$1] * rhs[$1] } }
        } else {
            perspective = [0, 0, 0, 1]
        }
        translation = [m[3][0], m[3][1], m[3][2]]
        var row = (0..<3).map { [m[$0][0], m[$0][1], m[$0][2]] }
        var scale = [0.0, 0, 0], skew = [0.0, 0, 0]
        scale[0] = Vec3.length(row[0])
        row[0] = Vec3.scaled(row[0], 1 / scale[0])
        skew[0] = Vec3.dot(row[0], row[1])
        row[1] = Vec3.combine(row[1], row[0], 1, -skew[0])
        scale[1] = Vec3.length(row[1])
        row[1] = Vec3.scaled(row[1], 1 / scale[1])
        skew[0] /= scale[1]
        skew[1] = Vec3.dot(row[0], row[2])
        row[2] = Vec3.combine(row[2], row[0], 1, -skew[1])
        skew[2] = Vec3.dot(row[1], row[2])
        row[2] = Vec3.combine(row[2], row[1], 1, -skew[2])
        scale[2] = Vec3.length(row[2])
        row[2] = Vec3.scaled(row[2], 1 / scale[2])
        skew[1] /= scale[2]
        skew[2] /= scale[2]
        guard scale.allSatisfy({ $0.isFinite && $0 != 0 }) else { return nil }
        if Vec3.dot(row[0], Vec3.cross(row[1], row[2])) < 0 {
            for i in 0..<3 { scale[i] = -scale[i]; row[i] = Vec3.scaled(row[i], -1) }
        }
        // Shepperd's method: start from the largest of w, x, y, z and derive the others from the
        // off-diagonal sums and differences. The plain per-component square roots of the CSS
        // pseudocode lose the relative signs for half turns (w = 0), which a mirrored matrix
        // produces once its basis is negated, and precision near zero.
        let r = row
        let trace = r[0][0] + r[1][1] + r[2][2]
        var q: [Double]
        if trace > 0 {
            let w = 0.5 * (1 + trace).squareRoot(), k = 0.25 / w
            q = [(r[1][2] - r[2][1]) * k, (r[2][0] - r[0][2]) * k, (r[0][1] - r[1][0]) * k, w]
        } else if r[0][0] >= r[1][1] && r[0][0] >= r[2][2] {
            let x = 0.5 * max(1 + r[0][0] - r[1][1] - r[2][2], 0).squareRoot(), k = 0.25 / x
            q = [x, (r[0][1] + r[1][0]) * k, (r[0][2] + r[2][0]) * k, (r[1][2] - r[2][1]) * k]
        } else if r[1][1] >= r[2][2] {
            let y = 0.5 * max(1 - r[0][0] + r[1][1] - r[2][2], 0).squareRoot(), k = 0.25 / y
            q = [(r[0][1] + r[1][0]) * k, y, (r[1][2] + r[2][1]) * k, (r[2][0] - r[0][2]) * k]
        } else {
            let z = 0.5 * max(1 - r[0][0] - r[1][1] + r[2][2], 0).squareRoot(), k = 0.25 / z
            q = [(r[0][2] + r[2][0]) * k, (r[1][2] + r[2][1]) * k, z, (r[0][1] - r[1][0]) * k]
        }
        self.scale = scale
        self.skew = skew
        quaternion = q
    }

    /// The matrix again: perspective, then translation, rotation, skew and scale applied to the
    /// local coordinates first (row-vector order: scale · skew · rotation · translation · perspective).
    public var matrix: Transform3D {
        var persp = Transform3D.identity
        persp.m14 = perspective[0]; persp.m24 = perspective[1]; persp.m34 = perspective[2]; persp.m44 = perspective[3]
        let tr = Transform3D.translation(translation[0], translation[1], translation[2])
        let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
        // Rows of the rotation for row vectors (the transpose of the column-vector form).
        let rot = Transform3D([1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
                               2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
                               2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
                               0, 0, 0, 1])
        var sk = Transform3D.identity
        sk.m21 = skew[0]; sk.m31 = skew[1]; sk.m32 = skew[2]
        let sc = Transform3D.scale(scale[0], scale[1], scale[2])
        return sc * sk * rot * tr * persp
    }

    /// Componentwise interpolation, spherical for the rotation.
    public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ f: Double) -> DecomposedTransform {
        func mix(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 * (1 - f) + $1 * f } }
        var out = a
        out.perspective = mix(a.perspective, b.perspective)
        out.translation = mix(a.translation, b.translation)
        out.scale = mix(a.scale, b.scale)
        out.skew = mix(a.skew, b.skew)
        var product = zip(a.quaternion, b.quaternion).reduce(0) { $0 + $1.0 * $1.1 }
        product = min(max(product, -1), 1)
        if abs(product) < 1 && f != 0 && f != 1 {
            let theta = DetMath.atan2((1 - product * product).squareRoot(), product)   // acos(product)
            let (s, c) = DetMath.sinCos(radians: f * theta)
            let w = s / (1 - product * product).squareRoot()
            out.quaternion = zip(a.quaternion, b.quaternion).map { $0 * (c - product * w) + $1 * w }
        } else if f == 1 {
            out.quaternion = b.quaternion
        }
        return out
    }
}

extension Transform3D {
    /// The general inverse (nil when singular), by cofactors.
    public var inverse: Transform3D? {
        let m = rows
        var inv = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        func minor(_ r: Int, _ c: Int) -> Double {
            let rs = (0..<4).filter { $0 != r }, cs = (0..<4).filter { $0 != c }
            let a = rs.map { i in cs.map { m[i][$0] } }
            return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        var det = 0.0
        for c in 0..<4 { det += (c % 2 == 0 ? 1 : -1) * m[0][c] * minor(0, c) }
        guard det != 0, det.isFinite else { return nil }
        for r in 0..<4 { for c in 0..<4 { inv[c][r] = ((r + c) % 2 == 0 ? 1 : -1) * minor(r, c) / det } }
        return Transform3D(inv.flatMap { $0 })
    }

    var rows: [[Double]] { [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]] }
}

enum Vec3 {
    static func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    static func scaled(_ a: [Double], _ s: Double) -> [Double] { a.map { $0 * s } }
    static func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
        [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
    }
    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }
}
