import XCTest
import Foundation
import JSONText
import SceneModel
import TableRender
import TestSupport
@testable import TableRenderQuartz

/// A Swift scene with a table is recorded into the model and rendered from it (issue 50, step
/// 6): no JSON text is written and parsed back on the way, and what its `json()` writes draws
/// the same pixels. Its problems are found on the model, named by the table's paths.
final class TableModelRouteTests: XCTestCase {
    /// A navigation controller over a table of custom cells (a coloured view laid out in the
    /// content view), a fade in `willDisplay`, a tap that deletes its row, a swipe and a scroll.
    final class Inbox: RowsController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Inbox"
            makeCell = { _, p in
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                let dot = UIView()
                dot.backgroundColor = p.row % 2 == 0 ? .systemBlue : .systemOrange
                dot.layer.cornerRadius = 6
                dot.pin(in: cell.contentView, h: 140, v: 16)
                return cell
            }
        }
        override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            cell.alpha = 0
            UIView.animate(withDuration: 0.3) { cell.alpha = 1 }
        }
        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            count -= 1
            tableView.deleteRows(at: [indexPath], with: .fade)
        }
    }

    static func inboxScene() -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 320, height: 480), scale: 1, fps: 10, duration: 1.5)
        scene.script = [.tap(at: 0.2, row: 1), .swipe(at: 0.6, IndexPath(row: 0, section: 0)), .scroll(at: 0.9, to: 300, duration: 0.4)]
        scene.rootViewController = UINavigationController(rootViewController: Inbox(count: 30))
        return scene
    }

    func testATableSceneIsRenderedFromItsModelNotFromJSONText() throws {
        let scene = TableModelRouteTests.inboxScene()
        let before = JSONParser.documentsParsed
        let renderer = try Renderer(scene)
        let frames = [0, 0.3, 0.8, 1.5].map { renderer.frame(at: $0).data }
        XCTAssertEqual(JSONParser.documentsParsed, before, "a Swift scene with a table was parsed from JSON text")
        XCTAssertNotNil(renderer.loaded.scene.table?.display, "the willDisplay fade is in the model")
        XCTAssertNotNil(renderer.loaded.scene.navigationBar)
        XCTAssertEqual(renderer.loaded.scene.script.count, 4, "the tap, its deleteRows, the swipe and the scroll")
        // The counter counts: the same scene through its JSON parses one document and draws the same pixels.
        let viaJSON = Renderer(loaded: try SceneLoader.load(bytes: Array(try scene.json().utf8), displayName: "json", directory: scene.directory))
        XCTAssertEqual(JSONParser.documentsParsed, before + 1)
        for (t, pixels) in zip([0, 0.3, 0.8, 1.5], frames) {
            XCTAssertTrue(viaJSON.frame(at: t).data == pixels, "the model and its JSON draw different pixels at \(t) s")
        }
    }

    func problems(_ setUp: (UITableView) -> Void) -> [String] {
        var scene = LayerScene(size: CGSize(width: 320, height: 480), fps: 10, duration: 0.5)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.sections = [UITableViewSection(rows: ["A", "B"].map { UITableViewRow(title: $0) })]
        setUp(table)
        scene.tableView = table
        do {
            _ = try scene.load()
            return []
        } catch {
            return error.problems.map { "\($0.path): \($0.message)" }
        }
    }

    /// What Swift code can set wrong on a table is found on the model, with the format's paths
    /// and wording, and does not trap on the way (before, these came from decoding its JSON).
    func testATablesProblemsAreFoundOnTheModel() {
        XCTAssertEqual(problems { $0.rowHeight = -5 }, ["table.rowHeight: expected a number > 0 and <= 10000, found -5"])
        XCTAssertEqual(problems { $0.sections[0].rows[1].height = .nan },
                       ["table.sections[0].rows[1].height: expected a number >= 0 and <= 10000, found nan"])
        XCTAssertEqual(problems { $0.separatorColor = UIColor(red: .nan, green: 0, blue: 0, alpha: 1) },
                       ["table.separator.color: expected a colour of finite components, found [nan, 0, 0, 1]"])
        XCTAssertEqual(problems { $0.collapsingHeader = CollapsingHeader(maxHeight: 60, minHeight: 90) },
                       ["table.header.minHeight: expected at most maxHeight (60), found 90"])
        XCTAssertEqual(problems { $0.cellCard = TableCellCard(shadowOpacity: 2) },
                       ["table.cell.card.shadowOpacity: expected a number >= 0 and <= 1, found 2"])
        XCTAssertEqual(problems { _ in }, [])
    }
}
