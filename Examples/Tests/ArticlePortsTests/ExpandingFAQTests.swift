import XCTest
import Foundation
@testable import ArticlePorts
import TableRenderQuartz

/// A self-sizing cell that expands with a stack view: the tapped row's answer label is shown
/// between beginUpdates() and endUpdates(), the stack view grows, and the row with it.
final class ExpandingFAQTests: XCTestCase {
    /// The first row of dark text (a question: the answers are secondaryLabel grey) at or
    /// below `top` at `t`.
    func firstQuestionLine(_ r: Renderer, at t: Double, from top: Int) -> Int? {
        let f = r.frame(at: t)
        let p = f.unpremultipliedRGBA()
        return (top..<f.height).first { y in (16..<370).contains { x in p[(y * f.width + x) * 4] < 100 } }
    }

    /// A tap on the first question at 0.5 s shows its answer: the second question moves down
    /// by the answer's lines (three at this width) and the spacing; a tap on the second at
    /// 1.2 s shows its own, moving the third down as well.
    func testATappedQuestionShowsItsAnswer() throws {
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 30, duration: 2))
        scene.scale = 1
        let faq = FAQViewController(style: .insetGrouped)
        scene.rootViewController = faq
        scene.script = [.tap(at: 0.5, row: 0), .tap(at: 1.2, row: 1)]
        let r = try Renderer(scene)
        let first = try XCTUnwrap(firstQuestionLine(r, at: 0.4, from: 60))
        let second = try XCTUnwrap(firstQuestionLine(r, at: 0.4, from: first + 25))
        let secondLater = try XCTUnwrap(firstQuestionLine(r, at: 1.1, from: first + 25))
        XCTAssertGreaterThan(secondLater - second, 60, "the second question below the first's answer")
        XCTAssertLessThan(secondLater - second, 90)
        let third = try XCTUnwrap(firstQuestionLine(r, at: 1.1, from: secondLater + 25))
        let thirdLater = try XCTUnwrap(firstQuestionLine(r, at: 2, from: secondLater + 25))
        XCTAssertGreaterThan(thirdLater - third, 60, "the third below the second's answer")
        XCTAssertEqual(faq.expanded, [0, 1])
    }
}
