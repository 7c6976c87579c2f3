import XCTest
import LayerTree
import Geometry
import SceneJSON
import JSONText
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// `UISearchController`'s search bar in the navigation bar (issue 51): a 52 pt band under the
/// (large) title with a 36 pt field 1 pt below its top and 16 pt in from the sides; with
/// `hidesWhenScrolling` (UIKit's default) it collapses as the content scrolls up, before the
/// large title, its field shrinking from the bottom, the glass and text gone over its first
/// 7.2 pt; without, it stays under the bar. Figures from the decompiled UIKitCore
/// (notes/uikit-table-research.md).
final class SearchBarTests: XCTestCase {
    func scene(_ search: String, large: Bool = true) -> String {
        #"{"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 30, "duration": 2, "statusBar": true, "#
            + #""navigationBar": {"title": "Mail", "prefersLargeTitles": \#(large), "searchBar": \#(search)}, "#
            + #""table": {"rowHeight": 64, "rowCount": 40}}"#
    }

    func simulation(_ json: String) throws -> TableSimulation {
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        return try XCTUnwrap(TableSimulation(scene: l.scene))
    }

    /// The field of the bar's layers at offset `d`: its frame in the bar, and its opacity.
    func field(_ sim: TableSimulation, _ d: Double) -> (frame: Rect, opacity: Double, text: Double?)? {
        for band in sim.navigationBarLayers(offset: d, at: 0) where band.masksToBounds && band.sublayers.first?.cornerRadius ?? 0 > 0 {
            guard let f = band.sublayers.first else { continue }
            let y = band.position.y - band.bounds.height / 2 + f.position.y - f.bounds.height / 2
            return (Rect(f.position.x - f.bounds.width / 2, y, f.bounds.width, f.bounds.height), f.opacity, f.sublayers.last?.opacity)
        }
        return nil
    }

    func testTheBandSitsUnderTheLargeTitleAndCollapsesFirst() throws {
        let sim = try simulation(scene("true"))
        // iPhone 15: a 59 pt status bar area, the 44 pt bar, the 52 pt large title, the 52 pt band.
        XCTAssertEqual(sim.inset.top, 59 + 44 + 52 + 52)
        let rest = try XCTUnwrap(field(sim, 0))
        XCTAssertEqual(rest.frame.x, 16)
        XCTAssertEqual(rest.frame.width, 393 - 32)
        XCTAssertEqual(rest.frame.height, 36)
        XCTAssertEqual(rest.frame.y, 59 + 44 + 52 + 1, "1 pt below the band's top, under the large title")
        XCTAssertEqual(rest.opacity, 1)
        // 5 pt up: the band and its field are 5 pt shorter (the 15 pt below the field stays),
        // its glass and text fading (gone once 7.2 pt are); the large title has not moved.
        let up = try XCTUnwrap(field(sim, 5))
        XCTAssertEqual(up.frame.height, 36 - 5, accuracy: 1e-9)
        XCTAssertEqual(up.frame.y, rest.frame.y)
        XCTAssertEqual(up.text ?? -1, 1 - (5.0 / 36) / 0.2, accuracy: 1e-9)
        XCTAssertNil(try XCTUnwrap(field(sim, 30)).text, "past 7.2 pt of the field: no glass or text")
        XCTAssertNil(field(sim, 52), "the band has gone")
        XCTAssertEqual(sim.coveredTop(offset: 52), sim.inset.top - 52)
        // The large title goes next: the titles swap 10 pt before it has gone (94 pt).
        var t = 0.0
        XCTAssertEqual(sim.collapsedTitleOpacity(offset: 93, at: t), 0)
        t = 1
        XCTAssertEqual(sim.collapsedTitleOpacity(offset: 95, at: t), 1, "no scroll has crossed it: at once")
    }

