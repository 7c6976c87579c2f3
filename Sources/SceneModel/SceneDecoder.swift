import Geometry

/// Turns scene JSON into a validated `Scene`, or a `SceneError` listing every problem.
public enum SceneDecoder {
    static let topKeys = ["$schema", "version", "canvas", "fps", "duration", "fonts", "table", "script", "layers", "animations"]
    static let layerKeys = ["name", "bounds", "position", "frame", "anchorPoint", "anchorPointZ", "zPosition",
                            "transform", "sublayerTransform", "opacity", "hidden", "allowsGroupOpacity",
                            "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds",
                            "doubleSided", "transformLayer", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
                            "gradient", "text", "image", "path", "sublayers"]
    static let animationKeys = ["layer", "keyPath", "from", "to", "by", "values", "keyTimes", "timingFunctions",
                                "calculationMode", "timingFunction", "beginTime", "duration", "speed",
                                "timeOffset", "repeatCount", "autoreverses", "fillMode", "additive"]

    /// Reads and decodes a scene file. `displayName` is how the file is named in messages.
    public static func decode(bytes: [UInt8], displayName: String, directory: String, limits: Limits = Limits()) throws(SceneError) -> Scene {
        let json: JSON
        // A UTF-8 byte-order mark (some Windows editors write one) is not part of the JSON.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw SceneError(file: displayName, problems: [
                SceneProblem(path: "line \(error.line), column \(error.column)", message: error.message)])
        }
        let r = Reader(limits: limits)
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
        if let s = top["script"] { script = decodeScript(s, r, table: table) }
        var layers: [LayerModel] = []
        var names: [String: String] = [:]
        if let ls = top["layers"], let items = r.array(ls, "layers") {
            for (i, item) in items.enumerated() {
                if let l = decodeLayer(item, Reader.index("layers", i), r, names: &names, directory: directory) { layers.append(l) }
            }
        }
        var animations: [AnimationModel] = []
        if let an = top["animations"], let items = r.array(an, "animations") {
            for (i, item) in items.enumerated() {
                if let a = decodeAnimation(item, Reader.index("animations", i), r, names: names) { animations.append(a) }
            }
        }
        guard let canvas, let fps, let duration else { return nil }
        var scene = Scene(canvas: canvas, fps: fps, duration: duration, layers: layers, animations: animations,
                          table: table, script: script, directory: directory)
        scene.fonts = fonts
        return scene
    }

    static func decodeCanvas(_ v: JSON, _ r: Reader) -> Canvas? {
        guard let o = r.object(v, "canvas", known: ["size", "scale", "background"]) else { return nil }
        var size: [Double]?
        if let s = o["size"] {
            if let n = r.numbers(s, "canvas.size", count: 2, what: "[width, height]") {
                if n[0] > 0, n[1] > 0, n[0] <= 10_000, n[1] <= 10_000 { size = n } else {
                    r.expected("canvas.size", "[width, height] with each > 0 and <= 10000", s)
                }
            }
        } else { r.report("canvas.size", "expected [width, height], found nothing") }
        var scale = 1.0
        if let s = o["scale"] { scale = r.number(s, "canvas.scale", above: 0, max: 8) ?? 1 }
        var background = Color.clear
        if let b = o["background"] { background = r.color(b, "canvas.background") ?? .clear }
        guard let size else { return nil }
        let pixels = Int(saturating: (size[0] * scale).rounded()) * Int(saturating: (size[1] * scale).rounded())
        if !r.within(\.canvasPixels, pixels, "canvas", found: "\(JSON.format((size[0] * scale).rounded()))x\(JSON.format((size[1] * scale).rounded())) = \(pixels) (size x scale)") {
            return nil
        }
        if size[0] * scale > Canvas.maxPixels || size[1] * scale > Canvas.maxPixels {
            r.report("canvas", "expected at most \(Int(Canvas.maxPixels)) pixels each way (size x scale), found \(JSON.format((size[0] * scale).rounded()))x\(JSON.format((size[1] * scale).rounded()))")
            return nil
        }
        return Canvas(width: size[0], height: size[1], scale: scale, background: background)
    }

    static func decodeGradient(_ v: JSON, _ path: String, _ r: Reader) -> Gradient? {
        guard let o = r.object(v, path, known: ["colors", "locations", "startPoint", "endPoint"]) else { return nil }
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
        let start = o["startPoint"].flatMap { r.point($0, Reader.join(path, "startPoint")) } ?? Point(0.5, 0)
        let end = o["endPoint"].flatMap { r.point($0, Reader.join(path, "endPoint")) } ?? Point(0.5, 1)
        return Gradient(colors: colors, locations: locations, startPoint: start, endPoint: end)
    }

    static func decodeLocations(_ v: JSON, _ path: String, _ r: Reader, count: Int?, per noun: String = "value") -> [Double]? {
        guard let items = r.array(v, path) else { return nil }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard let n = r.number(item, Reader.index(path, i), min: 0, max: 1) else { return nil }
            if let last = out.last, n < last {
                r.expected(Reader.index(path, i), "locations that do not decrease (>= \(JSON.format(last)))", item)
                return nil
            }
            out.append(n)
        }
        if let count, out.count != count {
            r.expected(path, "one \(noun == "colour" ? "location" : "key time") per \(noun) (\(count))", v)
            return nil
        }
        return out
    }

    static func decodeShape(_ v: JSON, _ path: String, _ r: Reader) -> ShapeContent? {
        guard let o = r.object(v, path, known: ["d", "fillColor", "strokeColor", "lineWidth", "lineCap", "lineJoin",
                                                "miterLimit", "fillRule"]) else { return nil }
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
        // CAShapeLayer defaults: opaque black fill, no stroke, width 1, butt caps, miter joins, limit 10.
        func optionalColor(_ key: String, _ fallback: Color?) -> Color? {
            guard let x = o[key] else { return fallback }
            if x == .null { return nil }
            return r.color(x, p(key))
        }
        let fill = optionalColor("fillColor", .black)
        let stroke = optionalColor("strokeColor", nil)
        let width = o["lineWidth"].flatMap { r.number($0, p("lineWidth"), min: 0, max: 10_000) } ?? 1
        let cap = o["lineCap"].flatMap { r.oneOf($0, p("lineCap"), [("butt", LineCap.butt), ("round", .round), ("square", .square)]) } ?? .butt
        let join = o["lineJoin"].flatMap { r.oneOf($0, p("lineJoin"), [("miter", LineJoin.miter), ("round", .round), ("bevel", .bevel)]) } ?? .miter
        let limit = o["miterLimit"].flatMap { r.number($0, p("miterLimit"), min: 1) } ?? 10
        let rule = o["fillRule"].flatMap { r.oneOf($0, p("fillRule"), [("nonZero", ShapeFillRule.nonZero), ("evenOdd", .evenOdd)]) } ?? .nonZero
        return ShapeContent(commands: commands, fillColor: fill, strokeColor: stroke, lineWidth: width, lineCap: cap,
                            lineJoin: join, miterLimit: limit, fillRule: rule)
    }

    static func resolve(_ file: String, directory: String) -> String {
        file.hasPrefix("/") ? file : (directory.isEmpty ? file : directory + "/" + file)
    }

    static func decodeImage(_ v: JSON, _ path: String, _ r: Reader, directory: String) -> ImageContent? {
        guard let o = r.object(v, path, known: ["file", "contentsGravity", "contentsScale"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        guard let f = o["file"] else { r.report(p("file"), "expected a PNG file name, found nothing"); return nil }
        guard let file = r.string(f, p("file")) else { return nil }
        let gravity = o["contentsGravity"].flatMap {
            r.oneOf($0, p("contentsGravity"), ContentsGravity.allCases.map { ($0.rawValue, $0) })
        } ?? .resize
        let scale = o["contentsScale"].flatMap { r.number($0, p("contentsScale"), above: 0, max: 16) } ?? 1
        return ImageContent(file: file, path: resolve(file, directory: directory), gravity: gravity, contentsScale: scale, jsonPath: p("file"))
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
        if let b = o["bounds"], let n = r.numbers(b, p("bounds"), count: 4, what: "[x, y, width, height]") {
            if n[2] >= 0, n[3] >= 0 { l.bounds = Rect(n[0], n[1], n[2], n[3]) } else {
                r.expected(p("bounds"), "[x, y, width, height] with width and height >= 0", b)
            }
        }
        if let x = o["position"] { l.position = r.point(x, p("position")) ?? l.position }
        if let x = o["anchorPoint"] { l.anchorPoint = r.point(x, p("anchorPoint")) ?? l.anchorPoint }
        if let x = o["anchorPointZ"] { l.anchorPointZ = r.number(x, p("anchorPointZ")) ?? 0 }
        if let x = o["zPosition"] { l.zPosition = r.number(x, p("zPosition")) ?? 0 }
        if let x = o["frame"], let n = r.numbers(x, p("frame"), count: 4, what: "[x, y, width, height]") {
            if o["bounds"] != nil || o["position"] != nil {
                r.report(p("frame"), "expected either frame or bounds and position, found both")
            } else if n[2] < 0 || n[3] < 0 {
                r.expected(p("frame"), "[x, y, width, height] with width and height >= 0", x)
            } else {
                // UIKit's setFrame at an identity transform: bounds size = frame size, position
                // = origin + anchorPoint * size.
                l.bounds = Rect(0, 0, n[2], n[3])
                l.position = Point(n[0] + l.anchorPoint.x * n[2], n[1] + l.anchorPoint.y * n[3])
            }
        }
        if let x = o["transform"] { l.transform = r.transform(x, p("transform")) ?? .identity }
        if let x = o["sublayerTransform"] { l.sublayerTransform = r.transform(x, p("sublayerTransform")) ?? .identity }
        if let x = o["opacity"] { l.opacity = r.number(x, p("opacity"), min: 0, max: 1) ?? 1 }
        if let x = o["hidden"] { l.hidden = r.bool(x, p("hidden")) ?? false }
        if let x = o["allowsGroupOpacity"] { l.allowsGroupOpacity = r.bool(x, p("allowsGroupOpacity")) ?? true }
        if let x = o["backgroundColor"] { l.backgroundColor = r.color(x, p("backgroundColor")) }
        if let x = o["cornerRadius"] { l.cornerRadius = r.number(x, p("cornerRadius"), min: 0) ?? 0 }
        if let x = o["borderWidth"] { l.borderWidth = r.number(x, p("borderWidth"), min: 0) ?? 0 }
        if let x = o["borderColor"] { l.borderColor = r.color(x, p("borderColor")) ?? .black }
        if let x = o["masksToBounds"] { l.masksToBounds = r.bool(x, p("masksToBounds")) ?? false }
        if let x = o["doubleSided"] { l.doubleSided = r.bool(x, p("doubleSided")) ?? true }
        if let x = o["transformLayer"] { l.transformLayer = r.bool(x, p("transformLayer")) ?? false }
        if let x = o["shadowColor"] { l.shadowColor = r.color(x, p("shadowColor")) ?? .black }
        if let x = o["shadowOpacity"] { l.shadowOpacity = r.number(x, p("shadowOpacity"), min: 0, max: 1) ?? 0 }
        if let x = o["shadowOffset"] { l.shadowOffset = r.point(x, p("shadowOffset")) ?? l.shadowOffset }
        if let x = o["shadowRadius"] { l.shadowRadius = r.number(x, p("shadowRadius"), min: 0, max: 500) ?? 3 }
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

    static func decodeAnimation(_ v: JSON, _ path: String, _ r: Reader, names: [String: String]) -> AnimationModel? {
        guard let o = r.object(v, path, known: animationKeys, what: "an animation object") else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        let before = r.problems.count
        var layer: String?
        if let x = o["layer"], let s = r.string(x, p("layer")) {
            if names[s] != nil { layer = s } else {
                var what = "the name of a layer"
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
        var a = AnimationModel(layer: layer ?? "", keyPath: keyPath ?? "opacity", key: key ?? .opacity)
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
        if let key {
            if let x = o["from"] { a.from = decodeValue(x, p("from"), kind: key.kind, r) }
            if let x = o["to"] { a.to = decodeValue(x, p("to"), kind: key.kind, r) }
            if let x = o["by"] { a.by = decodeValue(x, p("by"), kind: key.kind, r) }
        }
        // Counts are checked against the values as written (whether or not they could be read).
        var written: Int?
        if let x = o["values"], let items = r.array(x, p("values")) {
            written = items.count
            var vals: [AnimValue] = []
            let seen = r.countKeyframeValues(items.count)
            let within = r.within(\.keyframeValues, seen, p("values"), found: "\(seen) (counting the animations before)")
            for (i, item) in items.enumerated() where within {
                if let key, let val = decodeValue(item, Reader.index(p("values"), i), kind: key.kind, r) { vals.append(val) }
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
            else if let written, let kt = decodeLocations(x, p("keyTimes"), r, count: written, per: "value") { a.keyTimes = kt }
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
