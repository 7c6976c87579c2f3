import TableRenderQuartz
import XCTest
import TestSupport

/// scenes/contacts-value2.json as app code: a contact card's fields in `.value2` cells.
final class ContactCardController: UITableViewController {
    let fields = [[("mobile", "(555) 564-8583"), ("work", "(415) 555-3695"), ("email", "kate-bell@mac.com")],
                  [("home address", "165 Davis Street, Hillsborough, CA 94010, United States of America"),
                   ("birthday", "January 20, 1978"), ("notes", "")]]
    override func numberOfSections(in tableView: UITableView) -> Int { fields.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fields[section].count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { section == 0 ? "Kate Bell" : nil }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .value2, reuseIdentifier: nil)
        let (label, value) = fields[indexPath.section][indexPath.row]
        cell.textLabel?.text = label
        cell.detailTextLabel?.text = value.isEmpty ? nil : value
        return cell
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// scenes/settings-icons.json as app code: `.value1` cells with icons in their `imageView`.
final class IconSettingsController: UITableViewController {
    let rows = [[("Wi-Fi", "Home", "wifi"), ("Notifications", "", "bell"), ("Focus", "Off", "moon")],
                [("General", "", "gear"), ("About", "", "")]]
    override func numberOfSections(in tableView: UITableView) -> Int { rows.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        let (title, detail, icon) = rows[indexPath.section][indexPath.row]
        cell.textLabel?.text = title
        if !detail.isEmpty { cell.detailTextLabel?.text = detail }
        if !icon.isEmpty {
            cell.imageView?.image = UIImage(named: "assets/icon-\(icon).png")
            cell.accessoryType = .disclosureIndicator
        }
        return cell
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

final class CellStyleTests: XCTestCase {
    func assertSame(_ vc: UITableViewController, _ file: String, tap: IndexPath, background: UIColor) throws {
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 30, duration: 1, directory: Package.root + "/scenes")
        scene.backgroundColor = background.cgColor
        scene.script = [.tap(at: 0.3, section: tap.section, row: tap.row)]
        scene.rootViewController = vc
        let swift = try Renderer(scene)
        let shipped = try Renderer(path: Package.scene(file))
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            XCTAssertTrue(try swift.frame(at: t).data == shipped.frame(at: t).data, "\(file) t = \(t)")
        }
    }

    /// `.value2` cells: the field names right-aligned in the 91 pt column in the tint colour,
    /// the values 6 pt after them; the same pixels as the JSON scene.
    func testValue2CellsDrawTheContactsScene() throws {
        try assertSame(ContactCardController(style: .grouped), "contacts-value2.json", tap: IndexPath(row: 0, section: 0),
                       background: .systemGroupedBackground)
        let json = try LayerScene.jsonOf(ContactCardController(style: .grouped))
        XCTAssertTrue(json.contains(#""style":"value2""#), json)
    }

    /// Images in built-in cells: at the margin at their own size (the @2x file's 58 px are
    /// 29 pt), the text and the separator 15 pt after them; the same pixels as the JSON scene.
    func testCellImagesDrawTheSettingsScene() throws {
        try assertSame(IconSettingsController(style: .insetGrouped), "settings-icons.json", tap: IndexPath(row: 1, section: 0),
                       background: .systemGroupedBackground)
        let json = try LayerScene.jsonOf(IconSettingsController(style: .insetGrouped))
        XCTAssertTrue(json.contains(#""image":{"file":"assets/icon-wifi.png"}"#), json)
    }

    /// The geometry itself, from pixels: the icon's left edge at 16 + 20 pt (the inset group's
    /// margin), the title's first ink 15 pt after the 29 pt icon.
    func testTheImageAndTextPositions() throws {
        let frame = try Renderer(path: Package.scene("settings-icons.json")).frame(at: 0).unpremultipliedRGBA()
        let width = 750
        func at(_ x: Int, _ y: Int) -> (Int, Int, Int) { let i = (y * width + x) * 4; return (Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2])) }
        func isBlue(_ p: (Int, Int, Int)) -> Bool { p.2 > 200 && p.0 < 60 }
        // The first row's icon, found down a column through it; its middle line.
        let rows = (0..<400).filter { isBlue(at(70, $0)) }
        let y = ((rows.first ?? 0) + (rows.last ?? 0)) / 2
        XCTAssertEqual(rows.count, 29 * 2 - 4, "29 pt tall, less its rounded corners' ends at this column")
        func px(_ x: Int) -> (Int, Int, Int) { at(x, y) }
        let blue = (0..<width).first { isBlue(px($0)) }
        XCTAssertEqual(blue, (16 + 16) * 2, "the icon starts at the cell's 16 pt margin inside the 16 pt inset")
        let ink = ((16 + 16 + 29 + 15) * 2..<width).first { let p = px($0); return p.0 < 100 && p.1 < 100 && p.2 < 100 }
        XCTAssertNotNil(ink)
        XCTAssertLessThan((ink ?? 0) - (16 + 16 + 29 + 15) * 2, 8, "the title's first ink just after x = 76 pt")
    }
}

extension LayerScene {
    /// The scene a controller writes (one frame, no script), without whitespace.
    static func jsonOf(_ vc: UIViewController) throws -> String {
        var s = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 30, duration: 0, directory: Package.root + "/scenes")
        s.rootViewController = vc
        return try s.json().filter { !$0.isWhitespace }
    }
}

/// A custom cell whose image differs from row to row (an avatar) as well as its label.
final class PeopleController: UITableViewController {
    let people = [("Ann Lee", "al"), ("Greg Hall", "gh"), ("Kim Jo", "kj")]
    final class PersonCell: UITableViewCell {
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        let avatar = UIImageView(frame: CGRect(x: 16, y: 6, width: 32, height: 32))
        let name = UILabel(frame: CGRect(x: 60, y: 0, width: 240, height: 44))
        required init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            contentView.addSubview(avatar)
            contentView.addSubview(name)
        }
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(PersonCell.self, forCellReuseIdentifier: "person")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { people.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "person", for: indexPath)
        guard let c = cell as? PersonCell else { return cell }
        c.name.text = people[indexPath.row].0
        c.avatar.image = UIImage(named: "assets/avatar-\(people[indexPath.row].1).png")
        return c
    }
}

final class CustomCellImageTests: XCTestCase {
    /// Each row's own cell holds its avatar (no template, no placeholders), and each row draws
    /// its own avatar.
    func testEachRowShowsItsOwnImage() throws {
        var scene = LayerScene(size: CGSize(width: 320, height: 200), scale: 2, fps: 10, duration: 0, directory: Package.root + "/scenes")
        scene.rootViewController = PeopleController(style: .plain)
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertFalse(json.contains("template"), json)
        XCTAssertTrue(json.contains(#""cell":{"layers":"#), json)
        XCTAssertTrue(json.contains(#""file":"assets/avatar-gh.png""#), json)
        let frame = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        // The middle of each avatar (32 pt at x 16, row tops 0, 44, 88): three different colours.
        let centres = (0..<3).map { row -> [UInt8] in
            let i = (((row * 44 + 22) * 2) * 640 + 32 * 2) * 4
            return Array(frame[i..<i + 3])
        }
        XCTAssertEqual(Set(centres.map { $0.map(String.init).joined(separator: ",") }).count, 3, "\(centres)")
    }
}
