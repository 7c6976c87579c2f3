import Geometry

/// The `table` part of a scene: a UITableView described at UIKit's level.
public struct TableModel: Sendable {
    /// The largest |x|, |y|, width or height of a table's frame, in points (canvases are at most
    /// 10,000 points each way).
    public static let maxCoordinate = 100_000.0
    /// The fastest fling, in points per second: a finger on a device gives under 10,000.
    public static let maxFlingVelocity = 100_000.0
    public enum Style: String, Sendable { case plain, grouped, insetGrouped }
    public enum CellStyle: String, Sendable, CaseIterable { case basic, subtitle, value1, value2 }
    public enum Accessory: String, Sendable, CaseIterable {
        case none, disclosureIndicator, chevronUp, chevronDown, checkmark, detailButton, detailDisclosureButton
    }
    /// `UITableViewCell.EditingStyle`: the control a row shows in editing mode.
    public enum EditingStyle: String, Sendable, CaseIterable { case none, delete, insert }

    public struct Row: Sendable {
        public var title: String
        public var detail: String?
        public var accessory: Accessory
        public var height: Double?
        /// Expanded at t = 0 (fold rows).
        public var expanded: Bool
        /// Values bound into the cell template's `{name}` placeholders (besides `title` and
        /// `detail`), as written in the row's `values`.
        public var values: [String: String] = [:]
        /// The cell template's layers with this row's values bound (empty without a template);
        /// the loader grows them to their text when the template is self-sizing.
        public var layers: [LayerModel] = []
        /// The fold detail view's height for this row when it comes from its content (set by the
        /// loader, which measures the text); nil: `expansion.detailHeight`.
        public var detailHeight: Double?
        /// The template's `detailView` with this row's values: what the fold effect unfolds
        /// in place of the plain detail view.
        @Boxed public var detailView: LayerModel?
        /// Where the row is written (`table.sections[0].rows[2]`, or `table.rowCount`).
        public var jsonPath: String = "table"
        /// The row's own display effect (`display` in the row), in place of the table's.
        public var display = RowDisplay.table
        /// The control the row shows in editing mode (`editingStyleForRowAt`, default delete).
        public var editingStyle = EditingStyle.delete
        /// Whether the row shows the reorder control in editing mode (`canMoveRowAt`).
        public var canMove = false
        /// Whether the content moves right in editing mode (`shouldIndentWhileEditingRowAt`,
        /// true by default, also for a row without a control).
        public var shouldIndentWhileEditing = true
        /// A custom accessory view (`UITableViewCell.accessoryView`): a layer tree of its own
        /// size, placed at the trailing margin and centred in the row, drawn in place of
        /// `accessory` (UIKit ignores `accessoryType` while an accessory view is set).
        @Boxed public var accessoryView: LayerModel?
        /// The cell's `imageView` image (JSON `image`): a layer with the image, its bounds the
        /// image's size in points (the loader sets the file's own size when none is given).
        @Boxed public var imageView: LayerModel?
        /// The image when it is a symbol (JSON `image.symbol`, `UIImage(systemName:)`): drawn
        /// by the engine in its colour, or the tint colour in the scene's appearance;
        /// `imageView` then holds its size.
        @Boxed public var imageSymbol: SymbolImage?
        /// How the image is shown (JSON `image.cornerRadius`, `image.maximumSize`: a list
        /// configuration's `imageProperties`, or an `imageView` whose layer clips to its
        /// rounded bounds); nil: at its size, square.
        @Boxed public var imageLook: ImageLook?
        /// The row's own cell (JSON `cell`): what a data source's `cellForRowAt` gave for this
        /// row, in place of the table's template and built-in style (nil: the table's).
        @Boxed public var cell: RowCell?
        /// The built-in style's labels as this row draws them (`titleColor`, `titleFont`,
        /// `titleLines`, `titleAlignment` and the detail's: a cell's `textLabel` and
        /// `detailTextLabel`, or a content configuration's text properties); nil: the style's.
        @Boxed public var labelStyles: LabelStyles?
        /// The row's built-in style (JSON `style`) where it differs from the table's
        /// (`cell.style`): a settings screen mixes `value1` rows with default ones; nil: the
        /// table's.
        public var style: CellStyle?
        /// A value1 row's title as wide as it is drawn on one line (measured by the loader once
        /// the fonts are known; nil: not measured): the detail takes what the title leaves.
        /// Never read from or written to a file.
        public var titleWidth: Double?
        /// A self-sizing row (`UITableView.automaticDimension`; JSON `"height": "auto"`, or the
        /// table's `"rowHeight": "auto"` for a row without a height): the loader sets `height`
        /// from the built-in labels' text as UIKit sizes such a row (a template's or the row's
        /// own cell's rows keep their heights).
        public var selfSizing = false
        /// The built-in labels' heights as their text is laid out in the row's text width
        /// (measured by the loader where a label's text takes more than one line; nil: one
        /// line each, drawn at the style's line heights). Never read from or written to a file.
        public var labelHeights: LabelHeights?
        /// Who made the row, for the runtime that made it: a data source's row carries the
        /// runtime's own number for it, so the cell `cellForRowAt` gives when the engine shows
        /// the row is kept as that row's content. Carried through updates like the row; never
        /// read from or written to a file (nil there).
        public var origin: Int?
    }

