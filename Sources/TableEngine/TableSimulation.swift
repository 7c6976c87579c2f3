import Geometry
import LayerTree
import SceneModel
import Simulation

/// UITableView's behaviour as functions of time: layout, scrolling (animated scrolls and
/// UIScrollView's deceleration), the fold of the expandable-cells article, and first-display
/// animations. `layers(at:)` builds the layer tree of the visible part of the table.
public struct TableSimulation: Sendable {
    /// A row's identity (`TableTimeline`'s number): the same through inserts, deletes and moves.
    public struct RowKey: Hashable, Sendable {
        public var id: Int
        public init(_ id: Int) { self.id = id }
    }

    let table: TableModel
    /// The data over time: every row and section by identity, and the script's updates.
    public let timeline: TableTimeline
    /// Where each update starts from: the table as drawn at its time (by `layout`).
    /// (Every update's; with windowed layouts, those of updates that begin while another one
    /// animates, see TableWindow.swift.)
    var startLayouts: [Int: Layout] = [:]
    /// Whether frames lay out only the rows they need (see TableWindow.swift), each data's
    /// sections' running sums of row heights and content height at rest (the initial data,
    /// then each update's), each update's displacement and the tallest row.
    var windowed = false
    var tops: [[SectionTops]] = [], restingHeights: [Double] = []
    var displacements: [Double] = []
    var tallest = 0.0
    /// The script's reorder drags (see ``ReorderPlan``).
    var reorders = Reorders()
    /// Swipes per row: (time, swipe), in time order.
    var swipes: [RowKey: [(time: Double, swipe: TableModel.Swipe)]] = [:]
    let frame: Rect
    let scale: Double
    /// Light or dark: the system colours, bars and indicator the table draws (`canvas.appearance`).
    let appearance: Appearance
    /// The preferred text size (`canvas.contentSizeCategory`), and how much taller it makes a
    /// row of built-in text than the table's `rowHeight` (0 at the default, Large).
    let textSize: ContentSizeCategory
    let builtInGrowth: BuiltInGrowth
    /// The canvas's height: rows far outside it are not drawn (see `drawnRange`).
    let canvasHeight: Double
    /// UIScrollView's adjusted content inset: the part of the safe area (the status bar, the
    /// home indicator) the table's frame covers, as `contentInsetAdjustmentBehavior` automatic
    /// gives it. The content is laid out below the top inset and scrolls under it; offsets
    /// count from the content's rest (0 shows the first row below the status bar). None under
    /// a collapsing header, which covers the top itself.
    var inset = (top: 0.0, bottom: 0.0)
    /// The navigation bar over the table, and the safe area's top it sits below.
    let navigationBar: NavigationBarModel?
    let handOff = HandOffMemo(), swipeChains = SwipeChains()  // For all frames: the title's fade, swipes' starts.
    let safeTop: Double
    /// Fold toggles per row: (time, expand), in time order.
    var toggles: [RowKey: [(time: Double, expand: Bool)]] = [:]
    /// Expand and collapse toggles of collapsible sections (the sections article), by section
    /// identity, in time order.
    var sectionToggles: [Int: [(time: Double, expand: Bool)]] = [:]
    var scroll: [ScrollSegment] = []
    /// When a finger moves the content (the scroll indicator shows): see ScrollIndicator.
    var indicatorSpans: [(start: Double, end: Double)] = []
    /// When the refresh control refreshes: from a pull past its trigger or `beginRefreshing` to
    /// `endRefreshing` (infinity: to the end), in time order (see RefreshControl.swift).
    public internal(set) var refreshSpans: [(start: Double, end: Double)] = []
    /// The collapsing header's height and the content offset, every 1/240 s (see HeaderTimeline).
    var header: HeaderTimeline?
    /// The animations of the table's own layer (its frame: see `TableModel.name`).
    var frameAnimations: [AnimationModel] = []
    /// When each row was first displayed: the clock of the cell template's own animations.
    var firstShown: [RowKey: Double] = [:]
    /// Times at which a row started its display animation, in time order.
    var displayStarts: [RowKey: [(time: Double, delay: Double)]] = [:]
    /// Times at which each row was tapped, in time order (its selection highlight).
    var taps: [RowKey: [Double]] = [:]
    /// Every tap on a row, in script order (a single selection ends at the next tap on another row).
    var tapLog: [(time: Double, key: RowKey)] = []
    /// Fingers held on a row before a tap lifts them (touch-down, touch-up), in time order.
    var holds: [RowKey: [(down: Double, up: Double)]] = [:]
    /// The script's taps (by index) that came down on a moving content: they stopped it and
    /// selected nothing.
    public internal(set) var caughtTaps: Set<Int> = []
    /// When the fingers of ``caughtTaps`` came down (the tap's time less its hold).
    public internal(set) var caughtTouchDowns: Set<Double> = []
    /// When taps came down while another finger moved the content (they join its scroll and
    /// reach no row).
    public internal(set) var joinedTouchDowns: Set<Double> = []
    /// When taps came down while a row's swipe actions were open (they closed them and reach
    /// no row).
    public internal(set) var dismissingTouchDowns: Set<Double> = []
    /// Each row's template layers and detail view as presentation layers, by row identity.
    let rowLayers: [[PresentationLayer]]
    let detailViews: SparseViews
    /// Each row's accessory view, by row identity (and for `reconfigureRows` content).
    let accessoryViews: SparseViews
    /// The script's `setEditing` events, in time order.
    var editingEvents: [(time: Double, editing: Bool, animated: Bool)] = []
    /// Each section's header and footer views, by section identity.
    let sectionViews: [(header: PresentationLayer?, footer: PresentationLayer?)]
    /// The table's header and footer views (`tableHeaderView`, `tableFooterView`).
    let tableViews: (header: PresentationLayer?, footer: PresentationLayer?)

