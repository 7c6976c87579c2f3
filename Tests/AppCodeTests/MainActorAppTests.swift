import TableRenderQuartz
import XCTest

/// The app's own model, main-actor isolated as app code marks it today.
final class GroceryStore {
    private(set) var items = ["Milk", "Eggs", "Bread"]
    func add(_ item: String) { items.insert(item, at: 0) }
}

/// A view controller written as Swift 6 app code is (this target builds in Swift 6 language
/// mode): marked `@MainActor` itself, holding a main-actor store, a table whose data source and
/// delegate it is, and a queued block that captures `self`. With UIKit's classes not
/// main-actor isolated, each of these was a compile error: a main-actor class cannot subclass a
/// nonisolated one, the store's members cannot be used from nonisolated overrides, and
/// `DispatchQueue.main.asyncAfter { self... }` sends `self` across isolation.
final class GroceryController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let store: GroceryStore
    let table = UITableView(frame: .zero, style: .insetGrouped)
    var selected: [String] = []

    init(store: GroceryStore) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        table.frame = view.bounds
        table.dataSource = self
        table.delegate = self
        view.addSubview(table)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
            guard let self else { return }
            self.store.add("Coffee")
            self.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        }
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { store.items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        var content = cell.defaultContentConfiguration()
        content.text = store.items[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(store.items[indexPath.row])
    }
}

/// UIKit is main-actor isolated, as iOS's is (`@MainActor`, `@preconcurrency` so Swift 5 code
/// that calls it from nonisolated code still builds): Swift 6 app code builds and runs on the
/// scene's clock.
final class MainActorAppTests: XCTestCase {
    /// The controller's queued block inserts its row at 0.5 s, and a tap at 1 s selects the row
    /// that is first by then.
    func testSwiftSixAppCodeRunsOnTheScenesClock() throws {
        try MainActor.assumeIsolated {
            let vc = GroceryController(store: GroceryStore())
            var scene = LayerScene(size: CGSize(width: 320, height: 480), fps: 10, duration: 1.5)
            scene.script = [.tap(at: 1, row: 0)]
            scene.rootViewController = vc
            let json = try scene.json()
            XCTAssertTrue(json.contains("\"insertRows\"") && json.contains("Coffee"), json)
            XCTAssertEqual(vc.store.items, ["Coffee", "Milk", "Eggs", "Bread"])
            XCTAssertEqual(vc.selected, ["Coffee"], "the row inserted at 0.5 s is first at 1 s")
            XCTAssertEqual(try Renderer(scene).loaded.scene.table?.sections.first?.rows.count, 3, "three rows as the scene starts")
        }
    }
}
