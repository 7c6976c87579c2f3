import Foundation

/// A button as it looks at rest: its title centred in its bounds (a `system` button's in the
/// tint colour, systemBlue, 15 pt; a `custom` one's white), over its background. Touches and
/// targets are not simulated: a button's `#selector` target needs the Objective-C runtime, so
/// such code does not build here; animate the button from ``LayerScene/at(_:_:)`` instead.
open class UIButton: UIView {
    /// UIKit's button types drawn here.
    public enum ButtonType: Int, Sendable {
        /// No styling: a white title.
        case custom
        /// The system button: a title in the tint colour.
        case system
    }
    /// The states a title or colour is set for (the `normal` one is drawn).
    public struct State: OptionSet, Hashable, Sendable {
        /// The state's bits.
        public let rawValue: UInt
        /// A state from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// At rest.
        public static let normal: State = []
        /// Under a finger.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
    }
    /// The button's type.
    public let buttonType: ButtonType
    /// The label the title is drawn with.
    public let titleLabel: UILabel?
    private var titles: [State: String] = [:]
    private var titleColors: [State: UIColor] = [:]
    /// Whether the button is enabled (kept for app code; a disabled look is not drawn).
    open var isEnabled = true
    /// Whether the button is selected (kept for app code).
    open var isSelected = false
    /// Whether the button is highlighted (kept for app code).
    open var isHighlighted = false

    /// A button of `type` (`UIButton(type: .system)`).
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        let label = UIButton.label(buttonType)
        titleLabel = label
        super.init(frame: .zero)
        addSubview(label)
    }

    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// a custom button), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        buttonType = .custom
        let label = UIButton.label(.custom)
        titleLabel = label
        super.init(coder: coder)
        addSubview(label)
    }

    private static func label(_ buttonType: ButtonType) -> UILabel {
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        label.textColor = buttonType == .system ? .systemBlue : .white
        return label
    }

    /// A custom button in `frame`.
    public convenience override init(frame: CGRect = .zero) {
        self.init(type: .custom)
        self.frame = frame
    }

    /// The title's baselines (the title label fills the button, its text centred).
    override func textBaselines(width: Double?, height: Double?) -> (first: Double, lastFromBottom: Double)? {
        titleLabel?.textBaselines(width: width, height: height)
    }

    /// The frame; the title follows it.
    open override var frame: CGRect {
        didSet { titleLabel?.frame = CGRect(origin: .zero, size: frame.size) }
    }

    /// `setTitle(_:for:)`: the `normal` title is drawn.
    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        if state == .normal { titleLabel?.text = title }
    }
    /// The title set for a state (the normal one when none is).
    open func title(for state: State) -> String? { titles[state] ?? titles[.normal] }
    /// `setTitleColor(_:for:)`: the `normal` colour is drawn.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state] = color
        if state == .normal, let color { titleLabel?.textColor = color }
    }
    /// The title colour set for a state.
    open func titleColor(for state: State) -> UIColor? { titleColors[state] ?? titleColors[.normal] ?? titleLabel?.textColor }

    /// A system button's title is in the tint colour (``UIView/tintColor``) unless
    /// `setTitleColor(_:for:)` gave it one.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if buttonType == .system, titleColors[.normal] == nil { titleLabel?.textColor = tintColor }
    }
}
