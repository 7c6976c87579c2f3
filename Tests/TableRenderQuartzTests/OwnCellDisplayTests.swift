import XCTest
import SceneModel
@testable import TableRenderQuartz

/// `willDisplay` on each row's own cell (issue 50): UIKit calls it for a row right after that
/// row's `cellForRowAt`, with the cell it returned, before the row shows. Before, the scene ran
/// every display after the fact on one cell (the first custom cell shown), so code that read
/// the cell saw another row's state.
final class OwnCellDisplayTests: XCTestCase {
    final class FlagCell: UITableViewCell {
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        let badge = UIView()
        var urgent = false
        required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            badge.accessibilityIdentifier = "badge"
            badge.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            badge.backgroundColor = .systemRed
            contentView.addSubview(badge)
        }
        override func prepareForReuse() {
            super.prepareForReuse()
            urgent = false
        }
    }

    /// Odd rows are urgent: their badge pulses in as the row shows; the others' stays.
    final class Flags: UITableViewController {
        var log: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(FlagCell.self, forCellReuseIdentifier: "flag")
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            log.append("cell \(indexPath.row)")
            let cell = tableView.dequeueReusableCell(withIdentifier: "flag", for: indexPath)
            (cell as? FlagCell)?.urgent = indexPath.row % 2 == 1
            return cell
        }
        override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            log.append("display \(indexPath.row)")
            guard let c = cell as? FlagCell, c.urgent else { return }
            c.badge.layer.opacity = 0
            UIView.animate(withDuration: 0.4) { c.badge.layer.opacity = 1 }
        }
    }

    func scene(_ vc: Flags) -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 200, height: 220), scale: 1, fps: 10, duration: 1)
        scene.rootViewController = vc
        scene.script = [.scroll(at: 0.2, to: 400, duration: 0.5)]
        return scene
    }

    func testWillDisplayComesRightAfterEachRowsCellForRowAt() throws {
        let vc = Flags(style: .plain)
        _ = try scene(vc).json()
        let cells = vc.log.filter { $0.hasPrefix("cell") }
        XCTAssertGreaterThan(cells.count, 10, "rows came on screen as the table scrolled")
        for (i, entry) in vc.log.enumerated() where entry.hasPrefix("cell") {
            XCTAssertEqual(vc.log.indices.contains(i + 1) ? vc.log[i + 1] : nil, "display" + entry.dropFirst(4), "at \(i): \(vc.log)")
        }
    }

    /// The urgent rows' badges fade in, the others' do not: each row's display is its own
    /// cell's (before, every display read the first cell shown, so no row or every row animated).
    func testEachRowsDisplayReadsItsOwnCell() throws {
        let (scene, _) = try scene(Flags(style: .plain)).recorded()
        let table = try XCTUnwrap(scene.table)
        let effect = try XCTUnwrap(table.display, "the urgent rows' fade is the table's effect")
        XCTAssertEqual(effect.animations?.first?.layer, "badge")
        let rows = scene.tableRows
        // Rows 0 ... 13 all come on screen as the table scrolls 400 pt: the odd ones take the
        // table's effect, the even ones none (the first screen animates, so they say so).
        for i in 0..<14 {
            switch rows[i].display {
            case .table: XCTAssertEqual(i % 2, 1, "row \(i) animates")
            case .none: XCTAssertEqual(i % 2, 0, "row \(i) does not animate")
            case .effect: XCTFail("row \(i) has an effect of its own")
            }
        }
    }
}
