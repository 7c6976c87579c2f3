import Geometry

/// What fills covered pixels.
public enum Paint: Sendable {
    case solid(PremultipliedColor)
    case linearGradient(LinearGradientPaint)
    case image(ImagePaint)

    /// Colours for pixels x0..<x0+row.count of device row y.
    @inline(__always) func shade(y: Int, x0: Int, into row: inout [PremultipliedColor]) {
        shade(y: y, x0: x0, into: &row, from: 0, to: row.count)
    }

    /// Colours for row[from..<to] (pixel x0 + i of device row y for row[i]); the rest of `row`
    /// is left as it was.
    @inline(__always) func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int) {
        switch self {
        case .solid(let c):
            for i in from..<to { row[i] = c }
        case .linearGradient(let g):
            g.shade(y: y, x0: x0, into: &row, from: from, to: to)
        case .image(let p):
            p.shade(y: y, x0: x0, into: &row, from: from, to: to)
        }
    }
}

/// An axial gradient defined on a layer's plane, seen through that plane's homography, so it
/// stays perspective-correct. Colours are interpolated in straight sRGB (as CAGradientLayer
/// does) into a lookup table, then premultiplied.
public struct LinearGradientPaint: Sendable {
    /// Device point (X, Y, 1) to layer point.
    public let layerFromDevice: Homography
    public let start: Point
    let delta: Point
    /// (location, straight r, g, b, a), as given.
    public let stops: [(Double, Double, Double, Double, Double)]
    public var end: Point { start + delta }
    let invLength2: Double
    let table: [PremultipliedColor]
    static let tableSize = 1024

    /// `stops` are (location, straight r, g, b, a) sorted by location; start and end in layer points.
    public init(layerFromDevice: Homography, start: Point, end: Point, stops: [(Double, Double, Double, Double, Double)]) {
        self.layerFromDevice = layerFromDevice
        self.start = start
        self.stops = stops
        delta = end - start
        let l2 = delta.x * delta.x + delta.y * delta.y
        invLength2 = l2 > 0 ? 1 / l2 : 0
        var table: [PremultipliedColor] = []
        let n = LinearGradientPaint.tableSize
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            table.append(LinearGradientPaint.color(at: t, stops))
        }
        self.table = table
    }

    static func color(at t: Double, _ stops: [(Double, Double, Double, Double, Double)]) -> PremultipliedColor {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.0 { return PremultipliedColor(straightR: first.1, g: first.2, b: first.3, a: first.4) }
        if t >= last.0 { return PremultipliedColor(straightR: last.1, g: last.2, b: last.3, a: last.4) }
        var i = 0
        while i + 1 < stops.count && stops[i + 1].0 < t { i += 1 }
        let a = stops[i], b = stops[min(i + 1, stops.count - 1)]
        let span = b.0 - a.0
        let f = span > 0 ? (t - a.0) / span : 1
        return PremultipliedColor(straightR: a.1 + (b.1 - a.1) * f, g: a.2 + (b.2 - a.2) * f,
                                  b: a.3 + (b.3 - a.3) * f, a: a.4 + (b.4 - a.4) * f)
    }

    func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int) {
        let h = layerFromDevice
        let py = Double(y) + 0.5
        let last = Double(LinearGradientPaint.tableSize - 1)
        table.withUnsafeBufferPointer { table in
            row.withUnsafeMutableBufferPointer { row in
                for i in from..<to {
                    let px = Double(x0 + i) + 0.5
                    let p = h.map(px, py)
                    var t = ((p.x - start.x) * delta.x + (p.y - start.y) * delta.y) * invLength2
                    if !(t > 0) { t = 0 } else if t > 1 { t = 1 }
                    row[i] = table[Int(t * last + 0.5)]
                }
            }
        }
    }
}
