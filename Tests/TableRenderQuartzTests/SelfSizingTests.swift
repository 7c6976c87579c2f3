import XCTest
@testable import TableRenderQuartz

/// Issue 50: self-sizing rows (`UITableView.automaticDimension`) are measured as they come on
/// screen, from the cell each shows, as UIKit does with estimated heights. Before, every row's
/// cell was asked for and measured at every update (4,000 rows and five inserts: 44,056 calls of
/// `cellForRowAt`), one cell served every measurement, and a row app code changed in its own
/// cell before `beginUpdates()`/`endUpdates()` was measured from a new cell instead.
final class SelfSizingTests: XCTestCase {
    /// A label pinned 11 pt inside the content view, and a red bar down its leading edge.
    final class Cell: UITableViewCell {
        let body = UILabel(), bar = UIView()
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            body.numberOfLines = 0
            bar.backgroundColor = .red
            for v in [body, bar] {
                v.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(v)
            }
            NSLayoutConstraint.activate([
                body.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                body.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                body.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 11),
                body.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -11),
                bar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                bar.widthAnchor.constraint(equalToConstant: 4),
                bar.topAnchor.constraint(equalTo: contentView.topAnchor),
                bar.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            ])
        }
    }

    final class List: UITableViewController {
        var texts: [String] = []
        var asked: [(path: IndexPath, cell: ObjectIdentifier)] = []
        override func viewDidLoad() {
            tableView.register(Cell.self, forCellReuseIdentifier: "cell")
            tableView.rowHeight = UITableView.automaticDimension
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            (cell as? Cell)?.body.text = texts[indexPath.row]
            asked.append((indexPath, ObjectIdentifier(cell)))
            return cell
        }
    }

    static let long = "A longer text that wraps onto three lines or more at this width, because it goes on and on and on"

    /// The height a row of `text` fits: 11 + the text's lines at 300 - 32 pt + 11.
    static func fitted(_ text: String) -> Double {
        let probe = UILabel()
        probe.numberOfLines = 0
        probe.text = text
        return Double(probe.sizeThatFits(CGSize(width: 300 - 32, height: 0)).height) + 22
    }

    /// The runs of red down x 1 of a 300 pt wide frame: each row's content view.
    static func redRuns(_ f: [UInt8], height: Int) -> [(start: Int, length: Int)] {
        var runs: [(start: Int, length: Int)] = []
        for y in 0..<height {
            let i = (y * 300 + 1) * 4
            guard f[i] == 255, f[i + 1] == 0, f[i + 2] == 0 else { continue }
            if let last = runs.last, last.start + last.length == y { runs[runs.count - 1].length += 1 } else { runs.append((y, 1)) }
        }
        return runs
    }

    func scene(_ list: UITableViewController, duration: Double = 1) -> LayerScene {
        var s = LayerScene(size: CGSize(width: 300, height: 400), scale: 1, fps: 10, duration: duration)
        s.rootViewController = list
        return s
    }

    func testOnlyTheRowsThatComeOnScreenAreAskedFor() throws {
        let list = List(style: .plain)
        list.texts = (0..<4_000).map { $0 % 3 == 0 ? "Row \($0), \(SelfSizingTests.long)" : "Row \($0)" }
        var s = scene(list, duration: 2)
        for k in 0..<5 {
            s.at(0.2 + Double(k) * 0.3) {
                list.texts.insert("New \(k)", at: 2)
                list.tableView.insertRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
            }
        }
        s.script = [.fling(at: 0.1, velocity: 3000)]
        _ = try s.json()
        // The fling shows some dozens of rows; UIKit asks for those, not for 4,000 at each of six layouts.
        XCTAssertGreaterThan(list.asked.count, 10)
        XCTAssertLessThan(list.asked.count, 200, "asked \(list.asked.count) times")
    }

    func testEachRowShownIsAskedForOnceAndShowsItsOwnCell() throws {
        let list = List(style: .plain)
        list.texts = (0..<6).map { "Row \($0)" }
        _ = try scene(list, duration: 0.3).json()
        XCTAssertEqual(list.asked.map(\.path.row), [0, 1, 2, 3, 4, 5], "each row once, as it comes on screen")
        XCTAssertEqual(Set(list.asked.map(\.cell)).count, 6, "six rows on screen hold six cells")
    }

    /// Rows far below the first screen are measured when the scroll brings them in, and drawn at
    /// the heights their cells' constraints give.
    func testRowsScrolledIntoViewDrawAtTheirFittedHeights() throws {
        let list = List(style: .plain)
        list.texts = (0..<40).map { $0 % 2 == 0 ? "Row \($0)" : "Row \($0), \(SelfSizingTests.long)" }
        var s = scene(list)
        s.script = [.scroll(at: 0, to: 1200, duration: 0.2)]
        let f = try Renderer(s).frame(at: 0.8).unpremultipliedRGBA()
        let runs = SelfSizingTests.redRuns(f, height: 400).filter { $0.start > 0 && $0.start + $0.length < 400 }
        XCTAssertGreaterThanOrEqual(runs.count, 3, "\(runs)")
        let short = SelfSizingTests.fitted("Row 10"), tall = SelfSizingTests.fitted("Row 11, \(SelfSizingTests.long)")
        XCTAssertGreaterThan(tall, short + 30)
        for run in runs {
            let near = [short, tall].min { abs($0 - Double(run.length)) < abs($1 - Double(run.length)) } ?? short
            XCTAssertEqual(Double(run.length), near, accuracy: 1, "a content view of \(run.length) pt: \(runs)")
        }
        XCTAssertTrue(runs.contains { abs(Double($0.length) - tall) <= 1 } && runs.contains { abs(Double($0.length) - short) <= 1 })
        XCTAssertLessThan(list.asked.count, 40, "rows the scroll passed over without showing them are not asked for")
    }

    /// UIKit's expanding cell: app code changes the cell it holds, then `beginUpdates()` and
    /// `endUpdates()`; the row is measured again from that cell and grows with the update.
    func testARowWhoseOwnCellChangedGrowsWithBeginAndEndUpdates() throws {
        let list = List(style: .plain)
        list.texts = (0..<4).map { "Row \($0)" }
        var s = scene(list)
        s.at(0.2) {
            (list.tableView.cellForRow(at: IndexPath(row: 1, section: 0)) as? Cell)?.body.text = SelfSizingTests.long
            list.tableView.beginUpdates()
            list.tableView.endUpdates()
        }
        let before = SelfSizingTests.redRuns(try Renderer(s).frame(at: 0.1).unpremultipliedRGBA(), height: 400)
        let after = SelfSizingTests.redRuns(try Renderer(s).frame(at: 0.7).unpremultipliedRGBA(), height: 400)
        XCTAssertEqual(before.count, 4, "\(before)")
        XCTAssertEqual(after.count, 4, "\(after)")
        guard before.count == 4, after.count == 4 else { return }
        XCTAssertEqual(Double(before[1].length), SelfSizingTests.fitted("Row 1"), accuracy: 1)
        XCTAssertEqual(Double(after[1].length), SelfSizingTests.fitted(SelfSizingTests.long), accuracy: 1, "row 1 as its changed cell fits")
        XCTAssertEqual(after[2].start, after[1].start + after[1].length + 1, accuracy: 1, "row 2 moved down below it")
    }

    /// A probe: two updates made by one piece of code gave rows the heights of the rows that had
    /// been at their indexes (the cells in view were found by the last frame's index paths).
    func testTwoUpdatesInOneBlockMeasureEachRowFromItsOwnCell() throws {
        let list = List(style: .plain)
        list.texts = (0..<10).map { $0 % 2 == 0 ? "Row \($0) \(SelfSizingTests.long)" : "Row \($0)" }
        var s = scene(list)
        s.at(0.3) {
            list.texts.insert("New A", at: 0)
            list.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            list.texts.insert("New B", at: 5)
            list.tableView.insertRows(at: [IndexPath(row: 5, section: 0)], with: .fade)
        }
        let runs = SelfSizingTests.redRuns(try Renderer(s).frame(at: 0.9).unpremultipliedRGBA(), height: 400)
        let texts = Array(list.texts.prefix(runs.count))
        XCTAssertGreaterThanOrEqual(runs.count, 4, "\(runs)")
        for (run, text) in zip(runs, texts) where run.start + run.length < 399 {
            XCTAssertEqual(Double(run.length), SelfSizingTests.fitted(text), accuracy: 1, "\(text): \(runs)")
        }
    }

    /// A cell whose content is a fixed 4 pt tall.
    final class ThinCell: UITableViewCell {
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            let bar = UIView()
            bar.backgroundColor = .red
            bar.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(bar)
            NSLayoutConstraint.activate([
                bar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                bar.widthAnchor.constraint(equalToConstant: 4),
                bar.topAnchor.constraint(equalTo: contentView.topAnchor),
                bar.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                bar.heightAnchor.constraint(equalToConstant: 4),
            ])
        }
    }

    final class Thin: UITableViewController {
        var asked = 0
        override func viewDidLoad() {
            tableView.register(ThinCell.self, forCellReuseIdentifier: "thin")
            tableView.rowHeight = UITableView.automaticDimension
            tableView.estimatedRowHeight = 400
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 300 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            asked += 1
            return tableView.dequeueReusableCell(withIdentifier: "thin", for: indexPath)
        }
    }

    /// A probe: rows a hundred times shorter than the estimate came into view one measuring
    /// round each, and past 64 rounds the rest kept the 400 pt estimate for good. The rows that
    /// come into view as measured rows shrink are measured in the same round.
    func testRowsFarShorterThanTheEstimateFillTheScreen() throws {
        let list = Thin(style: .plain)
        let runs = SelfSizingTests.redRuns(try Renderer(scene(list)).frame(at: 0).unpremultipliedRGBA(), height: 400)
        XCTAssertEqual(runs.count, 80, "400 pt of 5 pt rows: \(runs.count) runs")
        XCTAssertTrue(runs.allSatisfy { $0.length == 4 }, "\(runs.filter { $0.length != 4 })")
        XCTAssertLessThan(list.asked, 100)
    }

    /// A probe: a label's text set in `willDisplay` (no animation can carry it) was refused as an
    /// animation of `text.string`; it is the cell's content from the display on.
    func testATextSetInWillDisplayIsTheCellsContent() throws {
        final class Marked: UITableViewController {
            override func viewDidLoad() {
                tableView.register(Cell.self, forCellReuseIdentifier: "cell")
                tableView.rowHeight = UITableView.automaticDimension
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                (cell as? Cell)?.body.text = "Row \(indexPath.row)"
                return cell
            }
            override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                if indexPath.row == 1 { (cell as? Cell)?.body.text = "Shown" }
            }
        }
        var s = LayerScene(size: CGSize(width: 300, height: 400), scale: 1, fps: 10, duration: 0.3)
        s.rootViewController = Marked(style: .plain)
        let json = try s.json()
        XCTAssertTrue(json.contains("\"Shown\""), "row 1 shows the text willDisplay set")
        XCTAssertTrue(json.contains("\"Row 0\""))
    }

    /// A probe: exactly 100,000 rows (the most a table takes) were refused as more.
    func testATableOfExactlyTheMostRowsIsTaken() throws {
        final class Many: UITableViewController {
            var count = 100_000
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
        }
        let many = Many(style: .plain)
        _ = many.tableView.queriedSections()
        XCTAssertTrue(many.tableView.app.problems.isEmpty, "\(many.tableView.app.problems.map(\.message))")
        many.count = 100_001
        _ = many.tableView.queriedSections()
        XCTAssertEqual(many.tableView.app.problems.map(\.message), ["the data source has more than 100000 rows"])
    }

    /// A probe: a self-sizing cell taller than a row may be (10,000 pt) kept the estimate
    /// without a word; the scene is refused with what to change.
    func testASelfSizingCellTallerThanARowMayBeIsSaid() throws {
        final class Tower: UITableViewController {
            final class TowerCell: UITableViewCell {
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
                required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                    super.init(style: style, reuseIdentifier: reuseIdentifier)
                    let v = UIView()
                    v.translatesAutoresizingMaskIntoConstraints = false
                    contentView.addSubview(v)
                    NSLayoutConstraint.activate([
                        v.topAnchor.constraint(equalTo: contentView.topAnchor), v.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                        v.leadingAnchor.constraint(equalTo: contentView.leadingAnchor), v.heightAnchor.constraint(equalToConstant: 20_000),
                    ])
                }
            }
            override func viewDidLoad() {
                tableView.register(TowerCell.self, forCellReuseIdentifier: "t")
                tableView.rowHeight = UITableView.automaticDimension
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "t", for: indexPath)
            }
        }
        var s = LayerScene(size: CGSize(width: 300, height: 400), scale: 1, fps: 10, duration: 0.3)
        s.rootViewController = Tower(style: .plain)
        XCTAssertThrowsError(try s.json()) { error in
            XCTAssertTrue("\(error)".contains("a self-sizing row's cell (TowerCell) fits more than 10,000 points"), "\(error)")
        }
    }
}
