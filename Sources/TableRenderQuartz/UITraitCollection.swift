import Foundation
import SceneModel

/// Light or dark, as `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// No choice: the scene's (light unless the scene says dark).
    case unspecified = 0
    /// The light appearance.
    case light = 1
    /// The dark appearance.
    case dark = 2

    var appearance: Appearance? {
        switch self {
        case .unspecified: return nil
        case .light: return .light
        case .dark: return .dark
        }
    }

    init(_ appearance: Appearance) { self = appearance == .dark ? .dark : .light }
}

/// The traits a view's code sees: its user interface style (issue 54.6; the scene's
/// appearance, light unless ``LayerScene/overrideUserInterfaceStyle`` or the root view
/// controller's ``UIViewController/overrideUserInterfaceStyle`` makes it dark).
public struct UITraitCollection: Equatable, Sendable {
    /// Light or dark (`.unspecified`: the scene's).
    public var userInterfaceStyle: UIUserInterfaceStyle
    /// The preferred text size (`.unspecified`: the scene's).
    public var preferredContentSizeCategory = UIContentSizeCategory.unspecified

    /// `UITraitCollection(userInterfaceStyle:)`.
    public init(userInterfaceStyle: UIUserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }
    /// `UITraitCollection(preferredContentSizeCategory:)`.
    public init(preferredContentSizeCategory: UIContentSizeCategory) {
        userInterfaceStyle = .unspecified
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// The traits of the scene whose app code runs now.
    public static var current: UITraitCollection {
        var t = UITraitCollection(userInterfaceStyle: UIUserInterfaceStyle(SceneRuntime.current.appearance))
        t.preferredContentSizeCategory = UIContentSizeCategory(SceneRuntime.current.contentSizeCategory)
        return t
    }
}

/// The preferred text size, as `UIContentSizeCategory` (UIKit's names and raw values).
public struct UIContentSizeCategory: RawRepresentable, Equatable, Hashable, Sendable {
    /// UIKit's raw value (`"UICTContentSizeCategoryL"`).
    public var rawValue: String
    /// The category with this raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No preference: the scene's.
    public static let unspecified = Self(rawValue: "_UICTContentSizeCategoryUnspecified")
    /// The three sizes below the default: body 14, 15 and 16 pt.
    public static let extraSmall = Self(rawValue: "UICTContentSizeCategoryXS"), small = Self(rawValue: "UICTContentSizeCategoryS"),
                      medium = Self(rawValue: "UICTContentSizeCategoryM")
    /// The default: body 17 pt.
    public static let large = Self(rawValue: "UICTContentSizeCategoryL")
    /// The three sizes above the default: body 19, 21 and 23 pt.
    public static let extraLarge = Self(rawValue: "UICTContentSizeCategoryXL"), extraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXL"),
                      extraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXXL")
    /// The accessibility sizes: body 28, 33, 40, 47 and 53 pt.
    public static let accessibilityMedium = Self(rawValue: "UICTContentSizeCategoryAccessibilityM"),
                      accessibilityLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityL"),
                      accessibilityExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXL"),
                      accessibilityExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXL"),
                      accessibilityExtraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    static let all: [(UIContentSizeCategory, ContentSizeCategory)] = [
        (.extraSmall, .extraSmall), (.small, .small), (.medium, .medium), (.large, .large), (.extraLarge, .extraLarge),
        (.extraExtraLarge, .extraExtraLarge), (.extraExtraExtraLarge, .extraExtraExtraLarge), (.accessibilityMedium, .accessibilityMedium),
        (.accessibilityLarge, .accessibilityLarge), (.accessibilityExtraLarge, .accessibilityExtraLarge),
        (.accessibilityExtraExtraLarge, .accessibilityExtraExtraLarge), (.accessibilityExtraExtraExtraLarge, .accessibilityExtraExtraExtraLarge),
    ]

    /// The model's category (nil: unspecified or unknown).
    var model: ContentSizeCategory? { UIContentSizeCategory.all.first { $0.0 == self }?.1 }

    init(_ category: ContentSizeCategory) { self = UIContentSizeCategory.all.first { $0.1 == category }?.0 ?? .large }

