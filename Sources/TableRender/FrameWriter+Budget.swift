import JSONText
import SceneModel
import Simulation
import TableEngine

/// The table simulation's price against its budget (`Limits.simulationWork`), known before
/// anything runs: render and validate refuse the same scenes.
extension FrameWriter {
    /// What the price is made of.
    struct SimulationPrice {
        /// Rows and sections: those a frame lays out (or each once, for windowed layouts).
        var rows = 0.0, sections = 0.0
        var onScreen = 0.0, perCell = 0.0
        var events = 0.0, headerSteps = 0.0, settles = 0.0
        /// Taps: a table laid out whole lays itself out again at each (for the scroll's limit at
        /// its time), as at any other event; a windowed table pays a tap nothing per row.
        var taps = 0.0
        /// Each update's time, duration (0 for one drawn at once) and whether its timing curve
        /// can overshoot (control points past 0 ... 1, a spring), in script order.
        var updates: [(at: Double, duration: Double, overshoots: Bool)] = []
        /// The frames in which each reorder drag is under way, summed.
        var dragFrames = 0.0

        /// Frames an update of `duration` animates in, at most the render's.
        static func frames(_ duration: Double, fps: Double, count: Int) -> Double {
            min((duration * fps).rounded(.up) + 1, Double(count))
        }
    }

    /// (Public for TableRenderQuartz, whose tables are simulated as app code updates them.)
    public static func checkSimulation(_ table: TableModel, scene: Scene, frames count: Int, limits: Limits) throws(RenderFailure) {
        let price = simulationPrice(table, scene: scene, frames: count)
        let cells = price.onScreen * price.perCell * Double(count)
        let settleWork = price.settles * Double(TableSimulation.settleWork)
        var (work, found) = TableSimulation.laysOutWindows(scene)
            ? windowedWork(price, scene: scene, frames: count) : wholeWork(price, scene: scene, frames: count)
        work += cells + settleWork
        guard work <= Double(limits.simulationWork) else {
            found = "\(JSON.format(work.rounded())) (" + found
            found += " + up to \(JSON.format(price.onScreen)) cells on screen x \(JSON.format(price.perCell)) x \(count) frames"
            if price.settles > 0 { found += " + \(JSON.format(price.settles)) flings and releases x \(TableSimulation.settleWork)" }
            throw RenderFailure(description: "table: " + Limits.message(\.simulationWork, limit: limits.simulationWork, found: found + ")"), isUsage: true)
        }
    }

    static func simulationPrice(_ table: TableModel, scene: Scene, frames count: Int) -> SimulationPrice {
        var p = SimulationPrice()
        let c = scene.canvas
        // A display effect's animations are looked up on each named layer of each cell on
        // screen and applied (about 50 units each).
        let named = Double(1 + (table.template?.layers.reduce(0) { $0 + $1.namedCount } ?? 0))
        // Evaluating one costs a unit per number its values hold (a gradient's colours, four each).
        func cost(_ list: [AnimationModel]?) -> Double {
            Double(list?.count ?? 0) * 50 * named + Double(list?.reduce(0) { $0 + $1.size } ?? 0)
        }
        var rowCount = 0, displayCost = cost(table.display?.animations)
        scene.forEachTableRow { r in
            rowCount += 1
            if case .effect(let d) = r.display { displayCost = max(displayCost, cost(d.animations)) }
        }
        // The cells on screen are built each frame (about 2,000 units a cell): as many as the
        // rows whose heights fit in the visible table, at most every row.
        p.rows = Double(rowCount + table.sections.count)
        p.headerSteps = table.header != nil ? (scene.duration * 240).rounded(.up) + 2 : 0
        // Rows of height 0 draw nothing (hidden rows). The most items a frame can show: as many
        // of the shortest rows and section views as it takes to fill the visible height (each
        // once, the script's included, plus one partly shown at either end). A probe: rows a
        // `rowHeights` update made 0.01 pt tall, or sections of 0.01 pt header views, put
        // 20,000 on screen at once, priced as 18; and one row made 1 pt tall is one short row,
        // not a screen of them (a second probe: 854 cells, a normal scene refused).
        let visibleHeight = min(table.frame?.height ?? c.height, c.height)
        p.onScreen = min(p.rows, Double(FrameWriter.itemsFilling(visibleHeight, heights: shownHeights(table, scene: scene))) + 2)
        p.taps = Double(scene.script.filter { if case .tap = $0.action { return true } else { return false } }.count)
        p.events = Double(scene.script.count) - p.taps
        p.perCell = 2_000 + displayCost + cost(table.template?.animations)
        // A fling or a release looks for the moment the content settles (issue 53.3).
        p.settles = Double(scene.script.filter {
            switch $0.action { case .fling, .release: return true; default: return false }
        }.count)
        p.updates = scene.script.compactMap { e -> (at: Double, duration: Double, overshoots: Bool)? in
            switch e.action {
            case .update(let u):
                let overshoots: Bool
                switch u.timingFunction {
                case .cubic(_, let y1, _, let y2)?: overshoots = !(0 ... 1).contains(y1) || !(0 ... 1).contains(y2)
                case .spring?: overshoots = true
                case nil: overshoots = false
                }
                return (e.at, u.changes.contains { if case .reloadData = $0 { true } else { false } } ? 0 : u.duration, overshoots)
            case .reconfigureRows: return (e.at, 0, false)
            default: return nil
            }
        }
        // Each layout moves the rows of every drag under way (issue 53.3: 20,000 drags of 60 s
        // each, all at once, took 19 s at 30 fps).
        p.dragFrames = scene.script.reduce(0) { n, e in
            guard case .update(let u) = e.action, let d = u.reorder, d > 0 else { return n }
            return n + SimulationPrice.frames(d + ReorderPlan.tail, fps: scene.fps, count: count)
        }
        // The sections there can be: the table's and those updates bring.
        p.sections = scene.script.reduce(Double(table.sections.count)) { n, e in
            guard case .update(let u) = e.action else { return n }
            return u.changes.reduce(n) { n, change in
                switch change {
                case .insertSections(_, let s, _), .reloadData(let s): return n + Double(s.count)
                default: return n
                }
            }
        }
        return p
    }

