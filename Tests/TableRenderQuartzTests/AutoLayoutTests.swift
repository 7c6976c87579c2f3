import XCTest
@testable import TableRenderQuartz

/// Auto Layout as cells use it (issue 51): inequalities, priorities, and content sizes inside
/// the solve.
final class AutoLayoutTests: XCTestCase {
    func label(_ text: String, in root: UIView) -> UILabel {
        let l = UILabel()
        l.text = text
        l.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(l)
        return l
    }

    /// A label whose trailing edge is at most the container's keeps its text's width while it
    /// fits and is held to the container when it does not (its compression resistance, 750,
    /// below the required inequality).
    func testATrailingEdgeAtMostTheContainersHoldsALongLabelOnly() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let short = label("Hi", in: root), long = label("A title far too long for two hundred points", in: root)
        for (l, top) in [(short, 8.0), (long, 40.0)] {
            NSLayoutConstraint.activate([
                l.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                l.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -16),
                l.topAnchor.constraint(equalTo: root.topAnchor, constant: CGFloat(top)),
            ])
        }
        root.layoutIfNeeded()
        XCTAssertEqual(short.frame.width, short.intrinsicContentSize.width, accuracy: 0.001, "its own width")
        XCTAssertLessThan(short.frame.width, 40)
        XCTAssertEqual(long.frame.minX, 16)
        XCTAssertEqual(long.frame.maxX, 184, accuracy: 0.001, "held 16 pt from the edge")
    }

    /// A size at least a constant: a label's one line (about 20 pt) becomes 44 pt; a view pinned
    /// below it follows.
    func testAMinimumHeightHoldsAndWhatIsPinnedBelowFollows() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let title = label("Title", in: root)
        let below = UIView()
        below.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(below)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            title.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            title.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            below.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            below.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            below.widthAnchor.constraint(equalToConstant: 10),
            below.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(title.frame.height, 44)
        XCTAssertEqual(below.frame.minY, 58)
    }

    /// The fold article's cell (000): a detail view whose height constraint of 0 has priority
    /// 999 over its content's vertical constraints of 998 is collapsed; with the height
    /// constraint at 250 the content's constraints and the label's own height win and it
    /// expands to the label plus its margins, as the article describes.
    func testTheArticlesCollapsibleViewFollowsItsHeightConstraintsPriority() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let detail = UIView()
        detail.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(detail)
        let text = label("Details", in: detail)
        let collapse = detail.heightAnchor.constraint(equalToConstant: 0)
        collapse.priority = UILayoutPriority(999)
        let top = text.topAnchor.constraint(equalTo: detail.topAnchor, constant: 8)
        let bottom = text.bottomAnchor.constraint(equalTo: detail.bottomAnchor, constant: -8)
        top.priority = UILayoutPriority(998)
        bottom.priority = UILayoutPriority(998)
        NSLayoutConstraint.activate([
            detail.topAnchor.constraint(equalTo: root.topAnchor, constant: 60),
            detail.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            detail.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            text.leadingAnchor.constraint(equalTo: detail.leadingAnchor, constant: 16),
            top, bottom, collapse,
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(detail.frame.height, 0, "collapsed: the 999 height wins")
        collapse.priority = UILayoutPriority(250)
        root.layoutIfNeeded()
        let line = text.intrinsicContentSize.height
        XCTAssertGreaterThan(line, 15)
        XCTAssertEqual(detail.frame.height, line + 16, accuracy: 0.001, "expanded: the label and its margins")
        XCTAssertEqual(text.frame.minY, 8, accuracy: 1e-9)
    }

    /// A self-sizing cell whose content view's bottom is at least the label's bottom plus a
    /// margin fits to that bound (the fitting size is the least the inequality allows).
    func testAFittingHeightHoldsAnInequalityAtItsBound() {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        let text = label("Body", in: content)
        NSLayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
            text.topAnchor.constraint(equalTo: content.topAnchor, constant: 12),
            content.bottomAnchor.constraint(greaterThanOrEqualTo: text.bottomAnchor, constant: 12),
        ])
        let h = AutoLayout.fittingHeight(content, width: 300)
        XCTAssertEqual(try XCTUnwrap(h), Double(text.intrinsicContentSize.height) + 24, accuracy: 0.001)
    }

    /// A chat cell as apps write it: an avatar and a multi-line preview each keep their bottom
    /// at least 10 pt above the content view's (`<=`); the fitting height is the lowest of the
    /// two bounds, whichever constraint comes first (it was the first one's: the preview was cut
    /// to the avatar's 72 pt).
    func testAFittingHeightHoldsEveryInequalityOnTheBottom() throws {
        for (text, avatarFirst) in [(String(repeating: "Are we still on for lunch tomorrow? ", count: 4), true),
                                    (String(repeating: "Are we still on for lunch tomorrow? ", count: 4), false), ("Mom", true), ("Mom", false)] {
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
            let avatar = UIView()
            avatar.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(avatar)
            let preview = label(text, in: content)
            preview.numberOfLines = 0
            let avatarBottom = avatar.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -10)
            let previewBottom = preview.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -10)
            NSLayoutConstraint.activate([
                avatar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
                avatar.topAnchor.constraint(equalTo: content.topAnchor, constant: 10),
                avatar.widthAnchor.constraint(equalToConstant: 52),
                avatar.heightAnchor.constraint(equalToConstant: 52),
                preview.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
                preview.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),
                preview.topAnchor.constraint(equalTo: content.topAnchor, constant: 10),
            ] + (avatarFirst ? [avatarBottom, previewBottom] : [previewBottom, avatarBottom]))
            let fit = try XCTUnwrap(AutoLayout.fittingHeight(content, width: 320))
            content.frame.size.height = CGFloat(fit)
            content.layoutIfNeeded()
            XCTAssertEqual(fit, max(72, Double(preview.frame.maxY) + 10), accuracy: 1e-9, "\(text.prefix(8)), avatar first: \(avatarFirst)")
            XCTAssertLessThanOrEqual(Double(avatar.frame.maxY), fit - 10 + 1e-9)
            if text.count > 10 { XCTAssertGreaterThan(fit, 90, "several lines: taller than the avatar's 72 pt") } else { XCTAssertEqual(fit, 72, accuracy: 1e-9) }
        }
    }

    /// A view pinned to a view arranged in a stack follows where the stack puts it (a chevron
    /// centred on the title, the stack's first row): it was solved against the title's frame
    /// before the stack arranged it, at the top of the cell.
    func testAViewPinnedToAnArrangedSubviewFollowsTheStack() throws {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 80))
        let title = UILabel(), detail = UILabel()
        title.text = "Question"; detail.text = "Answer"
        let stack = UIStackView(arrangedSubviews: [title, detail])
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(stack)
        let chevron = UIView()
        chevron.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(chevron)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: content.topAnchor, constant: 20),
            stack.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -48),
            chevron.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),
            chevron.widthAnchor.constraint(equalToConstant: 12),
            chevron.heightAnchor.constraint(equalToConstant: 12),
            chevron.centerYAnchor.constraint(equalTo: title.centerYAnchor),
        ])
        content.layoutIfNeeded()
        XCTAssertEqual(stack.frame.minY + title.frame.midY, 20 + title.frame.height / 2, accuracy: 1e-9)
        XCTAssertEqual(chevron.frame.midY, 20 + title.frame.height / 2, accuracy: 1e-9, "centred on the title where the stack put it")
    }

    /// A vertical stack pinned in a content view: a hidden label takes no room, a custom space
    /// follows the title, and the content view fits the stack (a self-sizing cell grows with it).
    func testAVerticalStackCollapsesHiddenViewsAndSizesItsContainer() throws {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        let title = UILabel(), subtitle = UILabel(), badge = UILabel()
        title.text = "Title"; subtitle.text = "Subtitle"; badge.text = "Badge"
        badge.isHidden = true
        let stack = UIStackView(arrangedSubviews: [title, badge, subtitle])
        stack.axis = .vertical
        stack.spacing = 4
        stack.setCustomSpacing(10, after: title)
        stack.pin(in: content, h: 16, v: 11)
        let t = Double(title.intrinsicContentSize.height), st = Double(subtitle.intrinsicContentSize.height)
        let fit = try XCTUnwrap(AutoLayout.fittingHeight(content, width: 300))
        XCTAssertEqual(fit, 11 + t + 10 + st + 11, accuracy: 1e-9, "the hidden badge takes no room; 10 pt after the title")
        content.frame.size.height = CGFloat(fit)
        content.layoutIfNeeded()
        XCTAssertEqual(stack.frame.origin, CGPoint(x: 16, y: 11))
        XCTAssertEqual(stack.frame.width, 268)
        XCTAssertEqual(Double(stack.frame.height), t + 10 + st, accuracy: 1e-9)
        XCTAssertEqual(title.frame, CGRect(x: 0, y: 0, width: 268, height: CGFloat(t)))
        XCTAssertEqual(Double(subtitle.frame.minY), t + 10, accuracy: 1e-9)
        XCTAssertEqual(subtitle.frame.width, 268)
    }

    /// A horizontal stack: a 40 pt image view and a label that takes the rest, centred across.
    func testAHorizontalStackGivesTheRestToTheViewWithoutALengthOfItsOwn() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 60))
        let icon = UIView(), name = UILabel()
        name.text = "Name"
        icon.widthAnchor.constraint(equalToConstant: 40).isActive = true
        icon.heightAnchor.constraint(equalToConstant: 40).isActive = true
        let stack = UIStackView(arrangedSubviews: [icon, name])
        stack.spacing = 12
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            stack.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(stack.frame, CGRect(x: 16, y: 10, width: 268, height: 40), "as tall as its tallest view")
        XCTAssertEqual(icon.frame, CGRect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertEqual(name.frame.minX, 52)
        XCTAssertEqual(name.frame.width, 216, "the rest")
        XCTAssertEqual(Double(name.frame.midY), 20, accuracy: 1e-9, "centred")
        stack.distribution = .fillEqually
        root.layoutIfNeeded()
        XCTAssertEqual(icon.frame.width, 128)
        XCTAssertEqual(name.frame.minX, 140)
    }

    /// A label of several lines in a horizontal stack is measured at the width the stack gives
    /// it (the stack's width less the icon and the space), so a self-sizing cell fits all its
    /// lines (it was measured at one line's width and overlapped the row below).
    func testAWrappingLabelInAHorizontalStackIsMeasuredAtItsShareOfTheWidth() throws {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        let icon = UIView(), note = UILabel()
        icon.widthAnchor.constraint(equalToConstant: 36).isActive = true
        icon.heightAnchor.constraint(equalToConstant: 36).isActive = true
        note.numberOfLines = 0
        note.text = "Banners, sounds and badges for every app you have installed, with a longer note that wraps"
        let stack = UIStackView(arrangedSubviews: [icon, note])
        stack.spacing = 12
        stack.alignment = .center
        stack.pin(in: content, h: 16, v: 10)
        let wrapped = Double(note.sizeThatFits(CGSize(width: 220, height: 0)).height)
        XCTAssertGreaterThan(wrapped, 3 * Double(UILabel().font.pointSize), "three lines or more at 220 pt")
        XCTAssertEqual(try XCTUnwrap(AutoLayout.fittingHeight(content, width: 300)), wrapped + 20, accuracy: 1e-9)
        content.frame.size.height = CGFloat(wrapped + 20)
        content.layoutIfNeeded()
        XCTAssertEqual(note.frame.minX, 48)
        XCTAssertEqual(note.frame.width, 220)
        XCTAssertEqual(Double(note.frame.height), wrapped, accuracy: 1e-9)
    }
}

