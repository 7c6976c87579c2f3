import Foundation
import SceneModel

/// A navigation bar's button: its title in the tint colour (`.done` in semibold), or its symbol
/// image (a system item such as `.add` is its SF symbol, "plus"). Buttons are drawn at rest;
/// target and action (Objective-C selectors) do not exist here, and a `primaryAction` is kept
/// but not sent (the script's finger taps rows): put what a tap would do in an
/// ``LayerScene/at(_:_:)`` block.
@preconcurrency @MainActor
open class UIBarButtonItem {
    /// UIKit's styles.
    public enum Style: Int, Sendable {
        /// Regular weight.
        case plain
        /// Semibold (a confirming action).
        case done
    }
    /// The system items: titles, and symbols.
    public enum SystemItem: Int, Sendable {
        /// "Done", semibold.
        case done
        /// "Cancel".
        case cancel
        /// "Edit".
        case edit
        /// "Save", semibold.
        case save
        /// The "plus" symbol.
        case add
        /// The "trash" symbol.
        case trash
        /// The "magnifyingglass" symbol.
        case search
        /// The "square.and.arrow.up" symbol (share).
        case action
    }
    /// The title.
    open var title: String? { didSet { if title != oldValue { UIBarButtonItem.changedAtSceneTime("title") } } }
    /// The image: a symbol is drawn in the tint colour in place of the title (an image file is
    /// not drawn yet: refused by name).
    open var image: UIImage? { didSet { UIBarButtonItem.changedAtSceneTime("image") } }
    /// The style.
    open var style: Style { didSet { if style != oldValue { UIBarButtonItem.changedAtSceneTime("style") } } }
    /// The action a tap would send (iOS 14; kept, not sent: see the type's description).
    open var primaryAction: UIAction?
    /// Whether the button is enabled: a disabled one is drawn in `placeholderText`.
    open var isEnabled = true { didSet { if isEnabled != oldValue { UIBarButtonItem.changedAtSceneTime("isEnabled") } } }
    /// The button's own colour (nil: the bar's tint).
    open var tintColor: UIColor? { didSet { if tintColor != oldValue { UIBarButtonItem.changedAtSceneTime("tintColor") } } }
    /// The title's attributes by control state (`.foregroundColor` of the normal state is
    /// drawn, over ``tintColor``).
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// `setTitleTextAttributes(_:for:)`.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        UIBarButtonItem.changedAtSceneTime("titleTextAttributes")
    }
    /// The title's attributes for a state.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }
    /// The colour the button is drawn in, where the item sets one.
    var drawnColor: UIColor? { titleAttributes[UIControl.State.normal.rawValue]?[.foregroundColor] as? UIColor ?? tintColor }

    /// A bar's items are drawn as the scene starts: a change app code makes at a scene time
    /// (a Save button enabled once a field is filled) stops the scene with what is not drawn,
    /// rather than showing the bar as it started (or ended) for the whole scene.
    static func changedAtSceneTime(_ property: String, of what: String = "UIBarButtonItem") {
        guard let now = ChangeContext.current?.now else { return }
        SceneRuntime.current.refused.append("\(what).\(property) changed at \(Message.number(now)) s: a navigation bar's title and buttons changed while the scene runs are not drawn yet (set them before the scene starts)")
    }
    /// UIKit's `editButtonItem`: "Edit", "Done" while its controller is editing.
    var isEditButton = false

    /// A button with a title.
    public init(title: String?, style: Style) { self.title = title; self.style = style }

    /// A button with a symbol image (or an image file, which is not drawn yet).
    public init(image: UIImage?, style: Style) { self.image = image; self.style = style }

    /// A button with a title or an image and the action a tap would send (iOS 14).
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.title = title
        self.image = image
        self.style = .plain
        self.primaryAction = primaryAction
    }

    /// A system item, by its title or its symbol.
    public convenience init(barButtonSystemItem item: SystemItem) {
        switch item {
        case .done: self.init(title: "Done", style: .done)
        case .cancel: self.init(title: "Cancel", style: .plain)
        case .edit: self.init(title: "Edit", style: .plain)
        case .save: self.init(title: "Save", style: .done)
        case .add: self.init(image: UIImage(systemName: "plus"), style: .plain)
        case .trash: self.init(image: UIImage(systemName: "trash"), style: .plain)
        case .search: self.init(image: UIImage(systemName: "magnifyingglass"), style: .plain)
        case .action: self.init(image: UIImage(systemName: "square.and.arrow.up"), style: .plain)
        }
    }

    /// A system item with the action a tap would send (iOS 14).
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.init(barButtonSystemItem: systemItem)
        self.primaryAction = primaryAction
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
        // The bar's own tint, else the one its navigation controller's view sets (a window's).
        bar.tintColor = (nav.navigationBar.tintColor ?? nav.view.ownTintColor)?.cgColor.model
        nav.navigationBar.apply(to: &bar)
        if let item = top?.navigationItem { bar.searchBar = UISearchController.model(of: item) }
        if stack.count > 1 {
            let below = stack[stack.count - 2]
            bar.backButton = below.navigationItem.backBarButtonItem?.title ?? below.navigationItem.title ?? below.title ?? "Back"
        }
        if let item = top?.navigationItem.rightBarButtonItem {
            if item.isEditButton { bar.editButton = true } else if let symbol = shownSymbol(item, "rightBarButtonItem") {
                bar.rightButtonSymbol = symbol
            } else {
                bar.rightButton = item.title ?? ""
                bar.rightButtonDone = item.style == .done
            }
            bar.rightButtonEnabled = item.isEnabled
            bar.rightButtonColor = item.drawnColor?.cgColor.model
        }
        // A leading item is shown in place of the back button (UIKit's documentation of
        // `leftBarButtonItem`; `leftItemsSupplementBackButton` is not modelled).
        if let item = top?.navigationItem.leftBarButtonItem {
            bar.backButton = nil
            if let symbol = shownSymbol(item, "leftBarButtonItem") {
                bar.leftButtonSymbol = symbol
            } else {
                bar.leftButton = item.title ?? ""
                bar.leftButtonDone = item.style == .done
            }
            bar.leftButtonEnabled = item.isEnabled
            bar.leftButtonColor = item.drawnColor?.cgColor.model
        }
        return bar
    }

    /// A bar item's symbol, drawn in place of its title; an image file is refused by name.
    static func shownSymbol(_ item: UIBarButtonItem, _ name: String) -> String? {
        guard let image = item.image else { return nil }
        if let symbol = image.symbol { return symbol.name }
        SceneRuntime.current.refused.append("navigationItem.\(name): an image file in a bar button is not drawn yet (a symbol, UIImage(systemName:), is)")
        return nil
    }
}
