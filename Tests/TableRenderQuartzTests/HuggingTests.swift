import XCTest
@testable import TableRenderQuartz

/// Content hugging on the vertical axis and in a `fill` stack (issue 51): where there is room
/// to share, the view that hugs less takes it; a stack stretches its lowest-hugging arranged
/// view, the first among equals, and shrinks the one that resists compression least.
final class HuggingTests: XCTestCase {
    /// Two labels stacked in a box taller than their texts: the one that hugs less vertically
    /// is the one that grows.
    func labels(titleHugging: UILayoutPriority?) -> (title: UILabel, subtitle: UILabel) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        let title = UILabel(), subtitle = UILabel()
        title.text = "Title"
        subtitle.text = "Subtitle"
        for l in [title, subtitle] { l.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(l) }
        if let p = titleHugging { title.setContentHuggingPriority(p, for: .vertical) }
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            subtitle.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -10),
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            title.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            subtitle.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            subtitle.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        ])
        root.layoutIfNeeded()
        return (title, subtitle)
    }

    func testTheLabelThatHugsLessVerticallyTakesTheHeightLeft() {
        let equal = labels(titleHugging: nil)
        let t = equal.title.intrinsicContentSize.height, st = equal.subtitle.intrinsicContentSize.height
        XCTAssertEqual(equal.title.frame.height, t, accuracy: 0.001, "equal priorities: the first in the tree keeps its text's height")
        XCTAssertEqual(equal.subtitle.frame.height, 120 - 20 - 4 - t, accuracy: 0.001)
        let loose = labels(titleHugging: UILayoutPriority(249))
        XCTAssertEqual(loose.subtitle.frame.height, st, accuracy: 0.001, "the subtitle hugs harder: its text's height")
        XCTAssertEqual(loose.title.frame.height, 120 - 20 - 4 - st, accuracy: 0.001, "the title takes the rest")
        XCTAssertEqual(loose.subtitle.frame.maxY, 110, accuracy: 0.001)
    }

    /// A horizontal `fill` stack 300 points wide holding `views`, laid out.
    func stack(_ views: [UIView], width: CGFloat = 300) -> UIStackView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 44))
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 4
        stack.pin(in: root, h: 0, v: 0)
        root.layoutIfNeeded()
        return stack
    }

    func label(_ text: String) -> UILabel {
        let l = UILabel()
        l.text = text
        return l
    }

    func testAFillStackStretchesItsLowestHuggingViewTheFirstAmongEquals() {
        let love = label("LOVE"), kisses = label("Kisses"), xoxo = label("XOXO")
        _ = stack([love, kisses, xoxo])
        let w = { (l: UILabel) in l.intrinsicContentSize.width }
        XCTAssertEqual(love.frame.width, 300 - 8 - w(kisses) - w(xoxo), accuracy: 0.001, "equal priorities: the first stretches")
        XCTAssertEqual(kisses.frame.width, w(kisses), accuracy: 0.001)
        XCTAssertEqual(xoxo.frame.width, w(xoxo), accuracy: 0.001)
        XCTAssertEqual(xoxo.frame.maxX, 300, accuracy: 0.001)

        let love2 = label("LOVE"), kisses2 = label("Kisses"), xoxo2 = label("XOXO")
        love2.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        _ = stack([love2, kisses2, xoxo2])
        XCTAssertEqual(love2.frame.width, w(love2), accuracy: 0.001, "hugging harder: its text's width")
        XCTAssertEqual(kisses2.frame.width, 300 - 8 - w(love2) - w(xoxo2), accuracy: 0.001, "the next of lowest priority stretches")
    }

    func testASpacerViewTakesTheRoomWhereverItIs() {
        let spacer = UIView(), name = label("Name")
        _ = stack([spacer, name])
        XCTAssertEqual(name.frame.width, name.intrinsicContentSize.width, accuracy: 0.001)
        XCTAssertEqual(name.frame.maxX, 300, accuracy: 0.001, "the label sits at the end")
        XCTAssertEqual(spacer.frame.width, 300 - 4 - name.intrinsicContentSize.width, accuracy: 0.001)
    }

    func testAFillStackTooNarrowShrinksTheViewThatResistsLeast() {
        let a = label("Storage"), b = label("and a value longer than the room")
        b.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        _ = stack([a, b], width: 200)
        XCTAssertGreaterThan(a.intrinsicContentSize.width + b.intrinsicContentSize.width, 196, "the texts do not fit")
        XCTAssertLessThan(a.intrinsicContentSize.width, 196)
        XCTAssertEqual(a.frame.width, a.intrinsicContentSize.width, accuracy: 0.001, "the title resists harder: whole")
        XCTAssertEqual(b.frame.width, 196 - a.intrinsicContentSize.width, accuracy: 0.001, "the value gives up the room")
        // Too long to fit even alone: the value gives up all it has, then the title the rest.
        let c = label("A title long enough to need all the room there is"), d = label("and a value")
        d.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        _ = stack([c, d], width: 200)
        XCTAssertEqual(d.frame.width, 0, accuracy: 0.001)
        XCTAssertEqual(c.frame.width, 196, accuracy: 0.001)
        XCTAssertEqual(d.frame.maxX, 200, accuracy: 0.001, "the views fit the stack")
    }

    /// A settings row as teams write it: a horizontal stack of a title and a value label pinned
    /// to the content view's margins, both at the default hugging. The title (first) stretches,
    /// so the value's text lands at the trailing margin, as on iOS; before, the value stretched
    /// and its text followed the title.
    func testASettingsRowsValueSitsAtTheTrailingMargin() throws {
        final class Cell: UITableViewCell {
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            let title = UILabel(), value = UILabel()
            required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                title.text = "Storage"
                value.text = "64 GB"
                value.textColor = .red
                let stack = UIStackView(arrangedSubviews: [title, value])
                stack.spacing = 8
                stack.pin(in: contentView, h: 16, v: 0)
            }
        }
        var scene = LayerScene(size: CGSize(width: 320, height: 140), scale: 1, fps: 10, duration: 0)
        let list = RowsController(count: 3)
        (list.cellClass, list.titled) = (Cell.self, false)
        scene.rootViewController = list
        let f = try Renderer(scene).frame(at: 0).unpremultipliedRGBA()
        // The red value's pixels in the first row: from its right end back.
        var reds: [Int] = []
        for y in 0..<44 {
            for x in 0..<320 {
                let i = (y * 320 + x) * 4
                if f[i] > 180 && f[i + 1] < 120 && f[i + 2] < 120 { reds.append(x) }
            }
        }
        let right = try XCTUnwrap(reds.max()), left = try XCTUnwrap(reds.min())
        XCTAssertGreaterThan(right, 320 - 16 - 4, "the value ends at the trailing margin (304)")
        XCTAssertLessThanOrEqual(right, 304)
        XCTAssertGreaterThan(left, 200, "and starts well right of the title")
    }

    /// A label's compression resistance is the priority its text's size comes in at: a width
    /// constraint of 999 squeezes a label of the default 750, not one at `.required`; one of
    /// 250 loses to the default and wins over a label at 249.
    func testCompressionResistanceIsThePriorityOfTheContentsSize() {
        func width(compression: Float, constraint: Float) -> (got: CGFloat, text: CGFloat) {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
            let l = label("Compression")
            l.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(l)
            l.setContentCompressionResistancePriority(UILayoutPriority(compression), for: .horizontal)
            let narrow = l.widthAnchor.constraint(equalToConstant: 20)
            narrow.priority = UILayoutPriority(constraint)
            NSLayoutConstraint.activate([narrow, l.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                                         l.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            return (l.frame.width, l.intrinsicContentSize.width)
        }
        XCTAssertEqual(width(compression: 750, constraint: 999).got, 20, "the constraint wins")
        let required = width(compression: 1000, constraint: 999)
        XCTAssertEqual(required.got, required.text, accuracy: 0.001, "the text's width wins")
        let low = width(compression: 750, constraint: 250)
        XCTAssertEqual(low.got, low.text, accuracy: 0.001)
        XCTAssertEqual(width(compression: 249, constraint: 250).got, 20)
    }

    /// Required constraints that cannot all hold are said as UIKit logs them, once, naming the
    /// constraint broken; the layout keeps the ones applied before it. Priorities below
    /// required disagree silently, as on iOS.
    func testUnsatisfiableConstraintsAreSaidAsUIKitLogsThem() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        let box = UIView()
        box.accessibilityIdentifier = "unsatisfiable-box"
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        let lower = box.heightAnchor.constraint(equalToConstant: 30)
        lower.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            box.widthAnchor.constraint(equalToConstant: 100),
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            box.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            lower,
        ])
        root.layoutIfNeeded()
        root.setNeedsLayout()
        root.layoutIfNeeded()
        let said = AutoLayout.unsatisfiableLog.withLock { $0 }.filter { $0.contains("unsatisfiable-box") }
        XCTAssertEqual(said.count, 1, "said once: \(said)")
        let line = said.first ?? ""
        XCTAssertTrue(line.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints. Will attempt to recover by breaking constraint <NSLayoutConstraint UIView(unsatisfiable-box)."), line)
        XCTAssertTrue(line.contains("asks for 284 where the constraints applied before it give 116"), line)
        XCTAssertFalse(line.contains(".height"), "the 999 height gives way without a word")
        XCTAssertEqual(box.frame.width, 100, "the width applied first stands")
        XCTAssertEqual(box.frame.height, 44)
    }
}
