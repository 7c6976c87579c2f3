import Foundation

/// An Auto Layout constraint: `firstItem.firstAttribute = secondItem.secondAttribute ×
/// multiplier + constant`, solved when the view tree lays out (``UIView/layoutIfNeeded()``,
/// and after each piece of app code at a scene time, as the run loop's layout pass does).
/// The solve takes the constraints by priority from the highest down, equalities first, an
/// inequality holding at its bound where nothing else decides (not a linear-programming solver
/// such as Cassowary: where UIKit's solver would trade several constraints off against each
/// other, the higher priority's value stands). Baselines are the text's as tablerender draws
/// it. Leading and trailing are left and right (a left-to-right layout).
@preconcurrency @MainActor
open class NSLayoutConstraint {
    /// The attributes of a view a constraint relates.
    public enum Attribute: Int, Sendable {
        /// The left edge.
        case left = 1
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The leading edge (the left, in a left-to-right layout).
        case leading
        /// The trailing edge (the right, in a left-to-right layout).
        case trailing
        /// The width.
        case width
        /// The height.
        case height
        /// The horizontal centre.
        case centerX
        /// The vertical centre.
        case centerY
        /// The baseline of the last line of text (a view without text: its bottom edge;
        /// ``UIView/forLastBaselineLayout``).
        case lastBaseline
        /// The baseline of the first line of text (a view without text: its top edge;
        /// ``UIView/forFirstBaselineLayout``).
        case firstBaseline
        /// No attribute: the constant alone (a width or height constraint).
        case notAnAttribute = 0

        /// Horizontal (true) or vertical.
        var horizontal: Bool { [.left, .right, .leading, .trailing, .width, .centerX].contains(self) }
    }
    /// How the two sides relate (UIKit's raw values).
    public enum Relation: Int, Sendable {
        /// The first side is at most the second.
        case lessThanOrEqual = -1
        /// The two sides are equal.
        case equal = 0
        /// The first side is at least the second.
        case greaterThanOrEqual = 1
    }

    /// The constrained view.
    public private(set) weak var firstItem: UIView?
    /// Its attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The view it is related to, if any.
    public private(set) weak var secondItem: UIView?
    /// That view's attribute.
    public let secondAttribute: Attribute
    /// The factor on the second attribute.
    public let multiplier: CGFloat
    /// The constant added: changing it lays the views out again at the next layout pass.
    open var constant: CGFloat { didSet { if constant != oldValue { firstItem?.setNeedsLayout() } } }
    /// The constraint's priority: the solve takes constraints from the highest priority down,
    /// so where two disagree the higher one's value stands (as UIKit breaks the lower one).
    open var priority = UILayoutPriority.required { didSet { if priority != oldValue { firstItem?.setNeedsLayout() } } }
    /// A name for debugging.
    open var identifier: String?
    /// Whether the constraint takes part in layout.
    open var isActive: Bool {
        get { active }
        set {
            guard newValue != active, let view = firstItem else { return }
            if newValue, let other = secondItem, NSLayoutConstraint.root(of: view) !== NSLayoutConstraint.root(of: other) {
                // UIKit raises, and the constraint is not activated.
                let problem = "NSLayoutConstraint: Unable to activate constraint with anchors \(NSLayoutConstraint.named(view, firstAttribute)) and \(NSLayoutConstraint.named(other, secondAttribute)) because they have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal."
                if !view.layer.refusedCalls.contains(problem) { view.layer.refusedCalls.append(problem) }
                return
            }
            active = newValue
            if newValue { view.activeConstraints.append(self) } else { view.activeConstraints.removeAll { $0 === self } }
            view.setNeedsLayout()
        }
    }
    private var active = false

    /// The top of the view tree `view` is in (a layout guide's: its owning view's).
    static func root(of view: UIView) -> UIView {
        var v = (view as? GuideView)?.guide?.owningView ?? view
        while let up = v.superview { v = up }
        return v
    }

    /// An anchor as UIKit's exception names it ("<UILabel>.leading", "<UILayoutGuide>.top").
    static func named(_ view: UIView, _ attribute: Attribute) -> String {
        "<\(view is GuideView ? "UILayoutGuide" : String(describing: type(of: view)))>.\(attribute)"
    }

    /// `item.attribute = toItem.attribute × multiplier + constant` (inactive until activated).
    public init(item: UIView, attribute: Attribute, relatedBy relation: Relation, toItem: UIView?, attribute second: Attribute,
                multiplier: CGFloat, constant: CGFloat) {
        firstItem = item; firstAttribute = attribute; self.relation = relation
        secondItem = toItem; secondAttribute = toItem == nil ? .notAnAttribute : second
        self.multiplier = multiplier; self.constant = constant
    }

    /// Activates each constraint.
    public class func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    /// Deactivates each constraint.
    public class func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }
}

/// A constraint's priority (1000 is required).
public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
    /// The value, 1 ... 1000.
    public var rawValue: Float
    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// 1000.
    public static let required = UILayoutPriority(1000)
    /// 750.
    public static let defaultHigh = UILayoutPriority(750)
    /// 250.
    public static let defaultLow = UILayoutPriority(250)
}

/// An edge, centre or size of a view that constraints are made from (`view.topAnchor`).
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    weak var view: UIView?
    let attribute: NSLayoutConstraint.Attribute
    init(_ view: UIView, _ attribute: NSLayoutConstraint.Attribute) { self.view = view; self.attribute = attribute }

    /// This anchor equal to `anchor` plus `constant`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .equal, toItem: anchor.view, attribute: anchor.attribute,
                           multiplier: 1, constant: c)
    }
    /// This anchor at least `anchor` plus `constant`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: anchor.view,
                           attribute: anchor.attribute, multiplier: 1, constant: c)
    }
    /// This anchor at most `anchor` plus `constant`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .lessThanOrEqual, toItem: anchor.view,
                           attribute: anchor.attribute, multiplier: 1, constant: c)
    }
}

/// A horizontal anchor (left, right, leading, trailing, centre x).
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
/// A vertical anchor (top, bottom, centre y).
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}
/// A width or height.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// This size equal to `c` points.
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                           multiplier: 1, constant: c)
    }
    /// This size equal to `anchor` × `m` plus `c`.
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .equal, toItem: anchor.view, attribute: anchor.attribute,
                           multiplier: m, constant: c)
    }
    /// This size at least `c` points.
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: nil,
                           attribute: .notAnAttribute, multiplier: 1, constant: c)
    }
    /// This size at most `c` points.
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .lessThanOrEqual, toItem: nil,
                           attribute: .notAnAttribute, multiplier: 1, constant: c)
    }
    /// This size at least `anchor` × `m` plus `c`.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: anchor.view,
                           attribute: anchor.attribute, multiplier: m, constant: c)
    }
    /// This size at most `anchor` × `m` plus `c`.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: view ?? UIView(), attribute: attribute, relatedBy: .lessThanOrEqual, toItem: anchor.view,
                           attribute: anchor.attribute, multiplier: m, constant: c)
    }
}

extension UIView {
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    /// The leading edge.
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    /// The trailing edge.
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    /// The baseline of the first line of text in ``forFirstBaselineLayout`` (its top edge when
    /// it has no text).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
    /// The baseline of the last line of text in ``forLastBaselineLayout`` (its bottom edge when
    /// it has no text).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
    /// The active constraints whose first item is this view.
    public var constraints: [NSLayoutConstraint] { activeConstraints }
    /// Activates `constraint` (UIKit adds it to this view, a common ancestor of its items).
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    /// Activates each constraint.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
}
