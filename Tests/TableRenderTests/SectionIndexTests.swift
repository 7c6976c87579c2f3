import Foundation
import XCTest
import TestSupport
import Geometry
import LayerTree
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// The section index (issue 51): the decompiled UIKitCore's figures (11 pt bold titles, 8 pt
/// glyphs 6 pt apart, centred in the visible height, in the tint colour or `sectionIndexColor`),
/// dots in place of the titles that do not fit, and built-in cells kept clear of its 15 pt.
final class SectionIndexTests: XCTestCase {
    func scene(_ extra: String) -> String {
        #"{"version": 1, "canvas": {"size": [320, 300], "scale": 1}, "fps": 10, "duration": 0, "#
            + #""table": {"sections": [{"title": "A", "rows": [{"title": "Ada", "accessory": "disclosureIndicator"}]}]\#(extra)}}"#
    }

    func simulation(_ json: String) throws -> TableSimulation {
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }

    func testTheStripsTitles() throws {
        let sim = try simulation(scene(#", "sectionIndexTitles": ["A", "B", "C"], "sectionIndexColor": "systemRed""#))
        XCTAssertEqual(sim.sectionIndexWidth, 15)
        let strip = try XCTUnwrap(sim.sectionIndex(offset: 0, frame: Rect(0, 0, 320, 300)))
        // 3 x 8 + 2 x 6 = 36 pt, centred in 300 (no bars here): from y 132.
        XCTAssertEqual(strip.position.y - strip.bounds.height / 2, 132, accuracy: 1e-9)
        XCTAssertEqual(strip.position.x + strip.bounds.width / 2, 320, "at the trailing edge")
        XCTAssertEqual(strip.sublayers.compactMap { $0.text?.string }, ["A", "B", "C"])
        XCTAssertEqual(strip.sublayers.first?.text?.color, Color.named["systemRed"])
        XCTAssertEqual(strip.sublayers.first?.text?.size, 11)
        XCTAssertEqual(strip.sublayers[1].position.y - strip.sublayers[0].position.y, 14, "8 pt glyphs, 6 pt apart")
        XCTAssertNil(try simulation(scene("")).sectionIndex(offset: 0, frame: Rect(0, 0, 320, 300)), "none without titles")
    }

    /// Titles that do not fit give way to dots between evenly spaced ones, first and last kept.
    func testTitlesThatDoNotFit() {
        let az = (65...90).map { String(UnicodeScalar($0)!) }
        XCTAssertEqual(TableSimulation.shownIndexTitles(az, height: 400), az, "26 x 14 - 6 = 358 pt fit in 400")
        let shown = TableSimulation.shownIndexTitles(az, height: 100)
        // (100 + 6) / 14 = 7 slots: 4 titles and 3 dots.
        XCTAssertEqual(shown, ["A", "•", "I", "•", "R", "•", "Z"])
    }

    /// A built-in cell's accessory moves in by the strip's width (it was under the index).
    func testBuiltInCellsKeepClearOfIt() throws {
        func chevronRight(_ extra: String) throws -> Double {
            let sim = try simulation(scene(extra))
            let layers = sim.layers(at: 0)
            func find(_ l: PresentationLayer, dx: Double) -> Double? {
                let x = dx + l.position.x - l.bounds.width / 2
                if l.shape != nil, l.bounds.width < 20 { return x + l.bounds.width }
                for s in l.sublayers { if let r = find(s, dx: x) { return r } }
                return nil
            }
            return try XCTUnwrap(layers.lazy.compactMap { find($0, dx: 0) }.first)
        }
        let without = try chevronRight("")
        let with = try chevronRight(#", "sectionIndexTitles": ["A"]"#)
        XCTAssertEqual(without - with, 15, accuracy: 1e-9)
    }
}
