import Foundation
import Geometry
import LayerTree
import SceneModel

/// Records a ``LayerScene``'s layers into the scene model (issue 50, step 3): each layer's
/// properties as the scene starts, its content objects, and each animation and step under its
/// layer's name (a layer with animations and no name gets `layer-N`). Values are the model's:
/// colours rounded to 1/255 (or a name's exact value), as the scene format writes them, so a
/// scene renders the same whether it is loaded from here or from its `json()`. What cannot be
/// recorded (a value of the wrong type for its key path, a group timing tablerender does not
/// draw, a value out of its property's range) is a problem naming the layer and the property.
@MainActor
struct SceneWriter {
    var problems: [SceneProblem] = []
    var animations: [AnimationModel] = []
    /// The layers' steps (``CALayer/sceneSteps``), as the model's changes.
    var changes: [PropertyChange] = []
    /// A description of each layer by JSON path, for messages: `layer "card"`.
    var layerNames: [String: String] = [:]
    var usedNames: Set<String> = []
    var nextName = 0
    /// How the names the writer makes begin (`layer-1`).
    var namePrefix = "layer-"
    /// The folder relative image and font files resolve against.
    var directory = ""

    nonisolated static func float(_ f: Float) -> Double { Double("\(f)") ?? Double(f) }

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
    /// The budgets a table's `rowCount` is checked against before its rows are made.
    var limits = Limits()
    /// The canvas's width: a table of no frame is the canvas's (its header view takes it).
    var canvasWidth: CGFloat = 0

    mutating func name(for layer: CALayer) -> String {
        if let n = layer.name { return n }
        repeat { nextName += 1 } while usedNames.contains("\(namePrefix)\(nextName)")
        let n = "\(namePrefix)\(nextName)"
        usedNames.insert(n)
        return n
    }

    mutating func layer(_ l: CALayer, path: String, depth: Int = 1) -> LayerModel {
        for why in l.refusedCalls { problems.append(SceneProblem(path: path, message: why)) }
        if let v = l.view, v.overrideUserInterfaceStyle != .unspecified, v.shownTraits == nil {
            problems.append(SceneProblem(path: path, message: "overrideUserInterfaceStyle = .\(v.overrideUserInterfaceStyle) on a view that is not the screen's root view: a subtree in its own appearance is not drawn yet (set it on the root view controller)"))
        }
        guard depth <= maxNesting else {
            problems.append(SceneProblem(path: path, message: Limits.message(\.nesting, limit: maxNesting, found: "more (\(l.described))")))
            return LayerModel()
        }
        // A view that draws itself (draw(_:)) draws before it is written.
        if let v = l.view, v.needsDisplay { v.displayIfNeeded() }
        var m = LayerModel()
        let v = StartValues(l)
        var name = l.name
        if name == nil, !l.animations.isEmpty || !l.sceneSteps.isEmpty { name = self.name(for: l) }
        layerNames[path] = SceneWriter.described(l, name: name)
        m.name = name
        properties(.layer, v.value, path: path, into: &m)
        if l is CATransformLayer { m.transformLayer = true }
        // A visual effect view's blur: the layer's backdrop, under its tint (its background).
        if l.backdropBlur > 0 { m.values.backdropBlur = Double(l.backdropBlur) }
        // Content objects as they start too (what ``LayerScene/at(_:_:)`` changed later is an
        // animation or a step at its time).
        if l is CAGradientLayer, let colors = v.value("colors") as? [Any] { gradient(colors, start: v, path: path, into: &m) }
        if l is CAShapeLayer, let p = v.value("path") as? CGPath { shape(p, start: v, path: path, into: &m) }
        if let t = l as? CATextLayer { m.text = text(t, path: path) }
        if let label = l.label, let string = (v.value("text.string") as? String) ?? label.text {
            var start = label
            start.textColor = UIColor(cgColor: CALayer.color(v.value("text.color")) ?? label.textColor.cgColor)
            m.text = SceneWriter.labelText(start, string, path: path + ".text", directory: directory)
        }
        if let contents = v.value("contents") {
            if let image = (contents as? CGImage) ?? (contents as? UIImage)?.cgImage {
                m.image = ImageContent(file: image.file, path: SceneFiles.path(image.file, in: directory), jsonPath: path + ".image.file")
                properties(.image, v.value, path: path + ".image", into: &m)
            } else {
                problem(path, "contents", "expected a CGImage (UIImage(named:).cgImage), found \(type(of: contents))")
            }
        }
        for (i, sub) in SceneWriter.sublayers(of: l).enumerated() {
            m.sublayers.append(layer(sub, path: "\(path).sublayers[\(i)]", depth: depth + 1))
            if depth + 1 > maxNesting { break }
        }
        if let mask = l.mask { m.mask = layer(mask, path: "\(path).mask", depth: depth + 1) }
        if let name {
            for (i, a) in l.animations.enumerated() { animation(a.animation, layer: name, path: path, index: i, key: a.key) }
            for s in l.sceneSteps { change(s, of: l, layer: name, path: path) }
        }
        return m
    }

