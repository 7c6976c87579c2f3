import Foundation
import SceneModel

/// A row of a ``UITableView``: what the data source would return for it.
public struct UITableViewRow: Sendable {
    /// The row's title (the `{title}` placeholder).
    public var title: String
    /// The subtitle, or the text a fold reveals (`{detail}`).
    public var detail: String?
    /// What the cell template's `{name}` placeholders become in this row.
    public var values: [String: String]
    /// The row's height; nil is the table's `rowHeight`.
    public var height: CGFloat?
    /// The accessory at the row's trailing edge.
    public var accessory: UITableViewRowAccessory
    /// Whether a fold row starts open.
    public var isExpanded: Bool
    /// A data source's row: the number its cell's content is kept under until it is known.
    var token: Int?
    /// A self-sizing row (`UITableView.automaticDimension`): its height is the estimate until
    /// its cell is measured as it comes on screen (``height`` is nil until then).
    var selfSizing = false
    /// A cell's accessory view's layer (drawn in place of ``accessory``).
    var accessoryView: LayerModel?
    /// The animations on the accessory view's layers, on the row's clock.
    var accessoryAnimations: [AnimationModel] = []
    /// The control the row shows in editing mode.
    public var editingStyle = UITableViewCell.EditingStyle.delete
    /// Whether the row shows the reorder control in editing mode.
    public var canMove = false
    /// Whether the row's content moves right in editing mode (default true).
    public var shouldIndentWhileEditing = true
    /// The cell's `imageView` image, at its own size (the file's, as `UIImage(named:)`), at the
    /// leading margin with the text 15 pt after it.
    public var image: UIImage?
    /// The image's size in points when the scene gives one (nil: the file's own).
    var imageSize: CGSize?
    /// A data source's custom cell for the row: its content view's layers (written as the row's `cell`).
    var ownCell: CellContent.Own?
    /// The row's cell's `backgroundColor`.
    var cellBackground: Color?
    /// How the row's image is shown, where its cell says.
    var imageLook: TableModel.ImageLook?
    /// The row's built-in labels' looks where its cell changed them.
    var labelStyles: TableModel.LabelStyles?
    /// The row's cell's built-in style where it differs from the table's (nil: the table's).
    var cellStyle: UITableViewCell.CellStyle?
    /// The row's cell's separator inset and tap highlight (nil: the table's).
    var separatorInsetLeft: Double?
    var selectedColor: Color?
    /// The row's cell's own tint colour (nil: the table's).
    var tintColor: Color?
    /// A row.
    public init(title: String = "", detail: String? = nil, values: [String: String] = [:], height: CGFloat? = nil,
                accessory: UITableViewRowAccessory = .none, isExpanded: Bool = false) {
        self.title = title; self.detail = detail; self.values = values; self.height = height
        self.accessory = accessory; self.isExpanded = isExpanded
    }
}

/// A section of a ``UITableView``.
public struct UITableViewSection: Sendable {
    /// The section's header title.
    public var title: String?
    /// The section's rows.
    public var rows: [UITableViewRow]
    /// Whether its first row inserts and deletes the others (the sections article).
    public var isCollapsible: Bool
    /// Whether a collapsible section starts open.
    public var isExpanded: Bool
    /// The section's footer title.
    public var footerTitle: String?
    /// A data source's header and footer views, as the scene writes their layers.
    var headerView: LayerModel?
    var footerView: LayerModel?
    /// A section.
    public init(title: String? = nil, rows: [UITableViewRow], isCollapsible: Bool = false, isExpanded: Bool = true, footerTitle: String? = nil) {
        self.title = title; self.rows = rows; self.isCollapsible = isCollapsible; self.isExpanded = isExpanded
        self.footerTitle = footerTitle
    }
}

