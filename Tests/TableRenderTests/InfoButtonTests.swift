import Foundation
import XCTest
import TestSupport
@testable import SceneModel
@testable import TableRender

/// The info button accessories: a blue circled "i" at the trailing margin, and before the chevron.
final class InfoButtonTests: XCTestCase {
    func testInfoButtonsAtTheTrailingMargin() throws {
        let json = #"{"canvas": {"size": [200, 88], "scale": 1}, "fps": 1, "duration": 0, "table": {"rowHeight": 44, "sections": [{"rows": [{"title": "", "accessory": "detailButton"}, {"title": "", "accessory": "detailDisclosureButton"}]}]}}"#
        let l = try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".")
        let p = FrameRenderer(scene: l.scene, resources: l.resources).render(frame: 0).unpremultipliedRGBA()
        func blueColumns(_ y0: Int) -> [Int] {
            (0..<200).filter { x in (y0..<y0 + 44).contains { y in p[(y * 200 + x) * 4 + 2] > 200 && p[(y * 200 + x) * 4] < 80 } }
        }
        XCTAssertEqual(blueColumns(0).first, 200 - 16 - 22 + 1, "the circle's left edge, inside its 22 pt box")
        XCTAssertEqual(blueColumns(0).last, 200 - 16 - 2, "and its right edge")
        XCTAssertEqual(blueColumns(44).last, 161, "12 pt before the 8.4 pt chevron: 200 - 16 - 8.4 - 12, less the stroke's pixel")
        // The chevron: systemGray3, at the trailing margin of the second row.
        let grey = (150..<200).contains { x in (44..<88).contains { y in p[(y * 200 + x) * 4] == 199 && p[(y * 200 + x) * 4 + 2] == 204 } }
        XCTAssertTrue(grey)
    }
}
