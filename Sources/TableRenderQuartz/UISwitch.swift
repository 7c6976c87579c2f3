import Foundation

/// `UISwitch`: the on/off control of settings rows, drawn as our own shapes in iOS 13 to 18's
/// look (Apple's artwork is not used): a 51 x 31 pt capsule track, filled with ``onTintColor``
/// (systemGreen) when on and `secondarySystemFill` when off, and a 27 pt white thumb 2 pt
/// inside it, at the left when off and at the right when on, with a soft shadow below.
///
/// As in UIKit, the switch keeps its own size: the size of the frame it is given is ignored
/// (scale it with `transform`). Put it in a row as the cell's `accessoryView`, or anywhere in a
/// view tree. ``setOn(_:animated:)`` at a scene time slides the thumb and fades the track's
/// colour. Touches on the switch are not simulated (a script's `tap` selects the row, as a tap
/// beside the switch does on iOS); set ``isOn`` from app code instead.
open class UISwitch: UIControl {
    /// The size every switch has: 51 x 31 pt (iOS 7 to 18).
    public static let size = CGSize(width: 51, height: 31)
    /// The thumb's diameter and its inset from the track's edge.
    static let thumbSize: CGFloat = 27, inset: CGFloat = 2
    /// Seconds the thumb takes to slide in ``setOn(_:animated:)`` (unconfirmed: by eye, UIKit
    /// does not publish it).
    static let slideDuration: TimeInterval = 0.25

    /// Holds the track and the thumb, so that a disabled switch dims as one.
    private let body = UIView()
    private let track = UIView()
    private let thumb = UIView()

    /// Whether the switch is on; setting it moves the thumb at once.
    open var isOn = false { didSet { if isOn != oldValue { restyle() } } }
    /// The track's colour when on (nil: systemGreen).
    open var onTintColor: UIColor? { didSet { restyle() } }
    /// The thumb's colour (nil: white).
    open var thumbTintColor: UIColor? { didSet { restyle() } }
    /// Whether the switch takes touches; a disabled switch is drawn at half opacity.
    open override var isEnabled: Bool { didSet { restyle() } }

    /// A switch, off, at `frame`'s origin (its size is always ``size``).
    public override init(frame: CGRect = .zero) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.size))
        build()
    }
    /// A switch whose `primaryAction` runs when it is turned (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// a switch at the origin), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        frame = CGRect(origin: .zero, size: UISwitch.size)
        build()
    }

    private func build() {
        track.frame = CGRect(origin: .zero, size: UISwitch.size)
        track.layer.cornerRadius = UISwitch.size.height / 2
        thumb.layer.cornerRadius = UISwitch.thumbSize / 2
        // The thumb's shadow (unconfirmed: by eye against iOS 17's Settings).
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.2
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        thumb.layer.shadowRadius = 3
        body.frame = CGRect(origin: .zero, size: UISwitch.size)
        body.addSubview(track)
        body.addSubview(thumb)
        addSubview(body)
        restyle()
    }

    /// The frame: its origin moves the switch, its size is ignored (UIKit's switch keeps 51 x 31).
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UISwitch.size) }
    }

    /// Turns the switch on or off; `animated` slides the thumb (at a scene time, inside the
    /// scene's clock, as the switch does when code sets it on iOS).
    open func setOn(_ on: Bool, animated: Bool) {
        guard animated, on != isOn else { isOn = on; return }
        UIView.animate(withDuration: UISwitch.slideDuration) { self.isOn = on }
    }

    /// The switch's own size, for Auto Layout.
    open override var intrinsicContentSize: CGSize { UISwitch.size }
    /// The switch's own size, whatever `size` is.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.size }

    /// Puts the track's colour, the thumb's place and the enabled look where the state says.
    private func restyle() {
        let x = isOn ? UISwitch.size.width - UISwitch.inset - UISwitch.thumbSize : UISwitch.inset
        thumb.frame = CGRect(x: x, y: UISwitch.inset, width: UISwitch.thumbSize, height: UISwitch.thumbSize)
        thumb.backgroundColor = thumbTintColor ?? .white
        track.backgroundColor = isOn ? (onTintColor ?? .systemGreen) : .secondarySystemFill
        let opacity: CGFloat = isEnabled ? 1 : 0.5
        if body.alpha != opacity { body.alpha = opacity }
    }
}
