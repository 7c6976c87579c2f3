import TableRenderQuartz
import XCTest
import TestSupport

/// A settings screen as apps write one: footer titles from the data source, a header view from
/// the delegate with its height.
class SettingsController: UITableViewController {
    override func numberOfSections(in tableView: UITableView) -> Int { 2 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        section == 0 ? "Known networks will be joined automatically." : nil
    }
    override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        guard section == 1 else { return nil }
        let v = UIView()
        v.backgroundColor = .systemYellow
        return v
    }
    override func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        section == 1 ? 50 : UITableView.automaticDimension
    }
}

final class SectionViewTests: XCTestCase {
    /// The footer title and the header view (the table's width, the delegate's height) are
    /// written with their sections, and the Swift table draws what the same JSON draws.
    func testFootersAndHeaderViewsFromTheDataSourceAndDelegate() throws {
        var scene = LayerScene(size: CGSize(width: 320, height: 400), scale: 1, fps: 10, duration: 0)
        scene.rootViewController = SettingsController(style: .grouped)
        let json = try scene.json()
        let compact = json.filter { !$0.isWhitespace }
        XCTAssertTrue(compact.contains(#""footer":"Knownnetworkswillbejoinedautomatically.""#), compact)
        XCTAssertTrue(compact.contains(#""headerView":{"bounds":[0,0,320,50],"position":[160,25],"backgroundColor":"systemYellow"}"#), compact)
        let path = NSTemporaryDirectory() + "section-views-\(getpid()).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromJSON = try Renderer(path: path).frame(at: 0).unpremultipliedRGBA()
        let fromSwift = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        XCTAssertTrue(fromJSON == fromSwift)
        // The yellow header view: 50 pt tall, below the first section and its footer.
        let yellow = (0..<400).filter { y in fromSwift[(y * 320 + 5) * 4 + 2] < 40 && fromSwift[(y * 320 + 5) * 4] > 240 }
        XCTAssertEqual(yellow.count, 50)
    }
}
