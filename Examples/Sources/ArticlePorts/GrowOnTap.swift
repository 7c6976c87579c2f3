// App code of the most common shape, as it would be written for iOS; the one line changed
// for TableRenderQuartz is the import (`import UIKit`). Written for this repository in the shape
// of public samples (a UITableViewController whose didSelectRowAt toggles a stored row and calls
// beginUpdates()/endUpdates(), with heightForRowAt giving the selected row more room).
import TableRenderQuartz

/// A list whose tapped row grows to 200 pt (and shrinks on a second tap).
class GrowOnTapTableViewController: UITableViewController {

    var selectedIndex = -1

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Rows"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return 30
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "  \(indexPath.row + 1)"
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if selectedIndex == indexPath.row {
            selectedIndex = -1
        } else {
            selectedIndex = indexPath.row
        }
        tableView.beginUpdates()
        tableView.endUpdates()
    }

    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        return indexPath.row == selectedIndex ? 200 : 40
    }
}
