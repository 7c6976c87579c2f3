// The sections article (seeds/002, "Expanding/Collapsing TableView Sections - iOS"): its
// UITableViewControllerWithExpandoSections and DTCustomColoredAccessory, Objective-C written in
// Swift line for line, as Xcode's importer names the calls. What changed besides the language:
// - `#import` is `import TableRenderQuartz` (for UIKit) and Foundation (NSMutableIndexSet);
// - `dealloc` and the `release` / `autorelease` calls are gone: Swift's ARC does them;
// - the instance variables with `@synthesize` and the getters with defaults are Swift
//   properties with the same defaults;
// - `+accessoryWithColor:type:` is a class method of the same name (`accessory(withColor:type:)`).
// Nothing else: the data source, the delegate, the insert and delete calls and the drawing are
// the article's.
import Foundation
import TableRenderQuartz

/// The article's table view controller: sections 1 and 2 collapse to their first row, which
/// inserts or deletes the other four with `.top` when tapped.
public class UITableViewControllerWithExpandoSections: UITableViewController {
    var expandedSections: NSMutableIndexSet?

    public override func viewDidLoad() {
        super.viewDidLoad()

        if expandedSections == nil {
            expandedSections = NSMutableIndexSet()
        }
    }

    func tableView(_ tableView: UITableView, canCollapseSection section: Int) -> Bool {
        if section > 0 { return true }

        return false
    }

    public override func numberOfSections(in tableView: UITableView) -> Int {
        // Return the number of sections.
        return 3
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        if self.tableView(tableView, canCollapseSection: section) {
            if expandedSections?.contains(section) == true {
                return 5 // return rows when expanded
            }

            return 1 // only top row showing
        }

        // Return the number of rows in the section.
        return 1
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let CellIdentifier = "Cell"

        var cell = tableView.dequeueReusableCell(withIdentifier: CellIdentifier)
        if cell == nil {
            cell = UITableViewCell(style: .default, reuseIdentifier: CellIdentifier)
        }
        guard let cell else { return UITableViewCell() }

        // Configure the cell...

        if self.tableView(tableView, canCollapseSection: indexPath.section) {
            if indexPath.row == 0 {
                // first row
                cell.textLabel?.text = "Expandable" // only top row showing

                if expandedSections?.contains(indexPath.section) == true {
                    cell.accessoryView = DTCustomColoredAccessory.accessory(withColor: UIColor.gray, type: .up)
                } else {
                    cell.accessoryView = DTCustomColoredAccessory.accessory(withColor: UIColor.gray, type: .down)
                }
            } else {
                // all other rows
                cell.textLabel?.text = "Some Detail"
                cell.accessoryView = nil
                cell.accessoryType = .disclosureIndicator
            }
        } else {
            cell.accessoryView = nil
            cell.textLabel?.text = "Normal Cell"
        }

        return cell
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if self.tableView(tableView, canCollapseSection: indexPath.section) {
            if indexPath.row == 0 {
                // only first row toggles exapand/collapse
                tableView.deselectRow(at: indexPath, animated: true)

                let section = indexPath.section
                let currentlyExpanded = expandedSections?.contains(section) == true
                var rows: Int

                var tmpArray: [IndexPath] = []

                if currentlyExpanded {
                    rows = self.tableView(tableView, numberOfRowsInSection: section)
                    expandedSections?.remove(section)
                } else {
                    expandedSections?.add(section)
                    rows = self.tableView(tableView, numberOfRowsInSection: section)
                }

                for i in stride(from: 1, to: rows, by: 1) {
                    let tmpIndexPath = IndexPath(row: i, section: section)
                    tmpArray.append(tmpIndexPath)
                }

                let cell = tableView.cellForRow(at: indexPath)

                if currentlyExpanded {
                    tableView.deleteRows(at: tmpArray, with: .top)

                    cell?.accessoryView = DTCustomColoredAccessory.accessory(withColor: UIColor.gray, type: .down)
                } else {
                    tableView.insertRows(at: tmpArray, with: .top)
                    cell?.accessoryView = DTCustomColoredAccessory.accessory(withColor: UIColor.gray, type: .up)
                }
            }
        }
    }
}

/// The arrow's direction.
enum DTCustomColoredAccessoryType: Int {
    case right = 0
    case up
    case down
}

/// The article's accessory: a 15 x 15 control that strokes a chevron in `drawRect:`.
class DTCustomColoredAccessory: UIControl {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    var type: DTCustomColoredAccessoryType = .right

    override init(frame: CGRect) {
        super.init(frame: frame)
        self.backgroundColor = UIColor.clear
    }

    class func accessory(withColor color: UIColor, type: DTCustomColoredAccessoryType) -> DTCustomColoredAccessory {
        let ret = DTCustomColoredAccessory(frame: CGRect(x: 0, y: 0, width: 15.0, height: 15.0))
        ret.accessoryColor = color
        ret.type = type

        return ret
    }

    override func draw(_ rect: CGRect) {
        guard let ctxt = UIGraphicsGetCurrentContext() else { return }

        let R: CGFloat = 4.5

        switch type {
        case .right:
            // (x,y) is the tip of the arrow
            let x = self.bounds.maxX - 3.0
            let y = self.bounds.midY

            ctxt.move(to: CGPoint(x: x - R, y: y - R))
            ctxt.addLine(to: CGPoint(x: x, y: y))
            ctxt.addLine(to: CGPoint(x: x - R, y: y + R))

        case .up:
            // (x,y) is the tip of the arrow
            let x = self.bounds.maxX - 7.0
            let y = self.bounds.minY + 5.0

            ctxt.move(to: CGPoint(x: x - R, y: y + R))
            ctxt.addLine(to: CGPoint(x: x, y: y))
            ctxt.addLine(to: CGPoint(x: x + R, y: y + R))

        case .down:
            // (x,y) is the tip of the arrow
            let x = self.bounds.maxX - 7.0
            let y = self.bounds.maxY - 5.0

            ctxt.move(to: CGPoint(x: x - R, y: y - R))
            ctxt.addLine(to: CGPoint(x: x, y: y))
            ctxt.addLine(to: CGPoint(x: x + R, y: y - R))
        }

        ctxt.setLineCap(.square)
        ctxt.setLineJoin(.miter)
        ctxt.setLineWidth(3)

        if self.isHighlighted {
            self.highlightedColor.setStroke()
        } else {
            self.accessoryColor.setStroke()
        }

        ctxt.strokePath()
    }

    override var isHighlighted: Bool {
        didSet {
            self.setNeedsDisplay()
        }
    }

    private var _accessoryColor: UIColor?
    var accessoryColor: UIColor {
        get { _accessoryColor ?? UIColor.black }
        set { _accessoryColor = newValue }
    }

    private var _highlightedColor: UIColor?
    var highlightedColor: UIColor {
        get { _highlightedColor ?? UIColor.white }
        set { _highlightedColor = newValue }
    }
}
