import Foundation
import SceneModel

/// Light or dark, as `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// No choice: the scene's (light unless the scene says dark).
    case unspecified = 0
    case light = 1
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
    public var userInterfaceStyle: UIUserInterfaceStyle

    /// `UITraitCollection(userInterfaceStyle:)`.
    public init(userInterfaceStyle: UIUserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }

    /// The traits of the scene whose app code runs now.
    public static var current: UITraitCollection { UITraitCollection(userInterfaceStyle: UIUserInterfaceStyle(SceneRuntime.current.appearance)) }
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

extension UIViewController {
    /// The traits the controller's code sees: its own override, else the scene's appearance.
    public var traitCollection: UITraitCollection {
        overrideUserInterfaceStyle == .unspecified ? UITraitCollection.current : UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)
    }
}

extension UIView {
    /// The traits the view's code sees: its own override, else the scene's appearance.
    public var traitCollection: UITraitCollection {
        overrideUserInterfaceStyle == .unspecified ? UITraitCollection.current : UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)
    }
}

extension LayerScene {
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
        vc.shownAppearance = runtime.appearance
        vc.viewIfLoaded?.shownAppearance = runtime.appearance
        navigation?.shownAppearance = runtime.appearance
    }
}
