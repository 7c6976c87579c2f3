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
        var lines = problems.prefix(SceneError.shownProblems).map { "\(file): \($0)" }
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

func suggestion(for key: String, among known: [String]) -> String? {
    let best = known.map { ($0, editDistance(key, $0)) }.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    guard let (name, d) = best, d <= max(2, key.count / 3) else { return nil }
    return name
}