    /// One of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { model?.isAccessibilityCategory ?? false }
}

extension CGColor {
    /// The components in `appearance`: a dynamic colour's dark ones, a system colour's value there, or its own.
    func components(in appearance: Appearance) -> [CGFloat] {
        if appearance == .dark, let dark, dark.count == 4 { return dark }
        if let name, let c = Color.named(name, appearance) { return [c.r, c.g, c.b, c.a].map { CGFloat($0) } }
        return [red, green, blue, alpha]
    }
}

extension UIColor {
    /// A colour that follows the appearance, as `UIColor(dynamicProvider:)`: the provider is asked
    /// once for light and once for dark traits, and the scene draws the one of its appearance.
    public init(dynamicProvider: (UITraitCollection) -> UIColor) {
        let light = dynamicProvider(UITraitCollection(userInterfaceStyle: .light)).cgColor.components(in: .light)
        let dark = dynamicProvider(UITraitCollection(userInterfaceStyle: .dark)).cgColor.components(in: .dark)
        var c = CGColor(srgbRed: light[0], green: light[1], blue: light[2], alpha: light[3])
        c.dark = dark
        self.init(cgColor: c)
    }

    /// The colour as it is in `traits`' appearance (a fixed colour), as `resolvedColor(with:)`.
    public func resolvedColor(with traits: UITraitCollection) -> UIColor {
        let v = cgColor.components(in: traits.userInterfaceStyle.appearance ?? SceneRuntime.current.appearance)
        return UIColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])
    }
}

extension UITraitCollection {
    /// What a view or controller sees: the traits the scene showed it with (else the running
    /// scene's), with its own style override.
    static func of(shown: UITraitCollection?, override: UIUserInterfaceStyle) -> UITraitCollection {
        var t = shown ?? UITraitCollection.current
        if override != .unspecified { t.userInterfaceStyle = override }
        return t
    }
}

extension UIViewController {
    /// The traits the controller's code sees: its own override, else the scene's appearance.
    public var traitCollection: UITraitCollection { .of(shown: shownTraits, override: overrideUserInterfaceStyle) }
}

extension UIView {
    /// The traits the view's code sees: its own override, else the scene's appearance.
    public var traitCollection: UITraitCollection { .of(shown: shownTraits, override: overrideUserInterfaceStyle) }
}

extension LayerScene {
    /// The preferred text size (Settings > Text Size), as a device's: the table's built-in text
    /// and `UIFont.preferredFont(forTextStyle:)` follow it (`canvas.contentSizeCategory`). Set
    /// it before app code runs (before ``rootViewController``).
    public var preferredContentSizeCategory: UIContentSizeCategory {
        get { UIContentSizeCategory(runtime.contentSizeCategory) }
        set { runtime.contentSizeCategory = newValue.model ?? .large }
    }

    /// The scene's appearance, as a window's `overrideUserInterfaceStyle`: `.dark` draws its
    /// system colours, table, bars and status bar dark (`canvas.appearance`). Set it before app
    /// code runs (before ``rootViewController``); the root view controller's own
    /// `overrideUserInterfaceStyle`, set by the time its view has loaded, wins.
    public var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { UIUserInterfaceStyle(runtime.appearance) }
        set { runtime.appearance = newValue.appearance ?? .light }
    }

    /// The appearance the root view controller (or its navigation controller, or its view)
    /// asks for, once its view has loaded.
    func adoptAppearance(of vc: UIViewController, navigation: UIViewController?) {
        for style in [vc.overrideUserInterfaceStyle, vc.viewIfLoaded?.overrideUserInterfaceStyle ?? .unspecified,
                      navigation?.overrideUserInterfaceStyle ?? .unspecified] {
            if let a = style.appearance { runtime.appearance = a; break }
        }
        var shown = UITraitCollection(userInterfaceStyle: UIUserInterfaceStyle(runtime.appearance))
        shown.preferredContentSizeCategory = UIContentSizeCategory(runtime.contentSizeCategory)
        vc.shownTraits = shown
        vc.viewIfLoaded?.shownTraits = shown
        navigation?.shownTraits = shown
    }
}

extension SceneRuntime {
    /// A view's or controller's style set to `style` after the scene showed it in `shown`: not
    /// drawn (a trait change while the scene runs), so recording the scene stops with it.
    func styleChanged(to style: UIUserInterfaceStyle, shown traits: UITraitCollection?, on who: String) {
        guard let shown = traits?.userInterfaceStyle.appearance, let wanted = style.appearance, wanted != shown else { return }
        refused.append("overrideUserInterfaceStyle = .\(style) on \(who) after the scene showed it \(shown): set it in viewDidLoad or before rootViewController (a change of appearance while the scene runs is not drawn)")
    }
}
