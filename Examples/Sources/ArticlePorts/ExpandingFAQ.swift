// App code in the shape of public samples of the most asked-for expanding cell (written for this
// repository: a vertical UIStackView pinned to the content view's layout margins holds a
// question and an answer label; didSelectRowAt toggles the answer's isHidden between
// beginUpdates() and endUpdates(), and the rows size themselves with automaticDimension).
// Lines that differ from the iOS source: `import UIKit` is `import TableRenderQuartz`, and the
// cell's initialiser is `required init(style:reuseIdentifier:)` where iOS code writes
// `override init` (see PortingATableViewController).
import TableRenderQuartz

/// A question, and its answer that shows when the row is tapped.
final class FAQCell: UITableViewCell {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    let questionLabel = UILabel()
    let answerLabel = UILabel()
    let stackView = UIStackView()

    /// The cell's views and constraints.
    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        questionLabel.font = .preferredFont(forTextStyle: .headline)
        questionLabel.numberOfLines = 0
        answerLabel.font = .preferredFont(forTextStyle: .body)
        answerLabel.textColor = .secondaryLabel
        answerLabel.numberOfLines = 0
        answerLabel.isHidden = true
        stackView.axis = .vertical
        stackView.spacing = 8
        stackView.addArrangedSubview(questionLabel)
        stackView.addArrangedSubview(answerLabel)
        stackView.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stackView)
        NSLayoutConstraint.activate([
            stackView.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
            stackView.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
            stackView.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            stackView.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
        ])
    }
}

/// Questions whose rows grow to show their answers when tapped.
final class FAQViewController: UITableViewController {
    let faqs = [
        ("How do I reset my password?", "Open Settings, choose Account, then Reset Password. A link arrives by email within a few minutes."),
        ("Can I use the app offline?", "Yes. Everything you opened recently stays available, and changes sync when you are back online."),
        ("How do I delete my account?", "Write to support from the Help screen; we delete the account and its data within 30 days."),
    ]
    var expanded = Set<Int>()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(FAQCell.self, forCellReuseIdentifier: "FAQCell")
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 60
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { faqs.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "FAQCell", for: indexPath) as! FAQCell
        cell.questionLabel.text = faqs[indexPath.row].0
        cell.answerLabel.text = faqs[indexPath.row].1
        cell.answerLabel.isHidden = !expanded.contains(indexPath.row)
        return cell
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let cell = tableView.cellForRow(at: indexPath) as? FAQCell else { return }
        if expanded.contains(indexPath.row) { expanded.remove(indexPath.row) } else { expanded.insert(indexPath.row) }
        tableView.beginUpdates()
        cell.answerLabel.isHidden = !expanded.contains(indexPath.row)
        tableView.endUpdates()
    }
}
