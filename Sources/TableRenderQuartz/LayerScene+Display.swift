import Foundation
import JSONText
import SceneJSON
import SceneModel
import Simulation
import TableEngine
import TableRender

/// What a table's `willDisplay` did, recorded for one scene: the table's display effect and
/// each row's own (by the row's identity, the order of `Scene.tableRows`).
struct RecordedDisplay {
    /// The scene the hook was run for, without its display effects, as the format writes it.
    var base: String
    var display: TableModel.Display?
    var rows: [Int: TableModel.RowDisplay]
}

extension LayerScene {
    /// Runs the table's `willDisplay` for `scene` (recorded without display effects) and puts
    /// the effects it made into the model: the scene is loaded (its text measured for
    /// self-sizing rows) when its files are there, else used as recorded, and simulated to know
    /// when each row comes into view, where and at which index path. Kept with the table for
    /// that scene, so a hook that remembers the rows it animated is run once per scene, not once
    /// per `json()` or `load()`.
    func recordDisplay(_ t: UITableView, into scene: inout Scene, names: [String: String]) throws(SceneError) {
        let base = JSONWriter.write(SceneEncoder.scene(scene))
        let recorded: RecordedDisplay
        if let kept = t.recordedDisplay, kept.base == base {
            recorded = kept
        } else if t.dataSource != nil {
            // The run loop showed each row on its own cell as it came on screen.
            guard t.app.displayProblems.isEmpty else {
                throw SceneError(file: displayName, problems: t.app.displayProblems.map { LayerScene.named($0, names) })
            }
            let (display, rows) = DisplayRecorder.effects(t.app.displays.map(\.appearance), t.app.displays.map(\.effect))
            recorded = RecordedDisplay(base: base, display: display, rows: rows)
            t.recordedDisplay = recorded
        } else {
            var measured = scene
            if scene.validate().isEmpty,
               let loaded = try? SceneLoader.load(scene: scene, displayName: displayName, directory: directory, sourceSHA256: nil) {
                measured = loaded.scene
            }
            let appearances = TableSimulation(scene: measured)?.rowAppearances(frames: measured.frameCount, fps: measured.fps) ?? []
            var recorder = DisplayRecorder(table: t)
            let (display, rows) = DisplayRecorder.effects(appearances, recorder.run(appearances))
            guard recorder.problems.isEmpty else {
                throw SceneError(file: displayName, problems: recorder.problems.map { LayerScene.named($0, names) })
            }
            recorded = RecordedDisplay(base: base, display: display, rows: rows)
            t.recordedDisplay = recorded
        }
        scene.table?.display = recorded.display
        guard !recorded.rows.isEmpty else { return }
        var id = 0
        scene.mapTableRows { row in
            if let d = recorded.rows[id] { row.display = d }
            id += 1
        }
    }
}