/// A table view in Swift, with UIKit's names: rows and sections, the row height, separators, a
/// custom cell (``cellTemplate``) and the delegate's `willDisplay`, which is run as UIKit runs
/// it: for every row when it comes into view, with its index path and frame; the changes it
/// makes to the cell, and the animations it adds, become the table's display effect and the
/// rows' own (see the scene format's `display`).
open class UITableView: UIScrollView {
    /// UIKit's table styles.
    public enum Style: Sendable {
        /// Rows edge to edge, floating section headers.
        case plain
        /// Sections as groups on a grey background.
        case grouped
        /// Sections as rounded groups inset from the table's edges (iOS 13).
        case insetGrouped
    }
    /// The table's style.
    public let style: Style
    /// The rows' height in points, or `UITableView.automaticDimension` for self-sizing rows.
    open var rowHeight: CGFloat = 44
    /// With self-sizing rows: the height UIKit assumes for rows not measured (and the empty
    /// rows' separators); 0 is 44.
    open var estimatedRowHeight: CGFloat = 0
    /// Whether rows have separators.
    open var separatorStyle = UITableViewCell.SeparatorStyle.singleLine
    /// UIScrollView's vertical indicator, shown while a finger scrolls and 1 s after.
    open var showsVerticalScrollIndicator = true
    /// The separators' colour (nil: UIKit's `separator`).
    open var separatorColor: UIColor?
    /// The separators' inset (`left` is used).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// The room above each section header of a plain table, table background (iOS 15; default
    /// ``automaticDimension``: 22 pt, UIKit's); 0, which apps set to remove iOS 15's gap, draws
    /// the layout before iOS 15. JSON's `table.sectionHeaderTopPadding`.
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension
    /// Whether cells' margins follow the readable width (iPad). On an iPhone the readable width
    /// is wider than the screen's margins leave (as ``UIView/readableContentGuide`` here), so
    /// the cells are laid out as without it.
    open var cellLayoutMarginsFollowReadableWidth = false
    /// The section index's colour (nil: the tint, systemBlue); the index's titles are the data
    /// source's `sectionIndexTitles(for:)`.
    open var sectionIndexColor: UIColor?
    /// The data source's section index titles, as last asked.
    var indexTitles: [String]?
    /// The sections and their rows: the data source's data. Changed inside
    /// ``LayerScene/at(_:_:)``, the table shows the change once an update call
    /// (`insertRows(at:with:)`, `reloadData()`, ...) tells it what changed.
    open var sections: [UITableViewSection] = [] {
        didSet { if ChangeContext.current?.now != nil && committedSections == nil { committedSections = oldValue } }
    }
    /// The data the table shows while ``sections`` has changes no update call announced yet.
    var committedSections: [UITableViewSection]?
    /// The data at the scene's start, once an update changed it.
    var initialSections: [UITableViewSection]?
    /// The updates and scrolls the table's own calls made, with their scene times.
    var recordedEvents: [TableScriptEvent] = []
    /// The refresh control (``UIScrollView/refreshControl``).
    var refresh: UIRefreshControl?
    /// Editing mode now, and at the scene's start.
    var editingNow = false
    var editingAtStart = false
    /// Whether a tap selects a row in editing mode (default false, as UIKit's).
    open var allowsSelectionDuringEditing = false
    /// Updates refused (UIKit's `Invalid update` messages), reported when the scene is written.
    var updateProblems: [SceneProblem] = []
    var pendingChanges: [UITableViewChange] = []
    var batchDepth = 0
    /// A plain section of this many rows titled by `titleFormat` (`%d` is the row number).
    open var rowCount: Int?
    /// The title of ``rowCount``'s rows: `%d` is the row number.
    open var titleFormat: String?
    /// The built-in cells' layout.
    open var cellStyle = UITableViewCell.CellStyle.default
    /// The cells' background (nil: the style's).
    open var cellBackgroundColor: UIColor?
    /// The custom cell: its `contentView`'s subviews, in cell coordinates, with `{name}`
    /// placeholders in label texts and image names bound from each row's `values`.
    open var cellTemplate: UITableViewCell? { didSet { recordedDisplay = nil } }
    /// `tableView(_:willDisplay:forRowAt:)`: run for every row each time it comes into view, at
    /// that scene time (``CACurrentMediaTime()``), on the ``cellTemplate`` with the row's frame.
    open var willDisplay: ((UITableView, UITableViewCell, IndexPath) -> Void)? { didSet { recordedDisplay = nil } }
    /// What `willDisplay` did when the scene was last written: a hook remembers the rows it
    /// animated, so it is run once per scene, not once per `json()`.
    var recordedDisplay: RecordedDisplay?
    /// What a tap on a row does: the fold (000) or the sections' inserted rows (002).
    open var expansion: Expansion?
    /// The collapsing header above the table (the header article, 001).
    open var collapsingHeader: CollapsingHeader?
    /// An inset rounded card in every cell (the drop-in cards article without a custom cell).
    open var cellCard: TableCellCard? { didSet { recordedDisplay = nil } }
    /// The colour of the sections article's chevron accessories (nil: `UIColor.gray`).
    open var cellAccessoryColor: UIColor?
    /// A view below the last section, the table's width and its frame's height, scrolling with
    /// the rows; any footer view (a zero-height one, as apps set) hides the separators UIKit
    /// draws for the empty rows below the last row.
    open var tableFooterView: UIView? { didSet { adopt(tableFooterView, replacing: oldValue, "tableFooterView") } }
    /// A view above the first section (a search field, a profile's banner), the table's width
    /// and its frame's height, scrolling with the rows. It is drawn as it is when the scene is
    /// recorded: setting it, or changing its views, at a later scene time is refused by name
    /// (not drawn yet).
    open var tableHeaderView: UIView? { didSet { adopt(tableHeaderView, replacing: oldValue, "tableHeaderView") } }

