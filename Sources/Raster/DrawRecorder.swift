import Geometry
import Synchronization

/// Records what a frame fills, in device pixels, as one JSON object per draw: the polygons,
/// the fill rule, the paint and the clip rectangle (the fill's clip within the pixmap it lands
/// in). The executor calls it for every fill as it runs the draw list. The bench command writes
/// these so that another renderer (bench/skia_compare.py) can draw exactly the same content for
/// a timing comparison. A layer's own fills inside its scope (the offscreen group of a shadow or
/// group opacity, a rounded clip) and image paints are counted in `skipped`, not recorded.
public final class DrawRecorder: Sendable {
    struct State {
        var draws: [String] = []
        var skipped = 0
    }
    let state = Mutex(State())

    public init() {}

    /// The draws recorded since the last call, and how many were skipped; clears both.
    public func take() -> (draws: [String], skipped: Int) {
        state.withLock { s in
            defer { s = State() }
            return (s.draws, s.skipped)
        }
    }

    func skip() { state.withLock { $0.skipped += 1 } }

    func record(_ path: Path, paint: Paint, rule: FillRule, alpha: Int, clip: PixelRect) {
        func num(_ v: Double) -> String { v.isFinite ? "\(v)" : "0" }
        var json = "{\"rule\": \"\(rule == .nonZero ? "nonzero" : "evenodd")\", \"alpha\": \(alpha), "
        json += "\"clip\": [\(clip.x0), \(clip.y0), \(clip.x1), \(clip.y1)], "
        switch paint {
        case .solid(let c):
            json += "\"solid\": [\(c.r), \(c.g), \(c.b), \(c.a)], "
        case .linearGradient(let g):
            // Device from layer, row-vector form: [X Y W] = [x y 1] * H.
            guard let h = g.layerFromDevice.inverse else { skip(); return }
            let stops = g.stops.map { "[\(num($0.0)), \(num($0.1)), \(num($0.2)), \(num($0.3)), \(num($0.4))]" }
            json += "\"gradient\": {\"start\": [\(num(g.start.x)), \(num(g.start.y))], \"end\": [\(num(g.end.x)), \(num(g.end.y))], "
            json += "\"deviceFromLayer\": [\([h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i].map(num).joined(separator: ", "))], "
            json += "\"stops\": [\(stops.joined(separator: ", "))]}, "
        case .image:
            skip()
            return
        }
        let contours = path.contours.filter { $0.count >= 3 }.map { c in
            "[" + c.map { "\(num($0.x)), \(num($0.y))" }.joined(separator: ", ") + "]"
        }
        json += "\"contours\": [\(contours.joined(separator: ", "))]}"
        state.withLock { $0.draws.append(json) }
    }
}
