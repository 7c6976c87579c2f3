import Foundation
import TableRenderQuartz
import XCTest

/// The subview order calls (a probe's port did not compile without them): the subviews and
/// their layers move together, and the view on top is drawn on top.
final class ViewOrderTests: XCTestCase {
    func testTheOrderAndItsLayers() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let red = UIView(frame: root.bounds), blue = UIView(frame: root.bounds), green = UIView(frame: root.bounds)
        red.backgroundColor = .red
        blue.backgroundColor = .blue
        green.backgroundColor = .green
        root.addSubview(red)
        root.addSubview(blue)
        root.insertSubview(green, at: 0)
        func order() -> [ObjectIdentifier] { root.subviews.map { ObjectIdentifier($0) } }
        func ids(_ v: UIView...) -> [ObjectIdentifier] { v.map { ObjectIdentifier($0) } }
        func layersMatch() -> Bool { root.layer.sublayers?.map { ObjectIdentifier($0) } == root.subviews.map { ObjectIdentifier($0.layer) } }
        XCTAssertTrue(order() == ids(green, red, blue) && layersMatch())
        root.bringSubviewToFront(red)
        XCTAssertTrue(order() == ids(green, blue, red) && layersMatch())
        root.sendSubviewToBack(blue)
        XCTAssertTrue(order() == ids(blue, green, red) && layersMatch())
        root.exchangeSubview(at: 0, withSubviewAt: 2)
        XCTAssertTrue(order() == ids(red, green, blue) && layersMatch())
        root.insertSubview(red, aboveSubview: blue)
        XCTAssertTrue(order() == ids(green, blue, red) && layersMatch())
        root.insertSubview(red, belowSubview: green)
        XCTAssertTrue(order() == ids(red, green, blue) && layersMatch())
        var s = LayerScene(size: CGSize(width: 10, height: 10), scale: 1, fps: 1, duration: 0)
        s.layers = [root.layer]
        XCTAssertEqual(try Renderer(s).rgb(at: 0, 5, 5), [0, 0, 255], "blue on top")
        root.bringSubviewToFront(red)
        XCTAssertEqual(try Renderer(s).rgb(at: 0, 5, 5), [255, 0, 0], "then red")
    }
}
