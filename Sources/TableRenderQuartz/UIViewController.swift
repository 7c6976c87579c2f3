import Foundation
import SceneModel

/// The screen the scene shows: `UIScreen.main.bounds` is the scene's size while a
/// ``LayerScene/rootViewController`` is set up.
@preconcurrency @MainActor
public final class UIScreen {
    /// The screen of the scene whose app code runs now (each scene has its own, so scenes built
    /// on two threads do not share one); outside a scene, the thread's own default screen.
    public static var main: UIScreen { SceneRuntime.current.screen }
    /// The screen in points.
    public internal(set) var bounds = CGRect(x: 0, y: 0, width: 375, height: 667)
    /// Pixels per point.
    public internal(set) var scale: CGFloat = 1
    /// What the status bar (or the device's safe area), a navigation bar and the home
    /// indicator cover of the screen: the root view's ``UIView/safeAreaInsets``.
    public internal(set) var safeAreaInsets = UIEdgeInsets.zero
}

/// What a navigation bar shows for a view controller: its title, its trailing button, and the
/// back button's title for the controller above it.
@preconcurrency @MainActor
open class UINavigationItem {
    /// The title.
    open var title: String? { didSet { if title != oldValue { UIBarButtonItem.changedAtSceneTime("title", of: "navigationItem") } } }
    /// The button at the trailing end (drawn at rest).
    open var rightBarButtonItem: UIBarButtonItem? {
        didSet { if rightBarButtonItem !== oldValue { UIBarButtonItem.changedAtSceneTime("rightBarButtonItem", of: "navigationItem") } }
    }
    /// The button at the leading end (drawn at rest), in place of the back button.
    open var leftBarButtonItem: UIBarButtonItem? {
        didSet { if leftBarButtonItem !== oldValue { UIBarButtonItem.changedAtSceneTime("leftBarButtonItem", of: "navigationItem") } }
    }
    /// The back button the controller pushed above this one shows (its title is used).
    open var backBarButtonItem: UIBarButtonItem?
    /// When the bar shows a large title for this item (UIKit's modes).
    public enum LargeTitleDisplayMode: Int, Sendable {
        /// As the bar prefers (``UINavigationBar/prefersLargeTitles``), as the item below.
        case automatic
        /// A large title, where the bar prefers large titles.
        case always
        /// The standard bar's title only.
        case never
    }
    /// Whether this item's title is large: `.never` keeps the standard bar for it.
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic
    /// A search controller whose search bar shows under the title (drawn at rest).
    open var searchController: UISearchController? {
        didSet { if searchController !== oldValue { UIBarButtonItem.changedAtSceneTime("searchController", of: "navigationItem") } }
    }
    /// Whether the search bar collapses as the content scrolls up, before a large title, and
    /// comes back at the top (true, UIKit's default).
    open var hidesSearchBarWhenScrolling = true
    /// A navigation item.
    public init(title: String? = nil) { self.title = title }
}