    /// A row's own cell: the layers of its content view as the cell laid them out for the row
    /// (held in the row's `layers`), its background and its layers' own animations.
    public struct RowCell: Sendable {
        /// Whether `layers` is the row's own content (false: the built-in style's labels, with
        /// the cell's background).
        public var ownContent: Bool
        /// `UITableViewCell.backgroundColor` (nil: the table's cell background).
        public var backgroundColor: Color?
        /// Core Animation animations of the cell's named layers, on a clock that starts when
        /// the row is first displayed (as a template's).
        public var animations: [AnimationModel] = []
        /// `UITableViewCell.separatorInset.left` (nil: the table's `separator.insetLeft`).
        public var separatorInsetLeft: Double?
        /// The highlight a tap shows behind the content (`selectedBackgroundView`'s colour;
        /// clear for `selectionStyle = .none`); nil: the table's `selection.color`.
        public var selectedBackgroundColor: Color?
        /// `UITableViewCell.tintColor` (its check mark, info button and symbol image); nil:
        /// the table's.
        public var tintColor: Color?
        public init(ownContent: Bool, backgroundColor: Color? = nil, animations: [AnimationModel] = []) {
            self.ownContent = ownContent; self.backgroundColor = backgroundColor; self.animations = animations
        }
    }

    /// A custom cell (extension): a tree of layers drawn in every row with the row's values
    /// bound into it, as a UITableViewCell subclass from a storyboard.
    public struct CellTemplate: Sendable {
        public var layers: [LayerModel]
        /// The layer display effects with target `card` (`mainView`) animate: the article's
        /// `[(CTCardCell *)cell mainView]`.
        public var mainView: String?
        /// Self-sizing: the row is as tall as its content (text layers with more than one line
        /// grow to their text, pushing down what lies below them), plus `paddingBottom`.
        public var autoHeight: Bool
        public var paddingBottom: Double
        /// A top-level layer of the template the fold effect unfolds below the rest of the cell
        /// (the fold article's collapsible yellow view); its height is its content's.
        public var detailView: String?
        /// The cell's own animations (a looping pulse, a spinner): Core Animation animations of
        /// the template's named layers, on every row's cell, on a clock that starts when the
        /// row is first displayed.
        public var animations: [AnimationModel] = []
        public init(layers: [LayerModel], mainView: String?, autoHeight: Bool, paddingBottom: Double, detailView: String? = nil) {
            self.layers = layers; self.mainView = mainView; self.autoHeight = autoHeight; self.paddingBottom = paddingBottom
            self.detailView = detailView
        }
    }

