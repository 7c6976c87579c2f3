import Geometry
import DrawList
import LayerTree

/// Path commands flattened into polylines in the layer's space.
enum ShapeOutline {
    typealias Subpath = Polyline

    /// `tolerance` is in layer points (device tolerance divided by the local pixels per point).
    /// Nil when the outline would have more than `maxPoints` points.
    static func subpaths(_ commands: [PathCommand], tolerance: Double, maxPoints: Int = .max) -> [Subpath]? {
        var out: [Subpath] = []
        var total = 0
        var current: [Point] = []
        var start = Point.zero
        func finish(closed: Bool) {
            total += current.count
            if !current.isEmpty { out.append(Subpath(points: current, closed: closed)) }
            current = []
        }
        for c in commands {
            if total + current.count > maxPoints { return nil }
            switch c {
            case .move(let p):
                finish(closed: false)
                current = [p]
                start = p
            case .line(let p):
                if current.isEmpty { current = [start] }
                current.append(p)
            case let .quad(c1, p):
                if current.isEmpty { current = [start] }
                Flattening.appendQuadratic(&current, current[current.count - 1], c1, p, tolerance: tolerance)
            case let .cubic(c1, c2, p):
                if current.isEmpty { current = [start] }
                Flattening.appendCubic(&current, current[current.count - 1], c1, c2, p, tolerance: tolerance)
            case .close:
                if !current.isEmpty {
                    finish(closed: true)
                    // After Z the current point is the subpath's start; a following command
                    // without M continues from there.
                }
            }
        }
        finish(closed: false)
        return total > maxPoints ? nil : out
    }
}
