import Foundation

/// A visual effect a ``UIVisualEffectView`` draws (UIKit's `UIVisualEffect`): ``UIBlurEffect``.
@preconcurrency @MainActor
open class UIVisualEffect: NSObject {
    /// An effect (make a ``UIBlurEffect``).
    public override init() { super.init() }
}

/// A blur of what lies behind the view, tinted by its style (UIKit's `UIBlurEffect`): drawn as
/// the layer's backdrop (the scene format's `backdropBlur`) under a translucent tint.
///
/// Apple does not publish the styles' radii and tints. The chrome material is the navigation
/// bar's (`systemChromeMaterial`): a 10 pt blur under #F9F9F9 at 94 % (Flutter's
/// CupertinoNavigationBar), (29, 29, 31) at 94 % in dark. The others are by eye (unconfirmed):
/// the same blur under the system background's colour at 30 % (ultra thin), 50 % (thin), 70 %
/// (material, regular) and 85 % (thick, prominent); `light` and `extraLight` white at 30 % and
/// 70 %, `dark` black at 50 %; the `...Light` and `...Dark` styles keep one appearance.
open class UIBlurEffect: UIVisualEffect {
    /// UIKit's blur styles, in its order.
    public enum Style: Int, Sendable {
        /// iOS 8's styles: a white or black tint of a fixed strength.
        case extraLight, light, dark
        /// iOS 10's, adapting to the appearance: as `systemMaterial` and `systemThickMaterial`.
        case regular = 4, prominent
        /// iOS 13's materials, from the most to the least translucent, adapting to the appearance.
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        /// The materials in the light appearance whatever the scene's.
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
        /// The materials in the dark appearance whatever the scene's.
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    }

    /// The style the effect was made with.
    public let style: Style
    /// A blur of `style`.
    public init(style: Style) { self.style = style; super.init() }

    /// The blur's radius in points.
    static let radius: CGFloat = 10

    /// The tint over the blur, in the scene's appearance unless the style fixes one.
    var tint: UIColor {
        func material(_ alpha: CGFloat, light: CGFloat = 1, dark: (CGFloat, CGFloat, CGFloat) = (28 / 255, 28 / 255, 30 / 255),
                      only: UIUserInterfaceStyle = .unspecified) -> UIColor {
            let l = UIColor(white: light, alpha: alpha), d = UIColor(red: dark.0, green: dark.1, blue: dark.2, alpha: alpha)
            switch only {
            case .light: return l
            case .dark: return d
            default: return UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? d : l })
            }
        }
        let chrome: (light: CGFloat, dark: (CGFloat, CGFloat, CGFloat)) = (249.0 / 255, (29.0 / 255, 29.0 / 255, 31.0 / 255))
        switch style {
        case .extraLight: return UIColor(white: 1, alpha: 0.7)
        case .light: return UIColor(white: 1, alpha: 0.3)
        case .dark: return UIColor(white: 0, alpha: 0.5)
        case .systemUltraThinMaterial: return material(0.3)
        case .systemThinMaterial: return material(0.5)
        case .regular, .systemMaterial: return material(0.7)
        case .prominent, .systemThickMaterial: return material(0.85)
        case .systemChromeMaterial: return material(0.94, light: chrome.light, dark: chrome.dark)
        case .systemUltraThinMaterialLight: return material(0.3, only: .light)
        case .systemThinMaterialLight: return material(0.5, only: .light)
        case .systemMaterialLight: return material(0.7, only: .light)
        case .systemThickMaterialLight: return material(0.85, only: .light)
        case .systemChromeMaterialLight: return material(0.94, light: chrome.light, only: .light)
        case .systemUltraThinMaterialDark: return material(0.3, only: .dark)
        case .systemThinMaterialDark: return material(0.5, only: .dark)
        case .systemMaterialDark: return material(0.7, only: .dark)
        case .systemThickMaterialDark: return material(0.85, only: .dark)
        case .systemChromeMaterialDark: return material(0.94, dark: chrome.dark, only: .dark)
        }
    }
}

/// A view that blurs what lies behind it (UIKit's `UIVisualEffectView` with a ``UIBlurEffect``):
/// its layer's backdrop is what the views below it drew, blurred, under the style's tint. Put
/// views on top of the blur in ``contentView``. Without an effect it draws nothing of its own.
/// As on iOS its own `alpha` below 1 is not the way to fade it (UIKit warns); what shows through
/// a group (a superview with `alpha` below 1 and other content, or a mask) is only what that group
/// drew before it.
open class UIVisualEffectView: UIView {
    /// The effect; set it (at a scene time too, not animated) to change the blur.
    open var effect: UIVisualEffect? { didSet { restyle() } }
    /// Where content over the blur goes: it fills the view.
    public let contentView = UIView()

    /// A view that draws `effect` (nil: nothing); size it with `frame`.
    public init(effect: UIVisualEffect?) {
        super.init(frame: .zero)
        self.effect = effect
        addSubview(contentView)
        restyle()
    }

    /// A view with no effect at `frame`.
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }
    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// with no effect), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// The content view follows the view's size (UIKit sizes it so).
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue; contentView.frame = CGRect(origin: .zero, size: newValue.size) }
    }

    /// Keeps ``contentView`` the view's size.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    /// The blur (``SceneWriter`` writes it as the layer's `backdropBlur`) and its tint as the
    /// layer's background.
    var blur: UIBlurEffect? { effect as? UIBlurEffect }

    private func restyle() {
        layer.backgroundColor = blur?.tint.cgColor
        layer.backdropBlur = blur == nil ? 0 : UIBlurEffect.radius
    }
}
