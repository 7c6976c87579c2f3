import Geometry

/// The draw list as text, one command per line, indented by scope: stable across machines and
/// runs (numbers to a thousandth), so lists can be read, diffed and asserted on in tests.
///
///     frame 40x30 background #FFFFFFFF
///     begin layer 0 clip 0,0..40,30 group alpha 128
///       fill layer 0 nonZero alpha 255 clip 0,0..40,30 solid #FF3B30FF path 4 points (5,5 35,5 35,25 5,25)
///     end
///
/// A path shows its points when it has at most 16 of them, else its contour and point counts
/// and its bounds.
extension DrawList: CustomStringConvertible {
    public var description: String {
        var lines = ["frame \(width)x\(height) background \(DrawText.color(background))"]
        var depth = 0
        for command in commands {
            if case .end = command { depth = max(depth - 1, 0) }
            lines.append(String(repeating: "  ", count: depth) + DrawText.line(command))
            if case .begin = command { depth += 1 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

public enum DrawText {
    /// A number to a thousandth, without trailing zeros: "12", "0.5", "-3.333".
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
        guard abs(v) < 1e12 else { return v > 0 ? "huge" : "-huge" }
        let m = Int((v * 1000).rounded())
        let sign = m < 0 ? "-" : "", a = abs(m), whole = a / 1000, frac = a % 1000
        guard frac != 0 else { return sign + String(whole) }
        var digits = String(frac)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }

    /// "#RRGGBBAA" of the straight colour, rounded to 8 bits.
    public static func color(_ c: DrawColor) -> String {
        func hex(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            let digits = Array("0123456789ABCDEF")
            return String(digits[n >> 4]) + String(digits[n & 15])
        }
        return "#" + hex(c.r) + hex(c.g) + hex(c.b) + hex(c.a)
    }

    static func point(_ p: Point) -> String { number(p.x) + "," + number(p.y) }
    static func rect(_ r: PixelRect) -> String { "\(r.x0),\(r.y0)..\(r.x1),\(r.y1)" }

    static func path(_ p: Path) -> String {
        let contours = p.contours.filter { $0.count >= 3 }
        let count = contours.reduce(0) { $0 + $1.count }
        if count <= 16 {
            let shown = contours.map { "(" + $0.map(point).joined(separator: " ") + ")" }.joined(separator: " ")
            return "path \(count) points \(shown)"
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in contours { for q in c { minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y) } }
        return "path \(contours.count) contours \(count) points bounds \(number(minX)),\(number(minY))..\(number(maxX)),\(number(maxY))"
    }

    static func homography(_ h: Homography) -> String {
        "[" + [h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i].map(number).joined(separator: " ") + "]"
    }

    static func paint(_ p: PaintSpec) -> String {
        switch p {
        case .solid(let c): return "solid " + color(c)
        case .linearGradient(let g):
            let stops = g.stops.map { "\(number($0.0)) \(color(DrawColor(r: $0.1, g: $0.2, b: $0.3, a: $0.4)))" }.joined(separator: ", ")
            return "gradient \(point(g.start))->\(point(g.end)) stops [\(stops)] layerFromDevice \(homography(g.layerFromDevice))"
        case .image(let i):
            let name = i.image.split(separator: "/").last.map(String.init) ?? i.image
            var line = "image \(name) rect \(number(i.rect.x)),\(number(i.rect.y)) \(number(i.rect.width))x\(number(i.rect.height)) layerFromDevice \(homography(i.layerFromDevice))"
            if let s = i.slices {
                for (axis, a) in [("x", s.x), ("y", s.y)] {
                    line += " slices \(axis) " + [a.edge0, a.lo, a.hi, a.edge1, a.to0, a.to1].map(number).joined(separator: " ")
                }
            }
            return line
        }
    }

    public static func line(_ command: DrawCommand) -> String {
        switch command {
        case .fill(let f):
            let edges = f.aliasedEdges.map { " aliased " + path(Path(contours: [$0])) } ?? ""
            return "fill layer \(f.layer) \(f.rule == .nonZero ? "nonZero" : "evenOdd") alpha \(f.alpha) clip \(rect(f.clip)) \(paint(f.paint)) \(path(f.path))" + edges
        case .begin(let s):
            var line = "begin layer \(s.layer) clip \(rect(s.clip))"
            if let p = s.clipPath { line += " clipPath " + path(p) }
            if let e = s.clipEdges { line += " aliased " + path(Path(contours: [e])) }
            if let g = s.group {
                line += " group alpha \(g.alpha)"
                if g.masked { line += " masked" }
                if let sh = g.shadow {
                    line += " shadow \(color(sh.color)) sigma \(number(sh.sigma)) offset \(point(sh.offset)) clip \(rect(sh.clip))"
                }
            }
            return line
        case .shadow(let s):
            let sh = s.shadow
            return "shadow layer \(s.layer) alpha \(s.alpha) \(color(sh.color)) sigma \(number(sh.sigma)) offset \(point(sh.offset)) clip \(rect(sh.clip)) \(path(s.path))"
        case .backdrop(let b):
            return "backdrop layer \(b.layer) alpha \(b.alpha) sigma \(number(b.sigma)) clip \(rect(b.clip))" + (b.behind ? " behind" : "")
                + (b.aliasedEdges == nil ? "" : " aliased") + " \(path(b.path))"
        case .mask: return "mask"
        case .end: return "end"
        case .stop(let reason): return "stop \(reason.rawValue)"
        }
    }
}