    /// The heights of every row and section view that can show (more than 0 points), the
    /// script's rows, `rowHeights` and sections included.
    static func shownHeights(_ table: TableModel, scene: Scene) -> [Double] {
        var heights: [Double] = []
        func shows(_ h: Double?) { if let h, h > 0, h.isFinite { heights.append(h) } }
        scene.forEachTableRow { shows($0.height ?? table.rowHeight) }
        func views(_ sections: [TableModel.Section]) {
            for s in sections { shows(s.headerView?.bounds.height); shows(s.footerView?.bounds.height) }
        }
        views(table.sections)
        for e in scene.script {
            guard case .update(let u) = e.action else { continue }
            for change in u.changes {
                switch change {
                case .rowHeights(_, let hs): hs.forEach { shows($0) }
                case .insertSections(_, let s, _), .reloadData(let s): views(s)
                default: continue
                }
            }
        }
        return heights
    }

    /// How many of `heights`, shortest first, it takes to fill `height` (all of them when
    /// they do not; as many as rows of the one height, `ceil(height / h)`, when all are `h`).
    static func itemsFilling(_ height: Double, heights: [Double]) -> Int {
        var sum = 0.0, n = 0
        for h in heights.sorted() where sum < height {
            sum += h
            n += 1
        }
        return n
    }

    /// A frame while an update animates blends the table as drawn when it began with its new
    /// data, matching every row of both (about 4 microseconds a row: 200 units, against 4 for
    /// laying a row out; a helper's probe found such frames priced 60 times too low).
    static let blendUnits = 200.0

    /// Every row laid out four times a frame (two units a row each: a fold's state, a collapsible
    /// section's block; 100,000 folding rows took 15 ms a frame, issue 53) and once per 240 Hz
    /// step of a collapsing header; each event, taps included, lays the table out once more
    /// (19,000 taps on a table of collapsible sections took 117 s unpriced); every frame a reorder drag is under way
    /// moves the rows it passes in each layout (a unit a row). An update keeps the data and layout of
    /// every row and section as of its time (issue 53.1: about 700 bytes a row an update), so it
    /// costs 450 a row more than a scroll event: the default budget keeps them under 1 GB; and
    /// every frame it animates in blends every row.
    /// A section laid out whole costs far more than a row: each of a frame's layouts makes its
    /// list of rows (about 1 microsecond a frame for a one-row section, against 0.1 for a row:
    /// a probe's 49,000 one-row sections with a `moveSection` took 14 s at 10 s of frames, and
    /// as many collapsible sections 24 s at 20 s, both priced within the budget at 8 a frame).
    static let sectionUnits = 200.0

    /// A large title's fade looks back at the scroll on a grid of 1/600 s (`HandOffMemo`), each
    /// moment a layout of the whole table for the scroll's limit: about 6 units a row and 40 a
    /// section (a helper's probe: 6,000 one-row sections moving under a large title, 61 frames,
    /// 59 s before the moments were shared by the frames, 5.7 s after, 1.7 s without the title).
    static let titleMomentUnits = (row: 6.0, section: 40.0)

