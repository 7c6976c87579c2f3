import Foundation
import SceneModel

/// A navigation bar's button: its title in the tint colour (`.done` in semibold). Buttons are
/// drawn at rest; their target and action (Objective-C selectors) do not exist here: put what a
/// tap would do in an ``LayerScene/at(_:_:)`` block.
@preconcurrency @MainActor
open class UIBarButtonItem {
    /// UIKit's styles.
    public enum Style: Int, Sendable {
        /// Regular weight.
        case plain
        /// Semibold (a confirming action).
        case done
    }
    /// The system items that are titles.
    public enum SystemItem: Int, Sendable {
        /// "Done", semibold.
        case done
        /// "Cancel".
        case cancel
        /// "Edit".
        case edit
        /// "Save", semibold.
        case save
    }
    /// The title.
    open var title: String?
    /// The style.
    open var style: Style
    /// UIKit's `editButtonItem`: "Edit", "Done" while its controller is editing.
    var isEditButton = false

    /// A button with a title.
    public init(title: String?, style: Style) { self.title = title; self.style = style }

    /// A system item, by its title.
    public convenience init(barButtonSystemItem item: SystemItem) {
        switch item {
        case .done: self.init(title: "Done", style: .done)
        case .cancel: self.init(title: "Cancel", style: .plain)
        case .edit: self.init(title: "Edit", style: .plain)
        case .save: self.init(title: "Save", style: .done)
        }
    }
}

extension UINavigationController {
    /// Pushes `viewController` onto the stack (before the scene starts: the scene shows the top
    /// controller with a back button titled by the one below; a push at a scene time is not
    /// drawn: set the stack up before setting ``LayerScene/rootViewController``).
    public func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewControllers.append(viewController)
        viewController.navigationController = self
    }
}

extension LayerScene {
    /// What a navigation controller's bar shows, for the scene's `navigationBar`: the top
    /// controller's title and trailing button, and a back button titled by the controller below.
    static func navigationBar(of nav: UINavigationController) -> NavigationBarModel {
        let stack = nav.viewControllers
        let top = stack.last
        var bar = NavigationBarModel(title: top?.navigationItem.title ?? top?.title ?? "", prefersLargeTitles: nav.showsLargeTitle)
        if stack.count > 1 {
            let below = stack[stack.count - 2]
            bar.backButton = below.navigationItem.backBarButtonItem?.title ?? below.navigationItem.title ?? below.title ?? "Back"
        }
        if let item = top?.navigationItem.rightBarButtonItem {
            if item.isEditButton { bar.editButton = true } else {
                bar.rightButton = item.title ?? ""
                bar.rightButtonDone = item.style == .done
            }
        }
        return bar
    }
}
