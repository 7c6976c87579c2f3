import Geometry
import JSONText
import SceneModel

/// Reads typed values out of JSON and collects a problem for everything that does not fit, so a
/// user sees all mistakes in one run. Each accessor returns nil after recording a problem.
final class Reader {
    /// The problems and budgets, which the model's own checks report into too.
    let checks: SceneChecks
    /// The appearance system colours are read in: the command line's, else the canvas's.
    var appearance = Appearance.light
    let appearanceOverride: Appearance?
    /// Each row's `display` as written, by the row's path (its `jsonPath`): read once the
    /// template's layer names are known.
    var rowDisplays: [String: JSON] = [:]

    /// The budgets (the checks' own, kept here so reading a value compares with them in this
    /// module: a key path sent across modules on every string read cost 3 % of decoding).
    let limits: Limits

    init(limits: Limits = Limits(), appearance: Appearance? = nil) {
        checks = SceneChecks(limits: limits)
        self.limits = limits
        self.appearanceOverride = appearance
        self.appearance = appearance ?? .light
    }

    var problems: [SceneProblem] { checks.problems }
    var layerCount: Int { get { checks.layerCount } set { checks.layerCount = newValue } }
    var pathPoints: Int { get { checks.pathPoints } set { checks.pathPoints = newValue } }
    var textLength: Int { get { checks.textLength } set { checks.textLength = newValue } }
    var budgetRefused: Bool { checks.budgetRefused }
    func countKeyframeValues(_ n: Int) -> Int { checks.countKeyframeValues(n) }
    @discardableResult
    func within(_ keyPath: WritableKeyPath<Limits, Int>, _ used: Int, _ path: String, found: String? = nil) -> Bool {
        used <= limits[keyPath: keyPath] || checks.within(keyPath, used, path, found: found)
    }
    func report(_ path: String, _ message: String) { checks.report(path, message) }

    func expected(_ path: String, _ what: String, _ found: JSON) {
        report(path, "expected \(what), found \(found.described)")
    }

    static func join(_ path: String, _ key: String) -> String { ModelPath.join(path, key) }
    static func index(_ path: String, _ i: Int) -> String { ModelPath.index(path, i) }

    /// Where keys often written in the wrong object belong (a probe: `searchBar` at the top
    /// level got no hint), by the object's path ("" the top level).
    static let homes: [String: String] = [
        "searchBar": "navigationBar", "prefersLargeTitles": "navigationBar", "backButton": "navigationBar",
        "rightButton": "navigationBar", "leftButton": "navigationBar",
        "refreshControl": "table", "rowHeight": "table", "sections": "table", "rowCount": "table",
        "statusBar": "", "navigationBar": "", "script": "",
    ]

    /// An object whose keys must all be in `known`; unknown ones are reported with a suggestion.
    func object(_ v: JSON, _ path: String, known: [String], what: String = "an object") -> [String: JSON]? {
        guard case .object(let members) = v else { expected(path, what, v); return nil }
        var dict: [String: JSON] = [:]
        for (k, value) in members {
            if known.contains(k) {
                dict[k] = value
            } else {
                let shown = JSON.shortened(k)
                var msg = "expected a known key, found \"\(shown)\""
                if k.utf8.count <= 64, let s = suggestion(for: k, among: known) {
                    msg += " (did you mean \"\(s)\"?)"
                } else if let home = Reader.homes[k], home != path {
                    msg += " (\"\(k)\" belongs in \(home.isEmpty ? "the scene's top level" : "\"\(home)\""))"
                }
                report(Reader.join(path, shown), msg)
            }
        }
        return dict
    }

    func array(_ v: JSON, _ path: String) -> [JSON]? {
        guard case .array(let items) = v else { expected(path, "an array", v); return nil }
        return items
    }

    func number(_ v: JSON, _ path: String, min: Double? = nil, above: Double? = nil, max: Double? = nil) -> Double? {
        let what = Validation.numberWhat(min: min, above: above, max: max)
        guard case .number(let n) = v else { expected(path, what, v); return nil }
        if let a = above, !(n > a) { expected(path, what, v); return nil }
        if let m = min, n < m { expected(path, what, v); return nil }
        if let m = max, n > m { expected(path, what, v); return nil }
        return n
    }

    /// A height that may be "auto" (self-sizing): nil for "auto" and for a bad value (reported,
    /// saying that "auto" is one).
    func heightOrAuto(_ v: JSON, _ path: String, min: Double? = nil, above: Double? = nil) -> (height: Double?, auto: Bool) {
        if v == .string("auto") { return (nil, true) }
        let what = "\"auto\" or a height in points" + Validation.numberWhat(min: min, above: above, max: 10_000).dropFirst("a number".count)
        guard case .number(let n) = v, Validation.number(n, min: min, above: above, max: 10_000) == nil else {
            expected(path, what, v)
            return (nil, false)
        }
        return (n, false)
    }

    func integer(_ v: JSON, _ path: String, min: Int, max: Int) -> Int? {
        let what = "a whole number from \(min) to \(max)"
        guard case .number(let n) = v, n == n.rounded(), n >= Double(min), n <= Double(max) else {
            expected(path, what, v); return nil
        }
        return Int(n)
    }

    func bool(_ v: JSON, _ path: String) -> Bool? {
        guard case .bool(let b) = v else { expected(path, "true or false", v); return nil }
        return b
    }

