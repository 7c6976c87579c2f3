import XCTest
@testable import TableRenderQuartz

/// A table controller of `count` built-in cells titled "Row N", for tests; `makeCell` and
/// `configure` change how each row's cell is made and set up, `cellClass` what is registered
/// (a custom cell's own initialiser configures it: `titled` false leaves its text alone).
class RowsController: UITableViewController {
    var count = 2
    var cellClass: UITableViewCell.Type = UITableViewCell.self
    var titled = true
    var makeCell: (UITableView, IndexPath) -> UITableViewCell = { t, p in t.dequeueReusableCell(withIdentifier: "c", for: p) }
    var configure: (UITableViewCell, IndexPath) -> Void = { _, _ in }

    convenience init(count: Int) {
        self.init(style: .plain)
        self.count = count
    }
    override func viewDidLoad() { tableView.register(cellClass, forCellReuseIdentifier: "c") }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = makeCell(tableView, indexPath)
        if titled { cell.textLabel?.text = "Row \(indexPath.row)" }
        configure(cell, indexPath)
        return cell
    }
}

extension Renderer {
    /// The straight RGB of the pixel at (`x`, `y`) of the frame at `t`, for tests.
    func rgb(at t: Double, _ x: Int, _ y: Int) -> [UInt8] {
        let f = frame(at: t)
        let i = (y * f.width + x) * 4
        return Array(f.unpremultipliedRGBA()[i..<i + 3])
    }
}

extension UIView {
    /// Adds this view to `container`, pinned to its edges `h` points in at the sides and `v`
    /// points in at the top and bottom, for tests.
    func pin(in container: UIView, h: CGFloat, v: CGFloat) {
        translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(self)
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: h),
            trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -h),
            topAnchor.constraint(equalTo: container.topAnchor, constant: v),
            bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -v),
        ])
    }
}
