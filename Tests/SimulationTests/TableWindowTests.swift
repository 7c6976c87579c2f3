import XCTest
import Geometry
import LayerTree
import SceneJSON
import SceneModel
@testable import Simulation
@testable import TableEngine

/// Windowed layouts (TableWindow.swift) against the whole table laid out: on random tables
/// (sections with headers and footers, rows of heights that sum exactly and that do not, every
/// style) scrolled and updated by random overlapping updates of every kind, every frame's layer
/// tree and the rows app code sees are the same both ways.
final class TableWindowTests: XCTestCase {
    /// SplitMix64: the same tables on every machine.
    struct Dice {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
        mutating func pick<T>(_ list: [T]) -> T { list[int(list.count)] }
    }

    static let heights = ["", ", \"height\": 30.5", ", \"height\": 61.25", ", \"height\": 17.3", ", \"height\": 120"]
    static let animations = ["fade", "right", "left", "top", "bottom", "middle", "none", "automatic"]

    static func rows(_ n: Int, _ dice: inout Dice) -> String {
        (0..<n).map { i in "{\"title\": \"r\(i)\"\(dice.pick(heights))}" }.joined(separator: ", ")
    }

    static func section(_ n: Int, _ dice: inout Dice) -> String {
        var s = "{\"rows\": [\(rows(n, &dice))]"
        if dice.int(2) == 0 { s += ", \"title\": \"S\"" }
        if dice.int(3) == 0 { s += ", \"footer\": \"F\"" }
        return s + "}"
    }

    /// A random table and script; the updates are valid for the data as it is at their time.
    static func scene(seed: UInt64) -> String {
        var dice = Dice(state: seed)
        var counts = (0..<(1 + dice.int(4))).map { _ in dice.int(40) }
        let style = dice.pick(["plain", "grouped", "insetGrouped"])
        let rowHeight = dice.pick(["44", "43.7", "50"])
        let sections = counts.map { section($0, &dice) }.joined(separator: ", ")
        var script: [String] = []
        var t = 0.1
        for _ in 0..<(2 + dice.int(5)) {
            t += Double(dice.int(5)) * 0.1
            let at = String(t)
            switch dice.int(8) {
            case 0: script.append("{\"at\": \(at), \"scroll\": {\"to\": \(dice.int(3000)), \"duration\": 0.4}}")
            case 1: script.append("{\"at\": \(at), \"fling\": {\"velocity\": \(dice.int(6000) - 3000)}}")
            default:
                guard let update = update(&counts, &dice) else { continue }
                script.append("{\"at\": \(at), \(update)}")
            }
        }
        return """
        {"version": 1, "canvas": {"size": [320, 480]}, "fps": 20, "duration": 3.5, "statusBar": \(dice.int(2) == 0),
         "table": {"style": "\(style)", "rowHeight": \(rowHeight), "sections": [\(sections)]},
         "script": [\(script.joined(separator: ", "))]}
        """
    }

    static func update(_ counts: inout [Int], _ dice: inout Dice) -> String? {
        let anim = "\"animation\": \"\(dice.pick(animations))\""
        let s = dice.int(counts.count)
        var timing = dice.int(2) == 0 ? "" : ", \"duration\": \(dice.pick(["0.25", "0.6", "1.2"]))"
        // Curves that overshoot carry rows past their ends (a helper's probe found frames blank).
        timing += dice.pick(["", "", ", \"timingFunction\": [0, -40, 1, -40]", ", \"timingFunction\": [0.3, 2.5, 0.7, -1.5]",
                             ", \"timingFunction\": {\"spring\": {\"damping\": 2, \"initialVelocity\": -60}}"])
        switch dice.int(6) {
        case 0:
            let n = 1 + dice.int(5), at = dice.int(counts[s] + 1)
            counts[s] += n
            let paths = (0..<n).map { "[\(s), \(at + $0)]" }.joined(separator: ", ")
            return "\"insertRows\": {\"indexPaths\": [\(paths)], \"rows\": [\(rows(n, &dice))], \(anim)\(timing)}"
        case 1:
            guard counts[s] > 0 else { return nil }
            let at = dice.int(counts[s]), n = 1 + dice.int(min(4, counts[s] - at))
            counts[s] -= n
            let paths = (0..<n).map { "[\(s), \(at + $0)]" }.joined(separator: ", ")
            return "\"deleteRows\": {\"indexPaths\": [\(paths)], \(anim)\(timing)}"
        case 2:
            guard counts[s] > 0 else { return nil }
            let at = dice.int(counts[s])
            return "\"reloadRows\": {\"indexPaths\": [[\(s), \(at)]], \"rows\": [\(rows(1, &dice))], \(anim)\(timing)}"
        case 3:
            let n = dice.int(20), at = dice.int(counts.count + 1)
            counts.insert(n, at: at)
            return "\"insertSections\": {\"indexes\": [\(at)], \"sections\": [\(section(n, &dice))], \(anim)\(timing)}"
        case 4:
            guard counts.count > 1 else { return nil }
            counts.remove(at: s)
            return "\"deleteSections\": {\"indexes\": [\(s)], \(anim)\(timing)}"
        default:
            guard counts[s] > 0 else { return nil }
            let at = dice.int(counts[s])
            return "\"rowHeights\": {\"indexPaths\": [[\(s), \(at)]], \"heights\": [\(dice.pick(["20", "90.5", "33.3"]))]\(timing)}"
        }
    }

