import XCTest
import Foundation
import SceneModel
import TableRender
@testable import TableRenderQuartz

/// A built-in cell's labels as the code set them (issue 51): `textLabel` and `detailTextLabel`'s
/// colour, font, number of lines and alignment (and a list configuration's text properties)
/// are drawn for their row, JSON row `titleColor`, `titleFont`, `titleLines`, `titleAlignment`
/// and the detail's. Before, a changed colour was dropped without a word, and a font, an
/// alignment or a line count was refused.
final class LabelStyleTests: XCTestCase {
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
        XCTAssertNil(rows.first?.labelStyles)
        XCTAssertEqual(rows.dropFirst().first?.labelStyles, TableModel.LabelStyles(title: .init(color: Color.named["systemRed"])))
        XCTAssertEqual(rows.last?.labelStyles, TableModel.LabelStyles(detail: .init(color: Color.named["systemRed"])))
        XCTAssertLessThan(reddest(r, row: 0), 30, "a row of the style's colours has no red")
        XCTAssertGreaterThan(reddest(r, row: 1), 150, "the title in systemRed")
        XCTAssertGreaterThan(reddest(r, row: 2), 150, "the detail in systemRed")
        // Its JSON (the rows' titleColor and detailColor) draws the same.
        try assertItsJSONDrawsTheSame(s, r, saying: [#""titleColor": "systemRed""#])
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

    /// The scene's JSON says each of `keys` and draws the frame `r` drew.
    func assertItsJSONDrawsTheSame(_ s: LayerScene, _ r: Renderer, saying keys: [String]) throws {
        let json = try s.json()
        for key in keys { XCTAssertTrue(json.contains(key), "\(key) in \(json)") }
        let viaJSON = Renderer(loaded: try SceneLoader.load(bytes: Array(json.utf8), displayName: "json", directory: "."))
        XCTAssertTrue(viaJSON.frame(at: 0).data == r.frame(at: 0).data)
    }

    /// The columns and rows (inclusive) of a row's dark pixels: where its text was drawn.
    func inkBox(_ r: Renderer, row: Int, rowHeight: Int = 44) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        let f = r.frame(at: 0)
        let px = f.unpremultipliedRGBA()
        var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
        for y in row * rowHeight + 1..<(row + 1) * rowHeight - 1 {
            for x in 0..<f.width where px[(y * f.width + x) * 4 + 1] < 128 {
                let b = box ?? (x, x, y, y)
                box = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
            }
        }
        return box
    }

    func testALabelsFontLinesAndAlignmentAreDrawnForItsRow() throws {
        let s = scene({ cell, p in
            if p.row == 1 { cell.textLabel?.font = .systemFont(ofSize: 26, weight: .bold) }
            if p.row == 2 {
                cell.textLabel?.textAlignment = .center
                cell.textLabel?.numberOfLines = 2
                cell.textLabel?.text = "Row 2 wraps onto a second line here"
            }
        }, style: .default)
        let r = try Renderer(s)
        let rows = r.loaded.scene.table?.sections.first?.rows ?? []
        XCTAssertEqual(rows.dropFirst().first?.labelStyles?.title, TableModel.LabelStyle(font: .system(.bold), size: 26))
        XCTAssertEqual(rows.last?.labelStyles?.title, TableModel.LabelStyle(lines: 2, alignment: .center))
        let plain = try XCTUnwrap(inkBox(r, row: 0)), big = try XCTUnwrap(inkBox(r, row: 1)), two = try XCTUnwrap(inkBox(r, row: 2))
        XCTAssertGreaterThan(big.maxY - big.minY, (plain.maxY - plain.minY) * 3 / 2, "26 pt bold is taller than 17 pt")
        XCTAssertGreaterThan(big.maxX - big.minX, (plain.maxX - plain.minX) * 4 / 3, "and wider")
        XCTAssertGreaterThan(two.maxY - two.minY, 2 * (plain.maxY - plain.minY), "two lines")
        XCTAssertGreaterThan(two.minX, plain.minX + 4, "centred lines start after the margin")
        // The rows' JSON draws the same.
        try assertItsJSONDrawsTheSame(s, r, saying: [#""titleFont""#, #""titleLines""#, #""titleAlignment""#])
    }

    func testAListConfigurationsFontsAreDrawn() throws {
        let s = scene({ cell, p in
            var content = UIListContentConfiguration.subtitleCell()
            content.text = "Title"
            content.secondaryText = "Secondary"
            if p.row == 1 {
                content.textProperties.font = .preferredFont(forTextStyle: .headline)
                content.secondaryTextProperties.font = .systemFont(ofSize: 15)
                content.secondaryTextProperties.color = .systemRed
            }
            cell.contentConfiguration = content
        }, style: .subtitle)
        let r = try Renderer(s)
        let rows = r.loaded.scene.table?.sections.first?.rows ?? []
        // A list configuration's texts take as many lines as they need (`numberOfLines` 0).
        let lines = TableModel.LabelStyle(lines: 0)
        XCTAssertEqual(rows.first?.labelStyles, TableModel.LabelStyles(title: lines, detail: lines))
        XCTAssertEqual(rows.dropFirst().first?.labelStyles?.title.font, .system(.semibold), "headline is semibold")
        XCTAssertEqual(rows.dropFirst().first?.labelStyles?.detail.size, 15)
        XCTAssertGreaterThan(reddest(r, row: 1), 150)
        let plain = try XCTUnwrap(inkBox(r, row: 0)), styled = try XCTUnwrap(inkBox(r, row: 1))
        XCTAssertGreaterThan(styled.maxY - styled.minY, plain.maxY - plain.minY, "the 15 pt secondary line is taller than 12 pt")
    }

    func testWhatIsNotDrawnIsRefusedByName() {
        let s = scene { cell, p in
            cell.textLabel?.font = UIFont(file: "fonts/Brand.ttf", size: 17)
            var content = UIListContentConfiguration.cell()
            content.text = "x"
            content.image = UIImage(named: "avatar")
            content.imageProperties.tintColor = .systemRed
            if p.row == 1 { cell.contentConfiguration = content }
        }
        XCTAssertThrowsError(try s.json()) { error in
            XCTAssertTrue("\(error)".contains("cellForRowAt [0, 0]: textLabel.font: a font file in a built-in cell is not drawn yet"), "\(error)")
            XCTAssertTrue("\(error)".contains("cellForRowAt [0, 1]: UIListContentConfiguration.imageProperties.tintColor for an image that is not a symbol"), "\(error)")
        }
    }

    func testALabelsImpossibleLineCountIsRefused() {
        let s = scene { cell, p in if p.row == 1 { cell.textLabel?.numberOfLines = -1 } }
        XCTAssertThrowsError(try Renderer(s)) { error in
            XCTAssertTrue("\(error)".contains("titleLines: expected a whole number from 0 to 10000, found -1"), "\(error)")
        }
    }
}