    /// One piece of the contentOffset timeline, from `start` until the next piece.
    enum ScrollSegment: Sendable {
        case hold(start: Double, offset: Double)
        case animate(start: Double, from: Double, to: Double, duration: Double, timing: TimingFunction?)
        case fling(start: Double, from: Double, velocity: Double, rate: Double, min: Double, max: Double)
        /// A finger drag between positions of the finger (in offset points, unbounded), shown
        /// rubber-banded past `min` and `max`.
        case drag(start: Double, from: Double, to: Double, duration: Double, timing: TimingFunction?, band: RubberBand)
        /// Back from an overscrolled offset to the edge after the finger lifts, starting with the
        /// content's velocity then (points per second, away from the edge when positive past it).
        case bounce(start: Double, from: Double, to: Double, velocity: Double)
        /// The content easing from a rest past the top back to it (a refresh control's room
        /// closing after `endRefreshing`), ease in, ease out.
        case settle(start: Double, from: Double, to: Double, duration: Double)
        var start: Double {
            switch self {
            case .hold(let s, _), .animate(let s, _, _, _, _), .fling(let s, _, _, _, _, _), .drag(let s, _, _, _, _, _),
                 .bounce(let s, _, _, _), .settle(let s, _, _, _): return s
            }
        }
        /// Whether the offset may lie outside the scrollable range.
        var overscrolls: Bool {
            switch self {
            case .hold, .animate: return false
            case .fling, .drag, .bounce, .settle: return true
            }
        }
    }


    /// Nil when the scene has no table.
    public init?(scene: Scene) {
        guard let table = scene.table else { return nil }
        self.table = table
        frame = table.frame ?? Rect(0, 0, scene.canvas.width, scene.canvas.height)
        scale = scene.canvas.scale
        canvasHeight = scene.canvas.height
        appearance = scene.canvas.appearance
        textSize = scene.canvas.contentSizeCategory
        builtInGrowth = BuiltInGrowth(table, textSize)
        let safe = TableSimulation.safeArea(scene.canvas, statusBar: scene.statusBar != nil)
        navigationBar = scene.navigationBar
        safeTop = safe.top
        if table.header == nil {
            // A navigation bar adds its height (expanded, with a large title and a search bar) to the top inset.
            let bar = scene.navigationBar?.restingHeight ?? 0
            inset = (max(0, safe.top + bar - frame.y), max(0, frame.y + frame.height - (scene.canvas.height - safe.bottom)))
        }
        timeline = TableTimeline(table: table, script: scene.script)
        rowLayers = timeline.rows.map { PresentationLayer.tree($0.layers) }
        detailViews = SparseViews(timeline.rows) { $0.detailView }
        accessoryViews = SparseViews(timeline.rows) { $0.accessoryView }
        sectionViews = timeline.sections.map { ($0.headerView.map(PresentationLayer.init), $0.footerView.map(PresentationLayer.init)) }
        tableViews = (table.tableHeaderView.map(PresentationLayer.init), table.tableFooterView.map(PresentationLayer.init))
        touchesAndScroll(scene)
        if let n = table.name { frameAnimations = scene.animations.filter { $0.layer == n } }
        editingEvents = TableSimulation.editingEvents(scene.script)
        if let h = table.header {
            header = HeaderTimeline(simulation: self, header: h, script: scene.script, until: scene.duration)
        }
        if hasDisplay { displayStarts = firstDisplays(frames: scene.frameCount, fps: scene.fps) }
        if table.template?.animations.isEmpty == false || timeline.rows.contains(where: { $0.cell?.animations.isEmpty == false }) {
            for a in rowAppearances(frames: scene.frameCount, fps: scene.fps) where firstShown[RowKey(a.row)] == nil {
                firstShown[RowKey(a.row)] = a.time
            }
        }
    }

