import Foundation

/// A rectangle Auto Layout places as it places a view, that draws nothing and takes no touches:
/// `addLayoutGuide(_:)` and constraints on its anchors, or a view's own guides
/// (``UIView/layoutMarginsGuide``, ``UIView/safeAreaLayoutGuide``,
/// ``UIView/readableContentGuide``), whose edges follow the view's less its margins or its
/// safe area. ``layoutFrame`` is where the last layout put it, in the owning view's coordinates.
@preconcurrency @MainActor
open class UILayoutGuide {
    /// What the guide's edges follow: the constraints given to it, or its view's margins,
    /// safe area or readable width.
    enum Kind { case custom, margins, safeArea, readableContent }
    let kind: Kind
    /// The view Auto Layout solves in place of the guide (never a subview, never drawn).
    let proxy = GuideView()
    /// The view the guide belongs to (``UIView/addLayoutGuide(_:)``).
    public internal(set) weak var owningView: UIView?
    /// A name for debugging.
    open var identifier = ""

    /// A guide to add to a view and constrain.
    public init() { kind = .custom; proxy.guide = self }
    init(kind: Kind, owner: UIView) {
        self.kind = kind
        owningView = owner
        proxy.guide = self
    }

    /// Where the guide is, in its owning view's coordinates: a system guide's is its view's
    /// bounds less its insets; a guide of the app's own is where the last layout put it.
    public var layoutFrame: CGRect {
        guard let owner = owningView, let inset = insets else { return proxy.frame }
        let b = owner.bounds
        return CGRect(x: b.minX + inset.left, y: b.minY + inset.top, width: max(b.width - inset.left - inset.right, 0),
                      height: max(b.height - inset.top - inset.bottom, 0))
    }

    /// A system guide's insets from its view's edges (nil for a guide of the app's own).
    var insets: UIEdgeInsets? {
        guard let owner = owningView else { return nil }
        switch kind {
        case .custom: return nil
        case .safeArea: return owner.safeAreaInsets
        case .margins, .readableContent: return owner.marginsGuideInsets
        }
    }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(proxy, .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(proxy, .right) }
    /// The leading edge.
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(proxy, .leading) }
    /// The trailing edge.
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(proxy, .trailing) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(proxy, .centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(proxy, .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(proxy, .bottom) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(proxy, .centerY) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(proxy, .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(proxy, .height) }

    /// The constraints that tie a system guide's edges to its view's, less its insets (none
    /// for a guide given constraints of its own).
    func edgeConstraints() -> [NSLayoutConstraint] {
        guard let owner = owningView, let inset = insets else { return [] }
        return [NSLayoutConstraint(item: proxy, attribute: .left, relatedBy: .equal, toItem: owner, attribute: .left, multiplier: 1, constant: inset.left),
                NSLayoutConstraint(item: proxy, attribute: .right, relatedBy: .equal, toItem: owner, attribute: .right, multiplier: 1, constant: -inset.right),
                NSLayoutConstraint(item: proxy, attribute: .top, relatedBy: .equal, toItem: owner, attribute: .top, multiplier: 1, constant: inset.top),
                NSLayoutConstraint(item: proxy, attribute: .bottom, relatedBy: .equal, toItem: owner, attribute: .bottom, multiplier: 1, constant: -inset.bottom)]
    }
}

/// The view Auto Layout solves for a layout guide: placed by constraints only, in its owning
/// view's coordinates.
final class GuideView: UIView {
    weak var guide: UILayoutGuide?
    override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        translatesAutoresizingMaskIntoConstraints = false
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        translatesAutoresizingMaskIntoConstraints = false
    }
}

extension UIView {
    /// Adds `guide` to this view: its anchors may be constrained to this view's and its subviews'.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        ownGuides.append(guide)
        setNeedsLayout()
    }

    /// Removes `guide` (and with it the constraints on it from then on).
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        ownGuides.removeAll { $0 === guide }
        if guide.owningView === self { guide.owningView = nil }
        setNeedsLayout()
    }

    /// The guides added to this view, and its system guides once asked for.
    public var layoutGuides: [UILayoutGuide] { ownGuides }

    /// The view's bounds less its ``layoutMargins``.
    public var layoutMarginsGuide: UILayoutGuide { systemGuide(.margins) }
    /// The part of the view no bar, no rounded corner and no home indicator covers: the
    /// screen's safe area (the status bar, or the device's safe area, and a navigation bar)
    /// where the view reaches into it, its bounds elsewhere.
    public var safeAreaLayoutGuide: UILayoutGuide { systemGuide(.safeArea) }
    /// The margins' guide, no wider than text reads well: on an iPhone it is the margins'
    /// (UIKit's readable width at the default text size is wider than any iPhone's).
    public var readableContentGuide: UILayoutGuide { systemGuide(.readableContent) }

    func systemGuide(_ kind: UILayoutGuide.Kind) -> UILayoutGuide {
        if let g = ownGuides.first(where: { $0.kind == kind }) { return g }
        let g = UILayoutGuide(kind: kind, owner: self)
        ownGuides.append(g)
        return g
    }

    /// How far the screen's safe area reaches into this view, edge by edge (zero for a view
    /// not on the screen's root, such as a table's cell).
    public var safeAreaInsets: UIEdgeInsets {
        var origin = CGPoint.zero
        var v: UIView = self
        while let up = v.superview {
            origin.x += v.frame.minX - up.bounds.minX
            origin.y += v.frame.minY - up.bounds.minY
            v = up
        }
        guard let shown = v.rootOfScreen else { return .zero }
        let safe = shown.safeAreaInsets, screen = shown.bounds
        let f = CGRect(origin: origin, size: bounds.size)
        return UIEdgeInsets(top: max(0, min(safe.top - f.minY, f.height)), left: max(0, min(safe.left - f.minX, f.width)),
                            bottom: max(0, min(f.maxY - (screen.height - safe.bottom), f.height)),
                            right: max(0, min(f.maxX - (screen.width - safe.right), f.width)))
    }

    /// The margins' guide's insets: the margins, inside the safe area (UIKit's
    /// `insetsLayoutMarginsFromSafeArea`, true by default).
    var marginsGuideInsets: UIEdgeInsets {
        let m = layoutMargins, s = safeAreaInsets
        return UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
    }
}
