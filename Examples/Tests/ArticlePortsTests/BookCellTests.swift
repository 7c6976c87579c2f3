import XCTest
import Foundation
@testable import ArticlePorts
import TableRenderQuartz

/// Article 000's BookCell (ExpandableBookCell) runs as written: its collapsible detail view is held shut by a
/// 0-height constraint at priority 999 over its content's 998, and opens when a tap reloads
/// the row with that priority lowered to 250.
final class BookCellTests: XCTestCase {
    /// How many pixels of the frame at `t` are the detail view's yellow, and the lowest row of them.
    func yellow(_ r: Renderer, at t: Double) -> (count: Int, bottom: Int) {
        let f = r.frame(at: t)
        let p = f.unpremultipliedRGBA()
        var count = 0, bottom = -1
        for y in 0..<f.height {
            for x in 0..<f.width {
                let i = (y * f.width + x) * 4
                if p[i] == 255, p[i + 1] == 214, p[i + 2] == 10 { count += 1; bottom = y }
            }
        }
        return (count, bottom)
    }

    /// Collapsed, no row shows its detail view (nor its description: a label Auto Layout
    /// gives no height draws nothing); a tap on Neuromancer at 0.5 s opens its yellow detail
    /// view the width of the cell, a tap on Foundation at 1.2 s opens that one below it, and a
    /// second tap on Neuromancer at 1.8 s closes it again.
    func testTheArticlesCellOpensByItsConstraintPriorities() throws {
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 30, duration: 2.5))
        scene.scale = 1
        let books = BooksViewController(style: .plain)
        scene.rootViewController = books
        scene.script = [.tap(at: 0.5, row: 1), .tap(at: 1.2, row: 3), .tap(at: 1.8, row: 1)]
        let r = try Renderer(scene)
        XCTAssertEqual(yellow(r, at: 0.4).count, 0, "every row collapsed")
        // Dune's row (from the safe area's 59 pt): its title, then nothing down to its
        // separator; the description label, solved to no height, draws nothing.
        let first = r.frame(at: 0.4)
        let px = first.unpremultipliedRGBA()
        let dark = (94...105).reduce(0) { n, y in n + (16..<300).filter { x in px[(y * first.width + x) * 4] < 128 }.count }
        XCTAssertEqual(dark, 0, "no text below Dune's title")
        let one = yellow(r, at: 1.1)
        XCTAssertGreaterThan(one.count, 393 * 40, "Neuromancer's detail view, the cell's width and two lines high")
        let two = yellow(r, at: 1.7)
        XCTAssertGreaterThan(two.count, one.count + 393 * 50, "and Foundation's, three lines")
        XCTAssertGreaterThan(two.bottom, one.bottom + 100, "lower down")
        let closed = yellow(r, at: 2.5)
        XCTAssertLessThan(closed.count, two.count - 393 * 40, "Neuromancer's closed again")
        XCTAssertEqual(books.expandedIndexPaths, [IndexPath(row: 3, section: 0)])
    }
}
