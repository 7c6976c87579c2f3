import XCTest
import Foundation
@testable import TableRenderQuartz

/// Layout guides (issue 51): a view's margins, its safe area, its readable content and guides
/// of the app's own, constrained like views and drawn by nothing.
final class LayoutGuideTests: XCTestCase {
    func pin(_ v: UIView, to g: UILayoutGuide) {
        v.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: g.leadingAnchor), v.trailingAnchor.constraint(equalTo: g.trailingAnchor),
                                     v.topAnchor.constraint(equalTo: g.topAnchor), v.bottomAnchor.constraint(equalTo: g.bottomAnchor)])
    }

    /// The most common cell layout there is: content pinned to `contentView.layoutMarginsGuide`
    /// lands 16 points in from the sides and 11 from the top and bottom.
    func testContentPinnedToACellsMarginsLandsInsideThem() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 800))
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        let box = UIView()
        cell.contentView.addSubview(box)
        pin(box, to: cell.contentView.layoutMarginsGuide)
        table.layOut(cell, frame: CGRect(x: 0, y: 0, width: 393, height: 72))
        let h = cell.contentView.bounds.height
        XCTAssertEqual(box.frame, CGRect(x: 16, y: 11, width: 361, height: h - 22))
        XCTAssertEqual(cell.contentView.layoutMarginsGuide.layoutFrame, box.frame)
        XCTAssertEqual(cell.contentView.readableContentGuide.layoutFrame, box.frame, "an iPhone's readable width is its margins'")
        XCTAssertEqual(cell.contentView.safeAreaInsets, .zero, "a cell is not on the screen's root")
        // Margins the app sets move what is pinned to them at the next layout.
        cell.contentView.layoutMargins = UIEdgeInsets(top: 4, left: 20, bottom: 4, right: 20)
        table.layOut(cell, frame: CGRect(x: 0, y: 0, width: 393, height: 72))
        XCTAssertEqual(box.frame, CGRect(x: 20, y: 4, width: 353, height: h - 8))
    }

    final class Checkout: UIViewController {
        let button = UIView(), banner = UIView()
        override func viewDidLoad() {
            for v in [button, banner] { v.translatesAutoresizingMaskIntoConstraints = false; view.addSubview(v) }
            button.backgroundColor = .systemBlue
            banner.backgroundColor = .systemOrange
            NSLayoutConstraint.activate([
                button.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                button.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                button.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
                button.heightAnchor.constraint(equalToConstant: 50),
                banner.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                banner.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                banner.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                banner.heightAnchor.constraint(equalToConstant: 30),
            ])
        }
    }

    /// A view controller's views pinned to its safe area keep clear of the status bar, a
    /// navigation bar and the home indicator, and to its margins keep the system's 16 points.
    func testAViewControllersSafeAreaAndMarginsAreTheDevices() throws {
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        let vc = Checkout()
        scene.rootViewController = vc
        XCTAssertEqual(vc.view.safeAreaInsets, UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(vc.button.frame, CGRect(x: 16, y: 852 - 34 - 50, width: 361, height: 50))
        XCTAssertEqual(vc.banner.frame, CGRect(x: 0, y: 59, width: 393, height: 30))
        XCTAssertEqual(vc.button.safeAreaInsets, UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0), "above the home indicator")

        var pushed = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        let below = Checkout()
        pushed.rootViewController = UINavigationController(rootViewController: below)
        XCTAssertEqual(below.banner.frame.minY, 59 + 44, "below the navigation bar")
    }

    /// A guide of the app's own: a view centred in the space between two others.
    func testAGuideOfTheAppsOwnIsSolvedLikeAView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40)), b = UIView(frame: CGRect(x: 200, y: 0, width: 100, height: 40))
        let c = UIView()
        c.translatesAutoresizingMaskIntoConstraints = false
        [a, b, c].forEach(root.addSubview)
        let gap = UILayoutGuide()
        root.addLayoutGuide(gap)
        XCTAssertTrue(gap.owningView === root)
        XCTAssertTrue(root.layoutGuides.contains { $0 === gap })
        NSLayoutConstraint.activate([gap.leadingAnchor.constraint(equalTo: a.trailingAnchor), gap.trailingAnchor.constraint(equalTo: b.leadingAnchor),
                                     c.centerXAnchor.constraint(equalTo: gap.centerXAnchor), c.widthAnchor.constraint(equalToConstant: 20),
                                     c.topAnchor.constraint(equalTo: root.topAnchor, constant: 10), c.heightAnchor.constraint(equalToConstant: 20)])
        root.layoutIfNeeded()
        XCTAssertEqual(c.frame, CGRect(x: 110, y: 10, width: 20, height: 20))
        XCTAssertEqual(gap.layoutFrame.minX, 40)
        XCTAssertEqual(gap.layoutFrame.width, 160)
        XCTAssertTrue(root.subviews.allSatisfy { !($0 is GuideView) }, "a guide is not a subview")
    }
}
