import Foundation
import SceneModel

/// A row of a ``UITableView``: what the data source would return for it.
public struct UITableViewRow: Sendable {
    public var title: String
    public var detail: String?
    /// What the cell template's `{name}` placeholders become in this row.
    public var values: [String: String]
    /// The row's height; nil is the table's `rowHeight`.
    public var height: CGFloat?
    public init(title: String = "", detail: String? = nil, values: [String: String] = [:], height: CGFloat? = nil) {
        self.title = title; self.detail = detail; self.values = values; self.height = height
    }
}

/// A section of a ``UITableView``.
public struct UITableViewSection: Sendable {
    public var title: String?
    public var rows: [UITableViewRow]
    public init(title: String? = nil, rows: [UITableViewRow]) { self.title = title; self.rows = rows }
}

/// A table view cell: a prototype with custom content (its `contentView`'s subviews become the
/// scene's cell template), or the cell `willDisplay` receives, whose changes become the
/// table's display effect.
open class UITableViewCell: UIView, @unchecked Sendable {
    public enum CellStyle: Sendable { case `default`, subtitle }
    public enum SeparatorStyle: Sendable { case none, singleLine }
    public let contentView = UIView()
    /// The view display effects move (the cards article's `mainView`); found by its
    /// `accessibilityIdentifier` in the template.
    open var mainView: UIView?

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        addSubview(contentView)
    }
}

/// A table view in Swift, with UIKit's names: rows and sections, the row height, separators, a
/// custom cell (``cellTemplate``) and the delegate's `willDisplay`, which is run as UIKit runs
/// it: the changes it makes to the cell before and in its `UIView` animation become the table's
/// display effect (see the scene format's `display`).
open class UITableView: UIView, @unchecked Sendable {
    public enum Style: Sendable { case plain, grouped }
    public let style: Style
    open var rowHeight: CGFloat = 44
    open var separatorStyle = UITableViewCell.SeparatorStyle.singleLine
    open var separatorColor: UIColor?
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    open var sections: [UITableViewSection] = []
    /// A plain section of this many rows titled by `titleFormat` (`%d` is the row number).
    open var rowCount: Int?
    open var titleFormat: String?
    open var cellStyle = UITableViewCell.CellStyle.default
    open var cellBackgroundColor: UIColor?
    /// The custom cell: its `contentView`'s subviews, in cell coordinates, with `{name}`
    /// placeholders in label texts and image names bound from each row's `values`.
    open var cellTemplate: UITableViewCell?
    /// `tableView(_:willDisplay:forRowAt:)`.
    open var willDisplay: ((UITableView, UITableViewCell, IndexPath) -> Void)?

    /// A table of `frame` (`.zero` is the whole canvas).
    public init(frame: CGRect = .zero, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
    }
}

/// A step of the script: what the finger does to the table, and when (seconds).
public enum TableScriptEvent: Sendable {
    case tap(at: Double, section: Int = 0, row: Int)
    /// To an offset (points from the top), animated over `duration` seconds.
    case scroll(at: Double, to: CGFloat, duration: Double = 0.3, timing: CAMediaTimingFunctionName? = nil)
    case scrollBy(at: Double, by: CGFloat, duration: Double = 0.3, timing: CAMediaTimingFunctionName? = nil)
    case drag(at: Double, by: CGFloat, duration: Double = 0.3)
    case release(at: Double)
    /// A flick at `velocity` points per second; `decelerationRate` per millisecond (0.998 normal, 0.99 fast).
    case fling(at: Double, velocity: CGFloat, decelerationRate: Double = 0.998)
}

extension IndexPath {
    /// UIKit's index path of a row in a section.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The row (UIKit's `indexPath.row`).
    public var row: Int { count > 1 ? self[1] : 0 }
    /// The section (UIKit's `indexPath.section`).
    public var section: Int { count > 0 ? self[0] : 0 }
}