    public struct Section: Sendable {
        public var title: String?
        public var collapsible: Bool
        public var expanded: Bool
        public var rows: [Row]
        /// The footer's title (`titleForFooterInSection`).
        public var footer: String?
        /// Custom header and footer views (`viewForHeaderInSection`, `viewForFooterInSection`):
        /// the table's width, their own height; in place of the titles.
        @Boxed public var headerView: LayerModel?
        @Boxed public var footerView: LayerModel?
        /// The footer title's height, measured by the loader (nil: one line's).
        public var footerHeight: Double?
        public init(title: String?, collapsible: Bool, expanded: Bool, rows: [Row], footer: String? = nil) {
            self.title = title; self.collapsible = collapsible; self.expanded = expanded; self.rows = rows; self.footer = footer
        }
    }

    /// An inset rounded card inside each cell (the drop-in cards article).
    public struct Card: Sendable {
        public var inset: Point
        public var cornerRadius: Double
        public var backgroundColor: Color
        public var shadowOpacity: Double
        public init(inset: Point = Point(16, 8), cornerRadius: Double = 12, backgroundColor: Color = .white, shadowOpacity: Double = 0.15) {
            self.inset = inset; self.cornerRadius = cornerRadius; self.backgroundColor = backgroundColor; self.shadowOpacity = shadowOpacity
        }
    }

    /// UITableView.RowAnimation for inserted and deleted rows. `automatic` is `bottom` for a
    /// row at the start of its section and `top` elsewhere (WWDC 2011; the middle unconfirmed).
    public enum RowAnimation: String, Sendable, CaseIterable { case fade, right, left, top, bottom, none, middle, automatic }

    public struct Expansion: Sendable {
        public enum Effect: String, Sendable { case none, fold, rows }
        public var effect: Effect
        public var duration: Double
        /// m34 = -1/perspective for both halves.
        public var perspective: Double
        /// Gradient shadows on the halves that fade out as they open.
        public var shadow: Bool
        /// Height of the detail view that unfolds (an extension: points, even numbers keep the
        /// seam on a device pixel at @2x and @3x); nil: from its text, as the article's
        /// self-sizing detail view (8 pt margins around a 15 pt label).
        public var detailHeight: Double?
        /// How the bottom half and the rows below move: `translation` is the article's (rows
        /// by the table's row update, the bottom half by its own ease-out translation); `exact`
        /// keeps both at the top half's projected height at every frame.
        public var join: Join
        public enum Join: String, Sendable, CaseIterable { case translation, exact }
        /// The built-in detail view's label: 15 pt, 16 pt from the sides, 8 pt from the top and
        /// bottom (its self-sized height is the label's plus twice the margin).
        public static let detailFontSize = 15.0, detailInsetX = 16.0, detailMargin = 8.0
        public var detailColor: Color
        public var timingFunction: TimingFunction?
        public var rowAnimation: RowAnimation
    }

    /// What a cell does the first time it is displayed.
    public struct Display: Equatable, Sendable {
        public enum Target: Sendable { case cell, card }
        public var target: Target
        public var transform: TransformValue
        public var opacity: Double
        public var duration: Double
        public var timingFunction: TimingFunction?
        public var anchorPoint: Point?
        public var shadowOffset: Point?
        public var once: Bool
        /// Whether setting `anchorPoint` keeps the cell's frame in place (the corrected form,
        /// moving the position with the anchor) or keeps its position as Core Animation does,
        /// which moves the cell by (new − old anchor) × size: the rotating-cells article's code
        /// as written (`"rotateAsWritten"`), whose anchor stays after the animation.
        public var keepsFrame = true
        /// Seconds before the animation starts (UIView.animate's `delay`), and more per row:
        /// `delayPerRow` times the row's index (`0.05 * indexPath.row` in willDisplay).
        public var delay = 0.0
        public var delayPerRow = 0.0
        /// Whether the rows visible at the first layout animate (UIKit calls willDisplay for
        /// them too); false: only rows that scroll or are inserted into view.
        public var firstScreen = true
        /// A recorded or written effect in general form (a `willDisplay` run on the row): Core
        /// Animation animations on the cell (`"cell"`), the card (`"card"`) or a named template
        /// layer, their `beginTime` counted from the moment the row is displayed. When set, the
        /// start-state keys above are not used.
        public var animations: [AnimationModel]?
    }

