import Geometry
import SceneModel

/// Interpolation and arithmetic on animated values, component by component as Core Animation does.
package enum Interpolation {
    /// Exact at both ends (f = 0 gives a, f = 1 gives b), so an animation starts and ends on
    /// exactly the values before and after it.
    package static func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { a * (1 - f) + b * f }

    package static func lerp(_ a: Color, _ b: Color, _ f: Double) -> Color {
        // Straight (non-premultiplied) components, as CAGradientLayer and colour animations do.
        Color(r: lerp(a.r, b.r, f), g: lerp(a.g, b.g, f), b: lerp(a.b, b.b, f), a: lerp(a.a, b.a, f))
    }

    package static func lerp(_ a: AnimValue, _ b: AnimValue, _ f: Double) -> AnimValue {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(lerp(x, y, f))
        case let (.vector(x), .vector(y)) where x.count == y.count:
            return .vector(zip(x, y).map { lerp($0, $1, f) })
        case let (.numbers(x), .numbers(y)) where x.count == y.count:
            return .numbers(zip(x, y).map { lerp($0, $1, f) })
        case let (.color(x), .color(y)): return .color(lerp(x, y, f))
        case let (.colors(x), .colors(y)) where x.count == y.count:
            return .colors(zip(x, y).map { lerp($0, $1, f) })
        case let (.transform(x), .transform(y)): return .transform(lerp(x, y, f))
        default: return f < 1 ? a : b
        }
    }

    package static func add(_ a: AnimValue, _ b: AnimValue) -> AnimValue {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + y)
        case let (.vector(x), .vector(y)) where x.count == y.count: return .vector(zip(x, y).map { $0 + $1 })
        case let (.numbers(x), .numbers(y)) where x.count == y.count: return .numbers(zip(x, y).map { $0 + $1 })
        case let (.color(x), .color(y)): return .color(Color(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a))
        // For transforms "add" is concatenation: the animated value acts first, in local space.
        case let (.transform(x), .transform(y)): return .transform(.matrix(y.matrix * x.matrix))
        default: return b
        }
    }

    package static func subtract(_ a: AnimValue, _ b: AnimValue) -> AnimValue {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x - y)
        case let (.vector(x), .vector(y)) where x.count == y.count: return .vector(zip(x, y).map { $0 - $1 })
        default: return a
        }
    }

    /// Transforms given as operation lists of the same kinds interpolate operation by operation
    /// (rotation angles, translations, scales), like CSS transform lists; an empty list (the
    /// identity) matches any list. Other pairs interpolate as Core Animation does, through their
    /// decomposition (perspective, translation, scale, skew, quaternion rotation); a singular
    /// matrix, which cannot be decomposed, falls back to entry-by-entry interpolation. The ends
    /// are the given values exactly.
    package static func lerp(_ a: TransformValue, _ b: TransformValue, _ f: Double) -> TransformValue {
        if case .ops(let x) = a, case .ops(let y) = b {
            let x2 = x.isEmpty ? y.map(identityLike) : x
            let y2 = y.isEmpty ? x.map(identityLike) : y
            if x2.count == y2.count, let ops = zipOps(x2, y2, f) { return .ops(ops) }
        }
        if f == 0 { return a }
        if f == 1 { return b }
        let ma = a.matrix, mb = b.matrix
        if let da = DecomposedTransform(ma), let db = DecomposedTransform(mb) {
            return .matrix(DecomposedTransform.interpolate(da, db, f).matrix)
        }
        return .matrix(Transform3D(zip(ma.entries, mb.entries).map { lerp($0, $1, f) }))
    }

    package static func identityLike(_ op: TransformOp) -> TransformOp {
        switch op {
        case let .rotate(_, x, y, z): return .rotate(degrees: 0, x: x, y: y, z: z)
        case .translate: return .translate(x: 0, y: 0, z: 0)
        case .scale: return .scale(x: 1, y: 1, z: 1)
        case .set(let e, _): return .set(entry: e, value: Transform3D.identity.entries[e])
        case .concat: return .concat(.identity)
        }
    }

    package static func zipOps(_ x: [TransformOp], _ y: [TransformOp], _ f: Double) -> [TransformOp]? {
        var out: [TransformOp] = []
        for (p, q) in zip(x, y) {
            switch (p, q) {
            case let (.rotate(d0, x0, y0, z0), .rotate(d1, x1, y1, z1)) where x0 == x1 && y0 == y1 && z0 == z1:
                out.append(.rotate(degrees: lerp(d0, d1, f), x: x0, y: y0, z: z0))
            case let (.translate(a0, b0, c0), .translate(a1, b1, c1)):
                out.append(.translate(x: lerp(a0, a1, f), y: lerp(b0, b1, f), z: lerp(c0, c1, f)))
            case let (.scale(a0, b0, c0), .scale(a1, b1, c1)):
                out.append(.scale(x: lerp(a0, a1, f), y: lerp(b0, b1, f), z: lerp(c0, c1, f)))
            case let (.set(e0, v0), .set(e1, v1)) where e0 == e1:
                out.append(.set(entry: e0, value: lerp(v0, v1, f)))
            case let (.concat(c0), .concat(c1)):
                out.append(.concat(lerp(c0, c1, f)))
            default: return nil
            }
        }
        return out
    }
}