    func testABandThatDoesNotHideStaysUnderTheBar() throws {
        let sim = try simulation(scene(#"{"placeholder": "Search Mail", "hidesWhenScrolling": false}"#, large: false))
        XCTAssertEqual(sim.inset.top, 59 + 44 + 52)
        for d in [0.0, 30, 300] {
            let f = try XCTUnwrap(field(sim, d), "at \(d)")
            XCTAssertEqual(f.frame.y, 59 + 44 + 1)
            XCTAssertEqual(f.frame.height, 36)
        }
        XCTAssertEqual(sim.coveredTop(offset: 300), sim.inset.top)
    }

    func testTheFormatReadsAndWritesIt() throws {
        let decoded = try SceneDecoder.decode(bytes: Array(scene(#"{"placeholder": "Search Mail", "text": "ada"}"#).utf8), displayName: "t", directory: ".")
        let bar = try XCTUnwrap(decoded.navigationBar?.searchBar)
        XCTAssertEqual(bar.placeholder, "Search Mail")
        XCTAssertEqual(bar.text, "ada")
        XCTAssertTrue(bar.hidesWhenScrolling)
        let again = try SceneDecoder.decode(bytes: Array(JSONWriter.write(SceneEncoder.scene(decoded)).utf8), displayName: "t", directory: ".")
        XCTAssertEqual(again.navigationBar?.searchBar, bar)
        let plain = try SceneDecoder.decode(bytes: Array(scene("true").utf8), displayName: "t", directory: ".")
        XCTAssertEqual(plain.navigationBar?.searchBar, NavigationBarModel.SearchBar())
        XCTAssertNil(try SceneDecoder.decode(bytes: Array(scene("false").utf8), displayName: "t", directory: ".").navigationBar?.searchBar)
    }

    /// The bar's strings are among those the scene's fonts are chosen for (a helper's probe:
    /// a Japanese large title and search text drew as boxes, the bar's strings left out).
    func testTheBarsTextsGetTheirFonts() throws {
        let json = #"{"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 30, "duration": 1, "#
            + #""navigationBar": {"title": "受信箱", "prefersLargeTitles": true, "searchBar": {"text": "検索 بحث"}}, "table": {"rowCount": 5}}"#
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        for source in [FontSource.system(.bold), .system(.regular)] {
            let cascade = try XCTUnwrap(l.resources.fonts[source], "\(source)")
            XCTAssertGreaterThan(cascade.fonts.count, 1, "a fallback for the CJK and Arabic text: \(source)")
        }
        XCTAssertFalse(l.warnings.contains { $0.message.contains("no font") }, "\(l.warnings)")
    }

    /// Under a standard bar with a search bar, the refresh room opens below the search bar (it
    /// opened below the 44 pt bar, its spinner over the field: a helper's probe).
    func testTheRefreshRoomOpensBelowTheSearchBar() throws {
        let json = #"{"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 30, "duration": 1.2, "statusBar": true, "#
            + #""navigationBar": {"title": "Inbox", "searchBar": true}, "table": {"refreshControl": {}, "rowCount": 20}}"#
        let sim = try simulation(json)
        let control = try XCTUnwrap(sim.refreshControlLayer(at: 0.5, offset: -120, width: 393))
        let top = control.position.y - control.bounds.height / 2
        XCTAssertEqual(sim.inset.top, 59 + 44 + 52)
        XCTAssertEqual(top, sim.inset.top - 120, "the room: the 120 pt pulled, from below the search bar")
        XCTAssertEqual(control.bounds.height, 120)
    }

    /// A key written in the wrong object says where it belongs (a helper's probe: `searchBar`
    /// at the top level got "expected a known key" and nothing more).
    func testAMisplacedKeySaysWhereItBelongs() {
        let json = #"{"version": 1, "canvas": {"size": [100, 100]}, "fps": 10, "duration": 0, "searchBar": true, "#
            + #""table": {"rowCount": 3, "statusBar": true}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(#"searchBar: expected a known key, found "searchBar" ("searchBar" belongs in "navigationBar")"#), text)
            XCTAssertTrue(text.contains(#"table.statusBar: expected a known key, found "statusBar" ("statusBar" belongs in the scene's top level)"#), text)
        }
    }
}