    /// A header or footer view set: refused when late or the table's own tree; else, as UIKit
    /// adds it to the table, taken out of the view it was in (drawn once, as the table's), and
    /// marked so that adding it to another view later (a cell) is refused by name.
    func adopt(_ view: UIView?, replacing old: UIView?, _ key: String) {
        refuseLateView(key)
        if view is UISearchBar { UISearchBar.refuseOutsideTheBar(in: self, as: "the table's \(key)") }
        if old !== view { old?.tableViewKey = nil }
        guard !refuseOwnTree(view, key) else {
            if key == "tableHeaderView" { tableHeaderView = nil } else { tableFooterView = nil }
            return
        }
        view?.removeFromSuperview()
        view?.tableViewKey = key
    }

    /// The table itself, or a view that holds it, as its own header or footer view: UIKit adds
    /// the view as the table's subview and raises. The scene stops with UIKit's words.
    func refuseOwnTree(_ view: UIView?, _ key: String) -> Bool {
        guard let view else { return false }
        var v: UIView? = self
        while let up = v, up !== view { v = up.superview }
        guard v != nil else { return false }
        note(view === self ? "the table itself: UIKit raises \"Can't add self as subview\""
                           : "a view that holds the table: UIKit raises (a view cannot be its own subview's subview)", path: "table.\(key)")
        return true
    }

    /// A header or footer view set after the scene's start stops the scene with a message
    /// (the table draws the one it has when the scene is recorded, from the start).
    func refuseLateView(_ key: String) {
        guard let now = ChangeContext.current?.now, now > 0 else { return }
        note("set at \(Message.number(now)) s: a \(key) set after the scene's start is not drawn yet (set it before the scene starts, in viewDidLoad)",
             path: "table.\(key)")
    }
    /// Whether a tap's highlight fades out (`deselectRow(at:animated: true)`) or goes at once.
    open var deselectsAnimated = false
    /// Whether a tapped row stays selected (highlighted) until another row is tapped, or with
    /// ``allowsMultipleSelection`` until it is tapped again: what a `didSelectRowAt` that does
    /// not deselect leaves (a data source's table sets it from what its delegate does).
    open var keepsSelection = false
    /// The tap highlight's colour (nil: `systemGray4`).
    open var selectedBackgroundColor: UIColor?
    /// How long the highlight takes to fade (nil: 0.5 s, UIKit's `selectionFadeDuration`).
    open var deselectDuration: Double?

    /// The data source (held weakly, as UIKit does): with one, the table's sections, rows,
    /// heights and cells come from it, asked as UIKit asks (see ``UITableViewDataSource``).
    open weak var dataSource: UITableViewDataSource?
    /// The delegate (held weakly): heights, `willDisplay`, selection and swipe actions.
    open weak var delegate: UITableViewDelegate?
    /// Whether taps select rows (default true).
    open var allowsSelection = true
    /// Whether a tap adds to the selection (and a second tap deselects) instead of replacing it.
    open var allowsMultipleSelection = false
    /// Whether the table is in editing mode (as the last ``setEditing(_:animated:)`` left it).
    open var isEditing: Bool {
        get { editingNow }
        set { setEditing(newValue, animated: false) }
    }
    /// The app-facing state: registered cells, reuse, selection, what the cells showed.
    lazy var app = TableAppState()

    /// `setEditing(_:animated:)`: each row's editing control (and reorder control) shows, or
    /// goes. Before the scene starts (in `viewDidLoad`) the table starts so; in code at a time,
    /// it animates from then.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingNow else { return }
        editingNow = editing
        guard let now = ChangeContext.current?.now else { editingAtStart = editing; return }
        recordedEvents.append(.setEditing(at: now, editing, animated: animated))
    }

    /// A table of `frame` (`.zero` is the whole canvas).
    public init(frame: CGRect = .zero, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
    }
    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// a plain table), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }
}

