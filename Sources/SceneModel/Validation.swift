import Geometry
import LayerTree

/// The checks a scene built in memory needs (issue 50, step 3): what Swift code can get wrong
/// in values the types already hold. A typed value cannot be a string where a number belongs,
/// so what is left are ranges, budgets, names and counts. Messages and paths are the decoder's
/// (`layers[0].opacity: expected a number >= 0 and <= 1, found 1.5`), so a problem reads the
/// same whichever way the scene came; the layer's description is added by the caller.
extension PropertyType {
    /// Why `v` is not a value of this type within its range; nil when it is.
    public func problem(with v: AnimValue) -> String? {
        switch (self, v) {
        case let (.number(lo, above, hi, budget), .number(n)):
            let top = [hi, budget].compactMap { $0 }.min()
            return Validation.number(n, min: lo, above: above, max: top)
        case (.point, .vector(let x)) where x.count == 2:
            return x.allSatisfy(\.isFinite) ? nil : "expected [x, y] of finite numbers, found \(Validation.shown(x))"
        case (.rect, .vector(let x)) where x.count == 4:
            guard x.allSatisfy(\.isFinite) else { return "expected [x, y, width, height] of finite numbers, found \(Validation.shown(x))" }
            return x[2] >= 0 && x[3] >= 0 ? nil : "expected [x, y, width, height] with width and height >= 0, found \(Validation.shown(x))"
        case (.transform, .transform(let t)):
            return t.matrix.entries.allSatisfy(\.isFinite) ? nil : "expected a transform of finite numbers, found one that is not"
        case (.choice(let names), .text(let s)):
            return names.contains(s) ? nil : Validation.oneOf(names, found: s)
        case (.dashes, .numbers(let x)):
            for n in x { if let why = Validation.number(n, min: 0, above: nil, max: nil) { return why } }
            return nil
        case (.color, .color(let c)), (.optionalColor, .color(let c)):
            return Validation.color(c)
        case (.pathData, .text(let s)):
            do {
                _ = try SVGPathParser.parse(s)
                return nil
            } catch {
                return "\(error.message) in \"\(Message.cutLongTokens(s))\""
            }
        case (.optionalColor, .absent), (.dashes, .absent), (.pathData, .absent), (.bool, .bool), (.corners, .number), (.string, .text):
            return nil
        default:
            return "expected a value of this property's type, found another"
        }
    }
}

/// Messages of the checks, worded as the decoder words them.
public enum Validation {
    /// "a number > 0 and <= 1000": what a range asks for.
    public static func numberWhat(min: Double?, above: Double?, max: Double?) -> String {
        var what = "a number"
        if let a = above { what += " > \(Message.number(a))" }
        if let m = min { what += " >= \(Message.number(m))" }
        if let m = max { what += (min != nil || above != nil) ? " and <= \(Message.number(m))" : " <= \(Message.number(m))" }
        return what
    }

    /// Why `n` is outside the range (or not finite); nil when it is inside.
    public static func number(_ n: Double, min: Double?, above: Double?, max: Double?) -> String? {
        let inside = n.isFinite && (above.map { n > $0 } ?? true) && (min.map { n >= $0 } ?? true) && (max.map { n <= $0 } ?? true)
        return inside ? nil : "expected \(numberWhat(min: min, above: above, max: max)), found \(Message.number(n))"
    }

    /// Why an animated value (`from`, `to` or a keyframe; not `by`, a difference) is not one
    /// its property takes, beyond its kind: a content rectangle (`contentsRect`,
    /// `contentsCenter`) with a negative width or height, which a layer's own value may not have
    /// either (issue 53); nil when it is. One check for the decoder and for a scene built in memory.
    public static func animated(_ v: AnimValue, key: AnimatedKey) -> String? {
        guard case .property(let i, components: nil) = key, LayerProperties.all.indices.contains(i),
              LayerProperties.all[i].animatesAsSize,
              case .vector(let n) = v, n.count == 4, !(n[2] >= 0 && n[3] >= 0) else { return nil }
        return "expected [x, y, width, height] with width and height >= 0, found \(shown(n))"
    }

    /// What is wrong with the bars over the table, by path: a navigation bar needs a table to
    /// follow, and a large title cannot sit over a collapsing header (each would lay itself out
    /// at the top of the screen and both were drawn over each other: a helper's probe). One
    /// check for the decoder and for a scene built in memory.
    public static func bars(_ bar: NavigationBarModel?, table: TableModel?) -> [(path: String, message: String)] {
        guard let bar else { return [] }
        guard let table else { return [("navigationBar", "expected a table under the navigation bar (the bar follows its scrolling), found none")] }
        if bar.prefersLargeTitles, table.header != nil {
            return [("navigationBar.prefersLargeTitles", "expected no large title over a collapsing header (both collapse as the table scrolls; use one), found both")]
        }
        if bar.searchBar != nil, table.header != nil {
            return [("navigationBar.searchBar", "expected no search bar over a collapsing header (the bar's band and the header would each lay themselves out at the top; use one), found both")]
        }
        return []
    }

