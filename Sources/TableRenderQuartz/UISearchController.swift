import Foundation
import SceneModel

/// A search controller, as list screens use it: set as a navigation item's
/// `searchController`, its search bar shows under the title in the navigation bar (under a
/// large title), "Search" or its placeholder in a rounded field, and collapses as the table
/// scrolls up when the item's `hidesSearchBarWhenScrolling` is true (UIKit's default). It is
/// drawn at rest: presenting it (typing, the results controller, `isActive`) is not modelled.
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    /// The bar the navigation bar shows.
    public let searchBar = UISearchBar()
    /// The controller that would show the results (kept, never presented here).
    public private(set) var searchResultsController: UIViewController?
    /// Told when the search text changes (kept; the text does not change in a scene).
    open weak var searchResultsUpdater: UISearchResultsUpdating?
    /// Kept for app code (the dimming while searching is not drawn).
    open var obscuresBackgroundDuringPresentation = true
    /// Kept for app code.
    open var hidesNavigationBarDuringPresentation = true
    /// Whether the search is being presented: always false here (a search is not presented).
    open var isActive = false

    /// A search controller whose results show in `searchResultsController` (nil: the
    /// searched view itself).
    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
    }

    /// Made from an archive (none here): a search controller without a results controller.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// Told when a search controller's text changes.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
    /// The search text changed.
    func updateSearchResults(for searchController: UISearchController)
}

/// A search bar's delegate (UIKit's methods, all optional; never called in a scene: nothing
/// is typed).
@preconcurrency @MainActor
public protocol UISearchBarDelegate: AnyObject {
    /// The text changed.
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    /// The search button was tapped.
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// The cancel button was tapped.
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    /// Nothing by default.
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    /// Nothing by default.
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    /// Nothing by default.
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}

/// A search controller's bar: its placeholder and text are drawn in the navigation bar.
@preconcurrency @MainActor
open class UISearchBar: UIView {
    /// The grey text shown while the field is empty (nil: UIKit's "Search").
    open var placeholder: String?
    /// The text in the field, drawn in `label` in place of the placeholder.
    open var text: String?
    /// Kept for app code (nothing is typed in a scene).
    open weak var delegate: UISearchBarDelegate?
    /// Kept for app code (the cancel button shows only while searching).
    open var showsCancelButton = false

    /// In a view (not the navigation bar's), the bar is not drawn yet: said, not left blank.
    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if superview != nil { UISearchBar.refuseOutsideTheBar(in: self, as: "a subview") }
    }

    /// The message for a search bar placed outside a navigation item's search controller.
    static func refuseOutsideTheBar(in view: UIView, as place: String) {
        view.refuseInScene("UISearchBar as \(place) is not drawn yet (only a navigation item's searchController's bar is): set navigationItem.searchController = UISearchController(searchResultsController: nil) in place of the bar in the view")
    }
}

extension UISearchController {
    /// The navigation bar's search bar for `item`.
    static func model(of item: UINavigationItem) -> NavigationBarModel.SearchBar? {
        guard let bar = item.searchController?.searchBar else { return nil }
        var m = NavigationBarModel.SearchBar(placeholder: bar.placeholder ?? "Search", hidesWhenScrolling: item.hidesSearchBarWhenScrolling)
        m.text = bar.text.flatMap { $0.isEmpty ? nil : $0 }
        return m
    }
}
