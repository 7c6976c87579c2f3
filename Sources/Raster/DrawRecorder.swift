import Geometry
import JSONText
import Synchronization

/// Records what a frame fills, in device pixels, as one JSON object per draw: the polygons,
/// the fill rule, the paint and the clip rectangle (the fill's clip within the pixmap it lands
/// in). The executor calls it for every fill as it runs the draw list. The bench command writes
/// these so that another renderer (bench/skia_compare.py) can draw exactly the same content for
/// a timing comparison. A layer's own fills inside its scope (the offscreen group of a shadow or
/// group opacity, a rounded clip) and image paints are counted in `skipped`, not recorded.
public final class DrawRecorder: Sendable {
    struct State {
        var draws: [JSON] = []
        var skipped = 0
    }
    let state = Mutex(State())

    public init() {}

    /// The draws recorded since the last call, and how many were skipped; clears both.
    public func take() -> (draws: [JSON], skipped: Int) {
        state.withLock { s in
            defer { s = State() }
            return (s.draws, s.skipped)
        }
    }

    func skip() { state.withLock { $0.skipped += 1 } }

    func record(_ path: Path, paint: Paint, rule: FillRule, alpha: Int, clip: PixelRect) {
        func num(_ v: Double) -> JSON { .number(v.isFinite ? v : 0) }
        func ints(_ v: [Int]) -> JSON { .array(v.map(JSON.int)) }
        var members: [(key: String, value: JSON)] = [("rule", .string(rule == .nonZero ? "nonzero" : "evenodd")), ("alpha", .int(alpha)),
                                                     ("clip", ints([clip.x0, clip.y0, clip.x1, clip.y1]))]
        switch paint {
        case .solid(let c):
            members.append(("solid", ints([Int(c.r), Int(c.g), Int(c.b), Int(c.a)])))
        case .linearGradient(let g):
            // Device from layer, row-vector form: [X Y W] = [x y 1] * H.
            guard let h = g.layerFromDevice.inverse else { skip(); return }
            let stops = g.stops.map { JSON.array([num($0.0), num($0.1), num($0.2), num($0.3), num($0.4)]) }
            members.append(("gradient", .object([("start", .array([num(g.start.x), num(g.start.y)])), ("end", .array([num(g.end.x), num(g.end.y)])),
                                                 ("deviceFromLayer", .array([h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i].map(num))),
                                                 ("stops", .array(stops))])))
        case .image:
            skip()
            return
        }
        let contours = path.contours.filter { $0.count >= 3 }.map { c in JSON.array(c.flatMap { [num($0.x), num($0.y)] }) }
        members.append(("contours", .array(contours)))
        let json = JSON.object(members)
        state.withLock { $0.draws.append(json) }
    }
}
