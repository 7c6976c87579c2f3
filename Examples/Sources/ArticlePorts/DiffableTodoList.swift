// App code in the shape of the public samples of a diffable data source (written for this
// repository: a to-do list whose UITableViewDiffableDataSource applies a new snapshot with
// animated differences when an item is added, completed or restored, as Apple's sample code
// and WWDC 2019's "Advances in UI Data Sources" write it). Lines that differ from the iOS
// source: `import UIKit` is `import TableRenderQuartz`; nothing else.
import TableRenderQuartz

/// A to-do list on a diffable data source: two sections, items added and completed (moved
/// to Done) by snapshots applied with animation.
final class TodoListViewController: UITableViewController {
    enum Section: Hashable { case todo, done }

    struct Item: Hashable {
        let id: Int
        let title: String
    }

    var dataSource: UITableViewDiffableDataSource<Section, Item>!
    var todo = [Item(id: 1, title: "Buy milk"), Item(id: 2, title: "Call the plumber"), Item(id: 3, title: "Book flights")]
    var done = [Item(id: 4, title: "Renew passport")]
    var nextID = 5

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Item")
        dataSource = UITableViewDiffableDataSource<Section, Item>(tableView: tableView) { tableView, indexPath, item in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = item.title
            content.image = UIImage(systemName: indexPath.section == 0 ? "circle" : "checkmark.circle.fill")
            cell.contentConfiguration = content
            return cell
        }
        applySnapshot(animatingDifferences: false)
    }

    /// The data as a snapshot, applied to the table.
    func applySnapshot(animatingDifferences: Bool = true) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        snapshot.appendSections([.todo, .done])
        snapshot.appendItems(todo, toSection: .todo)
        snapshot.appendItems(done, toSection: .done)
        dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Adds an item at the top of the list.
    func add(_ title: String) {
        todo.insert(Item(id: nextID, title: title), at: 0)
        nextID += 1
        applySnapshot()
    }

    /// Moves the item with `title` to Done.
    func complete(_ title: String) {
        guard let i = todo.firstIndex(where: { $0.title == title }) else { return }
        done.insert(todo.remove(at: i), at: 0)
        applySnapshot()
    }

    /// Deletes the item with `title` wherever it is.
    func delete(_ title: String) {
        todo.removeAll { $0.title == title }
        done.removeAll { $0.title == title }
        applySnapshot()
    }
}
