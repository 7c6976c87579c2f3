import TableRenderQuartz
import XCTest
import TestSupport

/// Section titles given as titles, or as registered header-footer views.
final class TitledSections: UITableViewController {
    var viaViews = false
    var custom = false
    var unregistered: UITableViewHeaderFooterView?
    final class Header: UITableViewHeaderFooterView {}
    final class Badge: UITableViewHeaderFooterView {
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        required init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            let dot = UIView(frame: CGRect(x: 16, y: 8, width: 12, height: 12))
            dot.backgroundColor = .systemRed
            contentView.addSubview(dot)
        }
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(custom ? Badge.self : Header.self, forHeaderFooterViewReuseIdentifier: "header")
        unregistered = tableView.dequeueReusableHeaderFooterView(withIdentifier: "nothing")
    }
    override func numberOfSections(in tableView: UITableView) -> Int { 2 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { viaViews ? nil : "Section \(section)" }
    override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        guard viaViews, let v = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") else { return nil }
        v.textLabel?.text = "Section \(section)"
        return v
    }
    override func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { custom ? 28 : UITableView.automaticDimension }
}

final class HeaderFooterViewTests: XCTestCase {
    func render(_ style: UITableView.Style, viaViews: Bool, custom: Bool = false) throws -> (Renderer, TitledSections, String) {
        let vc = TitledSections(style: style)
        vc.viaViews = viaViews
        vc.custom = custom
        var s = LayerScene(size: CGSize(width: 320, height: 400), scale: 1, fps: 10, duration: 0)
        s.rootViewController = vc
        return (try Renderer(s), vc, try s.json().filter { !$0.isWhitespace })
    }

    /// A registered header-footer view that only sets its `textLabel` draws the table's own
    /// title, in both styles; nothing registered under an identifier dequeues nil.
    func testATitledHeaderViewIsTheStandardTitle() throws {
        for style in [UITableView.Style.plain, .grouped] {
            let (byView, vc, _) = try render(style, viaViews: true)
            let (byTitle, _, _) = try render(style, viaViews: false)
            XCTAssertEqual(byView.frame(at: 0).data, byTitle.frame(at: 0).data, "\(style)")
            XCTAssertNil(vc.unregistered)
        }
    }

    /// One with views of its own is drawn as them (a header view of the delegate's height).
    func testACustomHeaderViewIsDrawnAsItsViews() throws {
        let (custom, _, json) = try render(.plain, viaViews: true, custom: true)
        let (plain, _, _) = try render(.plain, viaViews: false)
        XCTAssertTrue(json.contains(#""headerView":"#), json)
        XCTAssertFalse(json.contains(#""title":"Section0""#), json)
        XCTAssertNotEqual(custom.frame(at: 0).data, plain.frame(at: 0).data)
    }
}
