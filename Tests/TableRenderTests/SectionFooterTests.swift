import Foundation
import XCTest
import TestSupport
import Geometry
@testable import SceneModel
@testable import Simulation
@testable import TableEngine
@testable import TableRender

/// Footer titles and the sections' header and footer views.
final class SectionFooterTests: XCTestCase {
    func simulation(_ json: String) throws -> TableSimulation {
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }

    func scene(style: String, sections: String, script: String = "") -> String {
        #"{"canvas": {"size": [375, 300], "scale": 1}, "fps": 10, "duration": 1, "table": {"style": ""# + style
            + #"", "rowHeight": 44, "sections": ["# + sections + #"]}, "script": ["# + script + "]}"
    }

    /// A grouped footer takes 8 pt + its wrapped text + 10 pt below the rows; the next section
    /// starts after it.
    func testAGroupedFooterWrapsAndPushesTheNextSectionDown() throws {
        let long = String(repeating: "Known networks will be joined automatically. ", count: 3)
        let sim = try simulation(scene(style: "grouped", sections: #"{"rows": [{"title": "A"}], "footer": ""# + long + #""}, {"rows": [{"title": "B"}]}"#))
        let l = sim.layout(at: 0).sections
        let footer = l[0].footer
        XCTAssertGreaterThan(footer, 8 + 2 * 15 + 10, "at least two lines of 13 pt text")
        XCTAssertEqual(l[0].footerTop, 18 + 44, "below the first row (after the 18 pt untitled header)")
        XCTAssertEqual(l[1].top, 18 + 44 + footer)
        let one = try simulation(scene(style: "grouped", sections: #"{"rows": [{"title": "A"}], "footer": "One line"}"#))
        XCTAssertEqual(one.layout(at: 0).sections[0].footer, 8 + 16 + 10, accuracy: 2, "one line of 13 pt text")
    }

    /// A plain footer floats at the bottom of the visible area while its section shows.
    func testAPlainFooterFloatsAtTheBottom() throws {
        let rows = (0..<10).map { #"{"title": "R\#($0)"}"# }.joined(separator: ", ")
        let sim = try simulation(scene(style: "plain", sections: #"{"title": "S", "rows": ["# + rows + #"], "footer": "Ten rows"}"#))
        let s = sim.layout(at: 0).sections[0]
        XCTAssertEqual(s.footer, 28)
        XCTAssertEqual(sim.footerTop(s, offset: 0, height: 300), 300 - 28, "at the bottom of the visible area")
        XCTAssertEqual(sim.footerTop(s, offset: 100, height: 300), 400 - 28, "still at the bottom")
        XCTAssertEqual(sim.footerTop(s, offset: 300, height: 300), s.footerTop, "at its place once it is there")
    }

    /// A header view's height is the header's; a footer view's the footer's; both drawn with their own size.
    func testHeaderAndFooterViewsTakeTheirHeights() throws {
        let json = scene(style: "grouped", sections: #"{"title": "ignored", "rows": [{"title": "A"}], "headerView": {"frame": [0, 0, 375, 60], "backgroundColor": "red"}, "footerView": {"frame": [0, 0, 375, 30], "backgroundColor": "blue"}}"#)
        let sim = try simulation(json)
        let s = sim.layout(at: 0).sections[0]
        XCTAssertEqual(s.header, 60)
        XCTAssertEqual(s.footer, 30)
        let loaded = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let p = FrameRenderer(scene: loaded.scene, resources: loaded.resources).render(frame: 0).unpremultipliedRGBA()
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { Array(p[(y * 375 + x) * 4 ..< (y * 375 + x) * 4 + 3]) }
        XCTAssertEqual(rgb(10, 30), [255, 0, 0], "the header view over 0 ..< 60")
        XCTAssertEqual(rgb(10, 60 + 44 + 15), [0, 0, 255], "the footer view below the row")
        XCTAssertNotEqual(rgb(10, 60 + 44 + 31), [0, 0, 255], "30 pt tall")
    }
}
