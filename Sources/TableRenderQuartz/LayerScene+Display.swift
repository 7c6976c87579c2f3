import Foundation
import JSONText
import SceneModel
import Simulation
import TableEngine
import TableRender

/// What a table's `willDisplay` did, recorded for one scene: the table's display effect, each
/// row's own (by the row's JSON path), and what could not be written.
struct RecordedDisplay {
    /// The scene the hook was run for, without its display effects.
    var base: String
    var display: JSON?
    var rows: [(path: String, value: JSON)]
    var problems: [SceneProblem]
}

extension LayerScene {
    /// Runs the table's `willDisplay` for the scene `base` (written without display effects):
    /// the scene is loaded (or decoded, when its files are elsewhere) and simulated to know when
    /// each row comes into view, where and at which index path. Kept with the table for that scene, so a hook that remembers the rows
    /// it animated is run once per scene, not once per `json()`.
    func recordDisplay(_ t: UITableView, base: String, names: [String: String]) throws(SceneError) -> RecordedDisplay {
        if let kept = t.recordedDisplay, kept.base == base { return kept }
        // Loaded (text measured for self-sizing rows) when its files are there; else decoded
        // only, as when a scene is written for another folder (self-sizing rows then take the
        // estimated height for when they show).
        let scene: Scene
        if let loaded = try? SceneLoader.load(bytes: Array(base.utf8), displayName: displayName, directory: directory) {
            scene = loaded.scene
        } else {
            do {
                scene = try SceneDecoder.decode(bytes: Array(base.utf8), displayName: displayName, directory: directory)
            } catch {
                throw SceneError(file: error.file, problems: error.problems.map { LayerScene.named($0, names) })
            }
        }
        let appearances = TableSimulation(scene: scene)?.rowAppearances(frames: scene.frameCount, fps: scene.fps) ?? []
        var recorder = DisplayRecorder(table: t)
        let (display, byRow) = DisplayRecorder.effects(appearances, recorder.run(appearances))
        // Rows by their JSON path; a rowCount row by its index among them.
        var paths: [String] = []
        var counted = 0
        for row in scene.tableRows {
            if row.jsonPath == "table.rowCount" { paths.append("table.rowCount[\(counted)]"); counted += 1 } else { paths.append(row.jsonPath) }
        }
        let rows = byRow.sorted { $0.key < $1.key }.compactMap { id, v in paths.indices.contains(id) ? (paths[id], v) : nil }
        let kept = RecordedDisplay(base: base, display: display, rows: rows, problems: recorder.problems)
        t.recordedDisplay = kept
        return kept
    }

    /// The scene's top-level members with the recorded display effects in place: the table's
    /// before its `selection`, each row's in its row (a `rowCount` table written as a section of
    /// rows when one of them has its own).
    static func inserting(_ d: RecordedDisplay, into top: [(key: String, value: JSON)], table t: UITableView) -> JSON {
        var tree = JSON.object(top)
        guard case .object(var members) = tree, let ti = members.firstIndex(where: { $0.key == "table" }),
              case .object(var m) = members[ti].value else { return tree }
        if let display = d.display {
            m.insert(("display", display), at: m.firstIndex { $0.key == "selection" } ?? m.count)
        }
        var rows = d.rows
        if rows.contains(where: { $0.path.hasPrefix("table.rowCount[") }), let n = t.rowCount {
            var sections: [JSON] = []
            if let si = m.firstIndex(where: { $0.key == "sections" }), case .array(let s) = m[si].value { sections = s; m.remove(at: si) }
            let format = t.titleFormat ?? "Cell %d"
            let list = (0..<max(n, 0)).map { i -> JSON in
                .object([("title", .string(format.replacingOccurrences(of: "%d", with: String(i)))),
                         ("values", .object([("row", .string(String(i)))]))])
            }
            let at = sections.count
            sections.append(.object([("rows", .array(list))]))
            m.removeAll { $0.key == "rowCount" || $0.key == "titleFormat" }
            m.insert(("sections", .array(sections)), at: min(1, m.count))
            rows = rows.map { r in
                guard r.path.hasPrefix("table.rowCount[") else { return r }
                return ("table.sections[\(at)].rows" + r.path.dropFirst("table.rowCount".count), r.value)
            }
        }
        members[ti].value = .object(m)
        tree = .object(members)
        for r in rows { tree = LayerScene.setting(tree, path: r.path, key: "display", to: r.value) }
        return tree
    }

    /// `tree` with `key` set to `value` in the object at `path` (`table.sections[0].rows[2]`).
    static func setting(_ tree: JSON, path: String, key: String, to value: JSON) -> JSON {
        var steps: [Either] = []
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["), let i = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) {
                indices.insert(i, at: 0)
                name = name[..<open]
            }
            steps.append(.key(String(name)))
            steps += indices.map(Either.index)
        }
        return set(tree, steps[...], key, value)
    }

    enum Either { case key(String), index(Int) }

    static func set(_ node: JSON, _ steps: ArraySlice<Either>, _ key: String, _ value: JSON) -> JSON {
        guard let step = steps.first else {
            guard case .object(var m) = node else { return node }
            m.removeAll { $0.key == key }
            m.append((key, value))
            return .object(m)
        }
        switch (step, node) {
        case (.key(let k), .object(var m)):
            guard let i = m.firstIndex(where: { $0.key == k }) else { return node }
            m[i].value = set(m[i].value, steps.dropFirst(), key, value)
            return .object(m)
        case (.index(let i), .array(var a)) where a.indices.contains(i):
            a[i] = set(a[i], steps.dropFirst(), key, value)
            return .array(a)
        default:
            return node
        }
    }
}
