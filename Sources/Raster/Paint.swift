import Geometry

/// What fills covered pixels.
public enum Paint: Sendable {
    case solid(PremultipliedColor)
    case linearGradient(LinearGradientPaint)
    case image(ImagePaint)
    /// Premultiplied colours laid on the device's pixels (a backdrop's blur).
    case pixels(PixelPaint)

    /// The colour `shade` gives every pixel of device row y in x0..<x1, when it is provably one
    /// colour for all of them; nil when that is not known.
    @inline(__always) func rowColor(y: Int, x0: Int, x1: Int) -> PremultipliedColor? {
        switch self {
        case .solid(let c): return c
        case .linearGradient(let g): return g.rowColor(y: y, x0: x0, x1: x1)
        case .image, .pixels: return nil
        }
    }

    /// Colours for row[from..<to] (pixel x0 + i of device row y for row[i]); the rest of `row`
    /// is left as it was. `scratch` carries what one row computes for the next (the same x0,
    /// rows in order; a fresh one for each fill).
    @inline(__always) func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int,
                                 scratch: inout ShadeScratch) {
        switch self {
        case .solid(let c):
            for i in from..<to { row[i] = c }
        case .linearGradient(let g):
            g.shade(y: y, x0: x0, into: &row, from: from, to: to)
        case .image(let p):
            p.shade(y: y, x0: x0, into: &row, from: from, to: to, scratch: &scratch)
        case .pixels(let p):
            for i in from..<to { row[i] = p.color(x0 + i, y) }
        }
    }
}

/// What shading one row leaves for the next: an image paint's texel points of the pixel
/// centres of row `row` (those one pixel below the row just shaded), for indexes
/// `from..<to`.
public struct ShadeScratch {
    var row = Int.min
    var from = 0, to = 0
    var points: [Point] = []
    var next: [Point] = []
    public init() {}
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

    /// `stops` are (location, straight r, g, b, a) sorted by location; start and end in layer
    /// points. `tables` keeps the lookup tables of recent stop lists (the executor's, one per
    /// rendering thread); without it the table is computed.
    public init(layerFromDevice: Homography, start: Point, end: Point, stops: [(Double, Double, Double, Double, Double)],
                tables: GradientTables? = nil) {
        self.layerFromDevice = layerFromDevice
        self.start = start
        self.stops = stops
        delta = end - start
        let l2 = delta.x * delta.x + delta.y * delta.y
        invLength2 = l2 > 0 ? 1 / l2 : 0
        table = tables?.table(for: stops) ?? LinearGradientPaint.table(for: stops)
    }

    /// The lookup table of `stops`: a pure function of them.
    static func table(for stops: [(Double, Double, Double, Double, Double)]) -> [PremultipliedColor] {
        var table: [PremultipliedColor] = []
        let n = LinearGradientPaint.tableSize
        table.reserveCapacity(n)
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            table.append(LinearGradientPaint.color(at: t, stops))
        }
        return table
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

    /// The colour of every pixel of device row y in x0..<x1 when the gradient provably does not
    /// change along the row: an axis with no x component (delta.x == 0) on a plane whose layer
    /// y and w do not depend on device x (b == 0, c == 0 in `layerFromDevice`): a vertical
    /// gradient on a layer moved, scaled or rotated about the x axis, as the fold's shading is.
    ///
    /// Why `parametersPlain` gives the same t to each of those pixels, bit for bit: with b and c
    /// zero, `x * b` and `x * c` are ±0, and `(±0 + u) + v` does not depend on that sign unless
    /// u and v are both zero (checked), so the layer y (Y / W) is the same number across the
    /// row. The layer x (X / W) is finite across the row when it is at both ends (X is monotone
    /// in x; |X| < |W| * 2^1000 keeps the quotient finite), and then its term in t is
    /// `finite * 0 = ±0`, which changes t only between +0 and -0, both clamped to 0.
    func rowColor(y: Int, x0: Int, x1: Int) -> PremultipliedColor? {
        let hm = layerFromDevice
        guard delta.x == 0, hm.b == 0, hm.c == 0, x0 < x1 else { return nil }
        let py = Double(y) + 0.5
        let ye = py * hm.e, yf = py * hm.f
        guard !(ye == 0 && hm.h == 0), !(yf == 0 && hm.i == 0) else { return nil }
        let W = (Double(x0) + 0.5) * hm.c + yf + hm.i
        let bound = abs(W) * 0x1p1000
        @inline(__always) func X(_ x: Int) -> Double { (Double(x) + 0.5) * hm.a + py * hm.d + hm.g }
        guard abs(X(x0)) < bound, abs(X(x1 - 1)) < bound else { return nil }
        var t = 0.0
        parametersPlain(y: y, x0: x0, from: 0, to: 1) { _, v in t = v }
        return table[Int(t * Double(LinearGradientPaint.tableSize - 1) + 0.5)]
    }