    func testWindowedFramesEqualTheWholeTables() throws {
        var windowed = 0
        for seed in UInt64(1)...80 {
            let json = TableWindowTests.scene(seed: seed)
            let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
            let sim = try XCTUnwrap(TableSimulation(scene: scene))
            guard sim.windowed else { continue }
            windowed += 1
            let whole = sim.withoutWindows()
            for i in 0..<scene.frameCount {
                let t = Double(i) / scene.fps
                XCTAssertEqual(sim.layers(at: t), whole.layers(at: t), "seed \(seed), frame \(i)\n\(json)")
                // The content's height kept for each data at rest is the one a layout gives.
                XCTAssertEqual(sim.contentHeight(at: t), whole.layout(at: t, window: TableSimulation.noRows).contentHeight, "seed \(seed), frame \(i)")
                XCTAssertEqual(sim.rowsInView(at: t).map(\.row), whole.rowsInView(at: t).map(\.row), "seed \(seed), frame \(i)")
                XCTAssertEqual(sim.rowsInView(at: t).map(\.frame), whole.rowsInView(at: t).map(\.frame), "seed \(seed), frame \(i)")
                if sim.layers(at: t) != whole.layers(at: t) { break }
            }
        }
        // Every random table can be windowed (none folds or moves rows).
        XCTAssertEqual(windowed, 80)
    }

    /// A windowed frame lays out the rows on screen only: a long table's layout at a time holds
    /// a screenful of rows, while the same table laid out whole holds all of them.
    func testAWindowHoldsTheRowsOnScreen() throws {
        let json = """
        {"version": 1, "canvas": {"size": [320, 480]}, "fps": 20, "duration": 2,
         "table": {"rowHeight": 44, "rowCount": 5000},
         "script": [{"at": 0.5, "scroll": {"to": 100000, "duration": 0.5}},
                    {"at": 1.2, "insertRows": {"indexPaths": [[0, 2300]], "rows": [{"title": "New"}], "animation": "fade"}}]}
        """
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: scene))
        XCTAssertTrue(sim.windowed)
        let t = 1.3, offset = sim.contentOffset(at: t)
        let window = offset ... offset + 480
        let rows = sim.layout(at: t, window: window).sections.flatMap(\.rows)
        XCTAssertLessThan(rows.count, 20)
        XCTAssertGreaterThan(rows.count, 9)
        XCTAssertEqual(sim.withoutWindows().layout(at: t).sections.flatMap(\.rows).count, 5001)
        XCTAssertEqual(sim.layers(at: t), sim.withoutWindows().layers(at: t))
    }

    /// Folds, collapsible sections and moves lay the whole table out, as before.
    func testTablesWhoseRowsFoldOrMoveAreLaidOutWhole() throws {
        let json = """
        {"version": 1, "canvas": {"size": [320, 480]}, "fps": 20, "duration": 2,
         "table": {"sections": [{"rows": [{"title": "a"}, {"title": "b"}, {"title": "c"}]}]},
         "script": [{"at": 0.5, "moveRow": {"from": [0, 0], "to": [0, 2]}}]}
        """
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        XCTAssertFalse(try XCTUnwrap(TableSimulation(scene: scene)).windowed)
    }
}