    /// Where row `id` is in the data at `t` (after every update at or before it), if it is there.
    public func path(ofRow id: Int, at t: Double) -> RowPath? { timeline.data(at: t).path(of: id) }

    /// A row's content by identity.
    func row(_ key: RowKey) -> TableModel.Row { timeline.rows[key.id] }

    // MARK: Layout

    /// UITableView's own row update (`reloadRowsAtIndexPaths:`): 0.3 s, ease in, ease out
    /// (reference 6.8; unconfirmed beyond the article's "roughly the same speed").
    static let rowUpdateDuration = 0.3

    /// A row's height in `data` (where `rowHeights` updates set it), else its own or the table's.
    func baseHeight(_ key: RowKey, in data: TableData) -> Double {
        if let h = data.heights[key.id] ?? timeline.rows.height(key.id) { return h }
        // (The row is not bound to a name unless the text size asks: a copy of it cost 0.7 %.)
        guard !builtInGrowth.isZero, row(key).layers.isEmpty, row(key).cell?.ownContent != true else { return table.rowHeight }
        return table.rowHeight + builtInGrowth.growth(row(key).style ?? table.cellStyle, detail: row(key).detail != nil)
    }

    struct RowLayout {
        var key: RowKey
        var y: Double
        var height: Double
        var base: Double
        /// Where the row is in the data drawn (for a row leaving, where it was).
        var path: RowPath
        /// The last row its section shows (an insetGrouped section's bottom corners).
        var last = false
        /// Horizontal offset and opacity of a row being inserted or deleted.
        var x = 0.0
        var alpha = 1.0
        /// Drawn beneath the surviving cells (inserted and deleted rows).
        var behind = false
        /// Drawn above the other cells (a moving row).
        var above = false
        /// While a reorder drag moves rows: whether the row is first where the rows are drawn
        /// (an insetGrouped section's top corners; nil: by its index path).
        var first: Bool?
        /// Whether the row is closing to height 0 or opening from it (a `rowHeights` update,
        /// UIKit's hidden row): its cell clips its content to its bounds meanwhile, so the row
        /// draws nothing at 0 without its labels vanishing at the last frame (issue 53).
        var clips = false
    }

    /// How much of a collapsible section's detail rows shows (0 collapsed ... 1 expanded), whether
    /// that is animating, and the state the last tap asked for (`s`: the section's identity).
    func sectionState(_ s: Int, at t: Double) -> (shown: Double, animating: Bool, target: Bool) {
        let section = timeline.sections[s]
        guard section.collapsible, table.expansion.effect == .rows else { return (1, false, true) }
        guard let last = sectionToggles[s]?.last(where: { $0.time <= t }) else {
            return (section.expanded ? 1 : 0, false, section.expanded)
        }
        let d = table.expansion.duration
        let p = min(max((t - last.time) / d, 0), 1)
        let f = TimingCurve.ended(table.expansion.timingFunction ?? .easeInEaseOut, p, duration: d)
        return (last.expand ? f : 1 - f, p < 1, last.expand)
    }

