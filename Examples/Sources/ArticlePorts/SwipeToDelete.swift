// App code of the most common shape, as it would be written for iOS; the lines changed for
// TableRenderQuartz are the import (`import UIKit`) and the `@IBOutlet` (the storyboard made the
// table and added it to the view; `@IBOutlet` needs the Objective-C runtime). Written for this
// repository in the shape of public samples (a UIViewController holding a table it is the data
// source and delegate of, whose swipe-to-delete removes the row with deleteRows(at:with: .fade)).
import TableRenderQuartz

/// A grocery list: swiping a row deletes it.
class GroceryListViewController: UIViewController {

    // Was: @IBOutlet var table: UITableView!
    lazy var table: UITableView! = { let t = UITableView(frame: view.bounds); view.addSubview(t); return t }()

    var items = ["Apples", "Bread", "Butter", "Cheese", "Coffee", "Eggs", "Milk", "Oranges", "Pasta", "Rice", "Tomatoes", "Yoghurt"]

    override func viewDidLoad() {
        super.viewDidLoad()
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.delegate = self
        table.dataSource = self
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
    }
}

extension GroceryListViewController: UITableViewDelegate, UITableViewDataSource {

    func numberOfSections(in tableView: UITableView) -> Int {
        return 1
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return items.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        return .delete
    }

    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete {
            tableView.beginUpdates()
            items.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .fade)
            tableView.endUpdates()
        }
    }
}