    /// Why a colour is not one (a component that is not a number); nil when it is.
    public static func color(_ c: Color) -> String? {
        [c.r, c.g, c.b, c.a].allSatisfy(\.isFinite) ? nil : "expected a colour of finite components, found \(shown([c.r, c.g, c.b, c.a]))"
    }

    static func shown(_ x: [Double]) -> String { "[" + x.map(Message.number).joined(separator: ", ") + "]" }

    static func oneOf(_ names: [String], found s: String) -> String {
        var what = "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        if let sug = suggestion(for: s, among: names) { what += " (did you mean \"\(sug)\"?)" }
        return "expected \(what), found \"\(Message.cutLongTokens(s))\""
    }
}

extension Scene {
    /// Every problem of a scene built in memory, with the decoder's paths and messages: the
    /// canvas, the clock, the budgets, unique layer names, the animations' values and timing,
    /// the changes, the table and the script. A scene decoded from a file has been checked by
    /// its decoder as it was read.
    public func validate(limits: Limits = Limits()) -> [SceneProblem] {
        var v = Validator(limits: limits)
        v.canvas(canvas)
        if let why = Validation.number(fps, min: nil, above: 0, max: 1000) { v.report("fps", why) }
        if let why = Validation.number(duration, min: 0, above: nil, max: 3600) { v.report("duration", why) }
        if fps > 0, fps.isFinite, duration.isFinite {
            let frames = Int(saturating: (duration * fps).rounded()) + 1
            v.within(\.frames, frames, "duration", found: "\(frames) (duration \(Message.number(duration)) s x \(Message.number(fps)) fps, plus one)")
        }
        for (i, l) in layers.enumerated() { v.layer(l, "layers[\(i)]", depth: 1) }
        for (i, a) in animations.enumerated() { v.animation(a, "animations[\(i)]") }
        let seen = v.keyframeValues + changes.count
        if !changes.isEmpty {
            v.within(\.keyframeValues, seen, "changes", found: "\(seen) (each change counts as one value, with the animations' keyframes)")
        }
        for (i, c) in changes.enumerated() { v.change(c, "changes[\(i)]", layers: layers) }
        if let t = table {
            v.table(t, script: script)
        } else if let first = script.first {
            v.report(first.jsonPath, "expected a table for the script's events, found no table")
        }
        for (path, message) in Validation.bars(navigationBar, table: table) { v.report(path, message) }
        return v.problems
    }
}

/// Walks a scene's model in the order the decoder reads a file, collecting problems.
struct Validator {
    let limits: Limits
    var problems: [SceneProblem] = []
    var names: [String: String] = [:]
    var layerCount = 0, pathPoints = 0, textLength = 0, keyframeValues = 0
    var reported: Set<String> = []

    mutating func report(_ path: String, _ message: String) { problems.append(SceneProblem(path: path, message: message)) }

    /// Reports a budget once, at the first place over it; false when over.
    @discardableResult
    mutating func within(_ keyPath: WritableKeyPath<Limits, Int>, _ used: Int, _ path: String, found: String) -> Bool {
        let limit = limits[keyPath: keyPath]
        guard used > limit else { return true }
        if reported.insert(Limits.flag(keyPath)).inserted { report(path, Limits.message(keyPath, limit: limit, found: found)) }
        return false
    }

    mutating func canvas(_ c: Canvas) {
        if let d = c.device, c.width != d.width || c.height != d.height {
            report("canvas.size", "expected the \(d.name)'s [\(Message.number(d.width)), \(Message.number(d.height))] or no size (the device sets it), found \(Validation.shown([c.width, c.height]))")
        } else if !(c.width > 0 && c.height > 0 && c.width <= 10_000 && c.height <= 10_000) {
            report("canvas.size", "expected [width, height] with each > 0 and <= 10000, found \(Validation.shown([c.width, c.height]))")
            return
        }
        if let why = Validation.color(c.background) { report("canvas.background", why) }
        if let why = Validation.number(c.scale, min: nil, above: 0, max: 8) { report("canvas.scale", why); return }
        let w = (c.width * c.scale).rounded(), h = (c.height * c.scale).rounded()
        let pixels = Int(saturating: w) * Int(saturating: h)
        guard within(\.canvasPixels, pixels, "canvas", found: "\(Message.number(w))x\(Message.number(h)) = \(pixels) (size x scale)") else { return }
        if c.width * c.scale > Canvas.maxPixels || c.height * c.scale > Canvas.maxPixels {
            report("canvas", "expected at most \(Int(Canvas.maxPixels)) pixels each way (size x scale), found \(Message.number(w))x\(Message.number(h))")
        }
    }

