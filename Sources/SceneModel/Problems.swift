/// One thing wrong with a scene: where (a JSON path such as `layers[0].opacity`) and what.
public struct SceneProblem: Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Every problem found in one scene file; rendering never starts when there is one.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var problems: [SceneProblem]
    public init(file: String, problems: [SceneProblem]) { self.file = file; self.problems = problems }
    /// At most this many problems are printed; the rest are counted.
    public static let shownProblems = 50

    /// One line per problem: `FILE: json.path: expected ..., found ...`, at most 50, then
    /// "... and N more problems".
    public var description: String {
        var lines = problems.prefix(SceneError.shownProblems).map { Message.cutLongTokens("\(file): \($0)") }
        if problems.count > SceneError.shownProblems {
            lines.append("\(file): ... and \(problems.count - SceneError.shownProblems) more problems")
        }
        return lines.joined(separator: "\n")
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev = Array(0...b.count)
    var cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        cur[0] = i
        for j in 1...b.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return prev[b.count]
}

/// The known name closest to `key`, when one is close enough to suggest ("did you mean").
public func suggestion(for key: String, among known: [String]) -> String? {
    // The distance is quadratic: a name far longer than any known one suggests nothing.
    guard key.utf8.count <= 64 else { return nil }
    let best = known.map { ($0, editDistance(key, $0)) }.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    guard let (name, d) = best, d <= max(2, key.count / 3) else { return nil }
    return name
}

/// Messages never echo megabytes of input: a run of more than 256 characters without a space
/// (a JSON token, a key, a path) is cut to about 80, its two ends with "..." between. Shorter
/// runs stay whole, so paths and commands in messages can still be copied.
public enum Message {
    public static let tokenLimit = 80
    /// A number as messages show it: as JSON writes it (`2`, `0.5`), or `nan`, `inf`.
    public static func number(_ n: Double) -> String { JSON.format(n) }
    public static let cutThreshold = 256

    public static func cutLongTokens(_ text: String, limit: Int = tokenLimit, longerThan threshold: Int = cutThreshold) -> String {
        guard text.utf8.count > threshold else { return text }
        var out = ""
        var token = Substring()
        func flush() {
            if token.count > max(threshold, limit) {
                let keep = (limit - 3) / 2
                out += token.prefix(keep) + "..." + token.suffix(keep)
            } else {
                out += token
            }
        }
        var start = text.startIndex
        for i in text.indices where text[i] == " " || text[i] == "\n" {
            token = text[start..<i]
            flush()
            out.append(text[i])
            start = text.index(after: i)
        }
        token = text[start...]
        flush()
        return out
    }
}

extension Scene {
    /// What renders but is likely a mistake, one warning per animation: an angle key path whose
    /// values all look like radians (every |v| <= 2π and one not whole: the format takes
    /// degrees), and an animation that begins after the scene ends (it never shows). The table's
    /// display effects are checked the same way, and script events after the scene's end.
    public func animationWarnings() -> [SceneProblem] {
        var out: [SceneProblem] = []
        for (i, a) in animations.enumerated() { out += Scene.warnings(a, path: "animations[\(i)]", begins: a.beginTime, sceneEnd: duration, fps: fps) }
        for e in script {
            guard case .update(let u) = e.action, let w = Scene.springWarning(u.timingFunction, fps: fps) else { continue }
            out.append(SceneProblem(path: e.jsonPath, message: w))
        }
        if let display = table?.display { out += displayWarnings(display, path: "table.display.effect") }
        forEachTableRow { row in
            if case .effect(let d) = row.display { out += displayWarnings(d, path: ModelPath.join(row.jsonPath, "display")) }
        }
        // A held tap whose finger comes down before the end shows its highlight (a helper's probe).
        for e in script where e.at > duration {
            if case .tap(_, _, let hold) = e.action, e.at - hold <= duration { continue }
            out.append(SceneProblem(path: ModelPath.join(e.jsonPath, "at"),
                                    message: "the event comes at \(Message.number(e.at)) s, after the scene ends (duration \(Message.number(duration)) s): nothing shows it"))
        }
        for c in changes where c.at > duration {
            out.append(SceneProblem(path: ModelPath.join(c.jsonPath, "at"),
                                    message: "the change comes at \(Message.number(c.at)) s, after the scene ends (duration \(Message.number(duration)) s): nothing shows it"))
        }
        return out
    }

