import Foundation
import SceneModel

/// Writes a ``LayerScene`` as a version-1 scene: the layers' properties that differ from Core
/// Animation's defaults, and each animation under its layer's name (a layer with animations and
/// no name gets `layer-N`). What cannot be written (a value of the wrong type for its key path,
/// a group timing tablerender does not draw) is a problem naming the layer and the property.
struct SceneWriter {
    var problems: [SceneProblem] = []
    var animations: [JSON] = []
    /// The layers' steps (``CALayer/sceneSteps``), as the format's `changes`.
    var changes: [JSON] = []
    /// A description of each layer by JSON path, for messages: `layer "card"`.
    var layerNames: [String: String] = [:]
    var usedNames: Set<String> = []
    var nextName = 0

    static func float(_ f: Float) -> Double { Double("\(f)") ?? Double(f) }
    static func point(_ p: CGPoint) -> JSON { .array([.number(Double(p.x)), .number(Double(p.y))]) }
    static func size(_ s: CGSize) -> JSON { .array([.number(Double(s.width)), .number(Double(s.height))]) }
    static func rect(_ r: CGRect) -> JSON {
        .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map { .number(Double($0)) })
    }
    static func matrix(_ t: CATransform3D) -> JSON { transform(t.sceneValue) }
    /// A transform as the format writes it: its operations (`{"rotate": [deg, x, y, z]}`,
    /// `{"m34": v}` ...) or its 16 entries.
    static func transform(_ v: TransformValue) -> JSON {
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
    static func color(_ c: CGColor?) -> JSON { c?.sceneValue ?? .string("clear") }

    mutating func collectNames(_ layers: [CALayer]) {
        // A loop, not a recursion: a tree 10,000 layers deep is refused by the depth check in
        // `layer`, not by the stack.
        var stack = layers
        while let l = stack.popLast() {
            if let n = l.name { usedNames.insert(n) }
            stack += SceneWriter.sublayers(of: l) + (l.mask.map { [$0] } ?? [])
        }
    }

    /// The deepest tree written (levels of sublayers and masks): the loader's budget, which a
    /// deeper tree would exceed anyway; past it the writer stops (and says so) instead of
    /// recursing until the stack overflows.
    var maxNesting = Limits().nesting

    mutating func name(for layer: CALayer) -> String {
        if let n = layer.name { return n }
        repeat { nextName += 1 } while usedNames.contains("layer-\(nextName)")
        let n = "layer-\(nextName)"
        usedNames.insert(n)
        return n
    }

    mutating func layer(_ l: CALayer, path: String, depth: Int = 1) -> JSON {
        for why in l.refusedCalls { problems.append(SceneProblem(path: path, message: why)) }
        guard depth <= maxNesting else {
            problems.append(SceneProblem(path: path, message: Limits.message(\.nesting, limit: maxNesting, found: "more (\(l.described))")))
            return .object([])
        }
        // A view that draws itself (draw(_:)) draws before it is written.
        if let v = l.view, v.needsDisplay { v.displayIfNeeded() }
        var m: [(key: String, value: JSON)] = []
        let v = StartValues(l)
        func put(_ key: String, _ v: JSON) { m.append((key, v)) }
        var name = l.name
        if name == nil, !l.animations.isEmpty || !l.sceneSteps.isEmpty { name = self.name(for: l) }
        layerNames[path] = name.map { "layer \"\($0)\"" } ?? "a \(type(of: l))"
        if let name { put("name", .string(name)) }
        for (key, value) in PropertyCoding.written(.layer, v.value) { put(key, value) }
        if l is CATransformLayer { put("transformLayer", .bool(true)) }
        // Content objects as they start too (what ``LayerScene/at(_:_:)`` changed later is an
        // animation or a step at its time).
        if let g = l as? CAGradientLayer, let colors = v.value("colors") as? [Any] {
            put("gradient", gradient(g, colors: colors, start: v, path: path))
        }
        if l is CAShapeLayer, let p = v.value("path") as? CGPath { put("path", shape(p, start: v)) }
        if let text = (l as? CATextLayer).flatMap({ self.text($0, path: path) }) { put("text", text) }
        if let label = l.label, let string = label.text { put("text", SceneWriter.labelText(label, string)) }
        if let contents = v.value("contents") {
            let image = (contents as? CGImage) ?? (contents as? UIImage)?.cgImage
            if let image {
                put("image", .object([("file", .string(image.file))] + PropertyCoding.written(.image, v.value)))
            } else {
                problem(path, "contents", "expected a CGImage (UIImage(named:).cgImage), found \(type(of: contents))")
            }
        }
        var subs: [JSON] = []
        for (i, sub) in SceneWriter.sublayers(of: l).enumerated() {
            subs.append(layer(sub, path: "\(path).sublayers[\(i)]", depth: depth + 1))
            if depth + 1 > maxNesting { break }
        }
        if !subs.isEmpty { put("sublayers", .array(subs)) }
        if let mask = l.mask { put("mask", layer(mask, path: "\(path).mask", depth: depth + 1)) }
        if let name {
            for (i, a) in l.animations.enumerated() { animation(a.animation, layer: name, path: path, index: i, key: a.key) }
            for s in l.sceneSteps { change(s, of: l, layer: name, path: path) }
        }
        return .object(m)
    }

    /// One step of a layer's property as the format's change; a property the format cannot
    /// change at a time (a shape's path, an image) is a problem, never a silent drop.
    mutating func change(_ s: (time: Double, key: String, value: Any), of l: CALayer, layer name: String, path: String) {
        guard let i = LayerProperties.changeable[s.key] else {
            problem(path, s.key, "\(type(of: l)).\(s.key) changed at \(JSON.format(s.time)) s: a change of it during the scene is not drawn yet (set it before the scene starts, or show another layer)")
            return
        }
        let p = LayerProperties.all[i]
        guard let value = PropertyCoding.json(s.value, p) ?? (p.type == .dashes || p.type == .pathData ? .null : nil) else {
            problem(path, s.key, "expected a value of \(p.swiftType.rawValue) for \(s.key), found \(type(of: s.value))")
            return
        }
        changes.append(.object([("at", .number(s.time)), ("layer", .string(name)), ("key", .string(p.jsonPath)), ("value", value)]))
    }

    /// The sublayers the scene has: the layer's own, and those removed at a scene time back in
    /// their places (each hidden from then by an animation).
    static func sublayers(of l: CALayer) -> [CALayer] {
        var list = l.sublayers ?? []
        for removed in l.sceneRemoved.reversed() where !list.contains(where: { $0 === removed.layer }) {
            list.insert(removed.layer, at: min(removed.index, list.count))
        }
        return list
    }

    mutating func problem(_ path: String, _ property: String, _ message: String) {
        let who = layerNames[path] ?? "a layer"
        problems.append(SceneProblem(path: "\(path).\(property)", message: "\(who): \(message)"))
    }

    mutating func gradient(_ g: CAGradientLayer, colors: [Any], start: StartValues, path: String) -> JSON {
        var out: [(key: String, value: JSON)] = []
        var cs: [JSON] = []
        for c in colors {
            if let v = SceneWriter.colorValue(c) { cs.append(v) } else { problem(path, "colors", "expected CGColor values, found \(type(of: c))") }
        }
        out.append(("colors", .array(cs)))
        if let locs = start.value("locations") as? [NSNumber] { out.append(("locations", .array(locs.map { .number($0.doubleValue) }))) }
        return .object(out + PropertyCoding.written(.gradient, start.value))
    }

    func shape(_ p: CGPath, start: StartValues) -> JSON {
        .object([("d", .string(p.svgPathData))] + PropertyCoding.written(.path, start.value))
    }

    static func colorValue(_ v: Any) -> JSON? {
        if let c = v as? CGColor { return c.sceneValue }
        if let c = v as? UIColor { return c.cgColor.sceneValue }
        return nil
    }

    /// A UILabel's text: centred vertically, as UILabel draws it.
    static func labelText(_ label: LabelText, _ string: String) -> JSON {
        var font: [(key: String, value: JSON)] = [("size", .number(Double(label.font.pointSize)))]
        if let file = label.font.file { font.append(("file", .string(file))) } else if let w = label.font.weight, w != .regular { font.append(("weight", .string(w.name))) }
        var out: [(key: String, value: JSON)] = [("string", .string(string)), ("font", .object(font)), ("color", label.textColor.cgColor.sceneValue)]
        let alignment: [NSTextAlignment: String] = [.left: "left", .center: "center", .right: "right", .justified: "natural", .natural: "natural"]
        if let a = alignment[label.textAlignment], a != "natural" { out.append(("alignment", .string(a))) }
        if label.numberOfLines != 1 { out.append(("lines", .number(Double(label.numberOfLines)))) }
        let truncation: [NSLineBreakMode: String] = [.byTruncatingTail: "tail", .byTruncatingHead: "head", .byTruncatingMiddle: "middle"]
        let t = truncation[label.lineBreakMode] ?? "clip"
        if t != "tail" { out.append(("truncation", .string(t))) }
        let factor = Double(label.minimumScaleFactor)
        if label.adjustsFontSizeToFitWidth && factor > 0 && factor < 1 { out.append(("minimumScaleFactor", .number(factor))) }
        return .object(out)
    }

    /// A layer's properties as the scene starts: what ``LayerScene/at(_:_:)`` changed later is
    /// written as it was before (the change is an animation at its time).
    struct StartValues {
        let l: CALayer
        init(_ l: CALayer) { self.l = l }
        /// The property with this key as the scene starts.
        func value(_ key: String) -> Any? {
            if let start = l.sceneStart[key] { return CALayer.unwrapped(start) }
            return l.value(forKey: key)
        }
    }
}
