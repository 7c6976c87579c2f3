import XCTest
@testable import TableRenderQuartz

/// Rows of different built-in styles in one table, as a settings screen has them (a value1 row
/// with its value at the trailing edge between default rows): each row draws in its own style.
/// They were refused ("cells of different styles in one table are not drawn yet").
final class MixedStyleTests: XCTestCase {
    /// A 4-row table whose rows 1 and 3 are value cells when `mixed`, all value cells when
    /// `value`, else all default cells.
    func scene(mixed: Bool = false, value: Bool = false) -> LayerScene {
        let list = RowsController(count: 4)
        list.titled = false
        list.configure = { cell, p in
            var content = (value || (mixed && p.row % 2 == 1)) ? UIListContentConfiguration.valueCell() : cell.defaultContentConfiguration()
            content.text = "Setting \(p.row)"
            content.secondaryText = (value || (mixed && p.row % 2 == 1)) ? "On" : nil
            cell.contentConfiguration = content
        }
        var s = LayerScene(size: CGSize(width: 240, height: 176), scale: 1, fps: 10, duration: 0)
        s.rootViewController = list
        return s
    }

    /// The pixels of row `row`'s 44 pt band.
    func band(_ s: LayerScene, row: Int) throws -> [UInt8] {
        let f = try Renderer(s).frame(at: 0)
        let rgba = f.unpremultipliedRGBA()
        return Array(rgba[(row * 44 * f.width * 4)..<((row * 44 + 43) * f.width * 4)])
    }

    func testEachRowDrawsInItsOwnStyle() throws {
        let mixed = scene(mixed: true)
        let json = try mixed.json().filter { !$0.isWhitespace }
        XCTAssertEqual(json.components(separatedBy: #""style":"value1""#).count - 1, 2, json)
        for row in [0, 2] { XCTAssertEqual(try band(mixed, row: row), try band(scene(), row: row), "row \(row) as a default cell") }
        for row in [1, 3] { XCTAssertEqual(try band(mixed, row: row), try band(scene(value: true), row: row), "row \(row) as a value cell") }
        XCTAssertNotEqual(try band(mixed, row: 1), try band(scene(), row: 1))
    }

    /// A scene file's row `style` draws as a table of that style, and is written back.
    func testARowsStyleInAFile() throws {
        func file(tableStyle: String, rowStyle: String?) -> String {
            let own = rowStyle.map { #", "style": "\#($0)""# } ?? ""
            return #"""
            {"version": 1, "canvas": {"size": [240, 88], "background": "white"}, "fps": 10, "duration": 0,
             "table": {"cell": {"style": "\#(tableStyle)"},
                       "sections": [{"rows": [{"title": "Wi-Fi", "detail": "Home"\#(own)}, {"title": "Bluetooth", "detail": "On"}]}]}}
            """#
        }
        let mixed = try LayerScene(json: Array(file(tableStyle: "basic", rowStyle: "value1").utf8))
        let value = try LayerScene(json: Array(file(tableStyle: "value1", rowStyle: nil).utf8))
        let basic = try LayerScene(json: Array(file(tableStyle: "basic", rowStyle: nil).utf8))
        XCTAssertEqual(try band(mixed, row: 0), try band(value, row: 0))
        XCTAssertEqual(try band(mixed, row: 1), try band(basic, row: 1))
        XCTAssertNotEqual(try band(mixed, row: 0), try band(basic, row: 0))
        XCTAssertTrue(try mixed.json().filter { !$0.isWhitespace }.contains(#""title":"Wi-Fi","detail":"Home","style":"value1""#))
    }
}
