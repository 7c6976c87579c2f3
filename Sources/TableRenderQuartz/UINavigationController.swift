import Foundation
import SceneModel

/// A navigation controller showing its root view controller under a navigation bar: set as
/// ``LayerScene/rootViewController``, the bar shows the root's `navigationItem.title` (or its
/// `title`), standard or with a large title (``UINavigationBar/prefersLargeTitles``), and the
/// root's table scrolls under it as UIKit's does. Pushing and popping (their animations) are not
/// drawn: there is no `pushViewController` to call.
open class UINavigationController: UIViewController {
    /// The controllers on the stack: the root only.
    public private(set) var viewControllers: [UIViewController]
    /// The controller shown: the root.
    open var topViewController: UIViewController? { viewControllers.last }
    /// The bar.
    public let navigationBar = UINavigationBar()

    /// A navigation controller whose stack holds `rootViewController`.
    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
        super.init(nibName: nil, bundle: nil)
        rootViewController.navigationController = self
    }
}

/// The navigation bar of a ``UINavigationController``.
open class UINavigationBar {
    /// Whether the bar shows a large title (34 pt bold below the 44 pt bar) that collapses into
    /// the standard bar as the content scrolls (iOS 11).
    open var prefersLargeTitles = false
    /// A bar.
    public init() {}
}

extension LayerScene {
    /// What a navigation controller's bar shows, for the scene's `navigationBar`.
    static func navigationBar(of nav: UINavigationController) -> NavigationBarModel {
        let top = nav.topViewController
        return NavigationBarModel(title: top?.navigationItem.title ?? top?.title ?? "", prefersLargeTitles: nav.navigationBar.prefersLargeTitles)
    }
}
