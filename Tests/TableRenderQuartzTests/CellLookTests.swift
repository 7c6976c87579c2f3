import XCTest
import Foundation
import SceneModel
import TableRender
@testable import TableRenderQuartz

/// A cell's own separator inset and tap highlight (issue 51): `separatorInset`,
/// `selectionStyle = .none` and `selectedBackgroundView` are drawn for their row (JSON row
/// `cell.separatorInsetLeft`, `cell.selectedBackgroundColor`). Before, all three were dropped
/// without a word: every row had the table's inset and highlight.
final class CellLookTests: XCTestCase {
    static func scene(_ configure: @escaping (UITableViewCell, IndexPath) -> Void, taps: [Int] = []) -> LayerScene {
        let list = RowsController(count: 4)
        list.configure = configure
        var scene = LayerScene(size: CGSize(width: 240, height: 200), scale: 1, fps: 10, duration: 1)
        scene.script = taps.enumerated().map { .tap(at: 0.1 + 0.1 * Double($0.offset), row: $0.element) }
        scene.rootViewController = list
        return scene
    }

    func testACellsSeparatorInsetIsItsRows() throws {
        let r = try Renderer(CellLookTests.scene { cell, p in if p.row == 1 { cell.separatorInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) } })
        // Each row's separator is its bottom pixel row: 43 for row 0, 87 for row 1.
        XCTAssertEqual(r.rgb(at: 0, 5, 43), [255, 255, 255], "row 0: the table's 16 pt inset")
        XCTAssertNotEqual(r.rgb(at: 0, 5, 87), [255, 255, 255], "row 1: from the edge")
        XCTAssertEqual(r.loaded.scene.table?.sections[0].rows[1].cell?.separatorInsetLeft, 0)
    }

    func testASelectionStyleOfNoneAndASelectedBackgroundViewAreTheRowsHighlight() throws {
        let s = CellLookTests.scene({ cell, p in
            if p.row == 0 { cell.selectionStyle = .none }
            if p.row == 2 {
                let v = UIView()
                v.backgroundColor = .yellow
                cell.selectedBackgroundView = v
            }
        }, taps: [0, 1, 2])
        let r = try Renderer(s)
        // A row didSelectRowAt leaves selected stays highlighted until the next tap (behind
        // the content: sampled at the row's right edge).
        XCTAssertEqual(r.rgb(at: 0.15, 230, 20), [255, 255, 255], "row 0: no highlight")
        XCTAssertEqual(r.rgb(at: 0.25, 230, 64), [209, 209, 214], "row 1: the table's systemGray4")
        XCTAssertEqual(r.rgb(at: 0.35, 230, 108), [255, 255, 0], "row 2: its selectedBackgroundView's yellow")
        let viaJSON = Renderer(loaded: try SceneLoader.load(bytes: Array(try s.json().utf8), displayName: "json", directory: "."))
        for t in [0.15, 0.25, 0.35] { XCTAssertTrue(viaJSON.frame(at: t).data == r.frame(at: t).data, "at \(t) s") }
    }
}