    struct SectionLayout {
        /// The section's identity.
        var id: Int
        var top: Double
        var header: Double
        var bottom: Double
        var rows: [RowLayout]
        /// The footer's height, and its top.
        var footer = 0.0
        var footerTop = 0.0
        /// The header's offset and opacity while its section is inserted or deleted.
        var x = 0.0
        var dy = 0.0
        var alpha = 1.0
        /// A section coming or going: its header is drawn beneath the cells, as its rows.
        var behind = false
    }

    typealias Layout = (sections: [SectionLayout], contentHeight: Double)

    /// The table as drawn at `t`: the data at that time laid out, or while an update animates,
    /// its rows between where they were drawn when it began and where the data puts them.
    /// With a `window` (content coordinates), only the rows that overlap it are sure to be
    /// there (see TableWindow.swift); the sections and the content's height are always whole.
    func layout(at t: Double, window: ClosedRange<Double>? = nil) -> Layout {
        var l = layout(at: t, steps: timeline.steps.count, window: windowed ? window : nil, visible: window)
        // A drag moves rows, not the content's height (all a window of no rows is asked for).
        if !reorders.isEmpty, window != TableSimulation.noRows { applyReorders(&l, at: t) }
        return l
    }

    /// The same, with only the first `limit` updates; an update's inserted rows whose places end
    /// far outside `visible` are left out (``blend(from:to:_:_:visible:)``).
    func layout(at t: Double, steps limit: Int, window: ClosedRange<Double>? = nil, visible: ClosedRange<Double>? = nil) -> Layout {
        guard let k = timeline.stepIndex(at: t, limit: limit) else {
            return layout(timeline.initial, at: t, window: window, tops: windowed ? tops[0] : nil)
        }
        let step = timeline.steps[k]
        let sums = windowed ? tops[k + 1] : nil
        guard step.duration > 0, t < step.time + step.duration else { return layout(step.after, at: t, window: window, tops: sums) }
        let f = fraction(step, at: t)
        // Kept from the start (`startLayouts`, made in order as the simulation is made).
        if let from = startLayouts[k] { return blend(from: from, to: layout(step.after, at: t, tops: sums), step, f, visible: visible) }
        // A frame where the timing curve overshoots (control points past 0 ... 1, a spring) is
        // laid out whole: rows are carried past their ends, beyond the margin (a helper's probe).
        if (0 ... 1).contains(f), let w = window, let fromWindow = TableSimulation.widened(w, by: margin(k)),
           let targetWindow = TableSimulation.widened(w, by: 2 * margin(k)) {
            // The start as it was drawn (the data before it: no update was animating), and the
            // target, each around the window by the room the update's rows can travel.
            let from = layout(at: step.time, steps: k, window: fromWindow)
            let target = layout(step.after, at: t, window: targetWindow, tops: sums)
            return TableSimulation.clipped(blend(from: from, to: target, step, f, visible: visible), to: w)
        }
        // A windowed table asked for every row: the start is the data before the update.
        return blend(from: layout(at: step.time, steps: k), to: layout(step.after, at: t, tops: sums), step, f, visible: visible)
    }

    /// How far update `step` has gone at `t` (0 ... 1, by its timing function).
    func fraction(_ step: TableTimeline.Step, at t: Double) -> Double {
        let p = max(t - step.time, 0) / step.duration
        return TimingCurve.ended(step.timing ?? .easeInEaseOut, p, duration: step.duration)
    }

    /// `data` laid out at `t` (folds and collapsible sections as they are at that time), below
    /// the top content inset; the height returned ends at the last row (without the bottom inset).
    func layout(_ data: TableData, at t: Double, window: ClosedRange<Double>? = nil, tops: [SectionTops]? = nil) -> Layout {
        // The table's header view first, its footer view last (their heights are their frames').
        var y = inset.top + (tableViews.header?.bounds.height ?? 0)
        var out: [SectionLayout] = []
        for (si, entry) in data.sections.enumerated() {
            let section = timeline.sections[entry.id]
            let top = y
            let header = headerHeight(entry.id)
            y += header
            let rows: [RowLayout]
            if let window, let sums = tops?[si], !(section.collapsible && table.expansion.effect == .rows) {
                rows = windowRows(entry, section: si, top: y, tops: sums, window: window, data: data)
                y += sums.tops[entry.rows.count]
            } else {
                rows = walkedRows(entry, section: si, data: data, at: t, y: &y, window: window)
            }
            let footer = footerHeight(entry.id), footerTop = y
            y += footer
            out.append(SectionLayout(id: entry.id, top: top, header: header, bottom: y, rows: rows, footer: footer, footerTop: footerTop))
        }
        return (out, y + (tableViews.footer?.bounds.height ?? 0))
    }

