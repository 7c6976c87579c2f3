import Foundation
import XCTest
import Geometry
import LayerTree
@testable import SceneModel
@testable import TableEngine
@testable import TableRender

/// Swipe action buttons as the decompiled UIKitCore sizes them (issue 51/54): each as wide as
/// its title and 6 pt each side, 74 pt at least and 120 at most (`UISwipeActionVisualStyle_iOS`,
/// `UISwipeActionStandardButton buttonWidth`), and a symbol image (`UIContextualAction.image`,
/// JSON `actions[].symbol`) drawn in white, alone in a row under 50 pt and above its title in
/// a taller one. Every button was 74 pt and an image was not drawn.
final class SwipeButtonTests: XCTestCase {
    func scene(rowHeight: Double) -> String {
        #"{"version": 1, "canvas": {"size": [375, 200], "scale": 1}, "fps": 10, "duration": 1, "table": {"rowHeight": \#(rowHeight), "sections": [{"rows": [{"title": "a"}, {"title": "b"}]}]}, "#
            + #""script": [{"at": 0.1, "swipe": {"row": 0, "actions": [{"title": "Delete", "style": "destructive", "symbol": "trash"}, {"title": "Mark as Unread"}, {"title": "Flag"}]}}]}"#
    }

    func loaded(_ json: String) throws -> LoadedScene { try SceneLoader.load(bytes: Array(json.utf8), displayName: "t", directory: ".") }

    func testButtonsAreAsWideAsTheirTitles() throws {
        let l = try loaded(scene(rowHeight: 44))
        guard case .swipe(_, let swipe)? = l.scene.script.first?.action else { return XCTFail("no swipe") }
        let unread = try XCTUnwrap(swipe.actions[1].titleWidth, "measured when loaded")
        XCTAssertGreaterThan(unread + 12, 74, "a long title widens its button")
        XCTAssertEqual(TableSimulation.swipeButtonWidth(swipe.actions[1]), min(unread + 12, 120), accuracy: 1e-9)
        XCTAssertEqual(TableSimulation.swipeButtonWidth(swipe.actions[2]), 74, "a short title: the minimum")
        XCTAssertEqual(TableSimulation.swipeButtonWidth(swipe.actions[0]), 74, "a symbol's button")
        XCTAssertEqual(TableSimulation.swipeRest(swipe, width: 375), -(74 + min(unread + 12, 120) + 74), accuracy: 1e-9)
        var long = swipe.actions[1]
        long.titleWidth = 500
        XCTAssertEqual(TableSimulation.swipeButtonWidth(long), 120, "at most 120 pt")
    }

    /// The buttons' content once the row has opened: the symbol alone in a 44 pt row, above its
    /// title in a 90 pt row.
    func testASymbolIsDrawn() throws {
        func deleteButton(_ height: Double) throws -> PresentationLayer {
            let l = try loaded(scene(rowHeight: height))
            guard case .swipe(_, let swipe)? = l.scene.script.first?.action else { throw CocoaError(.featureUnsupported) }
            let sim = try XCTUnwrap(TableSimulation(scene: l.scene))
            let container = sim.swipeActions(swipe, revealed: -TableSimulation.swipeRest(swipe, width: 375), width: 375, height: height)
            return try XCTUnwrap(container.sublayers.first)
        }
        let short = try deleteButton(44)
        XCTAssertEqual(short.bounds.width, 74, accuracy: 1e-9)
        XCTAssertTrue(short.sublayers.contains { $0.text == nil && !$0.sublayers.isEmpty || $0.shape != nil }, "the symbol")
        XCTAssertFalse(short.sublayers.contains { $0.text != nil }, "no title under 50 pt")
        let tall = try deleteButton(90)
        XCTAssertEqual(tall.sublayers.compactMap { $0.text?.string }, ["Delete"], "the title under the symbol")
        XCTAssertEqual(tall.sublayers.count, 2)
        XCTAssertLessThan(tall.sublayers[0].position.y, tall.sublayers[1].position.y, "the symbol above the title")
    }
}
