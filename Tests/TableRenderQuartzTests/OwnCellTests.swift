import XCTest
@testable import TableRenderQuartz

/// Each row is the app's own cell (issue 50, step 6): a data source's custom cell is laid out
/// for its row as UIKit lays it out (the cell's and the content view's frames, Auto Layout with
/// labels' intrinsic sizes inside the solve) and drawn as configured for that row, whatever
/// differs between rows.
final class OwnCellTests: XCTestCase {
    /// An RGB pixel of a frame `width` pixels wide.
    func pixel(_ f: [UInt8], _ width: Int, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(f[i..<i + 3])
    }

    /// A blue 20 x 10 view 100 pt in, 2 pt above the content view's bottom.
    static func pinFoot(_ foot: UIView, in contentView: UIView) {
        foot.backgroundColor = .blue
        foot.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(foot)
        NSLayoutConstraint.activate([
            foot.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 100),
            foot.widthAnchor.constraint(equalToConstant: 20),
            foot.heightAnchor.constraint(equalToConstant: 10),
            foot.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -2),
        ])
    }

    func frame(_ vc: UIViewController, size: CGSize, at t: Double = 0) throws -> [UInt8] {
        var scene = LayerScene(size: size, scale: 1, fps: 10, duration: 0.5)
        scene.rootViewController = vc
        return try Renderer(scene).frame(at: t).unpremultipliedRGBA()
    }

    /// The most common custom cell: subviews in `contentView` placed by constraints. The badge
    /// pinned to the content view's trailing edge sits at the row's width (393 pt), centred in
    /// the 72 pt row; the subtitle pinned below the title lands below the title's text, not at
    /// the top (before: the content view stayed 320 x 44 and the title's height came after the
    /// solve, so the badge sat at x 280 and the subtitle at y 4).
    func testACellLaidOutWithAutoLayoutInItsContentViewDrawsWhereIOSDrawsIt() throws {
        final class Cell: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            let title = UILabel(), subtitle = UILabel(), badge = UIView()
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                for v in [title, subtitle, badge] {
                    v.translatesAutoresizingMaskIntoConstraints = false
                    contentView.addSubview(v)
                }
                subtitle.backgroundColor = .green
                badge.backgroundColor = .red
                NSLayoutConstraint.activate([
                    title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 20),
                    title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
                    subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                    subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
                    badge.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                    badge.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
                    badge.widthAnchor.constraint(equalToConstant: 24),
                    badge.heightAnchor.constraint(equalToConstant: 24),
                ])
            }
        }
        final class List: UITableViewController {
            override func viewDidLoad() {
                tableView.register(Cell.self, forCellReuseIdentifier: "cell")
                tableView.rowHeight = 72
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                if let c = cell as? Cell {
                    c.title.text = "Title \(indexPath.row)"
                    c.subtitle.text = "Subtitle"
                }
                return cell
            }
        }
        let f = try frame(List(style: .plain), size: CGSize(width: 393, height: 240))
        let red: [UInt8] = [255, 0, 0], white: [UInt8] = [255, 255, 255]
        // The content view is 393 x 71 (the separator's pixel below it): the badge's centre at y 35.5.
        for row in 0..<3 {
            let top = row * 72
            XCTAssertEqual(pixel(f, 393, 365, top + 35), red, "row \(row): the badge at the trailing edge")
            XCTAssertEqual(pixel(f, 393, 354, top + 25), red, "row \(row): the badge's top left (353.5, 23.5)")
            XCTAssertEqual(pixel(f, 393, 351, top + 35), white, "row \(row): nothing left of the badge")
            XCTAssertEqual(pixel(f, 393, 292, top + 22), white, "row \(row): not where a 320 pt content view put it")
        }
        // The subtitle's green starts below the title's line (8 + its height + 4), not at y 4.
        let greenRows = (0..<72).filter { pixel(f, 393, 22, $0) == [0, 255, 0] }
        let first = try XCTUnwrap(greenRows.first, "the subtitle is drawn")
        XCTAssertGreaterThanOrEqual(first, 30, "below the title's text")
        XCTAssertLessThanOrEqual(first, 40, "just below it")
    }

    /// Rows whose cells differ in a colour, in a hidden subview and in height draw as each was
    /// configured (they were refused before: the first cell was every row's template), and the
    /// tall row's view pinned to the bottom of its content view is drawn at the bottom.
    func testRowsThatDifferInColourHiddenViewsAndHeightDrawAsConfigured() throws {
        final class Cell: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            let swatch = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20)), dot = UIView(), foot = UIView()
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                dot.frame = CGRect(x: 50, y: 10, width: 20, height: 20)
                dot.backgroundColor = .black
                for v in [swatch, dot] { contentView.addSubview(v) }
                OwnCellTests.pinFoot(foot, in: contentView)
            }
        }
        final class List: UITableViewController {
            let colours: [UIColor] = [.red, .green, .blue]
            override func viewDidLoad() { tableView.register(Cell.self, forCellReuseIdentifier: "cell") }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
                indexPath.row == 2 ? 88 : 44
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                if let c = cell as? Cell {
                    c.swatch.backgroundColor = colours[indexPath.row]
                    c.dot.isHidden = indexPath.row == 1
                }
                return cell
            }
        }
        let f = try frame(List(style: .plain), size: CGSize(width: 200, height: 200))
        XCTAssertEqual(pixel(f, 200, 20, 20), [255, 0, 0], "row 0's swatch is red")
        XCTAssertEqual(pixel(f, 200, 20, 64), [0, 255, 0], "row 1's swatch is green")
        XCTAssertEqual(pixel(f, 200, 20, 108), [0, 0, 255], "row 2's swatch is blue")
        XCTAssertEqual(pixel(f, 200, 60, 20), [0, 0, 0], "row 0 shows its dot")
        XCTAssertEqual(pixel(f, 200, 60, 64), [255, 255, 255], "row 1 hid its dot")
        XCTAssertEqual(pixel(f, 200, 60, 108), [0, 0, 0], "row 2 shows its dot")
        // Row 2 spans 88 ... 176; its content view 87 tall: the foot at 75 ... 85 inside it.
        XCTAssertEqual(pixel(f, 200, 110, 88 + 80), [0, 0, 255], "the tall row's foot at its bottom")
        XCTAssertEqual(pixel(f, 200, 110, 88 + 35), [255, 255, 255], "not where a 44 pt cell put it")
        XCTAssertEqual(pixel(f, 200, 110, 36), [0, 0, 255], "a 44 pt row's foot at its bottom")
    }

    /// A custom row that grows (a tap, a new height, `beginUpdates()`/`endUpdates()`) draws its
    /// content laid out for the new height: the view pinned to the content view's bottom is at
    /// the bottom of the grown row (it stayed where the 44 pt layout put it).
    func testAGrownCustomRowDrawsItsContentLaidOutForItsNewHeight() throws {
        final class Cell: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            let foot = UIView()
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                OwnCellTests.pinFoot(foot, in: contentView)
            }
        }
        final class List: UITableViewController {
            var grown: Set<Int> = []
            override func viewDidLoad() { tableView.register(Cell.self, forCellReuseIdentifier: "cell") }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
                grown.contains(indexPath.row) ? 88 : 44
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                cell.selectionStyle = .none
                return cell
            }
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                grown.insert(indexPath.row)
                tableView.beginUpdates()
                tableView.endUpdates()
            }
        }
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = List(style: .plain)
        scene.script = [.tap(at: 0.1, row: 0)]
        let f = try Renderer(scene).frame(at: 1).unpremultipliedRGBA()
        XCTAssertEqual(pixel(f, 200, 110, 80), [0, 0, 255], "the grown row's foot at its new bottom (75 ... 85)")
        XCTAssertEqual(pixel(f, 200, 110, 36), [255, 255, 255], "not where the 44 pt layout put it")
        XCTAssertEqual(pixel(f, 200, 110, 88 + 36), [0, 0, 255], "row 1, moved down, keeps its 44 pt layout")
    }

    /// Self-sizing rows (`UITableView.automaticDimension`): each row is as tall as its cell's
    /// constraints make its content view at the row's width (UIKit's
    /// `systemLayoutSizeFitting`), plus the separator's pixel; a label of several lines wraps
    /// at the width its constraints give. Before, every row was 44 pt.
    func testSelfSizingRowsAreAsTallAsTheirCellsConstraintsMakeThem() throws {
        // The cell: a label pinned 11 pt inside the content view, a red bar down its edge (SelfSizingTests.Cell).
        let texts = ["One line", "A text long enough to wrap onto a second line at this width",
                     "A longer text that wraps onto three lines or more at this width, because it goes on and on and on"]
        // Its rows' texts from an array, self-sizing.
        let list = SelfSizingTests.List(style: .plain)
        list.texts = texts
        let f = try frame(list, size: CGSize(width: 300, height: 400))
        // The red bar spans each content view: runs of red down x 1.
        var runs: [(start: Int, length: Int)] = []
        for y in 0..<400 where pixel(f, 300, 1, y) == [255, 0, 0] {
            if let last = runs.last, last.start + last.length == y { runs[runs.count - 1].length += 1 } else { runs.append((y, 1)) }
        }
        XCTAssertEqual(runs.count, 3, "\(runs)")
        guard runs.count == 3 else { return }
        for (i, text) in texts.enumerated() {
            let probe = UILabel()
            probe.numberOfLines = 0
            probe.text = text
            let lines = probe.sizeThatFits(CGSize(width: 300 - 32, height: 0)).height
            XCTAssertEqual(Double(runs[i].length), Double(lines + 22), accuracy: 1, "row \(i): 11 + its text's height + 11")
        }
        XCTAssertGreaterThan(runs[2].length, runs[1].length)
        XCTAssertGreaterThan(runs[1].length, runs[0].length + 15, "two lines against one")
        // Each row starts one pixel (the separator) below the previous content view.
        XCTAssertEqual(runs[1].start, runs[0].start + runs[0].length + 1, accuracy: 1)
        XCTAssertEqual(runs[2].start, runs[1].start + runs[1].length + 1, accuracy: 1)
    }

    /// A built-in style cell's `backgroundColor` is drawn (it was dropped without a word).
    func testABuiltInCellsBackgroundColourIsDrawn() throws {
        let list = RowsController(count: 2)
        list.configure = { cell, p in if p.row == 1 { cell.backgroundColor = .yellow } }
        let f = try frame(list, size: CGSize(width: 200, height: 120))
        XCTAssertEqual(pixel(f, 200, 190, 22), [255, 255, 255], "row 0 keeps the table's background")
        XCTAssertEqual(pixel(f, 200, 190, 66), [255, 255, 0], "row 1's cell is yellow")
    }

    /// What a row's own cell cannot draw is refused in Swift's terms: the row, the cell's class,
    /// the view (its class and identifier) and the property.
    func testAProblemInARowsCellNamesTheCellTheViewAndTheProperty() throws {
        final class ArtCell: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                let art = UIView(frame: CGRect(x: 8, y: 8, width: 20, height: 20))
                art.accessibilityIdentifier = "art"
                art.layer.contents = "a string, not an image"
                contentView.addSubview(art)
            }
        }
        final class List: UITableViewController {
            override func viewDidLoad() { tableView.register(ArtCell.self, forCellReuseIdentifier: "art") }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "art", for: indexPath)
            }
        }
        var scene = LayerScene(size: CGSize(width: 200, height: 100), scale: 1, fps: 10, duration: 0.5)
        scene.rootViewController = List(style: .plain)
        XCTAssertThrowsError(try scene.json()) { error in
            let said = "\(error)"
            XCTAssertTrue(said.contains(#"cellForRowAt [0, 0]: ArtCell: contentView.sublayers["#), said)
            XCTAssertTrue(said.contains(#"].contents: UIView "art": expected a CGImage"#), said)
        }
    }

    /// Custom cells and built-in style cells in one table each draw as themselves (refused before).
    func testCustomAndBuiltInCellsShareATable() throws {
        final class Cell: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                let block = UIView(frame: CGRect(x: 150, y: 10, width: 20, height: 20))
                block.backgroundColor = .magenta
                contentView.addSubview(block)
            }
        }
        final class List: UITableViewController {
            override func viewDidLoad() {
                tableView.register(Cell.self, forCellReuseIdentifier: "custom")
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "plain")
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                if indexPath.row == 0 { return tableView.dequeueReusableCell(withIdentifier: "custom", for: indexPath) }
                let cell = tableView.dequeueReusableCell(withIdentifier: "plain", for: indexPath)
                cell.textLabel?.text = "Plain"
                return cell
            }
        }
        let f = try frame(List(style: .plain), size: CGSize(width: 200, height: 120))
        XCTAssertEqual(pixel(f, 200, 160, 20), [255, 0, 255], "row 0's own view")
        XCTAssertEqual(pixel(f, 200, 160, 64), [255, 255, 255], "row 1 has none")
        let dark = (50..<78).flatMap { y in (16..<60).map { pixel(f, 200, $0, y)[0] } }.min() ?? 255
        XCTAssertLessThan(dark, 100, "row 1's built-in title is drawn")
    }

    /// The run loop learns which data source row the engine shows from the row's model
    /// `origin`, not from a token written as the row's title and read back (issue 50): every
    /// row, those an update inserts too, carries its own, and its title is the cell's.
    func testTheRunLoopKnowsEachRowByItsOriginNotByATitle() throws {
        let list = RowsController(count: 4)
        var scene = LayerScene(size: CGSize(width: 200, height: 200), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = list
        scene.at(0.3) {
            list.count = 5
            list.tableView.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        }
        _ = try scene.json()
        let simulated = try XCTUnwrap(scene.simulation(list.tableView))
        let origins = simulated.tokens.compactMap { $0 }
        XCTAssertEqual(simulated.tokens.count, 5, "four rows, and the one inserted")
        XCTAssertEqual(origins.count, 5, "each row carries its origin")
        XCTAssertEqual(Set(origins).count, 5, "each its own")
        let first = try XCTUnwrap(origins.first)
        XCTAssertTrue(origins.dropFirst(4).allSatisfy { $0 > first }, "the inserted row's comes from its update")
    }
    /// A scene file read back into Swift objects (`LayerScene(json:)`, as the live preview and
    /// `LayerScene(contentsOf:)` do) keeps each row's own cell: its layers, background and
    /// separator inset (they were dropped, and the rows drew their titles only).
    func testARowsOwnCellSurvivesTheSceneFile() throws {
        final class List: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                let swatch = UIView(frame: CGRect(x: 150, y: 10, width: 30, height: 20))
                swatch.backgroundColor = indexPath.row == 0 ? .red : .blue
                cell.contentView.addSubview(swatch)
                cell.backgroundColor = .yellow
                return cell
            }
        }
        var scene = LayerScene(size: CGSize(width: 200, height: 120), scale: 1, fps: 1, duration: 0)
        scene.rootViewController = List(style: .plain)
        let file = try LayerScene(json: Array(try scene.json().utf8))
        let a = try Renderer(scene), b = try Renderer(file)
        XCTAssertEqual(b.rgb(at: 0, 160, 20), [255, 0, 0], "row 0's own view")
        XCTAssertEqual(b.rgb(at: 0, 160, 64), [0, 0, 255], "row 1's own view")
        XCTAssertEqual(b.rgb(at: 0, 20, 20), [255, 255, 0], "the cell's background")
        XCTAssertTrue(a.frame(at: 0).unpremultipliedRGBA() == b.frame(at: 0).unpremultipliedRGBA(), "the file draws what the code drew")
    }
}
