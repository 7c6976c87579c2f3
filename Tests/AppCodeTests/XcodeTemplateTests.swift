import TableRenderQuartz
import XCTest

/// A cell as a storyboard prototype's class is written: its look set in `awakeFromNib`, and
/// `required init?(coder:)` calling `super.init(coder:)`, as Xcode writes it.
final class BadgeCell: UITableViewCell {
    let badge = UIView()

    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        badge.frame = CGRect(x: 8, y: 8, width: 20, height: 20)
        contentView.addSubview(badge)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        badge.backgroundColor = .systemRed
        badge.layer.cornerRadius = 10
    }
}

/// A view controller with a designated initialiser of its own and Xcode's
/// `required init?(coder:)`.
final class BadgeListController: UITableViewController {
    let count: Int

    init(count: Int) {
        self.count = count
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(BadgeCell.self, forCellReuseIdentifier: "Badge")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "Badge", for: indexPath)
    }
}

/// Code as Xcode's templates write it builds and runs: `required init?(coder:)` (calling
/// `super.init(coder:)` or `fatalError`) on views, cells and view controllers, and a registered
/// cell class (standing for a storyboard's prototype) gets `awakeFromNib()`.
final class XcodeTemplateTests: XCTestCase {
    func testARegisteredCellIsAwokenAsAStoryboardPrototype() throws {
        try MainActor.assumeIsolated {
            var scene = LayerScene(size: CGSize(width: 200, height: 100), fps: 10, duration: 0)
            scene.rootViewController = BadgeListController(count: 2)
            let r = try Renderer(scene)
            let frame = try r.frame(at: 0)
            let p = frame.unpremultipliedRGBA()
            func rgb(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * frame.width + x) * 4; return Array(p[i..<i + 3]) }
            XCTAssertEqual(rgb(18, 18), [255, 59, 48], "row 0's badge is systemRed, set in awakeFromNib")
            XCTAssertEqual(rgb(18, 44 + 18), [255, 59, 48], "and row 1's")
            XCTAssertEqual(rgb(9, 9), [255, 255, 255], "rounded: the corner is the cell's white")
        }
    }

    func testCoderInitialisersMakeViewsAsTheirFrameInitialisersDo() throws {
        try MainActor.assumeIsolated {
            let cell = try XCTUnwrap(BadgeCell(coder: NSCoder()))
            XCTAssertTrue(cell.contentView.superview === cell, "the cell has its content view")
            XCTAssertNil(cell.textLabel, "a prototype cell has no built-in labels")
            let label = try XCTUnwrap(UILabel(coder: NSCoder()))
            label.text = "Hi"
            XCTAssertEqual(label.text, "Hi")
            let toggle = try XCTUnwrap(UISwitch(coder: NSCoder()))
            XCTAssertEqual(toggle.frame.size, UISwitch.size)
        }
    }
}