    mutating func text(_ s: String, _ path: String) {
        textLength += s.utf8.count
        within(\.textLength, textLength, path, found: "more")
    }

    mutating func layer(_ l: LayerModel, _ path: String, depth: Int) {
        layerCount += 1
        guard within(\.layers, layerCount, path, found: "more"), within(\.nesting, depth, path, found: "\(depth) levels") else { return }
        if let n = l.name {
            text(n, path + ".name")
            if let other = names[n] {
                report(path + ".name", "expected a unique name, found \"\(Message.cutLongTokens(n))\" (also used at \(other))")
            } else {
                names[n] = path
            }
        }
        if let g = l.gradient { gradient(g, path + ".gradient") }
        if let s = l.shape {
            pathPoints += s.commands.count + (s.lineDashPattern?.count ?? 0)
            within(\.pathPoints, pathPoints, path + ".path.d", found: "more")
        }
        if let shadow = l.shadowPath {
            pathPoints += shadow.commands.count
            within(\.pathPoints, pathPoints, path + ".shadowPath", found: "more")
        }
        if let t = l.text { textContent(t, path + ".text") }
        if let i = l.image { text(i.file, path + ".image.file") }
        for (i, s) in l.sublayers.enumerated() { layer(s, "\(path).sublayers[\(i)]", depth: depth + 1) }
        if let m = l.mask { layer(m, path + ".mask", depth: depth + 1) }
    }

    mutating func gradient(_ g: Gradient, _ path: String) {
        for (i, c) in g.colors.enumerated() { if let why = Validation.color(c) { report("\(path).colors[\(i)]", why) } }
        guard let locations = g.locations else { return }
        if let bad = Validator.locationsProblem(locations) {
            report("\(path).locations[\(bad.index)]", bad.message)
        } else if locations.count != g.colors.count {
            report(path + ".locations", "expected one location per colour (\(g.colors.count)), found \(Validation.shown(locations))")
        }
    }

    /// The first value outside 0 ... 1 or below the one before it.
    static func locationsProblem(_ x: [Double]) -> (index: Int, message: String)? {
        for (i, n) in x.enumerated() {
            if let why = Validation.number(n, min: 0, above: nil, max: 1) { return (i, why) }
            if i > 0, n < x[i - 1] { return (i, "expected locations that do not decrease (>= \(Message.number(x[i - 1]))), found \(Message.number(n))") }
        }
        return nil
    }

    mutating func textContent(_ t: TextContent, _ path: String) {
        text(t.string, path + ".string")
        if let why = Validation.color(t.color) { report(path + ".color", why) }
        if let why = Validation.number(t.size, min: nil, above: 0, max: 1000) { report(path + ".font.size", why) }
        if t.lines < 0 || t.lines > 10_000 { report(path + ".lines", "expected a whole number from 0 to 10000, found \(t.lines)") }
        if let why = Validation.number(t.minimumScaleFactor, min: 0, above: nil, max: 1) { report(path + ".minimumScaleFactor", why) }
    }

