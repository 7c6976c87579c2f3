import XCTest
import Foundation
import Geometry
import SceneJSON
import SceneModel
import TableRender
import TestSupport
@testable import TableRenderQuartz

/// A built-in cell's image rounded and at most a size (issue 51): a list configuration's
/// `imageProperties.cornerRadius` and `maximumSize`, and an `imageView` whose layer clips to its
/// rounded corners (avatars), JSON row `image.cornerRadius` and `image.maximumSize`. Before, the
/// configuration's were refused and the image view's corners dropped.
final class ImageLookTests: XCTestCase {
    /// A 64 x 64 pt orange avatar in three rows: as it is, rounded to a circle, at most 32 pt.
    let json = """
    {"canvas": {"size": [240, 240], "scale": 1}, "fps": 1, "duration": 0,
     "table": {"rowHeight": 80, "sections": [{"rows": [
       {"title": "Plain", "image": {"file": "assets/avatar-al.png", "size": [64, 64]}},
       {"title": "Round", "image": {"file": "assets/avatar-al.png", "size": [64, 64], "cornerRadius": 32}},
       {"title": "Small", "image": {"file": "assets/avatar-al.png", "size": [64, 64], "maximumSize": [32, 0]}}
     ]}]}}
    """

    func render(_ text: String) throws -> Renderer {
        Renderer(loaded: try SceneLoader.load(bytes: Array(text.utf8), displayName: "t", directory: Package.root + "/scenes"))
    }

    /// Whether the pixel at (x, y) is the avatar's orange (not the white cell).
    func orange(_ r: Renderer, _ x: Int, _ y: Int) -> Bool {
        let p = r.rgb(at: 0, x, y)
        return p[0] > 200 && p[2] < 120
    }

    func testARowsImageIsRoundedAndFitted() throws {
        let r = try render(json)
        // The image sits at the 16 pt margin, centred in its 80 pt row: 16 ... 80 across, 8 ... 72 down.
        XCTAssertTrue(orange(r, 18, 10), "a square image fills its corner")
        XCTAssertFalse(orange(r, 18, 80 + 10), "a round one does not")
        XCTAssertTrue(orange(r, 20, 80 + 40), "but fills its circle")
        XCTAssertTrue(orange(r, 18, 160 + 26), "the small one is 32 pt across, centred in its row")
        XCTAssertFalse(orange(r, 18, 160 + 22), "and 32 pt tall")
        XCTAssertFalse(orange(r, 52, 160 + 40), "and ends there")
        // Encoded and decoded, the same.
        let scene = try SceneDecoder.decode(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let rows = scene.tableRows
        XCTAssertEqual(rows[1].imageLook, TableModel.ImageLook(cornerRadius: 32))
        XCTAssertEqual(rows[2].imageLook?.maximumSize, Point(32, 0))
        let again = try SceneDecoder.decode(bytes: Array(JSONWriter.write(SceneEncoder.scene(scene)).utf8), displayName: "t", directory: ".")
        XCTAssertEqual(again.tableRows.map(\.imageLook), rows.map(\.imageLook))
    }

    /// From Swift: a list configuration's image properties, and a legacy cell's rounded image view.
    func testSwiftCellsRoundAndFitTheirImages() throws {
        let list = RowsController(count: 3)
        list.makeCell = { _, _ in UITableViewCell(style: .subtitle, reuseIdentifier: nil) }
        list.configure = { cell, p in
            switch p.row {
            case 1:
                var content = cell.defaultContentConfiguration()
                content.text = "Round"
                content.image = UIImage(named: "assets/avatar-al.png")
                content.imageProperties.cornerRadius = 32
                content.imageProperties.maximumSize = CGSize(width: 64, height: 64)
                cell.contentConfiguration = content
            case 2:
                cell.imageView?.image = UIImage(named: "assets/avatar-al.png")
                cell.imageView?.layer.cornerRadius = 10
                cell.imageView?.clipsToBounds = true
            default:
                cell.imageView?.image = UIImage(named: "assets/avatar-al.png")
                cell.imageView?.layer.cornerRadius = 10   // without clipsToBounds: square, as on iOS
            }
        }
        var scene = LayerScene(size: CGSize(width: 240, height: 200), scale: 1, fps: 1, duration: 0)
        scene.rootViewController = list
        let rows = try scene.recorded().scene.tableRows
        XCTAssertNil(rows[0].imageLook)
        XCTAssertEqual(rows[1].imageLook, TableModel.ImageLook(cornerRadius: 32, maximumSize: Point(64, 64)))
        XCTAssertEqual(rows[2].imageLook, TableModel.ImageLook(cornerRadius: 10))
    }
}