    /// The clamped parameter along the axis of pixel x0 + i of device row y, for i in
    /// from..<to, handed to `emit(i, t)`: the device point's layer point through the
    /// homography, projected on the axis. The plain form, kept as the reference of `parameters`.
    @inline(__always)
    func parametersPlain(y: Int, x0: Int, from: Int, to: Int, _ emit: (Int, Double) -> Void) {
        let h = layerFromDevice
        let py = Double(y) + 0.5
        for i in from..<to {
            let px = Double(x0 + i) + 0.5
            let p = h.map(px, py)
            var t = ((p.x - start.x) * delta.x + (p.y - start.y) * delta.y) * invLength2
            if !(t > 0) { t = 0 } else if t > 1 { t = 1 }
            emit(i, t)
        }
    }

    /// `parametersPlain`, two pixels at a time: every operation of the plain loop done on two
    /// lanes at once (SSE2 computes each lane as the scalar instruction would, division
    /// included), so every t is the same number. The products of the row's y are hoisted; they
    /// are the plain loop's products, and the sums keep its order ((x * a + y * d) + g).
    @inline(__always)
    func parameters(y: Int, x0: Int, from: Int, to: Int, _ emit: (Int, Double) -> Void) {
        let hm = layerFromDevice
        let py = Double(y) + 0.5
        let yd = py * hm.d, ye = py * hm.e, yf = py * hm.f
        let sx = start.x, sy = start.y, dx = delta.x, dy = delta.y, inv = invLength2
        var i = from
        while i + 2 <= to {
            let px = SIMD2<Double>(Double(x0 + i), Double(x0 + i + 1)) + 0.5
            let X = px * hm.a + yd + hm.g, Y = px * hm.b + ye + hm.h, W = px * hm.c + yf + hm.i
            var t = ((X / W - sx) * dx + (Y / W - sy) * dy) * inv
            // Plain: if !(t > 0) { t = 0 } else if t > 1 { t = 1 } (NaN goes to 0).
            t.replace(with: 0, where: .!(t .> 0))
            t.replace(with: 1, where: t .> 1)
            emit(i, t.x)
            emit(i + 1, t.y)
            i += 2
        }
        if i < to { parametersPlain(y: y, x0: x0, from: i, to: to, emit) }
    }

    /// Colours for row[from..<to] (pixel x0 + i of device row y for row[i]).
    func shade(y: Int, x0: Int, into row: inout [PremultipliedColor], from: Int, to: Int) {
        let last = Double(LinearGradientPaint.tableSize - 1)
        table.withUnsafeBufferPointer { table in
            row.withUnsafeMutableBufferPointer { row in
                parameters(y: y, x0: x0, from: from, to: to) { i, t in row[i] = table[Int(t * last + 0.5)] }
            }
        }
    }
}

/// The lookup tables of the last few gradients' stop lists: a layer's gradient is built again
/// every frame with the same stops. One per executor, like the mask cache (not shared between
/// threads, so it needs no lock).
public final class GradientTables {
    private var tables: [[UInt64]: [PremultipliedColor]] = [:]
    public init() {}

    func table(for stops: [(Double, Double, Double, Double, Double)]) -> [PremultipliedColor] {
        let key = stops.flatMap { [$0.0, $0.1, $0.2, $0.3, $0.4].map(\.bitPattern) }
        if let found = tables[key] { return found }
        let table = LinearGradientPaint.table(for: stops)
        if tables.count >= 32 { tables.removeAll() }
        tables[key] = table
        return table
    }
}


/// Premultiplied colours over a rectangle of device pixels, one per pixel (clear outside).
public struct PixelPaint: Sendable {
    public let rect: PixelRect
    public let colors: [PremultipliedColor]
    public init(rect: PixelRect, colors: [PremultipliedColor]) { self.rect = rect; self.colors = colors }

    @inline(__always) func color(_ x: Int, _ y: Int) -> PremultipliedColor {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return .clear }
        let i = (y - rect.y0) * rect.width + (x - rect.x0)
        return i < colors.count ? colors[i] : .clear
    }
}
