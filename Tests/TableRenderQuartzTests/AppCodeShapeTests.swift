// No `import Foundation` here: TableRenderQuartz brings it, as UIKit does.
import TableRenderQuartz
import XCTest

/// A cell subclass as apps write one: no `@unchecked Sendable` to restate (the classes are not
/// Sendable, as on iOS), and Foundation's types in scope from `import TableRenderQuartz` alone.
final class PlainAppCell: UITableViewCell {
    let badge = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
    var shown: IndexPath?

    override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        addSubview(badge)
    }
}

final class AppCodeShapeTests: XCTestCase {
    func testFoundationComesWithTheModuleAndCellsSubclassPlainly() {
        let cell = PlainAppCell()
        cell.shown = IndexPath(row: 3, section: 1)
        let delay: TimeInterval = 0.05 * Double(cell.shown?.row ?? 0)
        XCTAssertEqual(cell.shown?.section, 1)
        XCTAssertEqual(delay, 0.15, accuracy: 1e-12)
        XCTAssertTrue(cell.subviews.contains { $0 === cell.badge })
        XCTAssertEqual(cell.badge.frame, CGRect(x: 0, y: 0, width: 40, height: 20))
    }
}