    /// The moments a large title's fade looks back at over the render: every 1/600 s of it and
    /// the fade's 0.2 s before (in blocks of 0.1 s), or 120 a frame when the frames are further apart.
    static func titleMoments(scene: Scene, frames count: Int) -> Double {
        guard scene.navigationBar?.prefersLargeTitles == true, count > 0, scene.fps > 0 else { return 0 }
        return min(Double(count) * 120, (Double(count - 1) / scene.fps * 600).rounded(.up) + 180)
    }

    static func wholeWork(_ p: SimulationPrice, scene: Scene, frames count: Int) -> (Double, String) {
        let blended = p.updates.reduce(0) { $0 + ($1.duration > 0 ? SimulationPrice.frames($1.duration, fps: scene.fps, count: count) : 0) }
        let events = p.events + p.taps
        let moments = titleMoments(scene: scene, frames: count)
        let work = p.rows * (8 * Double(count) + p.headerSteps + 50 * events + 450 * Double(p.updates.count) + blendUnits * blended
            + p.dragFrames + titleMomentUnits.row * moments) + p.sections * (sectionUnits * Double(count) + titleMomentUnits.section * moments)
        var found = "\(JSON.format(p.rows)) rows and sections x (8 x \(count) frames"
        if p.headerSteps > 0 { found += " + \(JSON.format(p.headerSteps)) header steps" }
        if events > 0 { found += " + 50 x \(JSON.format(events)) script events" }
        if !p.updates.isEmpty { found += " + 450 x \(p.updates.count) updates" }
        if blended > 0 { found += " + \(JSON.format(blendUnits)) x \(JSON.format(blended)) frames blended whole" }
        if p.dragFrames > 0 { found += " + \(JSON.format(p.dragFrames)) frames of reorder drags under way" }
        if moments > 0 { found += " + \(JSON.format(titleMomentUnits.row)) x \(JSON.format(moments)) moments a large title's fade looks back at" }
        let sectionFrames = "\(JSON.format(sectionUnits)) x \(count) frames"
        found += ") + \(JSON.format(p.sections)) sections x "
            + (moments > 0 ? "(\(sectionFrames) + \(JSON.format(titleMomentUnits.section)) x \(JSON.format(moments)) moments)" : sectionFrames)
        return (work, found)
    }

    /// A table whose rows neither fold nor move lays out only the rows a frame shows (issue 50,
    /// step 5): every row once, and again for each update (its running sums of heights, 16 bytes
    /// a row; 450 for one that begins while another animates, which keeps its start whole), and
    /// in every frame while an update animates (priced whole); each frame otherwise costs its
    /// sections and the cells on screen.
    /// An update that begins while another animates, or whose curve overshoots, is blended
    /// whole in its frames (`blendUnits` a row); a section costs about 40 units a frame (its
    /// layout, header and footer: a probe's 49,000 sections were priced 10 times too low at 4).
    static func windowedWork(_ p: SimulationPrice, scene: Scene, frames count: Int) -> (Double, String) {
        let animating = p.updates.reduce(0) { $0 + SimulationPrice.frames($1.duration, fps: scene.fps, count: count) }
        var kept = 0, blended = 0.0
        for (k, u) in p.updates.enumerated() {
            // The last update at or before this one's time, as the simulation finds it.
            let j = p.updates[..<k].lastIndex(where: { $0.at <= u.at })
            let during = j.map { u.at < p.updates[$0].at + p.updates[$0].duration } ?? false
            if during { kept += 1 }
            if (during || u.overshoots) && u.duration > 0 { blended += SimulationPrice.frames(u.duration, fps: scene.fps, count: count) }
        }
        let fresh = p.updates.count - kept
        let work = p.rows * (2 + 50 * p.events + 16 * Double(fresh) + 450 * Double(kept) + 4 * animating + blendUnits * blended)
            + p.sections * (40 * Double(count) + p.headerSteps)
        var found = "\(JSON.format(p.rows)) rows and sections x (2"
        if p.events > 0 { found += " + 50 x \(JSON.format(p.events)) script events" }
        if fresh > 0 { found += " + 16 x \(fresh) updates" }
        if kept > 0 { found += " + 450 x \(kept) updates during others" }
        if !p.updates.isEmpty { found += " + 4 x \(JSON.format(animating)) frames while they animate" }
        if blended > 0 { found += " + \(JSON.format(blendUnits)) x \(JSON.format(blended)) frames blended whole" }
        found += ") + \(JSON.format(p.sections)) sections x (40 x \(count) frames"
        if p.headerSteps > 0 { found += " + \(JSON.format(p.headerSteps)) header steps" }
        return (work, found + ")")
    }
}
