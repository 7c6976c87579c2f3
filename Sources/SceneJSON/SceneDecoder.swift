import Geometry
import JSONText
import SceneModel

/// Turns scene JSON into a validated `Scene`, or a `SceneError` listing every problem.
public enum SceneDecoder {
    static let topKeys = ["$schema", "version", "canvas", "fps", "duration", "fonts", "table", "script", "layers", "animations", "changes", "statusBar", "homeIndicator", "navigationBar"]
    /// A layer object's keys: its name, the property table's layer keys, its content objects
    /// and sublayers.
    static let layerKeys = ["name"] + LayerProperties.in(.layer).map(\.key) + ["gradient", "text", "image", "path", "sublayers", "mask"]
    static let animationKeys = ["layer", "keyPath", "from", "to", "by", "values", "keyTimes", "timingFunctions",
                                "calculationMode", "timingFunction", "beginTime", "duration", "speed",
                                "timeOffset", "repeatCount", "autoreverses", "fillMode", "additive"]

    /// Reads and decodes a scene file. `displayName` is how the file is named in messages.
    /// `appearance`, when given, overrides the canvas's (`--appearance`).
    public static func decode(bytes: [UInt8], displayName: String, directory: String, limits: Limits = Limits(),
                              appearance: Appearance? = nil) throws(SceneError) -> Scene {
        let json: JSON
        // A UTF-8 byte-order mark (some Windows editors write one) is not part of the JSON.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw SceneError(file: displayName, problems: [
                SceneProblem(path: "line \(error.line), column \(error.column)", message: error.message)])
        }
        let r = Reader(limits: limits, appearance: appearance)
        let scene = decode(json, r, directory: directory)
        if let scene, r.problems.isEmpty { return scene }
        throw SceneError(file: displayName, problems: r.problems)
    }

    static func decode(_ json: JSON, _ r: Reader, directory: String) -> Scene? {
        guard let top = r.object(json, "", known: topKeys, what: "a scene object") else { return nil }
        if let v = top["version"] { _ = r.integer(v, "version", min: 1, max: 1) }
        // Where editors find the JSON Schema; tablerender reads nothing from it.
        if let s = top["$schema"] { _ = r.string(s, "$schema") }
        var canvas: Canvas?
        if let c = top["canvas"] { canvas = decodeCanvas(c, r) } else { r.report("canvas", "expected a canvas object, found nothing") }
        var fps: Double?
        if let f = top["fps"] { fps = r.number(f, "fps", above: 0, max: 1000) } else { r.report("fps", "expected a number > 0, found nothing") }
        var duration: Double?
        if let d = top["duration"] { duration = r.number(d, "duration", min: 0, max: 3600) } else {
            r.report("duration", "expected a number >= 0, found nothing")
        }
        if let f = fps, let d = duration {
            let frames = Int(saturating: (d * f).rounded()) + 1
            r.within(\.frames, frames, "duration", found: "\(frames) (duration \(JSON.format(d)) s x \(JSON.format(f)) fps, plus one)")
        }
        let fonts = top["fonts"].map { decodeFonts($0, r) } ?? [:]
        var table: TableModel?
        if let t = top["table"] { table = decodeTable(t, r, directory: directory) }
        var script: [ScriptEvent] = []
        if let s = top["script"] { script = decodeScript(s, r, table: table, directory: directory) }
        // The script is checked against the table's data unless a budget left rows out of it
        // (every tap then named a row the refused rows would have had, issue 53).
        if let t = table, !r.budgetRefused { script = TableBinding.bindUpdates(script, table: t, r.checks, directory: directory) }
        var layers: [LayerModel] = []
        var names: [String: String] = [:]
        if let ls = top["layers"], let items = r.array(ls, "layers") {
            for (i, item) in items.enumerated() {
                if let l = decodeLayer(item, Reader.index("layers", i), r, names: &names, directory: directory) { layers.append(l) }
            }
        }
        let tableNamed = TableBinding.nameTable(table, &names, r.checks)
        var animations: [AnimationModel] = []
        if let an = top["animations"], let items = r.array(an, "animations") {
            for (i, item) in items.enumerated() {
                if let a = decodeAnimation(item, Reader.index("animations", i), r, names: names) { animations.append(a) }
            }
        }
        if tableNamed { TableBinding.checkTableAnimations(animations, table: table, r.checks) }
        let changes = top["changes"].map { decodeChanges($0, r, layers: layers, names: names) } ?? []
        guard let canvas, let fps, let duration else { return nil }
        var scene = Scene(canvas: canvas, fps: fps, duration: duration, layers: layers, animations: animations,
                          table: table, script: script, directory: directory)
        scene.fonts = fonts
        scene.changes = changes
        // A whole phone screen gets its device's chrome unless it says `false` (issue 54).
        if let b = top["statusBar"] { scene.statusBar = decodeStatusBar(b, r) } else if scene.isPhoneScreen {
            scene.statusBar = StatusBarModel(appearance: r.appearance)
        }
        if let h = top["homeIndicator"] {
            scene.homeIndicator = r.bool(h, "homeIndicator") ?? false
        } else {
            scene.homeIndicator = scene.showsHomeIndicatorByDefault
        }
        if let n = top["navigationBar"] {
            scene.navigationBar = decodeNavigationBar(n, r)
            for (path, message) in Validation.bars(scene.navigationBar ?? NavigationBarModel(title: ""), table: table) { r.report(path, message) }
        }
        bindRowDisplays(&scene, r)
        return scene
    }

    static func decodeGradient(_ v: JSON, _ path: String, _ r: Reader) -> Gradient? {
        guard let o = r.object(v, path, known: LayerProperties.in(.gradient).map(\.key)) else { return nil }
        var colors: [Color] = []
        var written: Int?
        if let c = o["colors"], let items = r.array(c, Reader.join(path, "colors")) {
            written = items.count
            for (i, item) in items.enumerated() {
                if let col = r.color(item, Reader.index(Reader.join(path, "colors"), i)) { colors.append(col) }
            }
        } else if o["colors"] == nil { r.report(Reader.join(path, "colors"), "expected an array of colours, found nothing") }
        var locations: [Double]?
        // Counted against the colours as written (a bad colour is reported once, not again here).
        if let l = o["locations"], let written { locations = decodeLocations(l, Reader.join(path, "locations"), r, count: written, per: "colour") }
        var l = LayerModel()
        l.gradient = Gradient(colors: colors, locations: locations)
        decodeProperties(o, path, .gradient, r, into: &l)
        return l.gradient
    }

    static func decodeLocations(_ v: JSON, _ path: String, _ r: Reader, count: Int?, per noun: String = "value",
                                orOneMore: Bool = false) -> [Double]? {
        guard let items = r.array(v, path) else { return nil }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard let n = r.number(item, Reader.index(path, i), min: 0, max: 1) else { return nil }
            if let last = out.last, n < last {
                r.expected(Reader.index(path, i), "\(noun == "colour" ? "locations" : "key times") that do not decrease (>= \(JSON.format(last)))", item)
                return nil
            }
            out.append(n)
        }
        if let count, out.count != count, !(orOneMore && out.count == count + 1) {
            let more = orOneMore ? ", or one more for a discrete animation (\(count + 1))" : ""
            r.expected(path, "one \(noun == "colour" ? "location" : "key time") per \(noun) (\(count))\(more)", v)
            return nil
        }
        return out
    }

    static func decodeShape(_ v: JSON, _ path: String, _ r: Reader) -> ShapeContent? {
        guard let o = r.object(v, path, known: LayerProperties.in(.path).map(\.key)) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        var commands: [PathCommand] = []
        if let d = o["d"], let text = r.string(d, p("d")) {
            do {
                commands = try SVGPathParser.parse(text)
                r.pathPoints += commands.count
                r.within(\.pathPoints, r.pathPoints, p("d"), found: "more")
            } catch {
                r.report(p("d"), "\(error.message) in \(JSON.string(text).described)")
            }
        } else if o["d"] == nil { r.report(p("d"), "expected SVG path data, found nothing") }
        var l = LayerModel()
        l.shape = ShapeContent(commands: commands)
        decodeProperties(o, path, .path, r, into: &l)
        return l.shape
    }

    /// A file name as written, resolved against the scene's folder (absolute names stay).
    public static func resolve(_ file: String, directory: String) -> String { SceneFiles.path(file, in: directory) }

    static func decodeImage(_ v: JSON, _ path: String, _ r: Reader, directory: String) -> ImageContent? {
        guard let o = r.object(v, path, known: LayerProperties.in(.image).map(\.key)) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        guard let f = o["file"] else { r.report(p("file"), "expected a PNG file name, found nothing"); return nil }
        guard let file = r.string(f, p("file")) else { return nil }
        var l = LayerModel()
        l.image = ImageContent(file: file, path: resolve(file, directory: directory), gravity: .resize, contentsScale: 1, jsonPath: p("file"))
        decodeProperties(o, path, .image, r, into: &l)
        return l.image
    }

    static func decodeLayer(_ v: JSON, _ path: String, _ r: Reader, names: inout [String: String], directory: String,
                            depth: Int = 1) -> LayerModel? {
        r.layerCount += 1
        guard r.within(\.layers, r.layerCount, path, found: "more"),
              r.within(\.nesting, depth, path, found: "\(depth) levels") else { return nil }
        guard let o = r.object(v, path, known: layerKeys, what: "a layer object") else { return nil }
        var l = LayerModel()
        func p(_ k: String) -> String { Reader.join(path, k) }
        if let n = o["name"], let s = r.string(n, p("name")) {
            if let other = names[s] {
                r.report(p("name"), "expected a unique name, found \"\(s)\" (also used at \(other))")
            } else {
                names[s] = path
                l.name = s
            }
        }
        for prop in LayerProperties.in(.layer) {
            guard let x = o[prop.key] else { continue }
            if prop.derived {
                decodeFrame(x, o, p("frame"), r, into: &l)
            } else if let v = decodeProperty(prop.type, x, p(prop.key), r) {
                prop.set(&l, v)
            }
        }
        if let x = o["gradient"] { l.gradient = decodeGradient(x, p("gradient"), r) }
        if let x = o["path"] { l.shape = decodeShape(x, p("path"), r) }
        if let x = o["image"] { l.image = decodeImage(x, p("image"), r, directory: directory) }
        if let x = o["text"] { l.text = decodeText(x, p("text"), r, directory: directory) }
        if let x = o["sublayers"], let items = r.array(x, p("sublayers")) {
            for (i, item) in items.enumerated() {
                if let s = decodeLayer(item, Reader.index(p("sublayers"), i), r, names: &names, directory: directory, depth: depth + 1) {
                    l.sublayers.append(s)
                }
            }
        }
        if let x = o["mask"] {
            l.mask = decodeLayer(x, p("mask"), r, names: &names, directory: directory, depth: depth + 1)
        }
        return l
    }

    static func decodeValue(_ v: JSON, _ path: String, kind: ValueKind, _ r: Reader) -> AnimValue? {
        switch kind {
        case .number: return r.number(v, path).map { .number($0) }
        case .vector(let n):
            return r.numbers(v, path, count: n, what: n == 2 ? "[x, y]" : "[x, y, width, height]").map { .vector($0) }
        case .color: return r.color(v, path).map { .color($0) }
        case .transform: return r.transform(v, path).map { .transform($0) }
        case .colors:
            guard let items = r.array(v, path) else { return nil }
            var cs: [Color] = []
            for (i, item) in items.enumerated() {
                guard let c = r.color(item, Reader.index(path, i)) else { return nil }
                cs.append(c)
            }
            return .colors(cs)
        case .numbers: return decodeLocations(v, path, r, count: nil).map { .numbers($0) }
        case .bool: return r.bool(v, path).map { .bool($0) }
        }
    }

    static func decodeTiming(_ v: JSON, _ path: String, _ r: Reader) -> TimingFunction? {
        switch v {
        case .string(let s):
            return r.oneOf(v, path, TimingFunction.named.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                ?? { _ = s; return nil }()
        case .array:
            guard let n = r.numbers(v, path, count: 4, what: "[c1x, c1y, c2x, c2y]") else { return nil }
            guard (0...1).contains(n[0]), (0...1).contains(n[2]) else {
                r.expected(path, "control points with x in 0...1", v)
                return nil
            }
            return .cubic(n[0], n[1], n[2], n[3])
        case .object:
            guard let o = r.object(v, path, known: ["spring"]), let sv = o["spring"] else {
                r.report(path, "expected {\"spring\": {...}}, found an object without it")
                return nil
            }
            let sp = Reader.join(path, "spring")
            guard let s = r.object(sv, sp, known: ["mass", "stiffness", "damping", "initialVelocity"]) else { return nil }
            let mass = s["mass"].flatMap { r.number($0, Reader.join(sp, "mass"), above: 0) } ?? 1
            let stiffness = s["stiffness"].flatMap { r.number($0, Reader.join(sp, "stiffness"), above: 0) } ?? 100
            let damping = s["damping"].flatMap { r.number($0, Reader.join(sp, "damping"), min: 0) } ?? 10
            let velocity = s["initialVelocity"].flatMap { r.number($0, Reader.join(sp, "initialVelocity")) } ?? 0
            return .spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        default:
            r.expected(path, "a timing function name, [c1x, c1y, c2x, c2y] or {\"spring\": {...}}", v)
            return nil
        }
    }

    static func decodeAnimation(_ v: JSON, _ path: String, _ r: Reader, names: [String: String],
                                layerNames: String = "the name of a layer") -> AnimationModel? {
        guard let o = r.object(v, path, known: animationKeys, what: "an animation object") else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        let before = r.problems.count
        var layer: String?
        if let x = o["layer"], let s = r.string(x, p("layer")) {
            if names[s] != nil { layer = s } else {
                var what = layerNames
                if let sug = suggestion(for: s, among: Array(names.keys)) { what += " (did you mean \"\(sug)\"?)" }
                r.expected(p("layer"), what, x)
            }
        } else if o["layer"] == nil { r.report(p("layer"), "expected a layer name, found nothing") }
        var keyPath: String?, key: AnimatedKey?
        if let x = o["keyPath"], let s = r.string(x, p("keyPath")) {
            if let k = AnimatedKey.byPath[s] { keyPath = s; key = k } else {
                var what = "an animatable key path"
                if let sug = suggestion(for: s, among: Array(AnimatedKey.byPath.keys)) { what += " (did you mean \"\(sug)\"?)" }
                r.report(p("keyPath"), "expected \(what), found \(x.described); the animatable key paths are "
                                       + AnimatedKey.byPath.keys.sorted().joined(separator: ", "))
            }
        } else if o["keyPath"] == nil { r.report(p("keyPath"), "expected a key path, found nothing") }
        // Every problem of the animation is reported: an unknown layer or key path does not stop
        // the checks of the rest (the values only when the key path, and so their kind, is known).
        var a = AnimationModel(layer: layer ?? "", keyPath: keyPath ?? "opacity", key: key ?? .rotation(axis: 2))
        decodeAnimationValues(o, path, r, key: key, into: &a, before: before)
        decodeAnimationTiming(o, path, r, into: &a)
        if key?.kind == .bool {
            // A boolean switches; it has no distance to add.
            if o["by"] != nil { r.report(p("by"), "expected from, to or values for \(a.keyPath) (a boolean has no by), found by") }
            if a.additive { r.report(p("additive"), "expected additive false for \(a.keyPath) (a boolean cannot be added), found true") }
        }
        return layer != nil && key != nil ? a : nil
    }

    /// from, to, by, values, keyTimes, timingFunctions and calculationMode (values are decoded
    /// only when their kind is known from the key path).
    static func decodeAnimationValues(_ o: [String: JSON], _ path: String, _ r: Reader, key: AnimatedKey?, into a: inout AnimationModel,
                                      before: Int) {
        func p(_ k: String) -> String { Reader.join(path, k) }
        // A value of the key's kind that its property takes (the model's check).
        func value(_ x: JSON, _ at: String, _ key: AnimatedKey) -> AnimValue? {
            guard let v = decodeValue(x, at, kind: key.kind, r) else { return nil }
            if let why = Validation.animated(v, key: key) { r.report(at, why); return nil }
            return v
        }
        if let key {
            if let x = o["from"] { a.from = value(x, p("from"), key) }
            if let x = o["to"] { a.to = value(x, p("to"), key) }
            if let x = o["by"] { a.by = decodeValue(x, p("by"), kind: key.kind, r) }
        }
        // Counts are checked against the values as written (whether or not they could be read).
        var written: Int?
        if let x = o["values"], let items = r.array(x, p("values")) {
            written = items.count
            var vals: [AnimValue] = []
            let seen = r.countKeyframeValues(items.count)
            let within = r.within(\.keyframeValues, seen, p("values"), found: "\(seen) (counting the keyframes before it, the table's contentOffsets included)")
            for (i, item) in items.enumerated() where within {
                if let key, let val = value(item, Reader.index(p("values"), i), key) { vals.append(val) }
            }
            if items.isEmpty { r.expected(p("values"), "at least one value", x) }
            a.values = vals
            if o["from"] != nil || o["to"] != nil || o["by"] != nil {
                r.report(p("values"), "expected either values (keyframes) or from/to/by, found both")
            }
        }
        if key != nil, a.values == nil, a.from == nil, a.to == nil, a.by == nil, r.problems.count == before {
            r.report(path, "expected from, to, by or values, found none of them")
        }
        if let x = o["keyTimes"] {
            if o["values"] == nil { r.report(p("keyTimes"), "expected keyTimes only with values, found keyTimes without values") }
            // A discrete animation may give Core Animation's n + 1 key times (each value holds
            // from its key time to the next; the last is the end).
            else if let written, let kt = decodeLocations(x, p("keyTimes"), r, count: written, per: "value",
                                                          orOneMore: o["calculationMode"] == .string("discrete")) { a.keyTimes = kt }
        }
        if let x = o["timingFunctions"], let items = r.array(x, p("timingFunctions")) {
            var tfs: [TimingFunction] = []
            for (i, item) in items.enumerated() {
                if let tf = decodeTiming(item, Reader.index(p("timingFunctions"), i), r) { tfs.append(tf) }
            }
            if let written, tfs.count != max(written - 1, 0) {
                r.expected(p("timingFunctions"), "one timing function per keyframe segment (\(max(written - 1, 0)))", x)
            }
            a.timingFunctions = tfs
        }
        if let x = o["calculationMode"] {
            a.calculationMode = r.oneOf(x, p("calculationMode"), [("linear", CalculationMode.linear), ("discrete", .discrete)]) ?? .linear
        }
    }

    /// The animation's timing: timingFunction, beginTime, duration, speed, timeOffset,
    /// repeatCount, autoreverses, fillMode, additive.
    static func decodeAnimationTiming(_ o: [String: JSON], _ path: String, _ r: Reader, into a: inout AnimationModel) {
        func p(_ k: String) -> String { Reader.join(path, k) }
        if let x = o["timingFunction"] { a.timingFunction = decodeTiming(x, p("timingFunction"), r) }
        if let x = o["beginTime"] { a.beginTime = r.number(x, p("beginTime")) ?? 0 }
        if let x = o["duration"], let d = r.number(x, p("duration"), min: 0) { a.duration = d > 0 ? d : 0.25 }
        if let x = o["speed"] { a.speed = r.number(x, p("speed")) ?? 1 }
        if let x = o["timeOffset"] { a.timeOffset = r.number(x, p("timeOffset")) ?? 0 }
        if let x = o["repeatCount"] { a.repeatCount = r.number(x, p("repeatCount"), min: 0) ?? 0 }
        if let x = o["autoreverses"] { a.autoreverses = r.bool(x, p("autoreverses")) ?? false }
        if let x = o["fillMode"] {
            a.fillMode = r.oneOf(x, p("fillMode"), [("removed", FillMode.removed), ("forwards", .forwards),
                                                     ("backwards", .backwards), ("both", .both)]) ?? .removed
        }
        if let x = o["additive"] { a.additive = r.bool(x, p("additive")) ?? false }
    }
}
