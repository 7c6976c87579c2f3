// No `import Foundation` here: TableRenderQuartz brings it, as UIKit does.
import TableRenderQuartz
import XCTest

/// A cell subclass as apps write one: no `@unchecked Sendable` to restate (the classes are not
/// Sendable, as on iOS), and Foundation's types in scope from `import TableRenderQuartz` alone.
final class PlainAppCell: UITableViewCell {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    let badge = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
    var shown: IndexPath?

    // UIKit code writes `override init`; Swift needs `required` to make a registered class.
    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        addSubview(badge)
    }
}

final class AppCodeShapeTests: XCTestCase {
    func testFoundationComesWithTheModuleAndCellsSubclassPlainly() {
        let cell = PlainAppCell(style: .default, reuseIdentifier: "plain")
        cell.shown = IndexPath(row: 3, section: 1)
        let delay: TimeInterval = 0.05 * Double(cell.shown?.row ?? 0)
        XCTAssertEqual(cell.shown?.section, 1)
        XCTAssertEqual(delay, 0.15, accuracy: 1e-12)
        XCTAssertTrue(cell.subviews.contains { $0 === cell.badge })
        XCTAssertEqual(cell.badge.frame, CGRect(x: 0, y: 0, width: 40, height: 20))
    }
}

/// `UILabel.sizeThatFits`, `sizeToFit` and `intrinsicContentSize` measure the text as it is
/// drawn: spaces count, wrapping lines stack, one line is as wide as its text.
final class LabelSizeTests: XCTestCase {
    func label(_ text: String, lines: Int = 1, width: CGFloat = 100) -> UILabel {
        let l = UILabel(frame: CGRect(x: 10, y: 20, width: width, height: 30))
        l.text = text
        l.numberOfLines = lines
        return l
    }

    func testOneLineIsAsWideAsItsText() {
        let three = label("3").intrinsicContentSize, padded = label("  3").intrinsicContentSize
        XCTAssertGreaterThan(three.width, 5)
        // Two of Inter's spaces at 17 pt are about 9.6 pt, less the tracking that makes Inter as
        // wide as SF Pro (-27.5/1000 em after each): 8.6 pt.
        XCTAssertEqual(padded.width - three.width, 9.56 - 2 * 0.0275 * 17, accuracy: 0.1, "leading spaces count")
        XCTAssertEqual(padded.height, three.height)
        // Inter's line at 17 pt: (ascender - descender + gap) / unitsPerEm x 17, about 20.6 pt.
        XCTAssertEqual(three.height, 20.57, accuracy: 0.1)
        let long = label(String(repeating: "wide ", count: 20)).intrinsicContentSize
        XCTAssertGreaterThan(long.width, 100, "one line is not wrapped to the label's width")
        XCTAssertEqual(label("").intrinsicContentSize, .zero)
    }

    func testWrappedLinesStackAndSizeToFitKeepsTheOrigin() {
        let text = String(repeating: "words that wrap ", count: 6)
        let one = label("x").intrinsicContentSize.height
        let wrapped = label(text, lines: 0).sizeThatFits(CGSize(width: 100, height: 0))
        XCTAssertLessThanOrEqual(wrapped.width, 100)
        XCTAssertGreaterThan(wrapped.height, 3 * one - 1e-9)
        XCTAssertEqual((wrapped.height / one).rounded(), wrapped.height / one, accuracy: 1e-9, "whole lines")
        let two = label(text, lines: 2).sizeThatFits(CGSize(width: 100, height: 0))
        XCTAssertEqual(two.height, 2 * one, accuracy: 1e-9, "at most numberOfLines")
        let l = label(text, lines: 0)
        l.sizeToFit()
        XCTAssertEqual(l.frame.origin, CGPoint(x: 10, y: 20))
        XCTAssertEqual(l.frame.size, wrapped)
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 7, height: 9))
        XCTAssertEqual(plain.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        XCTAssertEqual(plain.sizeThatFits(.zero), CGSize(width: 7, height: 9))
    }
}

/// `UIFont.preferredFont(forTextStyle:)` gives the default content size's fonts (Apple's
/// typography table), so a label set with it draws as the same size set by number.
final class PreferredFontTests: XCTestCase {
    func testTextStylesAtTheDefaultSize() throws {
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body), .systemFont(ofSize: 17))
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .headline), .systemFont(ofSize: 17, weight: .semibold))
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .footnote).pointSize, 13)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize, 34)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .caption2).pointSize, 11)
        let styled = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30)), sized = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        styled.text = "Body"; sized.text = "Body"
        styled.font = .preferredFont(forTextStyle: .body)
        sized.font = .systemFont(ofSize: 17)
        XCTAssertEqual(styled.intrinsicContentSize, sized.intrinsicContentSize)
        sized.font = .systemFont(ofSize: 13)
        XCTAssertNotEqual(styled.intrinsicContentSize, sized.intrinsicContentSize)
    }
}

/// `UIButton` as it looks at rest: a system button's title centred in the tint colour, drawn
/// with the view's background.
final class ButtonTests: XCTestCase {
    func testASystemButtonDrawsItsTitleCentred() throws {
        var scene = LayerScene(size: CGSize(width: 200, height: 100), scale: 1, fps: 10, duration: 0.1)
        scene.backgroundColor = UIColor.white.cgColor
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 30, width: 160, height: 40)
        button.setTitle("Subscribe", for: .normal)
        scene.layers.append(button.layer)
        XCTAssertEqual(button.title(for: .highlighted), "Subscribe")
        XCTAssertEqual(button.titleLabel?.frame, CGRect(x: 0, y: 0, width: 160, height: 40))
        let json = try scene.json().filter { !$0.isWhitespace }
        XCTAssertTrue(json.contains(#""string":"Subscribe""#), json)
        let f = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        var blue = 0, columns = Set<Int>()
        for y in 0..<100 { for x in 0..<200 where f[(y * 200 + x) * 4 + 2] > 200 && f[(y * 200 + x) * 4] < 120 { blue += 1; columns.insert(x) } }
        XCTAssertGreaterThan(blue, 40, "systemBlue text")
        let mid = Double(columns.min()! + columns.max()!) / 2
        XCTAssertEqual(mid, 100, accuracy: 3, "centred in the button")
    }
}
