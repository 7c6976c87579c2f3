import Geometry
import JSONText
import LayerTree
import SceneModel

/// The scene model as the scene format writes it: the one model-to-JSON code (issue 50). A
/// layer's keys come from the property table (only those that differ from Core Animation's
/// defaults), then its content objects and sublayers; an animation's keys in the format's
/// order. What it writes decodes to the same model.
public enum SceneEncoder {
    /// A layer object.
    public static func layer(_ l: LayerModel) -> JSON {
        var m: [(key: String, value: JSON)] = []
        if let name = l.name { m.append(("name", .string(name))) }
        m += properties(.layer, l)
        if l.transformLayer { m.append(("transformLayer", .bool(true))) }
        if let g = l.gradient {
            var o: [(key: String, value: JSON)] = [("colors", .array(g.colors.map(color)))]
            if let locations = g.locations { o.append(("locations", .array(locations.map(JSON.number)))) }
            m.append(("gradient", .object(o + properties(.gradient, l))))
        }
        if let s = l.shape { m.append(("path", .object([("d", .string(pathData(s.commands)))] + properties(.path, l)))) }
        if let t = l.text { m.append(("text", text(t))) }
        if let i = l.image { m.append(("image", .object([("file", .string(i.file))] + properties(.image, l)))) }
        if !l.sublayers.isEmpty { m.append(("sublayers", .array(l.sublayers.map(layer)))) }
        if let mask = l.mask { m.append(("mask", layer(mask))) }
        return .object(m)
    }

    /// The properties of `container` that differ from Core Animation's defaults, in the table's order
    /// (a layer class, `transformLayer`, is written by the caller).
    static func properties(_ container: LayerProperty.Container, _ l: LayerModel) -> [(key: String, value: JSON)] {
        var out: [(key: String, value: JSON)] = []
        for p in LayerProperties.in(container) where !p.derived && p.swiftType != .layerClass {
            guard let j = value(p.get(l), p), j != defaultValue(p) else { continue }
            out.append((p.key, j))
        }
        return out
    }

    /// A property's value as the format writes it; nil writes nothing (an identity transform,
    /// what the content object's own keys write).
    public static func value(_ v: AnimValue, _ p: LayerProperty) -> JSON? {
        switch (p.type, v) {
        case (.colors, _), (.locations, _), (.custom, _): return nil
        case (.transform, .transform(let t)): return t.matrix == .identity ? nil : transform(t)
        case (.corners, .number(let bits)):
            let mask = UInt8(exactly: bits) ?? 0
            return .array(CornerMask.names.enumerated().filter { mask & (1 << UInt8($0.offset)) != 0 }.map { .string($0.element) })
        case (.optionalColor(let nullable), .absent): return nullable ? .null : nil
        case (.pathData, .absent): return .null
        case (.dashes, .absent): return nil
        default: return plain(v)
        }
    }

    /// Core Animation's default as the format writes it (`null` for a nullable colour that is none).
    public static func defaultValue(_ p: LayerProperty) -> JSON? {
        if let d = p.defaultJSON { return d }
        if case .optionalColor(true) = p.type { return .null }
        if p.type == .pathData { return .null }
        return nil
    }

    /// A value by its shape (angles are degrees, as the model keeps them).
    public static func plain(_ v: AnimValue) -> JSON {
        switch v {
        case .number(let n): return .number(n)
        case .vector(let x), .numbers(let x): return .array(x.map(JSON.number))
        case .color(let c): return color(c)
        case .transform(let t): return transform(t)
        case .colors(let cs): return .array(cs.map(color))
        case .bool(let b): return .bool(b)
        case .text(let s): return .string(s)
        case .absent: return .null
        }
    }

