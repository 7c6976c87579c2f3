import Foundation
import Geometry
import SceneModel

/// UIKit's edge insets (a table's `separatorInset` uses `left`).
public struct UIEdgeInsets: Equatable, Sendable {
    /// The insets from each edge.
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// Insets from each edge.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A view: a layer with UIKit's names for some of its properties, and UIKit's animation
/// calls. Changes to a view's layer animate only inside those calls (a view's layer has no
/// implicit animations), at the scene time ``LayerScene/at(_:_:)`` or the table gives.
@preconcurrency @MainActor
open class UIView {
    /// The view's layer (its class is `layerClass`).
    public let layer: CALayer
    public internal(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    /// The table's `tableHeaderView` or `tableFooterView` this view is, by key (nil: neither).
    var tableViewKey: String?

    /// The class of the view's layer.
    open class var layerClass: CALayer.Type { CALayer.self }

    /// A view with its frame in its superview.
    public init(frame: CGRect = .zero) {
        layer = Self.layerClass.init()
        layer.view = self
        layer.frame = frame
    }

    /// A view made from an archive, as a storyboard makes one on iOS. There are no archives
    /// here: the view is made as ``init(frame:)`` makes it with a zero frame. It is here so that a
    /// subclass's `required init?(coder:)`, as Xcode writes it (calling `super.init(coder:)` or
    /// `fatalError`), builds as it does for iOS.
    public required init?(coder: NSCoder) {
        layer = Self.layerClass.init()
        layer.view = self
    }

    /// The view's rectangle in its superview (the layer's frame).
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    /// Lays out the subviews: a subclass places them here, as on iOS (a view controller's
    /// view and a table's cells are laid out before they show).
    open func layoutSubviews() {}
    /// Called on a view made from a nib or storyboard once it is loaded: there are none here,
    /// except that a cell the table makes from a class registered for an identifier stands for
    /// a storyboard's prototype (``UITableView/register(_:forCellReuseIdentifier:)``) and gets
    /// it. Overrides call `super.awakeFromNib()`, as on iOS.
    open func awakeFromNib() {}
    /// Draws the view's own content with ``UIGraphicsGetCurrentContext()`` (a subclass draws
    /// here, as on iOS); it runs before the view is first shown and after ``setNeedsDisplay()``.
    open func draw(_ rect: CGRect) {}
    /// Asks for ``draw(_:)`` to run again before the view is next shown.
    open func setNeedsDisplay() { needsDisplay = true }
    /// Whether ``draw(_:)`` is due.
    var needsDisplay = true
    /// What ``draw(_:)`` drew last, at the bottom of the layer's sublayers.
    var drawnLayers: [CAShapeLayer] = []
    /// Asks for a layout at the next layout pass: after the app code running at a scene time
    /// (or at ``layoutIfNeeded()``).
    open func setNeedsLayout() { needsLayout = true }
    /// Says the view's ``intrinsicContentSize`` changed: the next layout of its superview (which
    /// reads every intrinsic size again) places it by the new one.
    open func invalidateIntrinsicContentSize() {
        setNeedsLayout()
        superview?.setNeedsLayout()
    }
    /// Whether a layout pass is due.
    var needsLayout = false
    /// The space Auto Layout keeps inside the view's edges for its ``layoutMarginsGuide``: 8
    /// points each side (UIKit's default for a view), a cell's content view 11 above and below
    /// and 16 at the sides, a view controller's view the system's minimum at the sides.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet {
            let m = layoutMargins
            if ![m.top, m.left, m.bottom, m.right].allSatisfy(\.isFinite) {
                // Auto Layout's constants must be numbers: the margins keep their value, the scene stops with this.
                layer.refusedCalls.append("\(type(of: self)).layoutMargins: expected finite insets, found (top \(m.top), left \(m.left), bottom \(m.bottom), right \(m.right))")
                layoutMargins = oldValue
                return
            }
            if layoutMargins != oldValue { setNeedsLayout() }
        }
    }
    /// The layout guides added to the view, and its system guides once asked for.
    var ownGuides: [UILayoutGuide] = []
    /// The screen that shows this view as its root (its safe area is the screen's), as a
    /// window's root view knows its window's screen; nil for any other view.
    var rootOfScreen: UIScreen?
    /// Lays the view out now: the Auto Layout constraints of its window's tree (its topmost
    /// superview's), then ``layoutSubviews()``. Inside a `UIView.animate` block the frames
    /// the constraints move animate with the block.
    open func layoutIfNeeded() {
        var top: UIView = self
        while let s = top.superview { top = s }
        AutoLayout.layout(top)
        needsLayout = false
        layoutSubviews()
    }
    /// Whether a layout pass is due anywhere in the tree under this view.
    var layoutDue: Bool { needsLayout || subviews.contains { $0.layoutDue } }
    /// The views of the tree under this one (itself included) whose layout is due.
    var viewsDueLayout: [UIView] { (needsLayout ? [self] : []) + subviews.flatMap(\.viewsDueLayout) }
    /// The view's active constraints (see ``NSLayoutConstraint``).
    var activeConstraints: [NSLayoutConstraint] = []
    /// Content hugging and compression resistance, horizontal then vertical (UIKit's defaults for views made in code).
    var contentPriorities = (hugging: [UILayoutPriority(250), UILayoutPriority(250)], compression: [UILayoutPriority(750), UILayoutPriority(750)])
    /// Whether the frame places the view (true, as for views made in code) or its constraints
    /// do (false, as for views from a storyboard with constraints).
    open var translatesAutoresizingMaskIntoConstraints = true
    /// How the view resizes with its superview: kept for app code; views here are sized where they are set.
    open var autoresizingMask: UIView.AutoresizingMask = []

