/// Where a scene's checks put what they find, whichever way the scene came (a JSON file's
/// decoder, or Swift code building the model): the problems with their paths, the budgets of
/// ``Limits`` and what the scene has used of them. The model's own steps (binding the cell
/// template into rows, checking the script's index paths against the data at their times) report
/// here; the JSON decoder wraps it with its readers of JSON values.
public final class SceneChecks {
    public private(set) var problems: [SceneProblem] = []
    public let limits: Limits
    /// What the scene has used of the budgets that validation checks.
    package var layerCount = 0, pathPoints = 0, textLength = 0
    private var keyframeValuesSeen = 0
    /// Template texts already split into their parts, by where the template has them (a
    /// template is bound once per row; keyed by the text itself, each row hashed all of it).
    var templateTexts: [String: TemplateText] = [:]
    /// Placeholders rows have no value for, by name and place: the first such row and how many
    /// (reported once each, when the template is bound: a line per row repeated itself).
    private var missingValues: [String: Int] = [:]
    private var missingList: [(name: String, usedAt: String, row: String, count: Int)] = []
    private var budgetsReported: Set<String> = []

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether a budget has refused part of the scene (what was left out is not checked against).
    package var budgetRefused: Bool { !budgetsReported.isEmpty }

    /// Counts `n` more keyframe values; the total so far.
    package func countKeyframeValues(_ n: Int) -> Int {
        keyframeValuesSeen += n
        return keyframeValuesSeen
    }

    /// Reports a budget once (the first place that goes over it); false when over.
    @discardableResult
    package func within(_ keyPath: WritableKeyPath<Limits, Int>, _ used: Int, _ path: String, found: String? = nil) -> Bool {
        let limit = limits[keyPath: keyPath]
        guard used > limit else { return true }
        let flag = Limits.flag(keyPath)
        if !budgetsReported.contains(flag) {
            budgetsReported.insert(flag)
            report(path, Limits.message(keyPath, limit: limit, found: found ?? "more"))
        }
        return false
    }

    package func report(_ path: String, _ message: String) {
        problems.append(SceneProblem(path: path, message: message))
    }

    /// Notes that the row at `row` has no value for `name`, used at `usedAt`.
    func missingValue(_ name: String, usedAt: String, row: String) {
        let key = name + "\u{0}" + usedAt
        if let i = missingValues[key] { missingList[i].count += 1; return }
        missingValues[key] = missingList.count
        missingList.append((name, usedAt, row, 1))
    }

    /// Reports each missing value noted since the last time, once, at its first row.
    func reportMissingValues() {
        for m in missingList {
            let more = m.count > 1 ? " (nor in \(m.count - 1) more \(m.count == 2 ? "row" : "rows"))" : ""
            report(ModelPath.join(m.row, "values"), "expected a value for \"\(m.name)\" (used at \(m.usedAt)), found none" + more)
        }
        missingValues = [:]
        missingList = []
    }
}

/// A place in a scene as its problems name it: a JSON path of the scene format (`layers[0].opacity`),
/// which a Swift scene's model carries too (its values were made where the format would hold them).
package enum ModelPath {
    @inlinable package static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    @inlinable package static func index(_ path: String, _ i: Int) -> String { "\(path)[\(i)]" }
}
