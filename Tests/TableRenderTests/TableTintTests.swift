import Foundation
import XCTest
import Geometry
import LayerTree
@testable import SceneModel
@testable import SceneJSON
import JSONText
@testable import TableEngine
@testable import TableRender

/// JSON's `table.tintColor`, a row's `cell.tintColor` and `navigationBar.tintColor` (issue 51):
/// check marks, info buttons, symbols, value2 titles, the section index and the bar's buttons
/// are drawn in them (all were systemBlue whatever the scene said), and the encoder writes them.
final class TableTintTests: XCTestCase {
    let json = #"{"version": 1, "canvas": {"size": [320, 400], "scale": 1}, "fps": 10, "duration": 0, "#
        + #""navigationBar": {"title": "T", "rightButton": "Add", "tintColor": "systemPink"}, "#
        + #""table": {"tintColor": "systemRed", "sectionIndexTitles": ["A"], "sections": [{"rows": ["#
        + #"{"title": "a", "accessory": "checkmark"}, {"title": "b", "accessory": "checkmark", "cell": {"tintColor": "systemGreen"}}, "#
        + #"{"title": "c", "style": "value2", "detail": "d"}, {"title": "e", "accessory": "detailButton"}]}]}}"#

    /// Every colour in a layer tree's shapes and texts.
    func colours(_ l: PresentationLayer, _ out: inout [Color]) {
        if let s = l.shape { out += [s.strokeColor, s.fillColor].compactMap { $0 } }
        if let t = l.text { out.append(t.color) }
        for s in l.sublayers { colours(s, &out) }
    }

    func testTheTintsAreDrawn() throws {
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        var all: [Color] = []
        for l in sim.layers(at: 0) { colours(l, &all) }
        let red = try XCTUnwrap(Color.named["systemRed"]), green = try XCTUnwrap(Color.named["systemGreen"])
        let blue = try XCTUnwrap(Color.named["systemBlue"])
        XCTAssertGreaterThanOrEqual(all.filter { $0 == red }.count, 4, "check mark, value2 title, info circle and letter, index: \(all)")
        XCTAssertEqual(all.filter { $0 == green }.count, 1, "the cell's own check mark")
        XCTAssertFalse(all.contains(blue), "nothing left in systemBlue")
        let bar = try XCTUnwrap(loaded.scene.navigationBar)
        let buttons = sim.barButtons(bar, at: 0)
        var barColours: [Color] = []
        for l in buttons { colours(l, &barColours) }
        XCTAssertEqual(barColours, [try XCTUnwrap(Color.named["systemPink"])])
    }

    func testTheEncoderWritesThem() throws {
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let text = JSONWriter.write(SceneEncoder.scene(loaded.scene)).filter { !$0.isWhitespace }
        XCTAssertTrue(text.contains(#""tintColor":"systemRed""#), text)
        XCTAssertTrue(text.contains("systemGreen") && text.contains("systemPink"), text)
    }
}

/// JSON's `rightButtonColor` and `leftButtonColor` are drawn (a disabled button stays grey).
final class BarButtonColourTests: XCTestCase {
    func testAButtonsOwnColourIsDrawn() throws {
        let json = #"{"version": 1, "canvas": {"size": [320, 200], "scale": 1}, "fps": 1, "duration": 0, "navigationBar": {"title": "T", "rightButton": "Delete", "rightButtonColor": "systemRed", "leftButton": "Cancel", "tintColor": "systemPink"}, "table": {"sections": [{"rows": [{"title": "a"}]}]}}"#
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        let buttons = sim.barButtons(try XCTUnwrap(loaded.scene.navigationBar), at: 0)
        let colours = Dictionary(uniqueKeysWithValues: buttons.compactMap { l in l.text.map { ($0.string, $0.color) } })
        XCTAssertEqual(colours["Delete"], Color.named["systemRed"])
        XCTAssertEqual(colours["Cancel"], Color.named["systemPink"], "the bar's tint")
    }
}

/// The scroll edge's background gives way to a translucent standard one once content scrolls
/// under the bar (it stayed at full strength beneath it: a helper's probe).
final class ScrollEdgeBarTests: XCTestCase {
    func testTheEdgesBackgroundFadesUnderATranslucentBar() throws {
        func edgeOpacity(barColor: String) throws -> Double? {
            let json = #"{"version": 1, "canvas": {"size": [320, 400], "scale": 1}, "fps": 10, "duration": 1, "navigationBar": {"title": "T", "barColor": "\#(barColor)", "scrollEdgeBarColor": "systemGreen"}, "table": {"sections": [{"rows": ["# + (0..<30).map { #"{"title": "r\#($0)"}"# }.joined(separator: ",") + #"]}]}, "script": [{"at": 0.1, "scroll": {"to": 300, "duration": 0}}]}"#
            let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
            let sim = try XCTUnwrap(TableSimulation(scene: loaded.scene))
            let green = Color.named["systemGreen"]
            return sim.navigationBarLayers(offset: 300, at: 0.5).first { $0.backgroundColor == green }?.opacity
        }
        XCTAssertNil(try edgeOpacity(barColor: "#FF000080"), "under a translucent bar, scrolled: gone")
        XCTAssertEqual(try edgeOpacity(barColor: "#FF0000"), 1, "under an opaque one: kept whole beneath it")
    }
}
