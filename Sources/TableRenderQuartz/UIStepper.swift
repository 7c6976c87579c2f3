import Foundation

/// `UIStepper`: a minus and a plus side by side, for a value in a range. Its value, range, step,
/// wrapping and the range's invariant are UIKit's (Apple's documentation: minimum 0, maximum
/// 100, step 1, value 0; a minimum or maximum that would pass the other sets both). Drawn as our
/// own views in iOS 13 and later's look (Apple's artwork is not used): 94 x 32 pt whatever its
/// frame, a track of `tertiarySystemFill` as the segmented control's with 8 pt corners, a 1 pt
/// separator between the halves and the `minus` and `plus` symbols in the label colour, the
/// one that cannot step further (at the minimum or maximum, without `wraps`) greyed as a
/// disabled segment is. The size and the look are by eye (unconfirmed: not published).
///
/// Touches are not simulated: set ``value`` from app code (each change shows at its scene
/// time), and send `.valueChanged` with `sendActions(for:)` where a tap would.
open class UIStepper: UIControl {
    /// The size every stepper has (iOS 13 and later; by eye).
    public static let size = CGSize(width: 94, height: 32)

    private let track = UIView()
    private let separator = UIView()
    private let minus = (on: UIImageView(), off: UIImageView())
    private let plus = (on: UIImageView(), off: UIImageView())

    /// The value, kept within the range (a step past an end wraps to the other with ``wraps``).
    open var value: Double = 0 {
        // (Assigning inside `didSet` does not run it again: the clamped value is styled here.)
        didSet { let v = clamped(value); if v != value || v.isNaN { value = v }; restyle() }
    }
    /// The lowest value; one above the maximum sets both.
    open var minimumValue: Double = 0 {
        didSet { if minimumValue > maximumValue { maximumValue = minimumValue }; value = clamped(value) }
    }
    /// The highest value; one below the minimum sets both.
    open var maximumValue: Double = 100 {
        didSet { if maximumValue < minimumValue { minimumValue = maximumValue }; value = clamped(value) }
    }
    /// How much a tap changes the value: above 0 (UIKit raises for 0 or less; here it is kept
    /// and said).
    open var stepValue: Double = 1 {
        didSet {
            guard !(stepValue > 0) else { return }
            refuseInScene("UIStepper.stepValue: expected a value above 0, found \(stepValue) (UIKit raises)")
            stepValue = oldValue
        }
    }
    /// Whether the value wraps past an end.
    open var wraps = false { didSet { restyle() } }
    /// Whether a held button repeats (kept: touches are not simulated).
    open var autorepeat = true
    /// Whether each change is sent while the finger is down (kept: touches are not simulated).
    open var isContinuous = true
    /// Whether the control takes touches; a disabled one greys both symbols.
    open override var isEnabled: Bool { didSet { restyle() } }

    /// A stepper at `frame`'s origin (its size is always ``size``).
    public override init(frame: CGRect = .zero) {
        super.init(frame: CGRect(origin: frame.origin, size: UIStepper.size))
        build()
    }

    /// A stepper whose `primaryAction` runs when its value changes (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Made from an archive, as a storyboard makes it on iOS (here: at the origin).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        frame = CGRect(origin: .zero, size: UIStepper.size)
        build()
    }

    private func build() {
        track.frame = CGRect(origin: .zero, size: UIStepper.size)
        track.layer.cornerRadius = 8
        track.backgroundColor = .tertiarySystemFill
        separator.frame = CGRect(x: UIStepper.size.width / 2 - 0.5, y: 8, width: 1, height: UIStepper.size.height - 16)
        separator.backgroundColor = UISegmentedControl.separatorColor
        addSubview(track)
        addSubview(separator)
        for (views, name, centre) in [(minus, "minus", UIStepper.size.width / 4), (plus, "plus", UIStepper.size.width * 3 / 4)] {
            for (view, color) in [(views.on, UIColor.label), (views.off, UISegmentedControl.disabledColor)] {
                view.image = UIImage(systemName: name)
                view.tintColor = color
                let s = view.intrinsicContentSize
                view.frame = CGRect(x: centre - s.width / 2, y: (UIStepper.size.height - s.height) / 2, width: s.width, height: s.height)
                addSubview(view)
            }
        }
        restyle()
    }

    /// The frame: its origin moves the stepper, its size is ignored (it keeps 94 x 32).
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UIStepper.size) }
    }

    /// The stepper's own size, for Auto Layout.
    open override var intrinsicContentSize: CGSize { UIStepper.size }
    /// The stepper's own size, whatever `size` is.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIStepper.size }

    private func clamped(_ v: Double) -> Double { v.isNaN ? minimumValue : min(max(v, minimumValue), maximumValue) }

    /// Each symbol drawn in the label colour while it can step, greyed where it cannot.
    private func restyle() {
        let down = isEnabled && (wraps || value > minimumValue), up = isEnabled && (wraps || value < maximumValue)
        for (views, on) in [(minus, down), (plus, up)] {
            let a: CGFloat = on ? 1 : 0
            if views.on.alpha != a { views.on.alpha = a }
            if views.off.alpha != 1 - a { views.off.alpha = 1 - a }
        }
    }
}