    /// A display effect's warnings: a start-state rotation or an animation that looks like
    /// radians, a delay that outlasts the scene.
    func displayWarnings(_ d: TableModel.Display, path: String) -> [SceneProblem] {
        var out: [SceneProblem] = []
        if d.delay >= duration {
            out.append(SceneProblem(path: ModelPath.join(path, "delay"),
                                    message: "the effect starts \(Message.number(d.delay)) s after a row shows, after the scene ends (duration \(Message.number(duration)) s): it never shows"))
        }
        if let list = d.animations {
            for (i, a) in list.enumerated() { out += Scene.warnings(a, path: ModelPath.index(ModelPath.join(path, "animations"), i), begins: d.delay + a.beginTime, sceneEnd: duration) }
        } else if case .ops(let ops) = d.transform {
            let degrees = ops.compactMap { op -> Double? in if case let .rotate(deg, _, _, _) = op { return deg } else { return nil } }
            if let w = Scene.radiansWarning(degrees, what: "the rotation") { out.append(SceneProblem(path: ModelPath.join(path, "transform"), message: w)) }
        }
        return out
    }

    /// What a spring's numbers do that the frames cannot show: they overflow double precision
    /// (the spring is drawn at its start value), or it swings faster than half the frame rate
    /// (the frames catch it at arbitrary points of its swing). Nil for a cubic curve, or a spring the frames can show.
    static func springWarning(_ f: TimingFunction?, fps: Double) -> String? {
        guard case let .spring(mass, stiffness, damping, _)? = f else { return nil }
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        guard w0.isFinite, (w0 * w0).isFinite, zeta.isFinite, (zeta * zeta).isFinite, (zeta * w0).isFinite else {
            return "the spring's numbers (mass \(Message.number(mass)), stiffness \(Message.number(stiffness)), damping \(Message.number(damping))) overflow double precision: it is drawn at its start value"
        }
        guard zeta < 1 else { return nil }
        let hertz = w0 * (1 - zeta * zeta).squareRoot() / (2 * Double.pi)
        guard hertz > fps / 2 else { return nil }
        return "the spring swings \(Message.number((hertz * 10).rounded() / 10)) times a second, faster than \(Message.number(fps)) frames a second can show (half of it): the frames catch it at arbitrary points of its swing"
    }

    static func warnings(_ a: AnimationModel, path: String, begins: Double, sceneEnd: Double, fps: Double = 0) -> [SceneProblem] {
        var out: [SceneProblem] = []
        for f in [a.timingFunction].compactMap({ $0 }) + (a.timingFunctions ?? []) {
            if fps > 0, let w = springWarning(f, fps: fps) { out.append(SceneProblem(path: ModelPath.join(path, "timingFunction"), message: w)); break }
        }
        if case .rotation = a.key {
            let numbers = ([a.from, a.to, a.by].compactMap { $0 } + (a.values ?? [])).compactMap { v -> Double? in
                if case .number(let n) = v { return n }
                return nil
            }
            if let w = radiansWarning(numbers, what: a.keyPath) { out.append(SceneProblem(path: path, message: w)) }
        }
        if begins > sceneEnd {
            out.append(SceneProblem(path: ModelPath.join(path, "beginTime"),
                                    message: "the animation begins at \(Message.number(begins)) s, after the scene ends (duration \(Message.number(sceneEnd)) s): it never shows"))
        }
        return out
    }

    /// "takes degrees, found ... which look like radians" when every |v| <= 2π and one is not whole.
    static func radiansWarning(_ numbers: [Double], what: String) -> String? {
        guard !numbers.isEmpty, numbers.allSatisfy({ abs($0) <= 2 * Double.pi }), let example = numbers.first(where: { $0 != $0.rounded() }) else { return nil }
        let shown = numbers.prefix(4).map { Message.number($0) }.joined(separator: ", ") + (numbers.count > 4 ? ", ..." : "")
        return "\(what) takes degrees, found \(shown), which look like radians "
            + "(multiply by 180/π: \(Message.number(example)) is \(Message.number((example * 180 / Double.pi * 1000).rounded() / 1000)) degrees)"
    }
}
