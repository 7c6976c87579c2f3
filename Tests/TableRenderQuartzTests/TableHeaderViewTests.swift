import XCTest
import Foundation
import JSONText
import Geometry
import SceneModel
import TableRender
import TestSupport
@testable import TableRenderQuartz

/// A table's header and footer views (`tableHeaderView`, `tableFooterView`; issue 51): drawn
/// above the first section and below the last, scrolling with the rows, in a scene file and
/// from Swift.
final class TableHeaderViewTests: XCTestCase {
    static let json = """
    { "version": 1, "canvas": { "size": [320, 480] }, "fps": 10, "duration": 1,
      "table": { "tableHeaderView": { "frame": [0, 0, 320, 100], "backgroundColor": "systemOrange",
                                      "sublayers": [ { "frame": [16, 40, 40, 20], "backgroundColor": "systemBlue" } ] },
                 "tableFooterView": { "frame": [0, 0, 320, 60], "backgroundColor": "systemGreen" },
                 "sections": [ { "rows": [ { "title": "A" }, { "title": "B" }, { "title": "C" }, { "title": "D" },
                                           { "title": "E" }, { "title": "F" }, { "title": "G" }, { "title": "H" } ] } ] },
      "script": [ { "at": 0.5, "scroll": { "to": 80, "duration": 0.2 } } ] }
    """

    func testAHeaderViewIsAboveTheRowsAndScrollsWithThem() throws {
        let r = Renderer(loaded: try SceneLoader.load(bytes: Array(TableHeaderViewTests.json.utf8), displayName: "header", directory: "."))
        let orange = [255, 149, 0] as [UInt8], blue = [0, 122, 255] as [UInt8], green = [52, 199, 89] as [UInt8]
        XCTAssertEqual(r.rgb(at: 0, 200, 50), orange, "the header view at the top")
        XCTAssertEqual(r.rgb(at: 0, 30, 50), blue, "with its own sublayers")
        XCTAssertEqual(r.rgb(at: 0, 300, 120), [255, 255, 255], "the first row below it (100 to 144)")
        XCTAssertEqual(r.rgb(at: 0, 200, 470), green, "the footer view below the last row (452 to 512)")
        // The content is 512 points tall: a scroll to 80 stops at 32.
        XCTAssertEqual(r.rgb(at: 1, 200, 10), orange, "scrolled by 32, the rest of it shows")
        XCTAssertEqual(r.rgb(at: 1, 200, 75), [255, 255, 255], "and the first row from 68")
        XCTAssertEqual(r.rgb(at: 1, 200, 470), green, "the footer view ends the content (420 to 480)")
    }

    final class Profile: RowsController {
        override func viewDidLoad() {
            super.viewDidLoad()
            let banner = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 100))
            banner.backgroundColor = .systemOrange
            let avatar = UIView()
            avatar.backgroundColor = .systemBlue
            avatar.translatesAutoresizingMaskIntoConstraints = false
            banner.addSubview(avatar)
            NSLayoutConstraint.activate([avatar.leadingAnchor.constraint(equalTo: banner.layoutMarginsGuide.leadingAnchor),
                                         avatar.centerYAnchor.constraint(equalTo: banner.centerYAnchor),
                                         avatar.widthAnchor.constraint(equalToConstant: 40), avatar.heightAnchor.constraint(equalToConstant: 20)])
            tableView.tableHeaderView = banner
        }
    }

    func testATableHeaderViewFromSwiftIsDrawnAsTheFilesIs() throws {
        var scene = LayerScene(size: CGSize(width: 320, height: 480), fps: 10, duration: 1)
        scene.script = [.scroll(at: 0.5, to: 80, duration: 0.2)]
        scene.rootViewController = Profile(count: 12)
        let r = try Renderer(scene)
        XCTAssertEqual(r.loaded.scene.table?.tableHeaderView?.bounds, Rect(0, 0, 320, 100), "the table's width, its frame's height")
        XCTAssertEqual(r.rgb(at: 0, 200, 50), [255, 149, 0])
        XCTAssertEqual(r.rgb(at: 0, 10, 50), [0, 122, 255], "its subview laid out at the banner's margin (8)")
        XCTAssertEqual(r.rgb(at: 0, 300, 120), [255, 255, 255], "the first row below it")
        XCTAssertEqual(r.rgb(at: 1, 200, 10), [255, 149, 0], "scrolled by 80, 20 points of it show")
        XCTAssertEqual(r.rgb(at: 1, 200, 30), [255, 255, 255], "and the first row from 20")
        // Its JSON draws the same.
        let viaJSON = Renderer(loaded: try SceneLoader.load(bytes: Array(try scene.json().utf8), displayName: "json", directory: "."))
        for t in [0, 1.0] { XCTAssertTrue(viaJSON.frame(at: t).data == r.frame(at: t).data, "at \(t) s") }
    }
}
