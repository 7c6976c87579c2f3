import Foundation

extension NSLayoutConstraint {
    /// A layout direction (UIKit's `NSLayoutConstraint.Axis`).
    public enum Axis: Int, Sendable {
        /// Left to right.
        case horizontal = 0
        /// Top to bottom.
        case vertical = 1
    }
}

/// UIKit's `UIStackView`: its arranged subviews in a row or a column, laid out at each layout
/// pass (after the constraints are solved, so a stack pinned by constraints is placed first),
/// with its own size the sum of theirs for Auto Layout (a self-sizing cell grows with it). A
/// hidden arranged subview takes no room. An arranged subview's length along the axis is its
/// width or height constraint to a constant, else its content size (a label's text, wrapped at
/// the stack's width in a vertical stack), else its frame's.
open class UIStackView: UIView {
    /// How the arranged subviews share the stack's length (UIKit's `UIStackView.Distribution`).
    public enum Distribution: Int, Sendable {
        /// Their own lengths; the last one without a length of its own takes what is left (or gives it up).
        case fill
        /// All the same length.
        case fillEqually
        /// In proportion to their own lengths.
        case fillProportionally
        /// Their own lengths, the room left shared equally between them.
        case equalSpacing
        /// As `equalSpacing` here (UIKit spaces their centres equally).
        case equalCentering
    }
    /// Where the arranged subviews sit across the axis (UIKit's `UIStackView.Alignment`).
    public enum Alignment: Int, Sendable {
        /// Across the whole stack.
        case fill
        /// At the leading (horizontal stack: top) edge, at their own size.
        case leading
        /// A horizontal stack's views with their first text lines' baselines in line (a view
        /// without text: its top edge); a vertical stack's: as `leading`.
        case firstBaseline
        /// Centred.
        case center
        /// At the trailing (horizontal stack: bottom) edge.
        case trailing
        /// A horizontal stack's views with their last text lines' baselines in line (a view
        /// without text: its bottom edge); a vertical stack's: as `trailing`.
        case lastBaseline
        /// The top edge (a horizontal stack's `leading`).
        public static let top = Alignment.leading
        /// The bottom edge (a horizontal stack's `trailing`).
        public static let bottom = Alignment.trailing
    }

