import Foundation
import SceneModel

/// A navigation bar's look (iOS 13's `UINavigationBarAppearance`): its background (the default
/// material, an opaque colour, or none), the hairline under it, and its titles' colours. Set as
/// the bar's ``UINavigationBar/standardAppearance`` (content scrolled under the bar) and
/// ``UINavigationBar/scrollEdgeAppearance`` (at rest over the content's top). Drawn: the
/// background colour, the shadow colour (clear: no hairline), and `.foregroundColor` in
/// `titleTextAttributes` and `largeTitleTextAttributes`; fonts, images and button appearances
/// are kept, not drawn.
@preconcurrency @MainActor
open class UINavigationBarAppearance {
    /// How the background was configured.
    enum Background { case material, opaque, transparent }
    var background = Background.material
    /// The background colour (over the blur of the default background; nil: the default's).
    open var backgroundColor: UIColor?
    /// The hairline's colour (clear: none; nil: UIKit's).
    open var shadowColor: UIColor?
    /// The title's attributes (`.foregroundColor` is drawn).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's attributes (`.foregroundColor` is drawn).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]

    /// The default look: the material.
    public init() {}

    /// The material (a blur under the bar's tint) and UIKit's hairline.
    open func configureWithDefaultBackground() { background = .material; backgroundColor = nil; shadowColor = nil }
    /// An opaque background in `systemBackground` and UIKit's hairline.
    open func configureWithOpaqueBackground() { background = .opaque; backgroundColor = .systemBackground; shadowColor = nil }
    /// No background and no hairline.
    open func configureWithTransparentBackground() { background = .transparent; backgroundColor = nil; shadowColor = .clear }

    /// A copy, as UIKit's `copy()` gives.
    open func copy() -> UINavigationBarAppearance {
        let c = UINavigationBarAppearance()
        c.background = background; c.backgroundColor = backgroundColor; c.shadowColor = shadowColor
        c.titleTextAttributes = titleTextAttributes; c.largeTitleTextAttributes = largeTitleTextAttributes
        return c
    }

    /// The background colour drawn: nil for the default material, clear for none.
    var drawnBackground: UIColor? { background == .transparent ? backgroundColor ?? .clear : backgroundColor }
}

/// The text attributes UIKit's bars and labels read (defined by UIKit, not Foundation, on iOS).
extension NSAttributedString.Key {
    /// The text's font (`UIFont`).
    public static let font = NSAttributedString.Key("NSFont")
    /// The text's colour (`UIColor`).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

extension UINavigationBar {
    /// The bar's looks for the scene's `navigationBar`: the standard background (its
    /// appearance's colour, else `barTintColor`), the scroll edge's (its appearance's colour; none
    /// when not set, iOS 15's transparent edge), the hairline and the titles' colours.
    func apply(to bar: inout NavigationBarModel) {
        let standard = standardAppearance
        bar.barColor = (standard.drawnBackground ?? barTintColor)?.cgColor.model
        if let edge = scrollEdgeAppearance {
            bar.scrollEdgeBarColor = edge.drawnBackground?.cgColor.model
        }
        bar.shadowColor = standard.shadowColor?.cgColor.model
        func colour(_ a: [NSAttributedString.Key: Any]?) -> UIColor? { a?[.foregroundColor] as? UIColor }
        bar.titleColor = (colour(standard.titleTextAttributes) ?? colour(titleTextAttributes))?.cgColor.model
        bar.largeTitleColor = (colour(scrollEdgeAppearance?.largeTitleTextAttributes) ?? colour(standard.largeTitleTextAttributes)
            ?? colour(largeTitleTextAttributes))?.cgColor.model
    }
}
