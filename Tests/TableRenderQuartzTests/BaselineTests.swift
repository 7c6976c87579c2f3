import XCTest
@testable import TableRenderQuartz

/// Baselines in Auto Layout and in stacks (issue 51): `firstBaselineAnchor`,
/// `lastBaselineAnchor`, and a horizontal stack's `.firstBaseline` and `.lastBaseline`
/// alignments, at the text as tablerender draws it. The expected numbers come from Inter
/// 3.19's hhea table (2816 units per em, ascender 2728, descender -680, no line gap: a line is
/// 3408 units), not from the code under test.
final class BaselineTests: XCTestCase {
    static let ascent = 2728.0 / 2816, line = 3408.0 / 2816

    func label(_ text: String, size: CGFloat, lines: Int = 1) -> UILabel {
        let l = UILabel()
        l.text = text
        l.font = .systemFont(ofSize: size)
        l.numberOfLines = lines
        return l
    }

    func stack(_ views: [UIView], _ alignment: UIStackView.Alignment) -> (root: UIView, stack: UIStackView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let s = UIStackView(arrangedSubviews: views)
        s.axis = .horizontal
        s.alignment = alignment
        s.spacing = 4
        s.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(s)
        NSLayoutConstraint.activate([s.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                                     s.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)])
        root.layoutIfNeeded()
        return (root, s)
    }

    /// A price and its unit in a row: the 15 pt unit sits lower by the difference of the two
    /// ascents, so both texts stand on one line (it was at the top: `.firstBaseline` was `.top`).
    func testAFirstBaselineStackPutsSmallerTextOnTheSameLine() {
        let big = label("42", size: 34), small = label("kg", size: 15)
        let (_, s) = stack([big, small], .firstBaseline)
        XCTAssertEqual(Double(big.frame.minY), 0, accuracy: 0.001)
        XCTAssertEqual(Double(small.frame.minY), (34 - 15) * Self.ascent, accuracy: 0.001)
        XCTAssertEqual(Double(big.frame.minY) + 34 * Self.ascent, Double(small.frame.minY) + 15 * Self.ascent, accuracy: 0.001)
        XCTAssertEqual(Double(s.frame.height), 34 * Self.line, accuracy: 0.001, "as tall as the taller text")
    }

    /// `.lastBaseline` lines up the last lines: a two-line 15 pt label beside a one-line 34 pt
    /// one ends on the big text's baseline (with `.firstBaseline` its first line would).
    func testALastBaselineStackLinesUpTheLastLines() {
        let big = label("42", size: 34), small = label("per\nmonth", size: 15, lines: 0)
        _ = stack([big, small], .lastBaseline)
        let bigBaseline = Double(big.frame.minY) + 34 * Self.ascent
        let smallLast = Double(small.frame.minY) + 15 * Self.line + 15 * Self.ascent
        XCTAssertEqual(bigBaseline, smallLast, accuracy: 0.001)
        XCTAssertEqual(Double(small.frame.height), 2 * 15 * Self.line, accuracy: 0.001)
        let first = stack([label("42", size: 34), label("per\nmonth", size: 15, lines: 0)], .firstBaseline)
        let firstSmall = first.stack.arrangedSubviews[1]
        XCTAssertEqual(Double(firstSmall.frame.minY), (34 - 15) * Self.ascent, accuracy: 0.001)
    }

    /// Baseline-to-baseline spacing, as typography asks for it: a detail's first baseline 20 pt
    /// below a title's last baseline.
    func testAFirstBaselinePinnedBelowALastBaseline() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let title = label("Title", size: 17), detail = label("Detail", size: 13)
        for l in [title, detail] {
            l.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(l)
        }
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            detail.firstBaselineAnchor.constraint(equalTo: title.lastBaselineAnchor, constant: 20),
            detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(Double(detail.frame.minY), 10 + 17 * Self.ascent + 20 - 13 * Self.ascent, accuracy: 0.001)
        XCTAssertEqual(Double(detail.frame.height), 13 * Self.line, accuracy: 0.001)
    }

    /// A view without text lends its edges (Apple: "If that view does not have a baseline,
    /// Auto Layout uses the view's top edge" for the first, the bottom edge for the last); a
    /// button's baselines are its title's.
    func testViewsWithoutTextUseTheirEdgesAndAButtonItsTitle() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let box = UIView(), below = label("Below", size: 17), beside = label("Beside", size: 17)
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        for v in [box, below, beside, button] {
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
        }
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 40), box.heightAnchor.constraint(equalToConstant: 40),
            below.firstBaselineAnchor.constraint(equalTo: box.lastBaselineAnchor, constant: 10),
            below.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            beside.firstBaselineAnchor.constraint(equalTo: box.firstBaselineAnchor),
            beside.leadingAnchor.constraint(equalTo: box.trailingAnchor),
            button.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            button.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            button.heightAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(Double(below.frame.minY), 70 + 10 - 17 * Self.ascent, accuracy: 0.001, "below the box's bottom edge")
        XCTAssertEqual(Double(beside.frame.minY), 30 - 17 * Self.ascent, accuracy: 0.001, "on the box's top edge")
        // The button's 15 pt title is centred in its 44 pt: its baseline, not its bottom edge.
        let titleBaseline = 100 + (44 - 15 * Self.line) / 2 + 15 * Self.ascent
        let solved = AutoLayout.baselineOffset(button, last: true, width: Double(button.frame.width), height: 44)
        XCTAssertEqual(144 - (solved ?? 0), titleBaseline, accuracy: 0.001)
    }
}