/// A view controller, as an app's window shows it: set as ``LayerScene/rootViewController``,
/// its view is loaded and sized to the screen, and the lifecycle methods are called in UIKit's
/// order (`loadView`, `viewDidLoad`, `viewWillAppear`, `viewWillLayoutSubviews`, the view's
/// layout, `viewDidLayoutSubviews`, `viewDidAppear`); what `viewDidAppear` does runs as code at
/// time 0 (its animations start then).
@preconcurrency @MainActor
open class UIViewController {
    private var loadedView: UIView?
    /// The view, loaded (``loadView()``, then ``viewDidLoad()``) the first time it is asked for.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }
    /// Loads the view if it is not loaded yet.
    open func loadViewIfNeeded() { _ = view }
    /// Whether the view has been loaded.
    open var isViewLoaded: Bool { loadedView != nil }
    /// Light or dark for the scene, when this is its root view controller (or the navigation
    /// controller holding it), set by the time its view has loaded (`viewDidLoad`). Changed
    /// after the scene shows it, the scene stops with a message (a trait change is not drawn).
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified {
        didSet { SceneRuntime.current.styleChanged(to: overrideUserInterfaceStyle, shown: shownTraits, on: "\(type(of: self))") }
    }
    /// The traits (appearance, text size) the scene showed this controller with (nil: not shown).
    var shownTraits: UITraitCollection?
    /// The view if it is loaded.
    open var viewIfLoaded: UIView? { loadedView }
    /// The title (also the navigation item's, unless it has its own).
    open var title: String? {
        didSet { if navigationItem.title == nil || navigationItem.title == oldValue { navigationItem.title = title } }
    }
    /// What a navigation bar shows for the controller.
    public let navigationItem = UINavigationItem()
    /// Kept for app code (a search controller's presentation is not modelled).
    open var definesPresentationContext = false
    /// The child view controllers.
    public private(set) var children: [UIViewController] = []
    /// The parent, for a child.
    public private(set) weak var parent: UIViewController?
    /// The navigation controller showing this controller, if any.
    public internal(set) weak var navigationController: UINavigationController?
    /// Whether the controller is editing (``setEditing(_:animated:)``).
    var controllerEditing = false
    /// `setEditing(_:animated:)`: a table view controller passes it to its table (an Edit
    /// button calls it).
    open func setEditing(_ editing: Bool, animated: Bool) {
        controllerEditing = editing
        (self as? UITableViewController)?.tableView.setEditing(editing, animated: animated)
    }
    /// UIKit's Edit button: "Edit", and "Done" while the controller is editing; as a
    /// `rightBarButtonItem` a tap on it is `setEditing(_:animated:)` (script it with
    /// ``LayerScene/at(_:_:)``).
    public private(set) lazy var editButtonItem: UIBarButtonItem = {
        let item = UIBarButtonItem(title: "Edit", style: .plain)
        item.isEditButton = true
        return item
    }()
    /// Whether the controller is editing.
    open var isEditing: Bool {
        get { controllerEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// A view controller (nib and bundle are accepted for app code and not read: there are no nibs).
    public init(nibName nibNameOrNil: String? = nil, bundle nibBundleOrNil: Bundle? = nil) {}

    /// A view controller made from an archive, as a storyboard makes one on iOS. There are no
    /// archives here: it is made as ``init(nibName:bundle:)`` makes it. It is here so that a
    /// subclass's `required init?(coder:)`, as Xcode writes it, builds as it does for iOS.
    public required init?(coder: NSCoder) {}

    /// Makes the view: what ``storyboardScene`` makes, or a plain view the size of the screen.
    open func loadView() { loadedView = storyboardScene?(self) ?? UIView(frame: UIScreen.main.bounds) }
    /// The views, constraints and outlets the controller's storyboard scene (or nib) would
    /// make, written as code: ``loadView()`` calls it, as UIKit loads the storyboard there,
    /// so the outlets are set before ``viewDidLoad()``. Set it before the view loads.
    open var storyboardScene: ((UIViewController) -> UIView)?
    /// Called once the view is loaded.
    open func viewDidLoad() {}
    /// Called before the view shows.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after `viewWillAppear`, once the view is in the window and sized (iOS 13+).
    open func viewIsAppearing(_ animated: Bool) {}
    /// Called after the view shows.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view goes.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view went.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// Never called: a render has no memory warnings.
    open func didReceiveMemoryWarning() {}

    /// Adds a child view controller (add its view to the hierarchy yourself, as on iOS).
    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }
    /// Removes the controller from its parent.
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }
    /// Called before the controller moves to a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller moved to a parent.
    open func didMove(toParent parent: UIViewController?) {}
}

/// A view controller whose view is a table, and which is the table's data source and
/// delegate: subclasses override the data source and delegate methods they need, as on iOS.
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableStyle: UITableView.Style
    private var ownTable: UITableView?
    /// Whether the selection is cleared when the view appears (default true; the first
    /// appearance has none).
    open var clearsSelectionOnViewWillAppear = true

    /// A controller with a table of `style`.
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init(nibName: nil, bundle: nil)
    }
    /// A controller with a plain table.
    public override init(nibName nibNameOrNil: String? = nil, bundle nibBundleOrNil: Bundle? = nil) {
        tableStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    /// Made from an archive, as a storyboard makes it on iOS (there are none here: with
    /// a plain table), so a
    /// subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
    }

    /// The table's refresh control (`tableView.refreshControl`).
    open var refreshControl: UIRefreshControl? {
        get { tableView.refreshControl }
        set { tableView.refreshControl = newValue }
    }

    /// The table: the controller's view.
    open var tableView: UITableView! {
        get {
            if ownTable == nil { _ = view }
            return ownTable
        }
        set {
            ownTable = newValue
            view = newValue
        }
    }

    /// The view is a table the size of the screen, with the controller as data source and delegate.
    open override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: tableStyle)
        table.dataSource = self
        table.delegate = self
        ownTable = table
        view = table
    }

    // UIKit's defaults again (as in the protocols' extensions): a subclass's `override` needs
    // the class's own method, and a protocol extension's default cannot be overridden.

    /// No rows: subclasses override it.
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// No rows: subclasses override it.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// A plain cell: subclasses override it.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    /// No header title.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No section index (one given is refused by name: the strip is not drawn yet).
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    /// The title's own index.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
    /// Rows can be edited.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Rows cannot be moved.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Nothing.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// The table's `rowHeight`.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// The table's `estimatedRowHeight`.
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { tableView.estimatedRowHeight }
    /// Nothing.
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Rows highlight.
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Nothing.
    open func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// The row itself.
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Nothing.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// The row itself.
    open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Nothing.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Delete.
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    /// "Delete".
    open func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { "Delete" }
    /// None: Delete when the row can be edited.
    open func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// None.
    open func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// True.
    open func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    /// Nothing.
    open func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// The proposed index path.
    open func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
    /// No header view.
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// No footer view.
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// `automaticDimension`.
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// `automaticDimension`.
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// Nothing.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Nothing.
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Nothing.
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Nothing.
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Nothing.
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
}

/// The status bar's style (UIKit's): `.default` is dark content in the light appearance.
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0, lightContent = 1, darkContent = 3
}
