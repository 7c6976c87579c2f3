import XCTest
@testable import TableRenderQuartz

/// A form's text fields at rest (issue 51): the placeholder in `placeholderText` until the code
/// sets a text, a secure field's bullets, and a border refused by name. `UITextField` did not
/// exist: a form's code did not compile.
final class TextFieldTests: XCTestCase {
    final class Form: UITableViewController {
        let name = UITextField(), password = UITextField()
        var border = UITextField.BorderStyle.none
        override func viewDidLoad() {
            super.viewDidLoad()
            name.placeholder = "Name"
            name.autocapitalizationType = .words
            name.clearButtonMode = .whileEditing
            name.addTarget(self, action: Form.changed, for: .editingChanged)
            password.placeholder = "Password"
            password.isSecureTextEntry = true
            password.text = "hunter2"
            password.borderStyle = border
        }
        func changed() {}
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(frame: .zero)
            let field = indexPath.row == 0 ? name : password
            field.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(field)
            NSLayoutConstraint.activate([
                field.leadingAnchor.constraint(equalTo: cell.contentView.layoutMarginsGuide.leadingAnchor),
                field.trailingAnchor.constraint(equalTo: cell.contentView.layoutMarginsGuide.trailingAnchor),
                field.centerYAnchor.constraint(equalTo: cell.contentView.centerYAnchor),
            ])
            return cell
        }
    }

    func testAFieldShowsItsPlaceholderThenItsText() throws {
        var scene = LayerScene(size: CGSize(width: 320, height: 120), scale: 2, fps: 10, duration: 1)
        let form = Form(style: .plain)
        scene.rootViewController = form
        scene.at(0.5) { form.name.text = "Jane Appleseed" }
        let json = try scene.json()
        XCTAssertTrue(json.contains("\"Name\"") && json.contains("Jane Appleseed") && json.contains("\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}"), json)
        XCTAssertFalse(json.contains("hunter2"), "a secure field shows bullets")
        let r = try Renderer(scene)
        if let out = ProcessInfo.processInfo.environment["TEXTFIELD_PNG"] {
            try Data(r.png(at: 0)).write(to: URL(fileURLWithPath: out + "-0.png"))
            try Data(r.png(at: 1)).write(to: URL(fileURLWithPath: out + "-1.png"))
        }
        XCTAssertNotEqual(r.frame(at: 0).unpremultipliedRGBA(), r.frame(at: 1).unpremultipliedRGBA())
        XCTAssertGreaterThan(form.name.frame.height, 15, "as tall as a line of its font, with only a placeholder")
    }

    func testABorderIsRefusedByName() {
        var scene = LayerScene(size: CGSize(width: 320, height: 120), fps: 10, duration: 0)
        let form = Form(style: .plain)
        form.border = .roundedRect
        scene.rootViewController = form
        XCTAssertThrowsError(try scene.json()) { XCTAssertTrue("\($0)".contains("UITextField.borderStyle .roundedRect: a field's border is not drawn yet"), "\($0)") }
    }
}
