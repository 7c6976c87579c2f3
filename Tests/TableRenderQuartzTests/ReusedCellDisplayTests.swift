import XCTest
@testable import TableRenderQuartz

/// Issue 50: what `willDisplay` sets on a data source's cell stays on that cell, as on iOS. A
/// reused cell shows it for its next row unless `prepareForReuse` (or `cellForRowAt`) sets it
/// again: the classic reuse bug a team wants its snapshot to show, as the device does. Before,
/// every display's changes were put back, so the next row drew clean.
final class ReusedCellDisplayTests: XCTestCase {
    final class Cell: UITableViewCell {
        static var resets = false
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            backgroundColor = .white
        }
        override func prepareForReuse() {
            super.prepareForReuse()
            if Cell.resets { backgroundColor = .white }
        }
    }

    /// Row 0 is marked yellow as it shows (Apple's documentation of `willDisplay`: "such as
    /// changing the background color"); no other row sets a colour.
    final class List: UITableViewController {
        var cells: [Int: ObjectIdentifier] = [:]
        override func viewDidLoad() {
            tableView.register(Cell.self, forCellReuseIdentifier: "c")
            tableView.rowHeight = 50
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
            cells[indexPath.row] = ObjectIdentifier(cell)
            return cell
        }
        override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            if indexPath.row == 0 { cell.backgroundColor = .yellow }
        }
    }

    /// The row that got row 0's cell once row 0 scrolled away, and the frame at the end.
    func render(resets: Bool) throws -> (row: Int, frame: [UInt8], offset: Int) {
        Cell.resets = resets
        defer { Cell.resets = false }
        let list = List(style: .plain)
        var s = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 1)
        s.rootViewController = list
        s.script = [.scroll(at: 0.1, to: 150, duration: 0.4)]
        let start = try Renderer(s).frame(at: 0).unpremultipliedRGBA()
        XCTAssertEqual(pixel(start, x: 150, y: 25), [255, 255, 0], "row 0 shows its display")
        XCTAssertEqual(pixel(start, x: 150, y: 75), [255, 255, 255])
        let f = try Renderer(s).frame(at: 0.9).unpremultipliedRGBA()
        let first = try XCTUnwrap(list.cells[0])
        let row = try XCTUnwrap(list.cells.filter { $0.key > 0 && $0.value == first }.map(\.key).min(), "row 0's cell was reused")
        return (row, f, 150)
    }

    func pixel(_ f: [UInt8], x: Int, y: Int) -> [UInt8] { Array(f[(y * 200 + x) * 4 ..< (y * 200 + x) * 4 + 3]) }

    func testAReusedCellKeepsWhatWillDisplaySetOnIt() throws {
        let (row, f, offset) = try render(resets: false)
        // The reused row's middle, on screen at the end (rows are 50 pt; the content is 150 pt down).
        let y = row * 50 + 25 - offset
        guard (5..<195).contains(y) else { return XCTFail("row \(row) is not on screen") }
        XCTAssertEqual(pixel(f, x: 150, y: y), [255, 255, 0], "row \(row) shows the yellow row 0's display left on its cell")
        XCTAssertEqual(pixel(f, x: 150, y: y + 50 < 195 ? y + 50 : y - 50), [255, 255, 255], "a row on another cell is white")
    }

    func testPrepareForReuseThatResetsTheColourClearsIt() throws {
        let (row, f, offset) = try render(resets: true)
        let y = row * 50 + 25 - offset
        guard (5..<195).contains(y) else { return XCTFail("row \(row) is not on screen") }
        XCTAssertEqual(pixel(f, x: 150, y: y), [255, 255, 255])
    }
}
