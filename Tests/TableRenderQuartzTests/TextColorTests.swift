import XCTest
import Foundation
import SceneModel
import TableRender
@testable import TableRenderQuartz

/// A built-in cell's text colours (issue 51): `textLabel.textColor` and
/// `detailTextLabel.textColor` (and a list configuration's text colours) are drawn for their
/// row, JSON row `titleColor` and `detailColor`; a label's font, alignment or line count changed
/// from the style's is refused by name. Before, a changed colour was dropped without a word.
final class TextColorTests: XCTestCase {
    /// The reddest pixel of a row's text: how red the text was drawn.
    func reddest(_ r: Renderer, row: Int, rowHeight: Int = 44) -> Int {
        let f = r.frame(at: 0)
        let px = f.unpremultipliedRGBA()
        var best = 0
        for y in row * rowHeight..<(row + 1) * rowHeight {
            for x in 0..<f.width {
                let i = (y * f.width + x) * 4
                best = max(best, Int(px[i]) - Int(px[i + 1]))
            }
        }
        return best
    }

    func scene(_ configure: @escaping (UITableViewCell, IndexPath) -> Void, style: UITableViewCell.CellStyle = .subtitle) -> LayerScene {
        let list = RowsController(count: 3)
        list.makeCell = { _, _ in UITableViewCell(style: style, reuseIdentifier: nil) }
        list.configure = configure
        var scene = LayerScene(size: CGSize(width: 240, height: 140), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = list
        return scene
    }

    func testABuiltInCellsTextColoursAreDrawnForItsRow() throws {
        let s = scene { cell, p in
            cell.detailTextLabel?.text = "Detail"
            if p.row == 1 { cell.textLabel?.textColor = .systemRed }
            if p.row == 2 { cell.detailTextLabel?.textColor = .systemRed }
        }
        let r = try Renderer(s)
        let rows = r.loaded.scene.table?.sections.first?.rows ?? []
        XCTAssertNil(rows.first?.textColors)
        XCTAssertEqual(rows.dropFirst().first?.textColors, TableModel.TextColors(title: Color.named["systemRed"]))
        XCTAssertEqual(rows.last?.textColors, TableModel.TextColors(detail: Color.named["systemRed"]))
        XCTAssertLessThan(reddest(r, row: 0), 30, "a row of the style's colours has no red")
        XCTAssertGreaterThan(reddest(r, row: 1), 150, "the title in systemRed")
        XCTAssertGreaterThan(reddest(r, row: 2), 150, "the detail in systemRed")
        // Its JSON (the rows' titleColor and detailColor) draws the same.
        let json = try s.json()
        XCTAssertTrue(json.contains(#""titleColor":"systemRed""#) || json.contains(#""titleColor": "systemRed""#), json)
        let viaJSON = Renderer(loaded: try SceneLoader.load(bytes: Array(json.utf8), displayName: "json", directory: "."))
        XCTAssertTrue(viaJSON.frame(at: 0).data == r.frame(at: 0).data)
    }

    func testAListConfigurationsTextColoursAreDrawn() throws {
        let s = scene({ cell, p in
            var content = cell.defaultContentConfiguration()
            content.text = "Sign Out"
            if p.row == 1 { content.textProperties.color = .systemRed }
            cell.contentConfiguration = content
        }, style: .default)
        let r = try Renderer(s)
        XCTAssertLessThan(reddest(r, row: 0), 30)
        XCTAssertGreaterThan(reddest(r, row: 1), 150)
    }

    func testALabelsOtherChangesAreRefusedByName() {
        let s = scene { cell, _ in
            cell.textLabel?.font = .systemFont(ofSize: 30)
            cell.detailTextLabel?.textAlignment = .center
        }
        XCTAssertThrowsError(try s.json()) { error in
            XCTAssertTrue("\(error)".contains("cellForRowAt [0, 0]: textLabel.font changed from the subtitle style's is not drawn yet (its text and textColor are)"), "\(error)")
            XCTAssertTrue("\(error)".contains("detailTextLabel.textAlignment changed"), "\(error)")
        }
    }
}