    /// The colour's name when it is one of the format's (the plain names first, then the
    /// system colours), else `#RRGGBBAA`.
    public static func color(_ c: Color) -> JSON {
        if let name = (appearance == .dark ? darkNames : lightNames)[Key(c)] { return .string(name) }
        let hex = [c.r, c.g, c.b, c.a].map { v -> String in
            let byte = v.isFinite ? Int((min(max(v, 0), 1) * 255).rounded()) : 0
            let s = String(byte, radix: 16, uppercase: true)
            return s.count < 2 ? "0" + s : s
        }
        return .string("#" + hex.joined())
    }

    struct Key: Hashable {
        let r, g, b, a: Double
        init(_ c: Color) { r = c.r; g = c.g; b = c.b; a = c.a }
    }

    /// The appearance a scene's colours are written for: a system colour's name stands for its
    /// value in the scene's appearance (set by ``scene(_:)`` while it writes a scene).
    @TaskLocal public static var appearance = Appearance.light

    static func names(_ appearance: Appearance) -> [Key: String] {
        let table = Color.names(appearance)
        let plain = ["black", "white", "clear", "gray", "red", "green", "blue", "cyan", "yellow", "magenta", "orange", "purple",
                     "brown", "darkGray", "lightGray"]
        let order = plain + table.keys.filter { $0.hasPrefix("system") }.sorted() + table.keys.sorted()
        var out: [Key: String] = [:]
        for name in order { if let c = table[name], out[Key(c)] == nil { out[Key(c)] = name } }
        return out
    }

    static let lightNames = names(.light), darkNames = names(.dark)

    /// A transform as the format writes it: its operations or its 16 entries.
    public static func transform(_ v: TransformValue) -> JSON {
        switch v {
        case .matrix(let m): return .array(m.entries.map(JSON.number))
        case .ops(let ops):
            return .array(ops.map { op -> JSON in
                switch op {
                case let .rotate(d, x, y, z): return .object([("rotate", .array([d, x, y, z].map(JSON.number)))])
                case let .translate(x, y, z): return .object([("translate", .array([x, y, z].map(JSON.number)))])
                case let .scale(x, y, z): return .object([("scale", .array([x, y, z].map(JSON.number)))])
                case let .set(e, value): return .object([("m\(e / 4 + 1)\(e % 4 + 1)", .number(value))])
                case let .concat(other): return .object([("concat", transform(other))])
                }
            })
        }
    }

