import Foundation
import XCTest
import Geometry
import LayerTree
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// The refresh control's title (issue 51): `attributedTitle` (JSON `refreshControl.title`,
/// `titleColor`, `titleFont`) drawn under the spinner as UIKit's `_UIRefreshControlModernContentView`
/// draws it: Caption1 in `label`, one line, centred, 10 pt in from each side, its top 32 pt below
/// the spinner's centre, fading in with the pull; the control is then its line plus 67 pt tall,
/// the room the content rests in while it refreshes. Before, a title stopped the scene.
final class RefreshTitleTests: XCTestCase {
    func load(_ control: String) throws -> LoadedScene {
        let json = #"{"version": 1, "canvas": {"size": [390, 600], "scale": 2}, "fps": 30, "duration": 3, "table": {"rowHeight": 50, "rowCount": 30, "#
            + #""refreshControl": "# + control + #"}, "script": [{"at": 0.2, "drag": {"by": -300, "duration": 0.6}}, {"at": 1.0, "release": {}}]}"#
        return try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
    }

    func testATitleIsDrawnUnderTheSpinnerAndTheControlIsTallerByIt() throws {
        let loaded = try load(#"{"title": "Pull to refresh"}"#)
        let line = try XCTUnwrap(loaded.scene.table?.refreshControl?.titleHeight, "measured by the loader")
        let caption = try XCTUnwrap(loaded.resources.height(of: LayerText(string: "Pull to refresh", font: .system(.regular), size: 12), width: .infinity))
        XCTAssertEqual(line, caption, accuracy: 1e-9, "Caption1, 12 pt at the default text size")
        let s = try XCTUnwrap(TableSimulation(scene: loaded.scene))
        XCTAssertEqual(s.contentOffset(at: 2), -(line + 67), accuracy: 0.05, "it rests with the titled control's room open")
        let room = try XCTUnwrap(s.refreshControlLayer(at: 2, offset: s.contentOffset(at: 2), width: 390))
        XCTAssertEqual(room.sublayers.count, 2)
        let spinner = room.sublayers[0], title = room.sublayers[1]
        XCTAssertEqual(title.text?.string, "Pull to refresh")
        XCTAssertEqual(title.text?.alignment, .center)
        XCTAssertEqual(title.text?.color, Color.named("label", .light))
        XCTAssertEqual(title.opacity, 1, "whole while refreshing")
        let top = title.position.y - title.bounds.height / 2
        XCTAssertEqual(top, spinner.position.y + 32, accuracy: 1e-9, "32 pt below the spinner's centre")
        XCTAssertEqual(title.bounds.width, 390 - 20, accuracy: 1e-9)
        XCTAssertEqual(spinner.position.y, 30, accuracy: 1e-9, "the spinner where it is without a title")
        XCTAssertEqual(top, 62, accuracy: 1e-9, "the title at 62 pt, 5 pt left under it (UIKit's 62 + the line + 5)")
        XCTAssertEqual(line + 67 - (top + title.bounds.height), 5, accuracy: 1e-9)
        // Pulled part of the way: as much of it as of the trigger.
        let t = 0.3, pull = -s.contentOffset(at: t)
        XCTAssertLessThan(pull, TableSimulation.refreshTrigger)
        let early = try XCTUnwrap(s.refreshControlLayer(at: t, offset: s.contentOffset(at: t), width: 390)?.sublayers.last)
        XCTAssertEqual(early.opacity, pull / TableSimulation.refreshTrigger, accuracy: 1e-9)
    }

    func testTheTitlesColourAndFontAndNoTitle() throws {
        let styled = try load(#"{"title": "Updating", "titleColor": "systemRed", "titleFont": {"size": 15, "weight": "semibold"}}"#)
        let control = try XCTUnwrap(styled.scene.table?.refreshControl)
        XCTAssertEqual(control.titleStyle?.size, 15)
        let s = try XCTUnwrap(TableSimulation(scene: styled.scene))
        let title = try XCTUnwrap(s.refreshControlLayer(at: 2, offset: s.contentOffset(at: 2), width: 390)?.sublayers.last?.text)
        XCTAssertEqual(title.color, Color.named("systemRed", .light))
        XCTAssertEqual(title.font, .system(.semibold))
        XCTAssertEqual(title.size, 15)
        let plain = try XCTUnwrap(TableSimulation(scene: try load("{}").scene))
        XCTAssertEqual(plain.contentOffset(at: 2), -TableSimulation.refreshExtent, accuracy: 0.05, "without a title: 60 pt")
        XCTAssertThrowsError(try load(#"{"title": "x", "titleFont": {"file": "fonts/Brand.ttf"}}"#)) { error in
            XCTAssertTrue("\(error)".contains("table.refreshControl.titleFont: a font file for the refresh control's title is not drawn yet"), "\(error)")
        }
    }
}