/// A step of the script: what the finger does to the table, and when (seconds).
public enum TableScriptEvent: Sendable {
    /// A tap on a row: the finger lifts at `at` (the row is selected then), having come down
    /// `hold` seconds before (0: a quick tap; held past 0.15 s the row shows its highlight).
    case tap(at: Double, section: Int = 0, row: Int, hold: Double = 0)
    /// To an offset (points from the top), animated over `duration` seconds.
    case scroll(at: Double, to: CGFloat, duration: Double = 0.3, timing: CAMediaTimingFunctionName? = nil)
    /// A scroll by a distance, animated over `duration` seconds.
    case scrollBy(at: Double, by: CGFloat, duration: Double = 0.3, timing: CAMediaTimingFunctionName? = nil)
    /// A finger dragging the content by `by` points, as the content offset changes: positive
    /// scrolls down the list (the finger moves up), negative pulls the content down (to refresh
    /// at the top); past an end it rubber-bands.
    case drag(at: Double, by: CGFloat, duration: Double = 0.3, timing: CAMediaTimingFunctionName? = nil)
    /// A finger dragging the content to an offset (past an end it rubber-bands).
    case dragTo(at: Double, to: CGFloat, duration: Double = 0.3, timing: CAMediaTimingFunctionName? = nil)
    /// The finger lifts: past an end the content bounces back; a collapsing header snaps.
    case release(at: Double)
    /// A flick at `velocity` points per second; `decelerationRate` per millisecond (0.998 normal, 0.99 fast).
    case fling(at: Double, velocity: CGFloat, decelerationRate: Double = 0.998)
    /// A change to the table's data (one update call, or several animated together as
    /// `performBatchUpdates`), over `duration` seconds (UITableView's 0.3 s by default).
    case update(at: Double, [UITableViewChange], duration: Double = 0.3, timing: CAMediaTimingFunction? = nil)
    /// `scrollToRow(at:at:animated:)`.
    case scrollToRow(at: Double, IndexPath, position: UITableView.ScrollPosition = .top, animated: Bool = true)
    /// A finger swiping a row: its actions show.
    case swipe(at: Double, IndexPath, UITableViewSwipe = UITableViewSwipe())
    /// A tap on a swiped row's action button (0 is the outermost): for a table with a data
    /// source, the delegate's action handler runs (or the data source commits the delete) as
    /// code at that time; what it does (a `deleteRows`) is what the scene shows. Nothing for a
    /// table without a data source (write the update it would make).
    case tapSwipeAction(at: Double, IndexPath, action: Int = 0)
    /// New content for rows in view, their cells kept (`reconfigureRows(at:)`, or app code
    /// changing a cell it holds): index paths of the data at that time.
    case reconfigureRows(at: Double, [IndexPath], rows: [UITableViewRow])
    /// `setEditing(_:animated:)`: the editing controls show (or go).
    case setEditing(at: Double, Bool, animated: Bool = true)
    /// A tap on a row's delete control in editing mode: the row opens on its Delete (the
    /// delegate's trailing actions, or the data source's Delete), as a swipe does, the control
    /// turning a quarter turn. Nothing for a row that is not editing with `.delete`.
    case tapEditingControl(at: Double, IndexPath)
    /// A finger dragging a row by its reorder control (editing mode) to another place in its
    /// section over `duration` seconds: the rows it passes give way, and at the drop the data
    /// source's `tableView(_:moveRowAt:to:)` is called (the delegate's
    /// `targetIndexPathForMoveFromRowAt` may pick another destination first).
    case reorder(at: Double, from: IndexPath, to: IndexPath, duration: Double = 0.6)
    /// A tap on a row's detail (info) button (`detailButton`, `detailDisclosureButton`): the
    /// delegate's `accessoryButtonTappedForRowWith` runs as code at that time; the row is not
    /// selected. The button's own brief highlight is not drawn.
    case tapAccessoryButton(at: Double, IndexPath)
    /// The refresh control's `beginRefreshing()` (`true`) or `endRefreshing()` (`false`): a
    /// finger's pull past the top starts it by itself.
    case refreshing(at: Double, Bool)

    /// The event's time.
    public var time: Double {
        switch self {
        case .tap(let t, _, _, _), .scroll(let t, _, _, _), .scrollBy(let t, _, _, _), .drag(let t, _, _, _), .dragTo(let t, _, _, _),
             .release(let t), .fling(let t, _, _), .update(let t, _, _, _), .scrollToRow(let t, _, _, _), .swipe(let t, _, _),
             .tapSwipeAction(let t, _, _), .reconfigureRows(let t, _, _), .setEditing(let t, _, _), .tapEditingControl(let t, _),
             .reorder(let t, _, _, _), .tapAccessoryButton(let t, _), .refreshing(let t, _):
            return t
        }
    }
}

extension IndexPath {
    /// UIKit's index path of a row in a section.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The row (UIKit's `indexPath.row`).
    public var row: Int { count > 1 ? self[1] : 0 }
    /// The section (UIKit's `indexPath.section`).
    public var section: Int { count > 0 ? self[0] : 0 }
}