    /// A row's own display effect: the table's, none, or its own.
    public enum RowDisplay: Sendable {
        case table, none
        /// On the heap: inline, the effect made every row 150 bytes longer.
        indirect case effect(Display)
    }

    /// The collapsing header of the header article, above the table.
    public struct Header: Sendable {
        public var maxHeight: Double
        public var minHeight: Double
        public var backgroundColor: Color
        public var title: String?
        public var titleColor: Color
        public var logo: ImageContent?
        public var logoSize: Point
        /// The logo's bottom constraint: its distance above the header's bottom edge (the article
        /// constrains the image view to the header's bottom with a fixed size).
        public var logoBottom: Double
        public var snapDuration: Double
        public init(maxHeight: Double, minHeight: Double, backgroundColor: Color = Color(31, 58, 95), title: String? = nil,
                    titleColor: Color = .white, logo: ImageContent? = nil, logoSize: Point = Point(44, 44), logoBottom: Double = 0,
                    snapDuration: Double = 0.2) {
            self.maxHeight = maxHeight; self.minHeight = minHeight; self.backgroundColor = backgroundColor; self.title = title
            self.titleColor = titleColor; self.logo = logo; self.logoSize = logoSize; self.logoBottom = logoBottom; self.snapDuration = snapDuration
        }
    }

    /// What a tap on a row shows: UITableViewCell's selected background (behind the content)
    /// and how the article's `deselectRowAtIndexPath:animated:` takes it away.
    public struct Selection: Sendable {
        public enum Deselect: String, Sendable, CaseIterable {
            /// `animated:NO` in `didSelectRow` (the fold article): no frame shows the highlight.
            case immediate
            /// `animated:YES` (the sections article): shown at the tap, faded out.
            case animated
            /// Not deselected (`didSelectRowAt` leaves it): the row stays highlighted until
            /// another row is tapped (with `multiple`, until it is tapped again).
            case never
        }
        public var deselect: Deselect
        /// `allowsMultipleSelection`: a tap adds its row to the selection, a second tap removes it.
        public var multiple = false
        public var color: Color
        public var duration: Double
    }

    public var frame: Rect?
    /// The table layer's name: `animations` may move and resize it (`position`, `position.x`,
    /// `position.y`, `bounds.size.height`), as Auto Layout does when a view above it changes.
    public var name: String?
    /// contentOffset.y as app code left it while the table scrolled, sampled (see
    /// ``RecordedOffsets``): it replaces the offset the script's touches give.
    public var contentOffsets: RecordedOffsets?
    public var header: Header?
    public var style: Style
    public var rowHeight: Double
    /// Whether rows without a height size themselves (JSON `"rowHeight": "auto"`,
    /// `UITableView.automaticDimension`): each built-in row as tall as its labels' text, as
    /// UIKit sizes it; `rowHeight` is then the estimate (the empty rows' separators).
    public var selfSizingRows = false
    public var backgroundColor: Color?
    public var separatorColor: Color
    public var separatorInsetLeft: Double
    /// UITableViewCell.SeparatorStyle: `none` draws no separators at all.
    public var separatorNone: Bool = false
    /// UIScrollView's `showsVerticalScrollIndicator` (true by default, as UIKit's).
    public var showsVerticalScrollIndicator = true
    /// The section index down the table's trailing edge (`sectionIndexTitles(for:)`): nil, none.
    public var sectionIndexTitles: [String]?
    /// The index's colour (`sectionIndexColor`; nil: the tint).
    public var sectionIndexColor: Color?
    /// The room above each plain table's section header (`sectionHeaderTopPadding`, iOS 15);
    /// nil: UIKit's automatic 22 pt.
    public var sectionHeaderTopPadding: Double?
    /// The table's tint colour (`tintColor`: check marks, info buttons, symbol images, value2's
    /// titles, the section index); nil: systemBlue in the scene's appearance.
    public var tintColor: Color?
    /// Whether the table starts in editing mode (`isEditing`, as `setEditing(true, animated: false)`
    /// in `viewDidLoad`).
    public var editing = false
    /// Plain tables draw separators for the empty rows below the last row (UIKit's default;
    /// a zero-height tableFooterView hides them).
    public var emptyRowSeparators: Bool
    public var sections: [Section]
    /// `tableHeaderView`: a view above the first section, the table's width and its own height,
    /// that scrolls with the rows (a search field, a profile's banner).
    @Boxed public var tableHeaderView: LayerModel?
    /// `tableFooterView`: a view below the last section, drawn the same way; a plain table
    /// with one draws no separators for empty rows.
    @Boxed public var tableFooterView: LayerModel?
    /// The titles' format when the last section is the `rowCount` rows (`"Cell %d"`), so an
    /// encoder writes them as they were written; nil: every row is written.
    public var titleFormat: String?
    public var cellStyle: CellStyle
    public var cellBackground: Color?
    /// The colour of the sections article's custom accessory (`DTCustomColoredAccessory`,
    /// chevronUp/chevronDown): `[UIColor grayColor]` there.
    public var accessoryColor: Color
    /// Its colour while the cell is highlighted (a finger held on the row, or selected where the
    /// table keeps its selection): the article's `highlightedColor`, `[UIColor whiteColor]`
    /// unless set.
    public var accessoryHighlightedColor = Color.white
    public var selection: Selection
    /// `UITableView.refreshControl`: pulled far enough past the top, it refreshes (nil: none).
    public var refreshControl: RefreshControl?
    public var card: Card?
    public var template: CellTemplate?
    public var expansion: Expansion
    public var display: Display?
}

