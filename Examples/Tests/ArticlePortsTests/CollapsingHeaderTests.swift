import XCTest
import Foundation
@testable import ArticlePorts
import TableRenderQuartz

/// The header article's controller with scenes/header.json's script: its scroll view delegate
/// runs as the table scrolls, and its constraints lay the header and the table out.
func headerScene() -> (LayerScene, ViewController) {
    var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 60, duration: 4.6, directory: scenes)
    scene.showsStatusBar = true
    scene.script = [.scrollBy(at: 0.3, by: 30, duration: 0.3, timing: .linear), .release(at: 0.7),
                    .scroll(at: 1.1, to: 330, duration: 0.8), .release(at: 2.0),
                    .scrollBy(at: 2.2, by: -30, duration: 0.3, timing: .linear), .release(at: 2.6),
                    .fling(at: 3.0, velocity: 900, decelerationRate: 0.99)]
    let vc = ViewController.fromStoryboard()
    scene.rootViewController = vc
    return (scene, vc)
}

/// Where a frame's header ends and the first separator below it is, in pixel rows (a column
/// 100 pt in: the header's #1F3A5F, then the first grey hairline).
func headerGeometry(_ rgba: [UInt8], width: Int) -> (header: Int, separator: Int?) {
    let x = 200, rows = rgba.count / (width * 4)
    func px(_ y: Int) -> (Int, Int, Int) { let i = (y * width + x) * 4; return (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2])) }
    var header = 0
    for y in 0..<rows { let p = px(y); if abs(p.0 - 31) < 3 && abs(p.1 - 58) < 3 && abs(p.2 - 95) < 3 { header = y + 1 } }
    let separator = (header..<rows).first { let r = px($0).0; return r > 150 && r < 235 }
    return (header, separator)
}

final class CollapsingHeaderTests: XCTestCase {
    /// Until the fling, the port draws what scenes/header.json draws: the same pixels while the
    /// first drag shrinks the header, then the header and the rows at the same pixel rows in
    /// every frame through the snaps, the long scroll and the drag back (the two compute the
    /// same heights in a different order, so text may differ in its last bits of coverage).
    func testThePortDrawsTheHeaderSceneUntilTheFling() throws {
        let port = try Renderer(headerScene().0)
        let shipped = try Renderer(path: scenes + "/header.json")
        for i in stride(from: 0, through: 35, by: 5) {
            let t = Double(i) / 60
            XCTAssertTrue(port.frame(at: t).data == shipped.frame(at: t).data, "frame \(i)")
        }
        var compared = 0
        for i in stride(from: 36, to: 180, by: 3) {
            let t = Double(i) / 60
            let a = headerGeometry(port.frame(at: t).unpremultipliedRGBA(), width: 750)
            let b = headerGeometry(shipped.frame(at: t).unpremultipliedRGBA(), width: 750)
            XCTAssertEqual(a.header, b.header, "frame \(i): the header's bottom")
            XCTAssertEqual(a.separator, b.separator, "frame \(i): the first separator")
            compared += 1
        }
        XCTAssertEqual(compared, 48)
    }

    /// The fling closes the header within a few 240 Hz steps, and the article's code holds the
    /// content still for the whole step in which the header reaches 44 pt
    /// (`setScrollPosition(previousScrollOffset)`), where the JSON scene's model lets the rest of
    /// that step scroll. So from the fling on the port's rows sit lower, by less than one step
    /// of the fling (900 pt/s / 240 = 3.75 pt, 7.5 px at @2x), and the header is the same.
    func testTheFlingHoldsTheContentForTheStepTheHeaderCloses() throws {
        let port = try Renderer(headerScene().0)
        let shipped = try Renderer(path: scenes + "/header.json")
        for i in stride(from: 183, through: 276, by: 9) {
            let t = Double(i) / 60
            let a = headerGeometry(port.frame(at: t).unpremultipliedRGBA(), width: 750)
            let b = headerGeometry(shipped.frame(at: t).unpremultipliedRGBA(), width: 750)
            XCTAssertEqual(a.header, 128, "frame \(i): collapsed, 44 pt below the 20 pt status bar")
            XCTAssertEqual(b.header, 128, "frame \(i)")
            guard let sa = a.separator, let sb = b.separator else { XCTFail("frame \(i): no separator"); continue }
            XCTAssertGreaterThan(sa, sb, "frame \(i)")
            XCTAssertLessThanOrEqual(sa - sb, 8, "frame \(i)")
        }
    }

    /// What the controller's code leaves and what the scene records of it: the header
    /// collapsed, the offsets the code set back while the header moved, the table's frame
    /// following the header as Auto Layout moves it.
    func testTheControllersCodeIsRecorded() throws {
        let (scene, vc) = headerScene()
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertEqual(vc.headerHeightConstraint.constant, 44)
        XCTAssertEqual(vc.previousScrollOffset, vc.tableView.contentOffset.y)
        XCTAssertEqual(vc.logoImageView.alpha, 0)
        XCTAssertTrue(json.contains(#""table":{"frame":[0,108,375,559],"name":"#), json)
        XCTAssertTrue(json.contains(#""contentOffsets":{"rate":240,"values":[0,"#), json)
        XCTAssertTrue(json.contains(#""keyPath":"bounds.size.height""#), json)
        XCTAssertTrue(json.contains(#""keyPath":"opacity","from":0.3181818,"to":0,"timingFunction":"easeInEaseOut","beginTime":0.7,"duration":0.2"#), json)
    }
}
