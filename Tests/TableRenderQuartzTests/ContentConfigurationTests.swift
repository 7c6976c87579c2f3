import XCTest
@testable import TableRenderQuartz

/// iOS 14 cells (issue 51): `defaultContentConfiguration()` and `UIListContentConfiguration`
/// draw as the built-in styles they stand for; `UIBackgroundConfiguration`'s colour is drawn.
final class ContentConfigurationTests: XCTestCase {
    typealias List = RowsController

    func frame(_ list: List) throws -> [UInt8] {
        var scene = LayerScene(size: CGSize(width: 240, height: 160), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = list
        return try Renderer(scene).frame(at: 0).data
    }

    /// A list configuration's text and secondary text draw the pixels of the subtitle style's
    /// labels (a row without secondary text as the default style), and a value cell's those
    /// of value1. Before, the configuration did not exist.
    func testAListConfigurationDrawsAsTheBuiltInStyleItStandsFor() throws {
        let modern = RowsController(count: 3)
        modern.configure = { cell, p in
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(p.row)"
            content.secondaryText = p.row == 1 ? nil : "Detail \(p.row)"
            cell.contentConfiguration = content
        }
        let legacy = RowsController(count: 3)
        legacy.makeCell = { _, _ in UITableViewCell(style: .subtitle, reuseIdentifier: nil) }
        legacy.configure = { cell, p in
            cell.textLabel?.text = "Row \(p.row)"
            cell.detailTextLabel?.text = p.row == 1 ? nil : "Detail \(p.row)"
        }
        XCTAssertEqual(try frame(modern), try frame(legacy))

        let value = RowsController(count: 3)
        value.configure = { cell, p in
            var content = UIListContentConfiguration.valueCell()
            content.text = "Wi-Fi"
            content.secondaryText = "Home"
            cell.contentConfiguration = content
        }
        let value1 = RowsController(count: 3)
        value1.makeCell = { _, _ in UITableViewCell(style: .value1, reuseIdentifier: nil) }
        value1.configure = { cell, _ in
            cell.textLabel?.text = "Wi-Fi"
            cell.detailTextLabel?.text = "Home"
        }
        XCTAssertEqual(try frame(value), try frame(value1))
        XCTAssertNotEqual(try frame(value), try frame(modern))
    }

    /// A property the built-in styles do not draw is refused by name, never dropped.
    func testAChangedTextPropertyIsRefusedByName() {
        let scene = listScene { content in
            content.text = "Big"
            content.image = UIImage(named: "avatar")
            content.imageProperties.tintColor = .systemRed
        }
        XCTAssertThrowsError(try scene.json()) { error in
            XCTAssertTrue("\(error)".contains("cellForRowAt [0, 0]: UIListContentConfiguration.imageProperties.tintColor for an image that is not a symbol is not drawn yet"), "\(error)")
        }
    }

    /// A tint for no image (a symbol name with no glyph here gives nil, as an unknown name does
    /// on iOS) tints nothing: it is not refused.
    func testATintForNoImageIsNotRefused() throws {
        let scene = listScene { content in
            content.text = "Airplane Mode"
            content.image = UIImage(systemName: "no.such.symbol")
            content.imageProperties.tintColor = .systemOrange
        }
        XCTAssertTrue(try scene.json().contains("Airplane Mode"))
    }

    /// A scene of three rows whose cells show their default configuration as `configure` sets it.
    func listScene(_ configure: @escaping (inout UIListContentConfiguration) -> Void) -> LayerScene {
        let list = RowsController(count: 3)
        list.configure = { cell, _ in
            var content = cell.defaultContentConfiguration()
            configure(&content)
            cell.contentConfiguration = content
        }
        var scene = LayerScene(size: CGSize(width: 240, height: 160), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = list
        return scene
    }

    /// A background configuration's colour is the cell's background.
    func testABackgroundConfigurationsColourIsDrawn() throws {
        let list = RowsController(count: 3)
        list.configure = { cell, p in
            var content = cell.defaultContentConfiguration()
            content.text = "Row"
            cell.contentConfiguration = content
            var background = UIBackgroundConfiguration.listPlainCell()
            background.backgroundColor = p.row == 1 ? .yellow : nil
            cell.backgroundConfiguration = background
        }
        var scene = LayerScene(size: CGSize(width: 240, height: 160), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = list
        let f = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        XCTAssertEqual(Array(f[((66 * 240) + 230) * 4..<((66 * 240) + 230) * 4 + 3]), [255, 255, 0])
        XCTAssertEqual(Array(f[((22 * 240) + 230) * 4..<((22 * 240) + 230) * 4 + 3]), [255, 255, 255])
    }
}
