import Foundation
import XCTest
import TestSupport
import Geometry
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
@testable import TableRender
import LayerTree

/// Custom cells (`cell.template`): bindings, per-row images, mainView, self-sizing; the fold's
/// detail height from its text and the article's join.
final class TemplateTests: XCTestCase {
    func load(_ json: String, directory: String = NSTemporaryDirectory()) throws -> LoadedScene {
        try SceneLoader.load(bytes: Array(json.utf8), displayName: "t.json", directory: directory)
    }

    func scene(template: String, rows: String, extra: String = "") -> String {
        #"{"version": 1, "canvas": {"size": [320, 480], "scale": 2}, "fps": 10, "duration": 1, "table": {"rowHeight": 60, "#
            + #""sections": [{"rows": [\#(rows)]}], "cell": {"template": \#(template)} \#(extra)}}"#
    }

    func texts(_ l: LayerModel) -> [String] { (l.text.map { [$0.string] } ?? []) + l.sublayers.flatMap(texts) }

    /// Each row gets the template with its values: `{name}` in strings, `{title}`, braces that
    /// are not a placeholder kept; a missing value is an error naming the row and the template path.
    func testValuesAreBoundPerRow() throws {
        let t = #"{"layers": [{"frame": [16, 0, 280, 30], "text": {"string": "{title} – {role} {not a name}"}}]}"#
        let loaded = try load(scene(template: t, rows: #"{"title": "Ada", "values": {"role": "Analyst"}}, {"title": "Kofi", "values": {"role": 7}}"#))
        let rows = try XCTUnwrap(loaded.scene.table?.sections.first?.rows)
        XCTAssertEqual(rows.map { $0.layers.flatMap(texts) }, [["Ada – Analyst {not a name}"], ["Kofi – 7 {not a name}"]])
        XCTAssertThrowsError(try load(scene(template: t, rows: #"{"title": "Ada"}"#))) { error in
            let problems = (error as? SceneError)?.problems ?? []
            XCTAssertEqual(problems.map(\.path), ["table.sections[0].rows[0].values"])
            XCTAssertEqual(problems.first?.message, #"expected a value for "role" (used at table.cell.template.layers[0].text.string), found none"#)
        }
        let bad = #"{"layers": [{"name": "a", "frame": [0, 0, 10, 10]}], "mainView": "b"}"#
        XCTAssertThrowsError(try load(scene(template: bad, rows: #"{"title": "x"}"#))) { error in
            XCTAssertEqual((error as? SceneError)?.problems.map(\.path), ["table.cell.template.mainView"])
        }
    }

    /// A per-row image: each row's file is loaded; a missing one is reported at the row's values.
    func testEachRowHasItsImage() throws {
        let dir = Package.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let png = try XCTUnwrap(FileManager.default.contents(atPath: Package.root + "/scenes/assets/avatar-al.png"))
        _ = FileManager.default.createFile(atPath: dir + "/a.png", contents: png)
        _ = FileManager.default.createFile(atPath: dir + "/b.png", contents: png)
        let t = #"{"layers": [{"frame": [16, 8, 44, 44], "image": {"file": "{photo}"}}]}"#
        let ok = try load(scene(template: t, rows: #"{"values": {"photo": "a.png"}}, {"values": {"photo": "b.png"}}"#), directory: dir)
        XCTAssertNotNil(ok.resources.images[dir + "/a.png"])
        XCTAssertNotNil(ok.resources.images[dir + "/b.png"])
        XCTAssertThrowsError(try load(scene(template: t, rows: #"{"values": {"photo": "a.png"}}, {"values": {"photo": "c.png"}}"#), directory: dir)) { error in
            XCTAssertEqual((error as? SceneError)?.problems.map(\.path), ["table.sections[0].rows[1].values"])
        }
    }

    /// Self-sizing: a wrapping label grows, the layer below it moves down, its parent grows, and
    /// the row is the content's height plus padding plus the separator's device pixel.
    func testSelfSizingRows() throws {
        let t = #"{"height": "auto", "paddingBottom": 10, "layers": [{"name": "box", "frame": [0, 0, 320, 40], "sublayers": ["#
            + #"{"frame": [16, 10, 200, 20], "text": {"string": "{title}", "font": {"size": 15}, "lines": 0}}]},"#
            + #"{"name": "footer", "frame": [16, 40, 200, 20], "text": {"string": "footer"}}]}"#
        let long = String(repeating: "Words that wrap over several lines. ", count: 4)
        let loaded = try load(scene(template: t, rows: #"{"title": "Short"}, {"title": "\#(long)"}"#))
        let rows = try XCTUnwrap(loaded.scene.table?.sections.first?.rows)
        XCTAssertEqual(rows[0].height, 60 + 10 + 0.5, "one line fits the 20 pt label: 40 + 20 + padding + hairline")
        let label = rows[1].layers[0].sublayers[0].bounds.height
        XCTAssertGreaterThan(label, 60, "the long title wraps onto four or more lines")
        XCTAssertEqual(rows[1].layers[0].bounds.height, 40 + label - 20, accuracy: 1e-9)
        XCTAssertEqual(rows[1].layers[1].position.y, 50 + label - 20, accuracy: 1e-9, "the footer moved down")
        XCTAssertEqual(try XCTUnwrap(rows[1].height), 60 + label - 20 + 10.5, accuracy: 1e-9)
    }

    /// The display effect moves the template's mainView, not the cell.
    func testDisplayEffectTargetsTheMainView() throws {
        let t = #"{"mainView": "card", "layers": [{"name": "card", "frame": [8, 4, 304, 52], "backgroundColor": "white"}]}"#
        let loaded = try load(scene(template: t, rows: #"{"title": "a"}"#, extra: #", "display": {"effect": "cards"}"#))
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        // The simulation builds presentation layers, the template's names kept (CALayer.name).
        func cell(at t: Double) throws -> PresentationLayer {
            try XCTUnwrap(sim.layers(at: t).first?.sublayers.first { $0.sublayers.contains { $0.name == "card" } })
        }
        let moving = try cell(at: 0.1)
        XCTAssertEqual(moving.transform, Transform3D.identity)
        let card = try XCTUnwrap(moving.sublayers.first { $0.name == "card" })
        XCTAssertNotEqual(card.transform, Transform3D.identity)
        XCTAssertEqual(try cell(at: 0.9).sublayers.first { $0.name == "card" }?.transform, Transform3D.identity)
    }

    func foldScene(_ detail: String, join: String = "translation") -> String {
        #"{"version": 1, "canvas": {"size": [320, 480], "scale": 2}, "fps": 100, "duration": 1, "table": {"rowHeight": 50, "#
            + #""sections": [{"rows": [{"title": "a", "detail": "\#(detail)"}, {"title": "b"}]}], "#
            + #""expansion": {"effect": "fold", "join": "\#(join)"}}, "script": [{"at": 0.1, "tap": {"row": 0}}]}"#
    }

    /// The detail view is as tall as its text (8 + lines + 8, to two device pixels); the rows
    /// below move by the table's row update (ease in, ease out over 0.3 s) while the bottom half
    /// moves by its ease-out translation, so they differ mid-way; `exact` ties both to the
    /// projected height.
    func testFoldDetailHeightAndJoin() throws {
        let one = try load(foldScene("One line."))
        let three = try load(foldScene(String(repeating: "A description long enough to wrap. ", count: 4)))
        let h1 = try XCTUnwrap(one.scene.table?.sections[0].rows[0].detailHeight)
        let h3 = try XCTUnwrap(three.scene.table?.sections[0].rows[0].detailHeight)
        XCTAssertGreaterThan(h1, 16)
        XCTAssertLessThan(h1, 40, "a one-line description gets a short detail")
        XCTAssertGreaterThan(h3, h1 + 30)
        XCTAssertEqual((h1 * 2).truncatingRemainder(dividingBy: 2), 0, "whole device pixels per half")
        let sim = try XCTUnwrap(TableSimulation(scene: one.scene))
        let key = TableSimulation.RowKey(0)
        let mid = sim.fold(key, at: 0.1 + 0.1)
        let p = 0.1 / 0.3
        XCTAssertEqual(mid.extra, h1 * TimingCurve.apply(.easeInEaseOut, p, duration: 0.3), accuracy: 1e-9)
        XCTAssertEqual(mid.bottom, h1 * TimingCurve.apply(.easeOut, p, duration: 0.3), accuracy: 1e-9)
        XCTAssertEqual(mid.theta, -90 * (1 - p), accuracy: 1e-9)
        XCTAssertEqual(sim.fold(key, at: 0.5).extra, h1)
        XCTAssertFalse(sim.fold(key, at: 0.5).animating)
        let exact = try XCTUnwrap(TableSimulation(scene: try load(foldScene("One line.", join: "exact")).scene))
        let e = exact.fold(key, at: 0.2)
        XCTAssertEqual(e.extra, TableSimulation.visibleHeight(detail: h1, theta: e.theta, perspective: 500), accuracy: 1e-12)
        XCTAssertEqual(e.bottom, e.extra)
    }

    /// A drag past the top rubber-bands by x·d·c / (d + c·x); release springs back to 0 without
    /// passing it; a fling that reaches the end goes past it and settles back at the end.
    func testDragRubberBandsAndBouncesBack() throws {
        let json = #"{"version": 1, "canvas": {"size": [320, 480]}, "fps": 10, "duration": 3, "table": {"rowCount": 5}, "#
            + #""script": [{"at": 0, "drag": {"by": -200, "duration": 0.5}}, {"at": 0.5, "release": {}}]}"#
        let sim = try XCTUnwrap(TableSimulation(scene: try load(json).scene))
        let d = 480.0, x = 200.0
        XCTAssertEqual(sim.contentOffset(at: 0.5), -(x * d * 0.55 / (d + 0.55 * x)), accuracy: 1e-9)
        XCTAssertEqual(sim.contentOffset(at: 0.25), -(100 * d * 0.55 / (d + 0.55 * 100)), accuracy: 1e-9)
        // Issue 29.3: released while still pulling, it goes a little further out first (the
        // finger's velocity), then back to 0 without passing it.
        let back = stride(from: 0.5, through: 2.5, by: 0.01).map { sim.contentOffset(at: $0) }
        let turn = try XCTUnwrap(back.indices.min { back[$0] < back[$1] })
        XCTAssertGreaterThan(turn, 0, "further out after the release")
        XCTAssertLessThan(back[turn], back[0] - 0.2)
        XCTAssertTrue(zip(back[turn...], back[turn...].dropFirst()).allSatisfy { $0 <= $1 + 1e-12 && $1 <= 1e-12 }, "back to 0, never past it")
        XCTAssertEqual(back.last ?? -1, 0, accuracy: 0.01)
        let hi = 100.0
        let path = stride(from: 0.0, through: 3.0, by: 0.01).map {
            TableSimulation.flingWithBounce(from: 90, velocity: 2000, rate: 0.998, min: 0, max: hi, after: $0)
        }
        XCTAssertGreaterThan(path.max() ?? 0, hi + 5, "it passes the end")
        XCTAssertEqual(path.last ?? 0, hi, accuracy: 0.01, "and settles there")
        let first = try XCTUnwrap(path.firstIndex { $0 > hi })
        XCTAssertTrue(path[first...].allSatisfy { $0 >= hi - 1e-9 }, "coming back it does not pass the end (no 1.5 pt dip)")
        XCTAssertEqual(TableSimulation.flingWithBounce(from: 0, velocity: 100, rate: 0.998, min: 0, max: 1000, after: 1),
                       TableSimulation.flingOffset(from: 0, velocity: 100, rate: 0.998, after: 1), "a fling inside the range is unchanged")
    }

    /// Issue 29.3: a finger lifted while it moves hands its velocity on (the content decelerates
    /// from there as a fling from that speed would); lifted after it stopped, the content stays.
    func testReleaseKeepsTheFingersVelocity() throws {
        func sim(_ script: String) throws -> TableSimulation {
            let json = #"{"version": 1, "canvas": {"size": [320, 480]}, "fps": 10, "duration": 5, "table": {"rowCount": 200}, "script": [\#(script)]}"#
            return try XCTUnwrap(TableSimulation(scene: try load(json).scene))
        }
        let moving = try sim(#"{"at": 0, "drag": {"by": 300, "duration": 0.5}}, {"at": 0.5, "release": {}}"#)
        XCTAssertEqual(moving.contentOffset(at: 0.5), 300, accuracy: 1e-6)
        XCTAssertEqual(moving.contentOffset(at: 2), TableSimulation.flingOffset(from: 300, velocity: 600, rate: 0.998, after: 1.5), accuracy: 0.01,
                       "a 600 pt/s drag lifted at full speed decelerates from 600 pt/s")
        let stopped = try sim(#"{"at": 0, "drag": {"by": 300, "duration": 0.5}}, {"at": 0.7, "release": {}}"#)
        XCTAssertEqual(stopped.contentOffset(at: 2), 300, accuracy: 1e-9, "a finger that stopped before lifting gives no momentum")
        let eased = try sim(#"{"at": 0, "scroll": {"by": 300, "duration": 0.5}}, {"at": 0.5, "release": {}}"#)
        XCTAssertEqual(eased.contentOffset(at: 2), 300, accuracy: 0.05, "an eased scroll ends at rest")
    }

    /// Issue 29.3: a fling is a flick: the finger speeds up from rest over the 0.08 s before the
    /// event and lifts at its time with the fling's velocity (no 49 pt jump from rest in a frame).
    func testAFlingIsAFlickFromRest() throws {
        let json = #"{"version": 1, "canvas": {"size": [320, 480]}, "fps": 60, "duration": 3, "table": {"rowCount": 400}, "script": [{"at": 1, "fling": {"velocity": 1500}}]}"#
        let sim = try XCTUnwrap(TableSimulation(scene: try load(json).scene))
        let start = 1 - TableSimulation.flickDuration
        XCTAssertEqual(sim.contentOffset(at: start), 0)
        XCTAssertLessThan(sim.contentOffset(at: start + 1.0 / 60), 3, "the first frame of the flick moves a few points, not 25")
        XCTAssertEqual(sim.contentOffset(at: 1), 1500 * TableSimulation.flickDuration / 2, accuracy: 1e-6)
        let v = (sim.contentOffset(at: 1 + 1e-4) - sim.contentOffset(at: 1)) / 1e-4
        XCTAssertEqual(v, 1500, accuracy: 2, "it lifts at the fling's velocity (within the 1e-4 s difference it is measured over)")
    }

    /// A fling right after a moving drag carries on from the drag's speed (the blind review saw
    /// 24.7 pt a frame drop to 10.3 at the handoff when the flick started from rest).
    func testAFlingAfterAMovingDragHasNoDip() throws {
        let json = #"{"version": 1, "canvas": {"size": [320, 480]}, "fps": 60, "duration": 3, "table": {"rowCount": 400}, "script": [{"at": 0, "drag": {"by": 600, "duration": 1}}, {"at": 1, "fling": {"velocity": 900}}]}"#
        let sim = try XCTUnwrap(TableSimulation(scene: try load(json).scene))
        let steps = stride(from: 0.8, through: 1.2, by: 1.0 / 60).map { sim.contentOffset(at: $0) }
        let deltas = zip(steps, steps.dropFirst()).map { $1 - $0 }
        let peak = try XCTUnwrap(deltas.indices.max { deltas[$0] < deltas[$1] })
        XCTAssertTrue(zip(deltas[...peak], deltas[...peak].dropFirst()).allSatisfy { $1 >= $0 - 1e-6 }, "no dip at the handoff: \(deltas)")
        XCTAssertEqual(deltas[peak], 15, accuracy: 0.5, "it lifts at the fling's 900 pt/s (15 pt a frame)")
        XCTAssertGreaterThan(deltas.min() ?? 0, 9.9, "never slower than the drag's 10 pt a frame: \(deltas)")
    }
}
