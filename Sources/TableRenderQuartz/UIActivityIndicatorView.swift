import Foundation
import Geometry

/// `UIActivityIndicatorView`: the spinner of loading rows and footers, drawn as our own shapes
/// in iOS 13 to 18's look (Apple's artwork is not used): eight rounded spokes around the
/// centre, the leading one solid and each one behind it fainter, stepping an eighth of a turn
/// clockwise eight times a second while it animates.
///
/// The style sets the size, as in UIKit: `.medium` (the default) is 20 x 20 pt, `.large`
/// 37 x 37; the spinner is drawn centred in the view's bounds. ``hidesWhenStopped`` (true)
/// hides it until ``startAnimating()`` and after ``stopAnimating()``. Started and stopped at
/// scene times (``LayerScene/at(_:_:)``, a queued block, a table's `cellForRowAt`), it spins
/// from the start to the stop on the scene's clock.
open class UIActivityIndicatorView: UIView {
    /// The indicator's styles (the three before iOS 13 are kept for old code).
    public enum Style: Int, Sendable {
        /// The large white style (before iOS 13): 37 pt, white.
        case whiteLarge = 0
        /// The white style (before iOS 13): 20 pt, white.
        case white = 1
        /// The grey style (before iOS 13): 20 pt, grey.
        case gray = 2
        /// The default style: 20 pt.
        case medium = 100
        /// The large style: 37 pt.
        case large = 101

        /// The side of the square the style draws in.
        var side: CGFloat { self == .large || self == .whiteLarge ? 37 : 20 }
    }

    /// The number of spokes, and the seconds a whole turn takes (unconfirmed: by eye against
    /// iOS 17; UIKit does not publish either).
    static let spokes = 8, turn: CFTimeInterval = 1

    /// The style; it sets the spinner's size and, until ``color`` is set, its colour.
    open var style: Style { didSet { restyle() } }
    /// The spokes' colour (systemGray for `.medium`, `.large` and `.gray`; white for the white styles).
    open var color: UIColor! {
        get { ownColor ?? Self.standardColor(style) }
        set { ownColor = newValue; restyle() }
    }
    private var ownColor: UIColor?
    /// Whether the indicator hides while it is not animating (true, as in UIKit).
    open var hidesWhenStopped = true { didSet { if !animating { isHidden = hidesWhenStopped } } }
    /// Whether it is animating.
    open var isAnimating: Bool { animating }
    private var animating = false
    /// Starts made so far, so that each start's turn is its own animation.
    private var starts = 0
    /// Where the spokes turn: a layer the size of the style, centred in the view.
    private let wheel = CALayer()

    /// An indicator of `style`, sized by it, stopped (and so hidden).
    public init(style: Style = .medium) {
        self.style = style
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        layer.addSublayer(wheel)
        restyle()
        isHidden = hidesWhenStopped
    }

    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// ``init(frame:)`` makes it), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        style = .medium
        super.init(coder: coder)
        frame = CGRect(x: 0, y: 0, width: style.side, height: style.side)
        layer.addSublayer(wheel)
        restyle()
        isHidden = hidesWhenStopped
    }

    /// A medium indicator in `frame` (the spinner drawn centred in it).
    public convenience override init(frame: CGRect) {
        self.init(style: .medium)
        self.frame = frame
    }

    /// The frame; the spinner stays centred in it.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue; placeWheel() }
    }

    /// The style's size, for Auto Layout.
    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }
    /// The style's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Shows the indicator and starts it turning, at the scene time the code runs at.
    open func startAnimating() {
        guard !animating else { return }
        animating = true
        isHidden = false
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        let n = Self.spokes
        spin.values = (0..<n).map { CGFloat($0) * 2 * CGFloat(DetMath.pi) / CGFloat(n) }
        spin.keyTimes = (0..<n).map { NSNumber(value: Double($0) / Double(n)) }
        spin.calculationMode = .discrete
        spin.duration = Self.turn
        spin.repeatCount = .infinity
        starts += 1
        wheel.add(spin, forKey: "spin\(starts)")
    }

    /// Stops the turning and, with ``hidesWhenStopped``, hides the indicator.
    ///
    /// At a scene time the indicator hides then; one that stays shown (``hidesWhenStopped``
    /// false) would need its turn stopped at that time, which is not drawn yet: the scene stops
    /// with a message saying so.
    open func stopAnimating() {
        guard animating else { return }
        animating = false
        if hidesWhenStopped { isHidden = true }
        if ChangeContext.current == nil {
            wheel.removeAllAnimations()
        } else if !hidesWhenStopped {
            layer.refusedCalls.append("UIActivityIndicatorView.stopAnimating(): stopping the spinner at a scene time while it stays shown (hidesWhenStopped = false) is not drawn yet; leave hidesWhenStopped true, or remove the indicator")
        }
    }

    /// The colour a style draws with when ``color`` is not set.
    static func standardColor(_ style: Style) -> UIColor {
        style == .white || style == .whiteLarge ? .white : .systemGray
    }

    /// Centres the wheel in the bounds.
    private func placeWheel() {
        let side = style.side
        wheel.frame = CGRect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
    }

    /// Makes the spokes for the style and colour: each a rounded bar from a third of the
    /// radius to the edge, the leading one (at 12 o'clock) solid, each later one anticlockwise
    /// a tenth fainter (unconfirmed proportions, by eye against iOS 17).
    private func restyle() {
        placeWheel()
        for spoke in wheel.sublayers ?? [] { spoke.removeFromSuperlayer() }
        let side = style.side, radius = side / 2
        let width = side * 0.125, length = radius * 0.6
        let middle = radius - length / 2 - width * 0.1
        for k in 0..<Self.spokes {
            let degrees = -Double(k) * 360 / Double(Self.spokes)
            let (sin, cos) = DetMath.sinCos(degrees: degrees)
            let spoke = CALayer()
            spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
            spoke.position = CGPoint(x: radius + CGFloat(sin) * middle, y: radius - CGFloat(cos) * middle)
            spoke.transform = CATransform3DMakeRotation(CGFloat(degrees * DetMath.pi / 180), 0, 0, 1)
            spoke.cornerRadius = width / 2
            // Smooth edges at every angle (a transformed layer's edges are aliased by default).
            spoke.allowsEdgeAntialiasing = true
            spoke.backgroundColor = color.cgColor
            spoke.opacity = Float(1 - 0.1 * Double(k))
            wheel.addSublayer(spoke)
        }
    }
}