/// A user event of the script.
public struct ScriptEvent: Sendable {
    public enum Action: Sendable {
        /// A finger tapping a row, lifted at the event's time (the row is selected then); `hold`
        /// seconds between touch-down and touch-up (0: a quick tap).
        case tap(section: Int, row: Int, hold: Double)
        case scroll(to: Double?, by: Double?, duration: Double, timingFunction: TimingFunction?)
        /// A finger drag: past either end the content rubber-bands; `release` bounces it back.
        case drag(to: Double?, by: Double?, duration: Double, timingFunction: TimingFunction?)
        case release
        case fling(velocity: Double, decelerationRate: Double)
        /// A change to the table's data (insert, delete, reload, move, heights, reloadData).
        case update(TableUpdate)
        /// `scrollToRow(at:at:animated:)`.
        case scrollToRow(RowPath, position: TableModel.ScrollPosition, animated: Bool)
        /// A finger swiping a row sideways: its actions show.
        case swipe(RowPath, TableModel.Swipe)
        /// New content for rows in view, their cells kept (`reconfigureRows(at:)`, or app code
        /// changing a cell it holds): at index paths of the data at the event's time.
        case reconfigureRows([RowPath], rows: [TableModel.Row])
        /// `setEditing(_:animated:)`: the rows' editing controls show or go.
        case setEditing(Bool, animated: Bool)
        /// `beginRefreshing()` (true) or `endRefreshing()` (false) of the table's refresh control.
        case refreshing(Bool)
    }
    public var at: Double
    public var action: Action
    public var jsonPath: String
    public init(at: Double, action: Action, jsonPath: String = "script") { self.at = at; self.action = action; self.jsonPath = jsonPath }
}

/// contentOffset.y sampled `rate` times a second from time 0: what a Swift scene's
/// `scrollViewDidScroll` left (it may set the offset back while the finger moves), or offsets
/// logged on a device. Linear between samples; the last one holds.
public struct RecordedOffsets: Sendable, Equatable {
    /// The table keys that may be animated on a named table (its frame, as Auto Layout moves it).
    public static let tableKeyPaths: Set<String> = ["position", "position.x", "position.y", "bounds.size.height"]
    public var rate: Double
    public var values: [Double]
    public init(rate: Double, values: [Double]) { self.rate = rate; self.values = values }

    /// The offset at `t` seconds.
    public func value(at t: Double) -> Double {
        guard let last = values.last else { return 0 }
        let x = max(t, 0) * rate
        guard x < Double(values.count - 1) else { return last }
        let i = Int(saturating: x.rounded(.down))
        let f = x - Double(i)
        return f == 0 ? values[i] : values[i] * (1 - f) + values[i + 1] * f
    }
}