    /// The size that fits the view's content within `size`: a plain view's own size (a label
    /// measures its text).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to ``sizeThatFits(_:)`` of its own size, keeping its frame's origin.
    open func sizeToFit() {
        frame = CGRect(origin: frame.origin, size: sizeThatFits(bounds.size))
    }

    /// The content's own size, when it has one (a label's text); `UIView.noIntrinsicMetric`
    /// each way otherwise.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    /// The content's own size for a layout that has solved the view's width (`width`; nil:
    /// not yet): ``intrinsicContentSize`` (a label wraps its text at that width).
    func intrinsicSize(fittingWidth width: Double?) -> CGSize { intrinsicContentSize }

    /// The view whose first line of text is this view's first baseline (UIKit's: the value of
    /// ``forLastBaselineLayout``). Override to return a text-based subview.
    open var forFirstBaselineLayout: UIView { forLastBaselineLayout }
    /// The view whose last line of text is this view's last baseline (UIKit's: the view itself).
    open var forLastBaselineLayout: UIView { self }

    /// Where this view's own text puts its first and last baselines, in points from its top and
    /// from its bottom, when it is `height` tall (nil: its content's own height) and `width`
    /// wide; nil for a view with no text of its own (a label has one).
    func textBaselines(width: Double?, height: Double?) -> (first: Double, lastFromBottom: Double)? { nil }

    /// No intrinsic size on this axis.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The layer's bounds.
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    /// The layer's position.
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The view's 2D transform about its center: the layer's `transform` in the plane (set
    /// inside `UIView.animate` it animates, as on iOS).
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set { layer.transform = CATransform3DMakeAffineTransform(newValue) }
    }
    /// The layer's opacity.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    /// Whether the view is not drawn.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    /// Light or dark: on the root view controller's view, the scene's (as the controller's);
    /// on any other view the scene stops with a message (a subtree in another appearance is not drawn yet).
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified {
        didSet { SceneRuntime.current.styleChanged(to: overrideUserInterfaceStyle, shown: shownTraits, on: layer.described) }
    }
    /// The traits (appearance, text size) the scene showed this view with (nil: not shown).
    var shownTraits: UITraitCollection?

