import XCTest
import Foundation
@testable import ArticlePorts
import TableRenderQuartz

/// The sections article's controller, as its code runs: the taps of scenes/sections.json
/// insert and delete rows through its data source, and its accessory draws itself.
func expandoScene() -> (LayerScene, UITableViewControllerWithExpandoSections) {
    var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 60, duration: 2.4, directory: scenes)
    scene.showsStatusBar = true
        scene.script = [.tap(at: 0.3, section: 1, row: 0), .tap(at: 1.0, section: 2, row: 0), .tap(at: 1.7, section: 1, row: 0)]
        let vc = UITableViewControllerWithExpandoSections(style: .plain)
        scene.rootViewController = vc
        return (scene, vc)
}

final class ExpandoSectionsTests: XCTestCase {

    /// The port draws the frames of the JSON scene written from the article's numbers.
    func testThePortDrawsSectionsJSON() throws {
        try assertSameFrames(expandoScene().0, "sections.json", step: 3)
    }

    /// What the port's code becomes: inserts and deletes of rows 1-4 with `.top` at the taps, and
    /// the tapped row's new accessory view at the same time, its cell kept.
    func testTheTapsAreTheArticlesUpdates() throws {
        let (scene, vc) = expandoScene()
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertEqual(vc.expandedSections?.count, 1, "section 2 stays open")
        let inserted = #""insertRows":{"indexPaths":[[1,1],[1,2],[1,3],[1,4]]"#
        XCTAssertTrue(json.contains(#"{"at":0.3,"# + inserted), json)
        XCTAssertTrue(json.contains(#"{"at":1.7,"deleteRows":{"indexPaths":[[1,1],[1,2],[1,3],[1,4]],"animation":"top""#), json)
        XCTAssertTrue(json.contains(#"{"at":0.3,"reconfigureRows":{"indexPaths":[[1,0]]"#), json)
        // The up chevron the accessory's draw(_:) strokes: tip at (maxX - 7, minY + 5), R = 4.5.
        XCTAssertTrue(json.contains(#""path":{"d":"M3.59.5L85L12.59.5","fillColor":null,"strokeColor":"gray","lineWidth":3,"lineCap":"square""#), json)
    }
}