    mutating func animation(_ a: AnimationModel, _ path: String) {
        let kind = a.key.kind
        for (name, v) in [("from", a.from), ("to", a.to), ("by", a.by)] {
            if let v { value(v, kind: kind, "\(path).\(name)") }
            if name != "by", let v, let why = Validation.animated(v, key: a.key) { report("\(path).\(name)", why) }
        }
        if let values = a.values {
            keyframeValues += values.count
            if within(\.keyframeValues, keyframeValues, path + ".values", found: "\(keyframeValues) (counting the keyframes before it, the table's contentOffsets included)") {
                for (i, v) in values.enumerated() {
                    value(v, kind: kind, "\(path).values[\(i)]")
                    if let why = Validation.animated(v, key: a.key) { report("\(path).values[\(i)]", why) }
                }
            }
            if values.isEmpty { report(path + ".values", "expected at least one value, found []") }
            if a.from != nil || a.to != nil || a.by != nil { report(path + ".values", "expected either values (keyframes) or from/to/by, found both") }
        } else if a.from == nil, a.to == nil, a.by == nil {
            report(path, "expected from, to, by or values, found none of them")
        }
        if let kt = a.keyTimes {
            if let values = a.values {
                if let bad = Validator.locationsProblem(kt) {
                    report("\(path).keyTimes[\(bad.index)]", bad.message)
                } else if kt.count != values.count, !(a.calculationMode == .discrete && kt.count == values.count + 1) {
                    let more = a.calculationMode == .discrete ? ", or one more for a discrete animation (\(values.count + 1))" : ""
                    report(path + ".keyTimes", "expected one key time per value (\(values.count))\(more), found \(Validation.shown(kt))")
                }
            } else {
                report(path + ".keyTimes", "expected keyTimes only with values, found keyTimes without values")
            }
        }
        if let tfs = a.timingFunctions {
            for (i, f) in tfs.enumerated() { timing(f, "\(path).timingFunctions[\(i)]") }
            let segments = max((a.values?.count ?? 0) - 1, 0)
            if a.values != nil, tfs.count != segments {
                report(path + ".timingFunctions", "expected one timing function per keyframe segment (\(segments)), found an array of \(tfs.count)")
            }
        }
        if let f = a.timingFunction { timing(f, path + ".timingFunction") }
        for (name, n, min) in [("beginTime", a.beginTime, nil), ("duration", a.duration, 0), ("speed", Double(a.speed), nil),
                               ("timeOffset", a.timeOffset, nil), ("repeatCount", a.repeatCount, 0)] as [(String, Double, Double?)] {
            if let why = Validation.number(n, min: min, above: nil, max: nil) { report("\(path).\(name)", why) }
        }
        if kind == .bool {
            if a.by != nil { report(path + ".by", "expected from, to or values for \(a.keyPath) (a boolean has no by), found by") }
            if a.additive { report(path + ".additive", "expected additive false for \(a.keyPath) (a boolean cannot be added), found true") }
        }
    }

    /// An animated value: finite numbers, and for a list of numbers (a gradient's locations)
    /// values 0 ... 1 that do not decrease.
    mutating func value(_ v: AnimValue, kind: ValueKind, _ path: String) {
        switch v {
        case .number(let n):
            if let why = Validation.number(n, min: nil, above: nil, max: nil) { report(path, why) }
        case .vector(let x):
            if !x.allSatisfy(\.isFinite) { report(path, "expected finite numbers, found \(Validation.shown(x))") }
        case .transform(let t):
            if !t.matrix.entries.allSatisfy(\.isFinite) { report(path, "expected a transform of finite numbers, found one that is not") }
        case .color(let c):
            if let why = Validation.color(c) { report(path, why) }
        case .colors(let cs):
            for (i, c) in cs.enumerated() { if let why = Validation.color(c) { report("\(path)[\(i)]", why) } }
        case .numbers(let x):
            if let bad = Validator.locationsProblem(x) { report("\(path)[\(bad.index)]", bad.message) }
        default: break
        }
    }

    mutating func timing(_ f: TimingFunction, _ path: String) {
        switch f {
        case let .cubic(a, b, c, d):
            if ![a, b, c, d].allSatisfy(\.isFinite) || !(0...1).contains(a) || !(0...1).contains(c) {
                report(path, "expected control points with x in 0...1, found \(Validation.shown([a, b, c, d]))")
            }
        case let .spring(mass, stiffness, damping, velocity):
            let sp = path + ".spring"
            if let why = Validation.number(mass, min: nil, above: 0, max: nil) { report(sp + ".mass", why) }
            if let why = Validation.number(stiffness, min: nil, above: 0, max: nil) { report(sp + ".stiffness", why) }
            if let why = Validation.number(damping, min: 0, above: nil, max: nil) { report(sp + ".damping", why) }
            if let why = Validation.number(velocity, min: nil, above: nil, max: nil) { report(sp + ".initialVelocity", why) }
        }
    }

    mutating func change(_ c: PropertyChange, _ path: String, layers: [LayerModel]) {
        if let why = Validation.number(c.at, min: 0, above: nil, max: 3600) { report(path + ".at", why) }
        guard LayerProperties.all.indices.contains(c.property) else { return }
        let p = LayerProperties.all[c.property]
        if let why = p.type.problem(with: c.value) { report(path + ".value", why) }
        if let l = TableBinding.layer(named: c.layer, in: layers), !TableBinding.has(p.container, l) {
            report(path + ".key", "expected a property layer \"\(Message.cutLongTokens(c.layer))\" has (it has no \(p.container.rawValue) object), found \"\(p.jsonPath)\"")
        }
    }
}
