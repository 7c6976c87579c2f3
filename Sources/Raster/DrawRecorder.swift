import Geometry
import JSONText
import Synchronization

/// Records what a frame draws, in device pixels, as one JSON object per command, in order, so
/// that another renderer (bench/skia_compare.py) can draw exactly the same content for a timing
/// and pixel comparison. Every command is recorded with the layer that made it:
///
/// - `fill`: the polygons, the fill rule, the paint (premultiplied solid colour, a linear
///   gradient with its device-from-layer matrix and straight stops, or an image with its
///   device-from-layer matrix and the layer rectangle it fills), the alpha, the clip rectangle
///   and whether its edges are aliased;
/// - `begin` / `mask` / `end`: a scope, with its clip rectangle, clip path (if any) and group
///   (alpha, shadow, whether masked), closed by `end`; a masked group's mask is drawn between
///   `mask` and `end`;
/// - `shadow`: a shadow from a path (shadowPath): the path, the shadow and the alpha;
/// - `image`: an image's premultiplied RGBA pixels (base64), once per run, before its first use.
///
/// A gradient seen edge-on (no device-from-layer matrix) is counted in `skipped`.
public final class DrawRecorder: Sendable {
    struct State {
        var draws: [JSON] = []
        var skipped = 0
        /// Images whose pixels were recorded already (kept across frames).
        var images: Set<String> = []
    }
    let state = Mutex(State())

    public init() {}

    /// The draws recorded since the last call, and how many were skipped; clears both.
    public func take() -> (draws: [JSON], skipped: Int) {
        state.withLock { s in
            defer { s.draws = []; s.skipped = 0 }
            return (s.draws, s.skipped)
        }
    }

    func skip() { state.withLock { $0.skipped += 1 } }

    func append(_ members: [(key: String, value: JSON)]) {
        let json = JSON.object(members)
        state.withLock { $0.draws.append(json) }
    }

    static func num(_ v: Double) -> JSON { .number(v.isFinite ? v : 0) }
    static func ints(_ v: [Int]) -> JSON { .array(v.map(JSON.int)) }
    static func rect(_ r: PixelRect) -> JSON { ints([r.x0, r.y0, r.x1, r.y1]) }
    static func contours(_ path: Path) -> JSON {
        .array(path.contours.filter { $0.count >= 3 }.map { c in JSON.array(c.flatMap { [num($0.x), num($0.y)] }) })
    }
    static func matrix(_ h: Homography) -> JSON { .array([h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i].map(num)) }
    static func color(_ c: DrawColor) -> JSON { .array([c.r, c.g, c.b, c.a].map(num)) }
    static func shadow(_ s: ShadowSpec) -> JSON {
        .object([("color", color(s.color)), ("sigma", num(s.sigma)), ("offset", .array([num(s.offset.x), num(s.offset.y)])),
                 ("clip", rect(s.clip))])
    }

    /// A fill; `paint` is the executor's resolved paint (solid and gradient), the command's own
    /// paint gives an image's key and placement, `images` its pixels.
    func record(_ f: FillCommand, paint: Paint, images: [String: RasterImage]) {
        var members: [(key: String, value: JSON)] = [("op", .string("fill")), ("layer", .int(f.layer)),
                                                     ("rule", .string(f.rule == .nonZero ? "nonzero" : "evenodd")), ("alpha", .int(f.alpha)),
                                                     ("clip", DrawRecorder.rect(f.clip)), ("aliased", .bool(f.aliasedEdges != nil))]
        switch (paint, f.paint) {
        case (.solid(let c), _):
            members.append(("solid", DrawRecorder.ints([Int(c.r), Int(c.g), Int(c.b), Int(c.a)])))
        case (.linearGradient(let g), _):
            // Device from layer, row-vector form: [X Y W] = [x y 1] * H.
            guard let h = g.layerFromDevice.inverse else { skip(); return }
            let stops = g.stops.map { JSON.array([DrawRecorder.num($0.0), DrawRecorder.num($0.1), DrawRecorder.num($0.2),
                                                  DrawRecorder.num($0.3), DrawRecorder.num($0.4)]) }
            members.append(("gradient", .object([("start", .array([DrawRecorder.num(g.start.x), DrawRecorder.num(g.start.y)])),
                                                 ("end", .array([DrawRecorder.num(g.end.x), DrawRecorder.num(g.end.y)])),
                                                 ("deviceFromLayer", DrawRecorder.matrix(h)), ("stops", .array(stops))])))
        case (.image, .image(let spec)):
            guard let h = spec.layerFromDevice.inverse, let image = images[spec.image] else { skip(); return }
            recordPixels(spec.image, image)
            members.append(("image", .object([("key", .string(spec.image)), ("deviceFromLayer", DrawRecorder.matrix(h)),
                                              ("rect", .array([spec.rect.x, spec.rect.y, spec.rect.width, spec.rect.height].map(DrawRecorder.num)))])))
        default:
            skip()
            return
        }
        members.append(("contours", DrawRecorder.contours(f.path)))
        append(members)
    }

    /// An image's pixels, the first time it is drawn.
    func recordPixels(_ key: String, _ image: RasterImage) {
        let first = state.withLock { $0.images.insert(key).inserted }
        guard first else { return }
        append([("op", .string("image")), ("key", .string(key)), ("width", .int(image.width)), ("height", .int(image.height)),
                ("rgba", .string(DrawRecorder.base64(image.pixels(level: 0))))])
    }

    func record(_ s: ScopeCommand) {
        var group: JSON = .null
        if let g = s.group {
            group = .object([("alpha", .int(g.alpha)), ("masked", .bool(g.masked)), ("shadow", g.shadow.map(DrawRecorder.shadow) ?? .null)])
        }
        append([("op", .string("begin")), ("layer", .int(s.layer)), ("clip", DrawRecorder.rect(s.clip)),
                ("clipPath", s.clipPath.map(DrawRecorder.contours) ?? .null), ("aliased", .bool(s.clipEdges != nil)), ("group", group)])
    }

    func record(_ s: ShadowFillCommand) {
        append([("op", .string("shadow")), ("layer", .int(s.layer)), ("shadow", DrawRecorder.shadow(s.shadow)), ("alpha", .int(s.alpha)),
                ("contours", DrawRecorder.contours(s.path))])
    }

    func record(op: String) { append([("op", .string(op))]) }

    /// RFC 4648 base64 with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = Int(bytes[i]), b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
            out.append(table[b0 >> 2])
            out.append(table[(b0 & 3) << 4 | b1 >> 4])
            out.append(i + 1 < bytes.count ? table[(b1 & 15) << 2 | b2 >> 6] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? table[b2 & 63] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