    /// The layer's background colour.
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }
    /// The layer's masksToBounds.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// A view whose alpha masks this one (its layer becomes the layer's `mask`).
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }
    /// An integer the app identifies the view by (`viewWithTag(_:)`); 0 by default.
    open var tag = 0
    /// What this view's code asked for that a scene cannot draw, asked before any scene ran it
    /// (a stepper's `stepValue = 0` set up front): said when a scene that shows the view is
    /// recorded, as it would have been had a scene run the code.
    var refusedBeforeScene: [String] = []

    /// The view or the first of its descendants (depth first, as UIKit) whose tag is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for v in subviews { if let found = v.viewWithTag(tag) { return found } }
        return nil
    }
    /// The layer's name; a cell template's `mainView` and `detailView` are found by it.
    open var accessibilityIdentifier: String? {
        get { layer.name }
        set { layer.name = newValue }
    }

    /// Adds `view` on top of the subviews (its layer on top of the sublayers).
    open func addSubview(_ view: UIView) {
        guard accepts(subview: view) else { return }
        view.moveTint(to: self) {
            if let old = view.superview {
                old.subviews.removeAll { $0 === view }
                view.layer.removeFromSuperlayer()
            }
            subviews.append(view)
            view.superview = self
            layer.addSublayer(view.layer)
        }
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        moveTint(to: nil) {
            parent.subviews.removeAll { $0 === self }
            superview = nil
            layer.removeFromSuperlayer()
        }
    }

    /// The tint colour: its own (set here), else its superview's (a cell's, its table's), else
    /// systemBlue, UIKit's default. Buttons, symbol images, check marks and info buttons draw
    /// in it. A change calls ``tintColorDidChange()`` on the views that show it.
    open var tintColor: UIColor! {
        get { ownTintColor ?? inheritedTintColor }
        set { changeTint { ownTintColor = newValue } }
    }
    /// The tint colour set on this view (nil: inherited).
    var ownTintColor: UIColor?
    /// Called when the tint colour this view shows changes: set here or on a view it inherits
    /// it from, or the view moved under another tint.
    open func tintColorDidChange() {}
    /// Called before the view moves into a superview (nil: out of one).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved into a superview or out of one.
    open func didMoveToSuperview() {}

    /// A view that draws what this view draws now: `resizableSnapshotView` of its bounds.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        resizableSnapshotView(from: bounds, afterScreenUpdates: afterUpdates, withCapInsets: .zero)
    }

    /// A view of `rect`'s size that draws the part `rect` (in this view's bounds) of what this
    /// view draws now, as UIKit's snapshots do: later changes to this view do not show in it.
    /// The snapshot is a copy of the layer tree as it is (without names or animations, and
    /// without this view's own transform), clipped to `rect`, so it draws at the screen's
    /// scale. `capInsets` are not used: a snapshot is drawn at its size.
    open func resizableSnapshotView(from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets) -> UIView? {
        let snapshot = UIView(frame: CGRect(origin: .zero, size: rect.size))
        snapshot.clipsToBounds = true
        let copy = layer.treeCopy()
        copy.transform = CATransform3DIdentity
        copy.frame = CGRect(x: bounds.minX - rect.minX, y: bounds.minY - rect.minY, width: bounds.width, height: bounds.height)
        snapshot.layer.addSublayer(copy)
        return snapshot
    }

    /// The subview (at any depth) whose layer has this name.
    open func viewWithIdentifier(_ identifier: String) -> UIView? {
        if accessibilityIdentifier == identifier { return self }
        for v in subviews { if let found = v.viewWithIdentifier(identifier) { return found } }
        return nil
    }

    /// Animates the changes `animations` makes to views' layers, from their values before to
    /// their values after, over `duration` seconds after `delay` (UIKit's default curve: ease in,
    /// ease out). At a scene time (``LayerScene/at(_:_:)``) `completion` runs with `true` as
    /// code at the time the animations end (at once when nothing animated, as UIKit calls it
    /// on the next run loop), so an animation started there follows this one; while a scene is
    /// built it runs at once.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
                            animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        record(ChangeAnimation(duration: duration, delay: delay, timing: options.curve.timing), animations, completion)
    }

    /// Animates the changes `animations` makes with a spring that ends in `duration` seconds
    /// after `delay`, as UIKit's: `dampingRatio` 1 settles without overshoot, lower values
    /// oscillate; `velocity` 1 is the whole distance in one second. The spring (mass 1) is the
    /// one whose motion is within 1/1000 of the distance at `duration` (how UIKit chooses it is
    /// not documented; this is Framer's published rule with the envelope's full form), and the
    /// animation ends at the new values, as UIKit's does. `completion` as for the other `animate`.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                            animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let timing = CAMediaTimingFunction(value: springTiming(duration: duration, dampingRatio: Double(dampingRatio), velocity: Double(velocity)))
        record(ChangeAnimation(duration: duration, delay: delay, timing: timing), animations, completion)
    }

    /// Runs `actionsWithoutAnimation` with UIView animations off, as UIKit's: what it changes is
    /// made at once, inside an animation block too, and a table's updates in it are made
    /// without animating (an update of duration 0).
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        guard let c = ChangeContext.current else { actionsWithoutAnimation(); return }
        let was = c.animationsDisabled
        c.animationsDisabled = true
        actionsWithoutAnimation()
        c.animationsDisabled = was
    }

    /// Turns UIView animations off or on for the code running at this scene time (UIKit's
    /// switch is the app's; here it lasts until that code returns).
    open class func setAnimationsEnabled(_ enabled: Bool) { ChangeContext.current?.animationsDisabled = !enabled }

    /// Whether UIView animations are on.
    open class var areAnimationsEnabled: Bool { !(ChangeContext.current?.animationsDisabled ?? false) }

    /// Animates the changes `animations` makes over `duration` seconds.
    open class func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates the changes `animations` makes over `duration` seconds; `completion` runs when
    /// they end.
    open class func animate(withDuration duration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Starts an animation block (`beginAnimations(_:context:)` ... `commitAnimations()`):
    /// 0.2 s and ease in, ease out unless set, as UIKit's.
    open class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        ChangeContext.current?.viewAnimations.append(ChangeAnimation(duration: 0.2, delay: 0, timing: AnimationCurve.easeInOut.timing))
    }
    /// The open animation block's duration.
    open class func setAnimationDuration(_ duration: TimeInterval) { updateBlock { $0.duration = duration } }
    /// The open animation block's delay.
    open class func setAnimationDelay(_ delay: TimeInterval) { updateBlock { $0.delay = delay } }
    /// The open animation block's curve.
    open class func setAnimationCurve(_ curve: AnimationCurve) { updateBlock { $0.timing = curve.timing } }
    /// Ends the animation block `beginAnimations(_:context:)` opened.
    open class func commitAnimations() { _ = ChangeContext.current?.viewAnimations.popLast() }
}

extension UIView {
    /// UIKit's autoresizing flags.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The flags.
        public let rawValue: UInt
        /// Flags from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin stretches.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin stretches.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin stretches.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin stretches.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}
