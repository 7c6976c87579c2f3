// Article 000's (seeds/000_…: "fold-open cells") BookCell and its table controller, ported from
// its Objective-C to Swift on TableRenderQuartz with the fewest changes:
// - `import UIKit` is `import TableRenderQuartz`;
// - the article builds BookCell in a storyboard and shows its constraints as pictures; here they
//   are written in code from the article's words: a title, then a yellow `detailContainerView`
//   whose height constraint has constant 0 and priority 999, holding the description label
//   whose vertical constraints inside it are all 998 ("no constraint was absolutely required");
// - `setWithDetails:` is `withDetails`'s `didSet`, with the article's priorities (250 / 999);
// - the cell's initialiser is `required init(style:reuseIdentifier:)` (Swift cannot make a
//   registered class from an `override init` here: see PortingATableViewController);
// - the book titles and descriptions are ours (the article does not list its data);
// - the class is ExpandableBookCell here, FoldOpen.swift's BookCell being the fold's view, and
//   its yellow is that port's (the article's pictures' yellow).
// didSelectRowAtIndexPath: and cellForRowAtIndexPath: are the article's, line for line.
import TableRenderQuartz

/// The article's BookCell (ExpandableBookCell here): a title, and a collapsible yellow detail view that opens when
/// `withDetails` lowers its 0-height constraint's priority below the content's.
class ExpandableBookCell: UITableViewCell {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    let bookTitleLabel = UILabel()
    let detailContainerView = UIView()
    let bookDescriptionLabel = UILabel()
    var detailContainerViewHeightConstraint: NSLayoutConstraint!

    /// The article's `withDetails`: shown by lowering the 0-height constraint's priority.
    var withDetails: Bool = false {
        didSet {
            if withDetails {
                self.detailContainerViewHeightConstraint.priority = UILayoutPriority(250)
            } else {
                self.detailContainerViewHeightConstraint.priority = UILayoutPriority(999)
            }
        }
    }

    /// The storyboard's cell, written in code.
    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        bookTitleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        detailContainerView.backgroundColor = UIColor(red: 1, green: 214 / 255.0, blue: 10 / 255.0, alpha: 1)
        bookDescriptionLabel.numberOfLines = 0
        bookDescriptionLabel.font = .systemFont(ofSize: 15)
        for v in [bookTitleLabel, detailContainerView, bookDescriptionLabel] { v.translatesAutoresizingMaskIntoConstraints = false }
        contentView.addSubview(bookTitleLabel)
        contentView.addSubview(detailContainerView)
        detailContainerView.addSubview(bookDescriptionLabel)
        let margins = contentView.layoutMarginsGuide
        detailContainerViewHeightConstraint = detailContainerView.heightAnchor.constraint(equalToConstant: 0)
        detailContainerViewHeightConstraint.priority = UILayoutPriority(999)
        let innerTop = bookDescriptionLabel.topAnchor.constraint(equalTo: detailContainerView.topAnchor, constant: 8)
        let innerBottom = detailContainerView.bottomAnchor.constraint(equalTo: bookDescriptionLabel.bottomAnchor, constant: 8)
        innerTop.priority = UILayoutPriority(998)
        innerBottom.priority = UILayoutPriority(998)
        NSLayoutConstraint.activate([
            bookTitleLabel.topAnchor.constraint(equalTo: margins.topAnchor),
            bookTitleLabel.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            bookTitleLabel.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            detailContainerView.topAnchor.constraint(equalTo: bookTitleLabel.bottomAnchor, constant: 8),
            detailContainerView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            detailContainerView.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            detailContainerView.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            detailContainerViewHeightConstraint,
            innerTop, innerBottom,
            bookDescriptionLabel.leadingAnchor.constraint(equalTo: detailContainerView.leadingAnchor, constant: 16),
            bookDescriptionLabel.trailingAnchor.constraint(equalTo: detailContainerView.trailingAnchor, constant: -16),
        ])
    }
}

/// The article's table: a tap reloads the row with its cell's details shown or hidden.
class BooksViewController: UITableViewController {
    let kBookCellIdentifier = "BookCell"
    let bookTitles = ["Dune", "Neuromancer", "Hyperion", "Foundation", "Snow Crash"]
    let bookDescriptions = [
        "Dune": "A desert planet, a spice that extends life, and a young heir who becomes a prophet.",
        "Neuromancer": "A washed-up hacker is hired for one last job in cyberspace.",
        "Hyperion": "Seven pilgrims tell their stories on the way to the Time Tombs.",
        "Foundation": "A mathematician foresees the fall of the Galactic Empire and plans to shorten the dark age that follows.",
        "Snow Crash": "A pizza deliverer and hacker uncovers a virus that infects both computers and minds.",
    ]
    var expandedIndexPaths = Set<IndexPath>()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(ExpandableBookCell.self, forCellReuseIdentifier: kBookCellIdentifier)
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 60
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { bookTitles.count }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: false)

        //self.expandedIndexPaths is a NSMutableSet that contains the
        //indexPaths of any cells that should be expanded
        if expandedIndexPaths.contains(indexPath) {
            expandedIndexPaths.remove(indexPath)
            tableView.reloadRows(at: [indexPath], with: .none)
        } else {
            expandedIndexPaths.insert(indexPath)
            tableView.reloadRows(at: [indexPath], with: .none)
        }
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: kBookCellIdentifier) as! ExpandableBookCell
        let bookTitle = bookTitles[indexPath.row]
        cell.bookTitleLabel.text = bookTitle
        cell.bookDescriptionLabel.text = bookDescriptions[bookTitle]
        cell.withDetails = expandedIndexPaths.contains(indexPath)
        return cell
    }
}
