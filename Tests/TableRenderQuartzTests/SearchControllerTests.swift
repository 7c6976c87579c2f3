import XCTest
@testable import TableRenderQuartz
import SceneModel
import TableRender

/// `navigationItem.searchController` (issue 51): the search bar a list screen sets up in
/// `viewDidLoad` reaches the scene's bar (the API did not exist: such code did not build) with
/// its placeholder, text and `hidesSearchBarWhenScrolling`, and draws what the same bar written
/// as a scene draws.
final class SearchControllerTests: XCTestCase {
    final class Mail: UITableViewController, UISearchResultsUpdating, UISearchBarDelegate {
        var hides = true
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Mail"
            navigationController?.navigationBar.prefersLargeTitles = true
            let search = UISearchController(searchResultsController: nil)
            search.searchResultsUpdater = self
            search.obscuresBackgroundDuringPresentation = false
            search.searchBar.placeholder = "Search Mail"
            search.searchBar.delegate = self
            navigationItem.searchController = search
            navigationItem.hidesSearchBarWhenScrolling = hides
            definesPresentationContext = true
        }
        func updateSearchResults(for searchController: UISearchController) {}
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    func testTheSearchBarReachesTheSceneAndDrawsAsTheFormatsDoes() throws {
        let mail = Mail(style: .plain)
        let nav = UINavigationController(rootViewController: mail)
        var scene = LayerScene(device: "iPhone 15", fps: 10, duration: 0)
        scene?.rootViewController = nav
        let s = try XCTUnwrap(scene)
        let fromSwift = try Renderer(s).frame(at: 0).data
        let bar = LayerScene.navigationBar(of: nav).searchBar
        XCTAssertEqual(bar, NavigationBarModel.SearchBar(placeholder: "Search Mail", hidesWhenScrolling: true))
        let rows = (0..<30).map { #"{"title": "Row \#($0)"}"# }.joined(separator: ", ")
        let json = #"{"version": 1, "canvas": {"device": "iPhone 15"}, "fps": 10, "duration": 0, "statusBar": true, "#
            + #""navigationBar": {"title": "Mail", "prefersLargeTitles": true, "searchBar": {"placeholder": "Search Mail"}}, "#
            + #""table": {"rowHeight": 44, "sections": [{"rows": [\#(rows)]}]}}"#
        let fromFile = Renderer(loaded: try SceneLoader.load(bytes: Array(json.utf8), displayName: "json", directory: ".")).frame(at: 0).data
        XCTAssertEqual(fromSwift, fromFile)
        // Not hiding, and with text.
        let kept = Mail(style: .plain)
        kept.hides = false
        let keptNav = UINavigationController(rootViewController: kept)
        _ = kept.view
        kept.navigationItem.searchController?.searchBar.text = "ada"
        XCTAssertEqual(LayerScene.navigationBar(of: keptNav).searchBar?.hidesWhenScrolling, false)
        XCTAssertEqual(LayerScene.navigationBar(of: keptNav).searchBar?.text, "ada")
    }

    /// The pre-iOS 11 way, the bar as the table's header view (or any subview), is not drawn
    /// yet: said by name, not left blank.
    func testASearchBarInAViewIsSaidNotLeftBlank() throws {
        final class Old: UITableViewController {
            let search = UISearchController(searchResultsController: nil)
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.tableHeaderView = search.searchBar
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
        }
        var scene = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        scene.rootViewController = Old(style: .plain)
        XCTAssertThrowsError(try scene.json()) { error in
            XCTAssertTrue("\(error)".contains("UISearchBar as the table's tableHeaderView is not drawn yet"), "\(error)")
        }
        final class Placed: UIViewController {
            override func viewDidLoad() { super.viewDidLoad(); view.addSubview(UISearchBar()) }
        }
        var placed = try XCTUnwrap(LayerScene(device: "iPhone 15", fps: 10, duration: 0))
        placed.rootViewController = Placed()
        XCTAssertThrowsError(try placed.json()) { error in
            XCTAssertTrue("\(error)".contains("UISearchBar as a subview is not drawn yet"), "\(error)")
        }
    }
}
