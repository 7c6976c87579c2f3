import XCTest
import Foundation
@testable import ArticlePorts
import TableRenderQuartz

/// A diffable data source list with inserts, moves and deletes, applied with animation at
/// scene times.
final class DiffableTodoListTests: XCTestCase {
    func scene() throws -> (LayerScene, TodoListViewController) {
        let list = TodoListViewController(style: .insetGrouped)
        var scene = try phoneScene(list, duration: 2.4)
        scene.at(0.4) { list.add("Water the plants") }
        scene.at(1.0) { list.complete("Call the plumber") }
        scene.at(1.6) { list.delete("Renew passport") }
        return (scene, list)
    }

    /// Each snapshot becomes the table's update (an insert, a move between sections, a delete),
    /// and the list ends as the data says.
    func testSnapshotsAnimateTheirDifferences() throws {
        let (scene, list) = try scene()
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""at":0.4,"insertRows":{"indexPaths":[[0,0]]"#), json)
        XCTAssertTrue(json.contains(#""moveRow":{"from":[0,2],"to":[1,0]"#), json)
        XCTAssertTrue(json.contains(#""at":1.6,"deleteRows":{"indexPaths":[[1,1]]"#), json)
        XCTAssertEqual(list.todo.map(\.title), ["Water the plants", "Buy milk", "Book flights"])
        XCTAssertEqual(list.done.map(\.title), ["Call the plumber"])
        XCTAssertEqual(list.dataSource.snapshot().numberOfItems, 4)
        _ = try Renderer(scene).frame(at: 2.4)
    }
}