/// Content hugging (issue 51): where two labels share a row, the one that hugs harder keeps its
/// text's width and the other stretches.
final class ContentHuggingTests: XCTestCase {
    func row(valueHugs: Bool) -> (title: UILabel, value: UILabel) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        let title = UILabel(), value = UILabel()
        title.text = "Storage"
        value.text = "64 GB"
        for l in [title, value] { l.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(l) }
        if valueHugs { value.setContentHuggingPriority(.required, for: .horizontal) }
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            value.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            value.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            title.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            value.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        root.layoutIfNeeded()
        return (title, value)
    }

    func testTheLabelThatHugsHarderKeepsItsWidth() {
        let hugging = row(valueHugs: true)
        XCTAssertEqual(hugging.value.contentHuggingPriority(for: .horizontal), .required)
        XCTAssertEqual(hugging.value.frame.maxX, 284, accuracy: 0.001)
        XCTAssertEqual(hugging.value.frame.width, hugging.value.intrinsicContentSize.width, accuracy: 0.01, "the value keeps its text's width")
        XCTAssertEqual(hugging.title.frame.width, 284 - 16 - 8 - hugging.value.frame.width, accuracy: 0.01, "the title takes the rest")
        // Equal priorities (250 each): the first in the tree gets its content's width, as before.
        let equal = row(valueHugs: false)
        XCTAssertEqual(equal.title.frame.width, equal.title.intrinsicContentSize.width, accuracy: 0.01)
        XCTAssertEqual(equal.title.contentCompressionResistancePriority(for: .vertical), UILayoutPriority(750))
    }

    /// An arranged subview hidden inside `UIView.animate` with a `layoutIfNeeded()` (the
    /// expanding-cell idiom): the views after it slide up over the animation rather than jump.
    func testAStackViewHidingAViewInsideAnAnimationSlidesTheRest() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        root.backgroundColor = .white
        let a = UIView(), b = UIView(), c = UIView()
        a.backgroundColor = .red; b.backgroundColor = .green; c.backgroundColor = .blue
        for v in [a, b, c] { v.translatesAutoresizingMaskIntoConstraints = false; v.heightAnchor.constraint(equalToConstant: 40).isActive = true }
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.axis = .vertical
        stack.frame = CGRect(x: 0, y: 0, width: 100, height: 120)
        root.addSubview(stack)
        root.layoutIfNeeded()
        var scene = LayerScene(size: CGSize(width: 100, height: 200), scale: 1, fps: 10, duration: 1.5)
        scene.layers = [root.layer]
        scene.at(0.5) { UIView.animate(withDuration: 0.5) { b.isHidden = true; stack.layoutIfNeeded() } }
        let r = try Renderer(scene)
        /// The first row from the top (x 50) that is blue.
        func blueTop(_ t: Double) -> Int? {
            let f = r.frame(at: t).unpremultipliedRGBA()
            return (0..<200).first { y in let i = (y * 100 + 50) * 4; return f[i] == 0 && f[i + 1] == 0 && f[i + 2] == 255 }
        }
        let tops = [0.5, 0.6, 0.75, 0.9, 1.0].map(blueTop)
        XCTAssertEqual(tops.first, 80)
        XCTAssertEqual(tops.last, 40)
        // In between, strictly between and rising: an animation, not a jump.
        for (t, top) in zip([0.6, 0.75, 0.9], tops.dropFirst().dropLast()) {
            XCTAssertTrue((41...79).contains(top ?? 0), "at \(t) s the blue view's top is \(String(describing: top))")
        }
        XCTAssertEqual(tops, tops.sorted(by: { ($0 ?? 0) > ($1 ?? 0) }))
    }
}
