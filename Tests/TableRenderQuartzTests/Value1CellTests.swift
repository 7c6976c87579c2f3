import XCTest
@testable import TableRenderQuartz

/// A data source's value1 cell with a long detail (issue 51): the detail starts after the
/// title, not under it (both took the whole width and overlapped).
final class Value1CellTests: XCTestCase {
    func testALongDetailKeepsClearOfTheTitle() throws {
        final class List: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
                cell.textLabel?.text = "Address"
                cell.detailTextLabel?.text = String(repeating: "Hillsborough ", count: 8)
                return cell
            }
        }
        var scene = LayerScene(size: CGSize(width: 320, height: 44), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = List(style: .plain)
        let loaded = try scene.load()
        let row = try XCTUnwrap(loaded.scene.table?.sections.first?.rows.first)
        let title = try XCTUnwrap(row.titleWidth, "measured for a Swift scene too")
        let f = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        // Between the title's end and 5 pt after it the row is blank: the detail starts 6 pt on.
        let x0 = Int((16 + title + 1).rounded(.up)), x1 = Int(16 + title + 5)
        for x in x0...x1 {
            for y in 10..<34 {
                let i = (y * 320 + x) * 4
                XCTAssertEqual(Array(f[i..<i + 3]), [255, 255, 255], "(\(x), \(y)) is blank")
            }
        }
    }
}
