// App code in the shape of the public samples of pull to refresh (written for this repository:
// a UITableViewController whose UIRefreshControl's valueChanged action fetches a second later,
// puts the new item at the top, reloads the table and ends refreshing, as the samples on GitHub
// and Apple's UIRefreshControl documentation write it). Lines that differ from the iOS source:
// `import UIKit` is `import TableRenderQuartz`; `addTarget(self, action:
// #selector(refresh(sender:)), for: .valueChanged)` names the method as a function of its
// class, `PullToRefreshViewController.refresh(sender:)` (Linux has no `#selector`), and the
// method has no `@objc`.
import TableRenderQuartz

/// A list of headlines that a pull refreshes: the newest comes in at the top.
final class PullToRefreshViewController: UITableViewController {
    var headlines = ["Markets open higher", "Rain expected by noon", "New bridge opens", "Team wins the final"]
    var incoming = ["Breaking: library stays open late", "Update: the bridge is busy"]
    /// When each refresh's action ran (scene seconds), for the tests.
    var refreshedAt: [Double] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let refreshControl = UIRefreshControl()
        refreshControl.addTarget(self, action: PullToRefreshViewController.refresh(sender:), for: .valueChanged)
        tableView.refreshControl = refreshControl
    }

    func refresh(sender: UIRefreshControl) {
        refreshedAt.append(CACurrentMediaTime())
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            if !self.incoming.isEmpty { self.headlines.insert(self.incoming.removeFirst(), at: 0) }
            self.tableView.reloadData()
            sender.endRefreshing()
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        headlines.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = headlines[indexPath.row]
        return cell
    }
}