    /// A section's rows laid out one after another from `y` (which ends below them); with a
    /// window, only those that overlap it are kept.
    func walkedRows(_ entry: TableData.Section, section si: Int, data: TableData, at t: Double, y: inout Double,
                    window: ClosedRange<Double>?) -> [RowLayout] {
        var rows: [RowLayout] = []
        let state = sectionState(entry.id, at: t)
        let block = timeline.sections[entry.id].collapsible && table.expansion.effect == .rows
        // Rows are placed by their offset in the section, summed from its first row (as the
        // running sums of a windowed layout are), then added to the section's top.
        let top = y
        var local = 0.0
        for (ri, id) in entry.rows.enumerated() {
            let key = RowKey(id)
            let base = baseHeight(key, in: data)
            // The detail rows of a collapsible section as one block: laid out below in detailBlock.
            if ri >= 1 && block { break }
            // A hidden row (height 0) stays hidden when it is expanded: its detail view does not open it.
            let folds = base > 0 && (table.expansion.effect == .fold || toggles[key] != nil || timeline.rows.expanded(key.id))
            let extra = folds ? fold(key, at: t).extra : 0
            var r = RowLayout(key: key, y: top + local, height: base + extra, base: base, path: RowPath(si, ri))
            r.last = ri == entry.rows.count - 1 || (ri == 0 && block && !state.target && !state.animating)
            if window.map({ TableSimulation.overlaps(r, $0) }) ?? true { rows.append(r) }
            local += base + extra
        }
        y = top + local
        if block && entry.rows.count > 1 {
            let detail = detailBlock(entry, index: si, top: y, state: state, data: data)
            rows += window.map { w in detail.rows.filter { TableSimulation.overlaps($0, w) } } ?? detail.rows
            y += detail.height
        }
        return rows
    }

    /// The detail rows of a collapsible section while they are inserted or deleted, placed as
    /// UITableView.RowAnimation describes: the block shows `shown` of its height and the rows
    /// below follow its bottom; inserted and deleted rows slide, fade or grow beneath the rows
    /// that stay.
    func detailBlock(_ entry: TableData.Section, index si: Int, top: Double, state: (shown: Double, animating: Bool, target: Bool),
                     data: TableData) -> (rows: [RowLayout], height: Double) {
        let keys = entry.rows.dropFirst().map(RowKey.init)
        let total = keys.reduce(0) { $0 + baseHeight($1, in: data) }
        let visible = total * state.shown
        if !state.animating && state.shown == 0 { return ([], 0) }
        var out: [RowLayout] = []
        var rel = 0.0
        for (i, key) in keys.enumerated() {
            let h = baseHeight(key, in: data)
            var row = RowLayout(key: key, y: top + rel, height: h, base: h, path: RowPath(si, i + 1), last: i == keys.count - 1)
            if state.animating {
                row.behind = true
                switch table.expansion.rowAnimation {
                case .top, .automatic: row.y -= total - visible
                case .bottom: row.y += total - visible
                case .middle: row.y -= (total - visible) / 2
                case .fade: row.alpha = state.shown
                case .left: row.x = -frame.width * (1 - state.shown)
                case .right: row.x = frame.width * (1 - state.shown)
                case .none: row.alpha = state.target ? 1 : 0
                }
            }
            out.append(row)
            rel += h
        }
        return (out, visible)
    }

    /// The end of the script's scroll range: the content's height less the table's with the
    /// collapsing header open. A finger that scrolls down first collapses the header (maxHeight
    /// less minHeight), then the content to its end below the collapsed header (minHeight less
    /// than the frame), so this is where the content reaches its end (see HeaderTimeline).
    func maxOffset(at t: Double) -> Double { maxOffset(at: t, contentHeight: contentHeight(at: t)) }

    /// The same, given the content's height at `t` (one layout instead of two).
    func maxOffset(at t: Double, contentHeight: Double) -> Double {
        max(0, contentHeight + inset.bottom - tableHeight(at: t) + (table.header?.maxHeight ?? 0))
    }
}