    /// SVG path data: a letter and its points per command (`M10 20 L30 40 Z`).
    public static func pathData(_ commands: [PathCommand]) -> String {
        func pts(_ ps: [Point]) -> String { ps.map { "\(JSONWriter.number($0.x)) \(JSONWriter.number($0.y))" }.joined(separator: " ") }
        return commands.map { c -> String in
            switch c {
            case .move(let p): return "M" + pts([p])
            case .line(let p): return "L" + pts([p])
            case let .quad(a, b): return "Q" + pts([a, b])
            case let .cubic(a, b, e): return "C" + pts([a, b, e])
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }

    /// A layer's text.
    public static func text(_ t: TextContent) -> JSON {
        var font: [(key: String, value: JSON)] = [("size", .number(t.size))]
        switch t.font {
        case .file(_, let written): font.append(("file", .string(written)))
        case .system(let w): if w != .regular { font.append(("weight", .string(w.rawValue))) }
        }
        var out: [(key: String, value: JSON)] = [("string", .string(t.string)), ("font", .object(font)), ("color", color(t.color))]
        if t.alignment != .natural { out.append(("alignment", .string(t.alignment.rawValue))) }
        if t.lines != 1 { out.append(("lines", .number(Double(t.lines)))) }
        if t.truncation != .tail { out.append(("truncation", .string(t.truncation.rawValue))) }
        if t.verticalAlignment != .center { out.append(("verticalAlignment", .string(t.verticalAlignment.rawValue))) }
        if t.minimumScaleFactor != 0 { out.append(("minimumScaleFactor", .number(t.minimumScaleFactor))) }
        return .object(out)
    }

    /// A timing function: its name, its control points or `{"spring": ...}`.
    public static func timing(_ f: TimingFunction) -> JSON {
        for (name, g) in TimingFunction.named.sorted(by: { $0.key < $1.key }) where g == f { return .string(name) }
        switch f {
        case let .cubic(a, b, c, d): return .array([a, b, c, d].map(JSON.number))
        case let .spring(m, k, c, v):
            return .object([("spring", .object([("mass", .number(m)), ("stiffness", .number(k)), ("damping", .number(c)), ("initialVelocity", .number(v))]))])
        }
    }

    /// An animation object.
    public static func animation(_ a: AnimationModel) -> JSON {
        var m: [(key: String, value: JSON)] = [("layer", .string(a.layer)), ("keyPath", .string(a.keyPath))]
        if let v = a.from { m.append(("from", plain(v))) }
        if let v = a.to { m.append(("to", plain(v))) }
        if let v = a.by { m.append(("by", plain(v))) }
        if let vs = a.values { m.append(("values", .array(vs.map(plain)))) }
        if let kt = a.keyTimes { m.append(("keyTimes", .array(kt.map(JSON.number)))) }
        if let tf = a.timingFunctions { m.append(("timingFunctions", .array(tf.map(timing)))) }
        if a.calculationMode != .linear { m.append(("calculationMode", .string(a.calculationMode.rawValue))) }
        if let f = a.timingFunction { m.append(("timingFunction", timing(f))) }
        if a.beginTime != 0 { m.append(("beginTime", .number(a.beginTime))) }
        if a.duration != 0.25 { m.append(("duration", .number(a.duration))) }
        if a.speed != 1 { m.append(("speed", .number(a.speed))) }
        if a.timeOffset != 0 { m.append(("timeOffset", .number(a.timeOffset))) }
        if a.repeatCount != 0 { m.append(("repeatCount", .number(a.repeatCount))) }
        if a.autoreverses { m.append(("autoreverses", .bool(true))) }
        if a.fillMode != .removed { m.append(("fillMode", .string(a.fillMode.rawValue))) }
        if a.additive { m.append(("additive", .bool(true))) }
        return .object(m)
    }

    /// A change object (`at`, `layer`, `key`, `value`).
    public static func change(_ c: PropertyChange) -> JSON {
        let p = LayerProperties.all[c.property]
        return .object([("at", .number(c.at)), ("layer", .string(c.layer)), ("key", .string(p.jsonPath)),
                        ("value", value(c.value, p) ?? .null)])
    }

    /// The canvas object: the device, or the size; the scale when it is not the device's (or 1).
    public static func canvas(_ c: Canvas) -> JSON {
        var m: [(key: String, value: JSON)] = [("size", .array([.number(c.width), .number(c.height)]))]
        if let d = c.device {
            m = [("device", .string(d.name))]
            if c.width != d.width || c.height != d.height { m.append(("size", .array([.number(c.width), .number(c.height)]))) }
            if c.scale != d.scale { m.append(("scale", .number(c.scale))) }
        } else if c.scale != 1 { m.append(("scale", .number(c.scale))) }
        if c.background != .clear { m.append(("background", color(c.background))) }
        if c.edgeAntialiasing { m.append(("edgeAntialiasing", .bool(true))) }
        if c.appearance != .light { m.append(("appearance", .string(c.appearance.rawValue))) }
        if c.contentSizeCategory != .large { m.append(("contentSizeCategory", .string(c.contentSizeCategory.rawValue))) }
        return .object(m)
    }

    /// The status bar: `true`, or its time and style when they are not the defaults.
    public static func statusBar(_ b: StatusBarModel) -> JSON {
        var bar: [(key: String, value: JSON)] = []
        if b.time != "9:41" { bar.append(("time", .string(b.time))) }
        if b.style != StatusBarModel(appearance: appearance).style { bar.append(("style", .string(b.style.rawValue))) }
        return bar.isEmpty ? .bool(true) : .object(bar)
    }
}