    /// The direction the arranged subviews follow.
    open var axis = NSLayoutConstraint.Axis.horizontal { didSet { setNeedsLayout() } }
    /// How they share the length.
    open var distribution = Distribution.fill { didSet { setNeedsLayout() } }
    /// Where they sit across.
    open var alignment = Alignment.fill { didSet { setNeedsLayout() } }
    /// The space between neighbours.
    open var spacing: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// The views the stack arranges, in order (each is also a subview).
    public private(set) var arrangedSubviews: [UIView] = []
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    /// A stack of `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        views.forEach(addArrangedSubview)
    }

    /// Adds a view at the end of the stack (and as a subview).
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Inserts a view into the stack at `stackIndex` (clamped to the stack).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsLayout()
    }

    /// Takes a view out of the stack (it stays a subview, as in UIKit).
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        setNeedsLayout()
    }

    /// The space after one arranged subview, in place of `spacing`.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
        setNeedsLayout()
    }

    /// The space after an arranged subview (`spacing` unless set).
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? spacing
    }

    /// A vertical stack's first (last) arranged subview gives its first (last) baseline; a
    /// horizontal stack's tallest gives both (Apple's `UIStackView` documentation).
    open override var forFirstBaselineLayout: UIView { baselineView(last: false) ?? self }
    /// See ``forFirstBaselineLayout``.
    open override var forLastBaselineLayout: UIView { baselineView(last: true) ?? self }

    /// The arranged subviews that take room.
    var shown: [UIView] { arrangedSubviews.filter { !$0.isHidden } }

    /// The spaces between the shown views.
    var gaps: [Double] { shown.dropLast().map { Double(customSpacing(after: $0)) } }

    /// A view's length on one axis: a constant width or height constraint, else its content's
    /// (at `across` for a height), else its frame's.
    static func length(of v: UIView, horizontal: Bool, across: Double?) -> Double {
        if let c = fixedLength(of: v, horizontal: horizontal) { return Double(c.constant) }
        let own = v.intrinsicSize(fittingWidth: horizontal ? nil : across)
        let n = Double(horizontal ? own.width : own.height)
        if n != Double(UIView.noIntrinsicMetric) { return n }
        return Double(horizontal ? v.frame.width : v.frame.height)
    }

    /// A view's width or height constraint to a constant, if it has one.
    static func fixedLength(of v: UIView, horizontal: Bool) -> NSLayoutConstraint? {
        let attribute: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        return v.activeConstraints.first { $0.firstAttribute == attribute && $0.secondItem == nil && $0.relation == .equal }
    }

    /// The stack's own size from its arranged subviews: along the axis their lengths and the
    /// spaces, across the largest. Given its width (`width`), a vertical stack's views are as
    /// wide as the alignment makes them and a horizontal stack's share it as the distribution
    /// does, so a label of several lines is measured at the width it will have.
    override func intrinsicSize(fittingWidth width: Double?) -> CGSize {
        let views = shown
        guard !views.isEmpty else { return CGSize(width: 0, height: 0) }
        let gapSum = gaps.reduce(0, +)
        if axis == .vertical {
            let w = width ?? views.map { UIStackView.length(of: $0, horizontal: true, across: nil) }.max() ?? 0
            let heights = views.map { UIStackView.length(of: $0, horizontal: false, across: alignment == .fill ? w : nil) }
            return CGSize(width: CGFloat(w), height: CGFloat(heights.reduce(0, +) + gapSum))
        }
        let own = views.map { UIStackView.length(of: $0, horizontal: true, across: nil) }
        let widths = width.map { shared(own, among: views, room: $0 - gapSum, vertical: false).lengths } ?? own
        let height = crossPlacement(views, widths: widths, across: nil).across
        return CGSize(width: CGFloat(width ?? own.reduce(0, +) + gapSum), height: CGFloat(height))
    }

    /// The views' lengths along the axis in `room` (the stack's length less the spaces) as the
    /// distribution shares it, and what it adds to each space.
    func shared(_ own: [Double], among views: [UIView], room: Double, vertical: Bool) -> (lengths: [Double], extraGap: Double) {
        var lengths = own
        switch distribution {
        case .fill:
            // One view takes the room left; what is missing is given up by one view after
            // another (down to 0 each) until the views fit. A rounding error of the sum (a
            // stack as long as its views) is no room.
            var extra = room - lengths.reduce(0, +), taken = Set<Int>()
            while abs(extra) > 1e-9, let i = UIStackView.fillTaker(views, vertical: vertical, growing: extra > 0, besides: taken) {
                let before = lengths[i]
                lengths[i] = max(before + extra, 0)
                extra -= lengths[i] - before
                taken.insert(i)
            }
        case .fillEqually:
            lengths = lengths.map { _ in max(room / Double(views.count), 0) }
        case .fillProportionally:
            let total = lengths.reduce(0, +)
            if total > 0 { lengths = lengths.map { $0 / total * max(room, 0) } }
        case .equalSpacing, .equalCentering:
            if views.count > 1 { return (lengths, max(room - lengths.reduce(0, +), 0) / Double(views.count - 1)) }
        }
        return (lengths, 0)
    }

    /// The view of a `fill` stack that takes the room left (or gives up what is missing), as
    /// UIKit picks it: among the views without a constant length on the axis, the one of lowest
    /// content hugging priority when there is room (compression resistance when there is too
    /// little), a view with no content size of its own (a spacer `UIView()`) lowest of all; the
    /// first among equals. Apple's `UIStackView.Distribution.fill`: "it stretches the views
    /// according to their hugging priority. If there's any ambiguity, the stack view resizes the
    /// arranged views based on their index in the arrangedSubviews array"; the first of equal
    /// labels stretches (notes/uikit-table-research.md). Every view fixed: the last. Views in
    /// `besides` have given what they can.
    static func fillTaker(_ views: [UIView], vertical: Bool, growing: Bool, besides: Set<Int> = []) -> Int? {
        let attribute: NSLayoutConstraint.Attribute = vertical ? .height : .width
        let axis = vertical ? 1 : 0
        func priority(_ v: UIView) -> Float? {
            if v.activeConstraints.contains(where: { $0.firstAttribute == attribute && $0.secondItem == nil }) { return nil }
            let own = v.intrinsicSize(fittingWidth: nil)
            if (vertical ? own.height : own.width) == UIView.noIntrinsicMetric { return -1 }
            return (growing ? v.contentPriorities.hugging : v.contentPriorities.compression)[axis].rawValue
        }
        var best: (index: Int, priority: Float)?
        for (i, v) in views.enumerated() where !besides.contains(i) {
            guard let p = priority(v) else { continue }
            if best.map({ p < $0.priority }) ?? true { best = (i, p) }
        }
        return best?.index ?? views.indices.last { !besides.contains($0) }
    }

    /// Places the arranged subviews in the stack's bounds.
    func arrange() {
        let views = shown
        guard !views.isEmpty else { return }
        let vertical = axis == .vertical
        let size = bounds.size
        let length = Double(vertical ? size.height : size.width), across = Double(vertical ? size.width : size.height)
        let gapSum = gaps.reduce(0, +)
        let own = views.map { v in UIStackView.length(of: v, horizontal: !vertical, across: vertical && alignment == .fill ? across : nil) }
        let (lengths, extra) = shared(own, among: views, room: length - gapSum, vertical: vertical)
        let gapList = gaps.map { $0 + extra }
        var at = 0.0
        let placed = vertical ? nil : crossPlacement(views, widths: lengths, across: across)
        for (i, v) in views.enumerated() {
            var crossLength: Double, crossAt: Double
            if let placed {
                (crossAt, crossLength) = placed.spots[i]
            } else {
                // A vertical stack's baseline alignments are its leading and trailing.
                let own = UIStackView.length(of: v, horizontal: true, across: nil)
                crossLength = alignment == .fill ? across : min(own, across)
                switch alignment {
                case .fill, .leading, .firstBaseline: crossAt = 0
                case .center: crossAt = (across - crossLength) / 2
                case .trailing, .lastBaseline: crossAt = across - crossLength
                }
            }
            let frame = vertical ? CGRect(x: crossAt, y: at, width: crossLength, height: lengths[i])
                                 : CGRect(x: at, y: crossAt, width: lengths[i], height: crossLength)
            // Set only when it moves: a layout arranges again what its solve arranged, and a
            // second change inside an animation block would replace the first's animation.
            if v.frame != frame { v.frame = frame }
            at += lengths[i] + (i < gapList.count ? gapList[i] : 0)
        }
    }
}