    func string(_ v: JSON, _ path: String) -> String? {
        guard case .string(let s) = v else { expected(path, "a string", v); return nil }
        textLength += s.utf8.count
        within(\.textLength, textLength, path, found: "more")
        return s
    }

    /// `uikit`: UIKit's names for the choices (`"default"` for the `basic` cell style), which
    /// are suggested when written.
    func oneOf<T>(_ v: JSON, _ path: String, _ choices: [(String, T)], uikit: [String: String] = [:]) -> T? {
        let names = choices.map { "\"\($0.0)\"" }.joined(separator: ", ")
        guard case .string(let s) = v, let c = choices.first(where: { $0.0 == s }) else {
            var what = "one of \(names)"
            if case .string(let s) = v, case let bare = s.drop(while: { $0 == "." }), let ours = uikit[bare.lowercased()] {
                what += " (UIKit's .\(bare) is \"\(ours)\")"
            } else if case .string(let s) = v, let sug = suggestion(for: s, among: choices.map { $0.0 }) {
                what += " (did you mean \"\(sug)\"?)"
            }
            expected(path, what, v)
            return nil
        }
        return c.1
    }

    /// A fixed-length array of numbers.
    func numbers(_ v: JSON, _ path: String, count: Int, what: String) -> [Double]? {
        guard case .array(let items) = v, items.count == count else { expected(path, what, v); return nil }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard let n = number(item, Reader.index(path, i)) else { return nil }
            out.append(n)
        }
        return out
    }

    func point(_ v: JSON, _ path: String) -> Point? {
        numbers(v, path, count: 2, what: "[x, y]").map { Point($0[0], $0[1]) }
    }

    func color(_ v: JSON, _ path: String) -> Color? {
        let what = "a colour (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or a UIColor name: \"systemBlue\", \"label\", \"grayColor\"...)"
        guard case .string(let s) = v else { expected(path, what, v); return nil }
        guard let c = Color.parse(s, appearance: appearance) else {
            var w = what
            if let sug = Reader.uikitColorName(s) ?? suggestion(for: s, among: Array(Color.named.keys)) { w += " (did you mean \"\(sug)\"?)" }
            expected(path, w, v)
            return nil
        }
        return c
    }

    /// A colour written as Swift writes it (`UIColor.systemRed`, `.label`, `labelColor`,
    /// `secondaryLabelColor`): the format's name for it, when it has one.
    static func uikitColorName(_ s: String) -> String? {
        var name = Substring(s)
        for prefix in ["UIColor.", "."] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        if name.hasSuffix("()") { name = name.dropLast(2) }
        let plain = String(name), bare = name.hasSuffix("Color") ? String(name.dropLast(5)) : plain
        if plain != s, Color.named[plain] != nil { return plain }
        if bare != plain, Color.named[bare] != nil { return bare }
        return nil
    }

    static let transformOpKeys = ["rotate", "translate", "scale", "perspective", "concat"]
        + (1...4).flatMap { r in (1...4).map { c in "m\(r)\(c)" } }

    /// A transform: 16 numbers, or a list of operations.
    func transform(_ v: JSON, _ path: String) -> TransformValue? {
        let what = "a transform (16 numbers, or a list of operations such as {\"rotate\": [deg, x, y, z]})"
        guard case .array(let items) = v else { expected(path, what, v); return nil }
        let allNumbers = items.allSatisfy({ if case .number = $0 { return true } else { return false } })
        if items.count == 16, allNumbers {
            return numbers(v, path, count: 16, what: "16 numbers").map { .matrix(Transform3D($0)) }
        }
        if allNumbers, !items.isEmpty {
            report(path, "expected a transform (16 numbers, or a list of operations such as {\"rotate\": [deg, x, y, z]}), found \(items.count) numbers")
            return nil
        }
        var ops: [TransformOp] = []
        var ok = true
        for (i, item) in items.enumerated() {
            let p = Reader.index(path, i)
            guard let dict = object(item, p, known: Reader.transformOpKeys, what: "a transform operation object"),
                  dict.count == 1, let (key, value) = dict.first else {
                if case .object(let m) = item, m.count != 1 {
                    report(p, "expected exactly one operation per object, found \(m.count) keys")
                }
                ok = false
                continue
            }
            let kp = Reader.join(p, key)
            switch key {
            case "rotate":
                if let n = numbers(value, kp, count: 4, what: "[degrees, x, y, z]") {
                    ops.append(.rotate(degrees: n[0], x: n[1], y: n[2], z: n[3]))
                } else { ok = false }
            case "translate":
                if let n = numbers(value, kp, count: 3, what: "[x, y, z]") {
                    ops.append(.translate(x: n[0], y: n[1], z: n[2]))
                } else { ok = false }
            case "scale":
                if let n = numbers(value, kp, count: 3, what: "[x, y, z]") {
                    ops.append(.scale(x: n[0], y: n[1], z: n[2]))
                } else { ok = false }
            case "perspective":
                if let d = number(value, kp, above: 0) { ops.append(.set(entry: 11, value: -1 / d)) } else { ok = false }
            case "concat":
                if let t = transform(value, kp) { ops.append(.concat(t)) } else { ok = false }
            default:
                let r = Int(String(Array(key)[1])) ?? 1, c = Int(String(Array(key)[2])) ?? 1
                if let n = number(value, kp) { ops.append(.set(entry: (r - 1) * 4 + (c - 1), value: n)) } else { ok = false }
            }
        }
        return ok ? .ops(ops) : nil
    }
}
