import Foundation
import SceneModel

/// A navigation controller showing its root view controller under a navigation bar: set as
/// ``LayerScene/rootViewController``, the bar shows the root's `navigationItem.title` (or its
/// `title`), standard or with a large title (``UINavigationBar/prefersLargeTitles``), and the
/// root's table scrolls under it as UIKit's does. A stack set up with `pushViewController`
/// before the scene starts shows its top controller with a back button; pushing and popping at a
/// scene time (their animations) are not drawn.
open class UINavigationController: UIViewController {
    /// The controllers on the stack, the root first.
    public internal(set) var viewControllers: [UIViewController]
    /// The controller shown: the last pushed.
    open var topViewController: UIViewController? { viewControllers.last }
    /// The bar.
    public let navigationBar = UINavigationBar()

    /// A navigation controller whose stack holds `rootViewController`.
    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
        super.init(nibName: nil, bundle: nil)
        rootViewController.navigationController = self
    }
    /// Made from an archive, as a storyboard makes it on iOS (there are none here: with no view
    /// controllers), so a
    /// subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        viewControllers = []
        super.init(coder: coder)
    }
}

extension UINavigationController {
    /// Whether the bar shows its large title for the top view controller: the bar prefers large
    /// titles and the controller's item does not say `.never` (UIKit's `largeTitleDisplayMode`).
    var showsLargeTitle: Bool {
        navigationBar.prefersLargeTitles && viewControllers.last?.navigationItem.largeTitleDisplayMode != .never
    }
}

/// The navigation bar of a ``UINavigationController``.
@preconcurrency @MainActor
open class UINavigationBar {
    /// Whether the bar shows a large title (34 pt bold below the 44 pt bar) that collapses into
    /// the standard bar as the content scrolls (iOS 11).
    open var prefersLargeTitles = false
    /// The buttons' and the back chevron's colour (nil: the navigation controller's view's
    /// tint, else systemBlue).
    open var tintColor: UIColor?
    /// The look once content scrolls under the bar (iOS 13): its background colour (over the
    /// blur unless opaque), hairline and title colours.
    open var standardAppearance = UINavigationBarAppearance()
    /// The look at rest over the content's top (nil: the standard one with no background, as
    /// iOS 15 and later draw it).
    open var scrollEdgeAppearance: UINavigationBarAppearance?
    /// The look in a compact bar: kept (a phone's portrait bar is not compact).
    open var compactAppearance: UINavigationBarAppearance?
    /// The bar's colour before iOS 13's appearances (the standard look's background when set).
    open var barTintColor: UIColor?
    /// Whether the bar is translucent: kept (an opaque `barTintColor` draws opaque).
    open var isTranslucent = true
    /// The title's attributes before iOS 13's appearances (`.foregroundColor` is drawn).
    open var titleTextAttributes: [NSAttributedString.Key: Any]?
    /// The large title's attributes before iOS 13's appearances (`.foregroundColor` is drawn).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// A bar.
    public init() {}
}
