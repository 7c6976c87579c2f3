import XCTest
import Foundation
@testable import ArticlePorts
import TableRenderQuartz

/// App table code (a table view controller, a view controller with a table) runs with its
/// lifecycle, data source and delegate as on iOS.
final class AppTablesTests: XCTestCase {
    /// The grocery list's full swipe on Butter commits the delete through the data source, and
    /// the frames are those of scenes/grocery-swipe-delete.json, the same table written as JSON.
    func testGroceryListSwipeToDeleteDrawsTheJSONScenesPixels() throws {
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 30, duration: 1.4, directory: scenes)
        scene.script = [.swipe(at: 0.4, IndexPath(row: 2, section: 0), UITableViewSwipe(isFull: true))]
        let vc = GroceryListViewController()
        scene.rootViewController = vc
        try assertSameFrames(scene, "grocery-swipe-delete.json", step: 3)
        XCTAssertFalse(vc.items.contains("Butter"))
        XCTAssertEqual(vc.items.count, 11)
    }

    /// A tap on row 3 grows it to 200 pt with beginUpdates()/endUpdates(): at the end it ends
    /// 200 pt below its top (row 4 below it), with no separator where it was; didSelectRowAt
    /// does not deselect it, so it stays highlighted and hides its separators. The screen is a phone's whole screen, so the
    /// status bar's 20 pt are above the first row.
    func testGrowOnTapGrowsTheTappedRow() throws {
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 30, duration: 1, directory: scenes)
        scene.script = [.tap(at: 0.3, row: 2)]
        let vc = GrowOnTapTableViewController(style: .plain)
        scene.rootViewController = vc
        XCTAssertEqual(vc.selectedIndex, -1)
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertEqual(vc.selectedIndex, 2)
        XCTAssertTrue(json.contains(#"{"at":0.3,"rowHeights":{"indexPaths":[[0,2]],"heights":[200]"#), json)
        let last = try Renderer(scene).frame(at: 1).unpremultipliedRGBA()
        func red(_ y: Int) -> UInt8 { last[(y * 750 + 400) * 4] }
        XCTAssertEqual(red(2 * 300 - 1), 209, "row 3 reaches 20 + 280 pt, selected: it hides its own separator, as on iOS 7 and later")
        XCTAssertEqual(red(2 * 140 - 1), 209, "none at its old bottom: the row stays selected (systemGray4), as on iOS")
        XCTAssertEqual(red(2 * 320), 255, "row 4 is not selected")
        XCTAssertLessThan(red(2 * 340 - 1), 200, "row 4's separator, 40 pt below the grown row's end")
    }
}