    /// The properties of `container` the table types, from their Swift values, each checked
    /// against its range (a value outside it is a problem at the property's JSON path).
    mutating func properties(_ container: LayerProperty.Container, _ value: (String) -> Any?, path: String, into m: inout LayerModel) {
        for p in LayerProperties.in(container) where !p.derived && p.swiftName != nil {
            guard let v = PropertyCoding.model(value(p.caKey), p) else { continue }
            if let why = p.type.problem(with: v) {
                problems.append(SceneProblem(path: "\(path).\(p.key)", message: why))
            } else {
                p.set(&m, v)
            }
        }
    }

    /// One step of a layer's property as the model's change; a property the format cannot
    /// change at a time (a shape's path, an image) is a problem, never a silent drop.
    mutating func change(_ s: (time: Double, key: String, value: Any), of l: CALayer, layer name: String, path: String) {
        guard let i = LayerProperties.changeable[s.key] else {
            let owner = l.view.map { "\(type(of: $0))" } ?? "\(type(of: l))"
            problem(path, s.key, "\(owner).\(s.key) changed at \(Message.number(s.time)) s: a change of it during the scene is not drawn yet (set it before the scene starts, or show another layer)")
            return
        }
        let p = LayerProperties.all[i]
        guard let value = PropertyCoding.model(s.value, p) ?? (p.type == .dashes || p.type == .pathData ? .absent : nil) else {
            problem(path, s.key, "expected a value of \(p.swiftType.rawValue) for \(s.key), found \(type(of: s.value))")
            return
        }
        let here = "changes[\(changes.count)]"
        layerNames[here] = "\(layerNames[path] ?? "a layer")'s \(s.key) at \(Message.number(s.time)) s"
        changes.append(PropertyChange(at: s.time, layer: name, property: i, value: value, jsonPath: here))
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

    /// How messages name a layer: a view's by the view's class and name (its accessibility
    /// identifier), another by its name or class: `UILabel "title"`, `a UILabel`, `layer "card"`,
    /// `a CALayer`.
    static func described(_ l: CALayer, name: String?) -> String {
        guard let v = l.view else { return name.map { "layer \"\($0)\"" } ?? "a \(type(of: l))" }
        return (name ?? v.accessibilityIdentifier).map { "\(type(of: v)) \"\($0)\"" } ?? "a \(type(of: v))"
    }

    mutating func problem(_ path: String, _ property: String, _ message: String) {
        let who = layerNames[path] ?? "a layer"
        problems.append(SceneProblem(path: "\(path).\(property)", message: "\(who): \(message)"))
    }

    mutating func gradient(_ colors: [Any], start: StartValues, path: String, into m: inout LayerModel) {
        var cs: [Color] = []
        for c in colors {
            if let v = SceneWriter.colorValue(c) { cs.append(v) } else { problem(path, "colors", "expected CGColor values, found \(type(of: c))") }
        }
        let locations = (start.value("locations") as? [NSNumber]).map { $0.map(\.doubleValue) }
        m.gradient = Gradient(colors: cs, locations: locations)
        properties(.gradient, start.value, path: path + ".gradient", into: &m)
    }

    mutating func shape(_ p: CGPath, start: StartValues, path: String, into m: inout LayerModel) {
        do {
            m.shape = ShapeContent(commands: try SVGPathParser.parse(p.svgPathData))
        } catch {
            problems.append(SceneProblem(path: path + ".path.d", message: "\(error.message) in \"\(Message.cutLongTokens(p.svgPathData))\""))
            m.shape = ShapeContent(commands: [])
        }
        properties(.path, start.value, path: path + ".path", into: &m)
    }

    /// A Swift colour as the model keeps it: a name's exact value, or each component rounded to
    /// 1/255 (nil for what is not a colour, or one with a component that is not a number).
    static func colorValue(_ v: Any) -> Color? {
        if let c = v as? CGColor { return c.model }
        if let c = v as? UIColor { return c.cgColor.model }
        return nil
    }

    /// A UILabel's text: centred vertically, as UILabel draws it.
    static func labelText(_ label: LabelText, _ string: String, path: String, directory: String) -> TextContent {
        let font: FontSource = label.font.file.map { .file(path: SceneFiles.path($0, in: directory), written: $0) } ?? .system(label.font.weight?.fontWeight ?? .regular)
        let alignment: [NSTextAlignment: TextAlignment] = [.left: .left, .center: .center, .right: .right]
        let truncation: [NSLineBreakMode: Truncation] = [.byTruncatingTail: .tail, .byTruncatingHead: .head, .byTruncatingMiddle: .middle]
        var text = TextContent(string: string, font: font, size: Double(label.font.pointSize), color: label.textColor.cgColor.model,
                               alignment: alignment[label.textAlignment] ?? .natural, lines: label.numberOfLines,
                               truncation: truncation[label.lineBreakMode] ?? .clip, jsonPath: path)
        let factor = Double(label.minimumScaleFactor)
        if label.adjustsFontSizeToFitWidth && factor > 0 && factor < 1 { text.minimumScaleFactor = factor }
        return text
    }

    /// A layer's properties as the scene starts: what ``LayerScene/at(_:_:)`` changed later is
    /// written as it was before (the change is an animation at its time).
    struct StartValues {
        let l: CALayer
        init(_ l: CALayer) { self.l = l }
        /// The property with this key as the scene starts.
        func value(_ key: String) -> Any? {
            if let start = l.sceneStart[key] { return CALayer.unwrapped(start) }
            switch key {
            // A text's keys are its label's or text layer's, not key-value coding's.
            case "text.string": return l.label.map { $0.text as Any } ?? (l as? CATextLayer)?.string
            case "text.color": return l.label.map { $0.textColor.cgColor as Any } ?? (l as? CATextLayer)?.foregroundColor
            default: return l.value(forKey: key)
            }
        }
    }
}

extension CGColor {
    /// The colour as the model keeps it: a name's exact value, or each component rounded to
    /// 1/255 as `#RRGGBBAA` writes it (a component that is not a number is kept, for the
    /// scene's validation to name).
    var model: Color {
        let appearance = SceneRuntime.current.appearance
        if appearance == .dark, let dark, dark.count == 4 {
            return CGColor(srgbRed: dark[0], green: dark[1], blue: dark[2], alpha: dark[3]).model
        }
        if let name, let c = Color.named(name, appearance) { return c }
        let parts = [red, green, blue, alpha].map(Double.init)
        guard parts.allSatisfy(\.isFinite) else { return Color(r: parts[0], g: parts[1], b: parts[2], a: parts[3]) }
        let b = parts.map { Int((min(max($0, 0), 1) * 255).rounded()) }
        return Color(b[0], b[1], b[2], Double(b[3]) / 255)
    }
}
