import SceneModel
import Simulation

/// What the script's taps and swipes do to the table, in time order: taps select rows and
/// toggle fold rows or collapsible sections (the sections article's first row); a tap on a row
/// or section still animating toggles nothing. A tap on a row hidden in a collapsed section,
/// or on a row of height 0 (a hidden row), is not made (no finger can reach it): it is left
/// out, with a warning; so is a tap while the table is editing.
struct ScriptTouches {
    typealias RowKey = TableSimulation.RowKey
    var swipes: [RowKey: [(time: Double, swipe: TableModel.Swipe)]] = [:]
    var toggles: [RowKey: [(time: Double, expand: Bool)]] = [:]
    var sectionToggles: [Int: [(time: Double, expand: Bool)]] = [:]
    var taps: [RowKey: [Double]] = [:]
    var tapLog: [(time: Double, key: RowKey)] = []
    /// Fingers held on a row before a tap lifts them: (touch-down, touch-up).
    var holds: [RowKey: [(down: Double, up: Double)]] = [:]
    /// When taps came down while another finger moved the content (they join its scroll).
    var joined = Set<Double>()
    /// When taps came down while a row's swipe actions were open: they closed it.
    var dismissing = Set<Double>()
    var warnings: [SceneProblem] = []

    /// `caught`: the script's taps (by index) whose finger came down while the content was
    /// still moving by itself (see `TableSimulation.coasting`): each stopped the content and
    /// selects nothing.
    init(table: TableModel, timeline: TableTimeline, script: [ScriptEvent], caught: Set<Int> = []) {
        let editing = TableSimulation.editingEvents(script)
        let drags = ScriptTouches.fingerScrolls(script)
        let moving = ScriptTouches.fingerMoving(script)
        let dismissals = ScriptTouches.swipeDismissals(script, rows: timeline.eventRows, scrolls: drags, caught: caught, moving: moving)
        for (key, closes) in dismissals.closes { swipes[key, default: []].append(contentsOf: closes) }
        for (i, e) in script.enumerated() {
            guard let id = timeline.eventRows[i] else { continue }
            let key = RowKey(id)
            if case let .swipe(_, swipe) = e.action { swipes[key, default: []].append((e.at, swipe)) }
            guard case let .tap(section, row, hold) = e.action else { continue }
            let down = e.at - max(hold, 0)
            let shown = JSON.format((down * 1e6).rounded() / 1e6)
            if dismissals.taps.contains(i) {
                dismissing.insert(down)
                warnings.append(SceneProblem(path: e.jsonPath + ".tap", message: "the finger comes down at \(shown) s while a row's swipe actions are open: as on iOS, the touch closes them and row \(row) of section \(section) is neither highlighted nor selected (tap again once they are closed)"))
                continue
            }
            if caught.contains(i) {
                warnings.append(SceneProblem(path: e.jsonPath + ".tap", message: "the finger comes down at \(shown) s while the content is still moving (decelerating or bouncing back): as on iOS, the touch stops the scroll where it is and row \(row) of section \(section) is neither highlighted nor selected (tap again once it rests)"))
                continue
            }
            if ScriptTouches.within(moving, down) {
                joined.insert(down)
                warnings.append(SceneProblem(path: e.jsonPath + ".tap", message: "the finger comes down at \(shown) s while another finger moves the content (a drag, scroll or fling's flick): it joins that scroll, as a second finger does on iOS, and row \(row) of section \(section) is neither highlighted nor selected"))
                continue
            }
            // In editing mode a tap selects nothing (UIKit's allowsSelectionDuringEditing is false).
            if TableSimulation.isEditing(table, editing, at: e.at) {
                warnings.append(SceneProblem(path: e.jsonPath + ".tap", message: "the table is editing at \(JSON.format(e.at)) s: a tap selects nothing (as on iOS)"))
                continue
            }
            // A row of no height then (its own, or a rowHeights update's) cannot be touched.
            let data = timeline.data(at: e.at)
            if (data.heights[id] ?? timeline.rows.height(id) ?? table.rowHeight) == 0 {
                warnings.append(SceneProblem(path: e.jsonPath + ".tap",
                                             message: "row \(row) of section \(section) has height 0 at \(JSON.format(e.at)) s (a hidden row): the tap is not made"))
                continue
            }
            if table.expansion.effect == .rows, let path = data.path(of: id) {
                let s = data.sections[path.section].id
                let collapsible = timeline.sections[s].collapsible
                if path.row > 0, collapsible, !isShown(s, at: e.at, initially: timeline.sections[s].expanded, duration: table.expansion.duration) {
                    warnings.append(SceneProblem(path: e.jsonPath + ".tap",
                                                 message: "row \(row) of section \(section) is hidden at \(JSON.format(e.at)) s (its section is collapsed): the tap is not made"))
                    continue
                }
                if cancelled(key, e, hold: hold, drags: drags) { continue }
                tapped(key, at: e.at, hold: hold)
                guard path.row == 0, collapsible else { continue }
                var list = sectionToggles[s] ?? []
                if let last = list.last, e.at < last.time + table.expansion.duration { continue }
                let expandedNow = list.last(where: { $0.time <= e.at })?.expand ?? timeline.sections[s].expanded
                list.append((e.at, !expandedNow))
                sectionToggles[s] = list
                continue
            }
            if cancelled(key, e, hold: hold, drags: drags) { continue }
            tapped(key, at: e.at, hold: hold)
            // Without an expansion effect a tap selects the row and opens nothing.
            guard table.expansion.effect == .fold else { continue }
            var list = toggles[key] ?? []
            let expandedNow = list.last(where: { $0.time <= e.at })?.expand ?? timeline.rows[id].expanded
            if let last = list.last, e.at < last.time + table.expansion.duration { continue }
            list.append((e.at, !expandedNow))
            toggles[key] = list
        }
        // The closes joined the script's swipes: each row's in time order (the script's order
        // at the same time).
        for k in Array(swipes.keys) {
            swipes[k] = swipes[k]?.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
    }

    /// Where a row's open swipe actions close before the script closes them, as UIKit's
    /// `UISwipeActionController` closes them (the decompiled iOS 18 UIKitCore): a finger's scroll
    /// (`_observeScrollViewDidScroll:` resets every open swipe, animated, while the table tracks
    /// or scroll-animates), a swipe that begins on another row (its touch is outside the swiped
    /// item: `touchAtLocationShouldDismissSwipedItem:`), and a tap anywhere (it closes them and
    /// reaches no row). Returns the closes by row (at the moment, over a swipe's usual 0.3 s on
    /// the closing curve) and the taps (by index) that only closed them. A tap that catches a
    /// coasting content or joins another finger's scroll is left to those rules.
    static func swipeDismissals(_ script: [ScriptEvent], rows: [Int: Int], scrolls: [Double], caught: Set<Int>,
                                moving: [(start: Double, end: Double)])
        -> (closes: [RowKey: [(time: Double, swipe: TableModel.Swipe)]], taps: Set<Int>) {
        enum Happening { case swipe(RowKey, TableModel.Swipe), scroll, tap(Int) }
        var list: [(time: Double, order: Int, what: Happening)] = scrolls.map { ($0, -1, .scroll) }
        for (i, e) in script.enumerated() {
            switch e.action {
            case .swipe(_, let s): if let id = rows[i] { list.append((e.at, i, .swipe(RowKey(id), s))) }
            case .tap(_, _, let hold): list.append((e.at - max(hold, 0), i, .tap(i)))
            default: break
            }
        }
        list.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        var open: (key: RowKey, swipe: TableModel.Swipe, since: Double)?
        var closes: [RowKey: [(time: Double, swipe: TableModel.Swipe)]] = [:]
        var taps = Set<Int>()
        func close(at t: Double) {
            guard let o = open else { return }
            // Not at the very moment it opened (the same instant's scroll or tap comes with it).
            if t > o.since {
                var s = o.swipe
                (s.close, s.full, s.duration) = (true, false, TableModel.Swipe().duration)
                closes[o.key, default: []].append((t, s))
            }
            open = nil
        }
        for item in list {
            switch item.what {
            case .scroll: close(at: item.time)
            case .swipe(let key, let s):
                if s.close { if open?.key == key { open = nil } ; continue }
                if let o = open, o.key != key { close(at: item.time) }
                open = s.full ? nil : (key, s, item.time)
            case .tap(let i):
                guard open != nil, item.time > open?.since ?? .infinity, !caught.contains(i), !within(moving, item.time) else { continue }
                taps.insert(i)
                close(at: item.time)
            }
        }
        return (closes, taps)
    }

    /// A finger on a row that starts moving the content is the scroll view's: UIKit cancels
    /// the row's touch (its highlight ends, nothing is selected), so a held tap that a drag,
    /// scroll or fling begins within is not made, with a warning (a probe: the row was
    /// selected at the lift while scrolled off screen). Checked after the reasons a tap is
    /// not made at all (editing, a hidden row), which say more.
    mutating func cancelled(_ key: RowKey, _ e: ScriptEvent, hold: Double, drags: [Double]) -> Bool {
        guard hold > 0, case let .tap(section, row, _) = e.action,
              let d = ScriptTouches.first(drags, after: e.at - hold, before: e.at) else { return false }
        let shown = d - (e.at - hold) >= TableSimulation.touchDelay
            ? "its highlight ends there" : "before its highlight shows (0.15 s after touch-down)"
        warnings.append(SceneProblem(path: e.jsonPath + ".tap",
                                     message: "the content starts moving at \(JSON.format((d * 1e6).rounded() / 1e6)) s while the finger holds row \(row) of section \(section): the touch is cancelled (as on iOS), \(shown), and the row is not selected"))
        holds[key, default: []].append((e.at - hold, d))
        return true
    }

    /// When the script's finger starts moving the content (`scroll`, `drag`, and a `fling`'s
    /// flick, 0.08 s before its time), in time order.
    static func fingerScrolls(_ script: [ScriptEvent]) -> [Double] {
        script.compactMap { e -> Double? in
            switch e.action {
            case .drag, .scroll: return e.at
            case .fling: return e.at - TableSimulation.flickDuration
            default: return nil
            }
        }.sorted()
    }

    /// When a finger moves the content, in time order: a `drag` or `scroll` over its duration,
    /// a `fling`'s flick (0.08 s before its time). A second finger that comes down then joins
    /// the scroll view's pan (its recognizer takes any number of touches) and reaches no row.
    /// Overlapping windows are merged, so they come out in time order and apart.
    static func fingerMoving(_ script: [ScriptEvent]) -> [(start: Double, end: Double)] {
        let windows = script.compactMap { e -> (start: Double, end: Double)? in
            switch e.action {
            case let .drag(_, _, duration, _), let .scroll(_, _, duration, _):
                return duration > 0 ? (e.at, e.at + duration) : nil
            case .fling: return (e.at - TableSimulation.flickDuration, e.at)
            default: return nil
            }
        }.sorted { $0.start < $1.start }
        var merged: [(start: Double, end: Double)] = []
        for w in windows {
            if let last = merged.last, w.start <= last.end { merged[merged.count - 1].end = max(last.end, w.end) } else { merged.append(w) }
        }
        return merged
    }

    /// Whether `t` falls in one of `windows` (apart, in time order), ends included.
    static func within(_ windows: [(start: Double, end: Double)], _ t: Double) -> Bool {
        var lo = 0, hi = windows.count
        while lo < hi { let mid = (lo + hi) / 2; if windows[mid].start <= t { lo = mid + 1 } else { hi = mid } }
        return lo > 0 && windows[lo - 1].end >= t
    }

    /// The first of `times` (sorted) strictly between `after` and `before`.
    static func first(_ times: [Double], after: Double, before: Double) -> Double? {
        var lo = 0, hi = times.count
        while lo < hi { let mid = (lo + hi) / 2; if times[mid] <= after { lo = mid + 1 } else { hi = mid } }
        return lo < times.count && times[lo] < before ? times[lo] : nil
    }

    /// A tap made: the row is selected at its time, after the finger held it for `hold` s.
    mutating func tapped(_ key: RowKey, at t: Double, hold: Double) {
        taps[key, default: []].append(t)
        tapLog.append((t, key))
        if hold > 0 { holds[key, default: []].append((t - hold, t)) }
    }

    /// Whether a collapsible section's detail rows show at `t`: expanded, or still animating
    /// open or closed.
    func isShown(_ s: Int, at t: Double, initially: Bool, duration: Double) -> Bool {
        guard let last = sectionToggles[s]?.last(where: { $0.time <= t }) else { return initially }
        return last.expand || t < last.time + duration
    }
}

extension TableSimulation {
    /// Whether the script taps and swipes a row open (a tap may then only close it).
    static func tapsAndOpenSwipes(_ scene: Scene) -> Bool {
        scene.script.contains { if case .tap = $0.action { return true } else { return false } }
            && scene.script.contains { if case .swipe(_, let s) = $0.action { return !s.close && !s.full } else { return false } }
    }

    /// The script's touches that cannot be made as written (taps on hidden rows, taps while
    /// editing, taps that close a row's open swipe actions), for the loader's warnings.
    public static func touchWarnings(_ scene: Scene) -> [SceneProblem] {
        func reorder(_ e: ScriptEvent) -> Bool { if case .update(let u) = e.action { return u.reorder != nil } else { return false } }
        guard let table = scene.table, table.expansion.effect == .rows || table.editing || scene.script.contains(where: reorder)
                || scene.script.contains(where: { if case .setEditing = $0.action { return true } else { return false } })
                || hidesRowsAndTaps(scene) || holdsAndDrags(scene) || tapsAndCoasting(scene) || tapsAndMovingFingers(scene)
                || tapsAndOpenSwipes(scene) else { return [] }
        let timeline = TableTimeline(table: table, script: scene.script)
        // Which taps catch a moving content is the scroll's to say (a table simulation).
        let caught = tapsAndCoasting(scene) ? TableSimulation(scene: scene)?.caughtTaps ?? [] : []
        var warnings = ScriptTouches(table: table, timeline: timeline, script: scene.script, caught: caught).warnings
        let editing = editingEvents(scene.script)
        // The first reorder step at each time, found once (a search per drag was quadratic).
        var reorderSteps: [Double: Int] = [:]
        for (i, step) in timeline.steps.enumerated() where step.reorder != nil && reorderSteps[step.time] == nil { reorderSteps[step.time] = i }
        // A reorder drag needs the row's reorder control: editing mode, and a row that can move.
        for e in scene.script where reorder(e) {
            let path = e.jsonPath + ".reorder"
            if !isEditing(table, editing, at: e.at) {
                warnings.append(SceneProblem(path: path, message: "the table is not editing at \(JSON.format(e.at)) s, so UIKit shows no reorder control to drag: the row is moved anyway"))
            } else if let i = reorderSteps[e.at], case let step = timeline.steps[i], let id = step.moved.first,
                      timeline.rows.indices.contains(id), !timeline.rows[id].canMove {
                warnings.append(SceneProblem(path: path, message: "the row has no reorder control (canMove is false): the row is moved anyway"))
            }
        }
        return warnings
    }

    /// Whether a tap may come down on a content that moves by itself: the script taps, and
    /// flings or lifts a finger (a `release`).
    static func tapsAndCoasting(_ scene: Scene) -> Bool {
        scene.script.contains { if case .tap = $0.action { return true } else { return false } }
            && scene.script.contains { switch $0.action { case .fling, .release: return true; default: return false } }
    }

    /// Whether a tap may come down while a finger moves the content (the script taps, and drags,
    /// scrolls or flings).
    static func tapsAndMovingFingers(_ scene: Scene) -> Bool {
        scene.script.contains { if case .tap = $0.action { return true } else { return false } }
            && !ScriptTouches.fingerMoving(scene.script).isEmpty
    }

    /// Whether a held tap and a finger's drag or fling are both in the script (a drag may cancel the tap).
    static func holdsAndDrags(_ scene: Scene) -> Bool {
        scene.script.contains { if case .tap(_, _, let hold) = $0.action { return hold > 0 } else { return false } }
            && !ScriptTouches.fingerScrolls(scene.script).isEmpty
    }

    /// Whether a tap may fall on a row of height 0: the script taps, and a row or a `rowHeights`
    /// update has a height of 0.
    static func hidesRowsAndTaps(_ scene: Scene) -> Bool {
        guard let table = scene.table, scene.script.contains(where: { if case .tap = $0.action { return true } else { return false } }) else { return false }
        func hidden(_ rows: [TableModel.Row]) -> Bool { rows.contains { $0.height == 0 } }
        if table.rowHeight == 0 || table.sections.contains(where: { hidden($0.rows) }) { return true }
        return scene.script.contains { e in
            guard case .update(let u) = e.action else { return false }
            return u.changes.contains { change in
                switch change {
                case .rowHeights(_, let heights): return heights.contains(0)
                case .insertRows(_, let rows, _), .reloadRows(_, let rows, _): return hidden(rows)
                case .insertSections(_, let sections, _), .reloadData(let sections): return sections.contains { hidden($0.rows) }
                default: return false
                }
            }
        }
    }
}

extension TableSimulation {
    /// The script's touches, the layouts kept from the start, and the scroll. A tap whose
    /// finger comes down while the content still moves by itself only stops it (see
    /// ``coasting(_:at:low:limit:)``): when the scroll finds one, the touches are made again
    /// without it (it toggles no fold or section), and what follows from them.
    mutating func touchesAndScroll(_ scene: Scene, caught: Set<Int> = []) {
        let touches = ScriptTouches(table: table, timeline: timeline, script: scene.script, caught: caught)
        (swipes, toggles, sectionToggles, taps, tapLog, holds) = (touches.swipes, touches.toggles, touches.sectionToggles, touches.taps, touches.tapLog, touches.holds)
        prepareWindows(scene)
        startLayouts = [:]
        for (k, step) in timeline.steps.enumerated() where !windowed || beginsDuringAnother(k) {
            startLayouts[k] = layout(at: step.time, steps: k)
        }
        // (None for a windowed table: it has no reorder drag.)
        reorders = Reorders(reorderPlans())
        let built = buildScroll(scene.script, caught: caught.isEmpty ? nil : caught)
        (scroll, indicatorSpans, refreshSpans) = (built.segments, built.fingerSpans, built.refreshSpans)
        caughtTaps = built.caught
        caughtTouchDowns = Set(built.caught.compactMap { i -> Double? in
            guard case let .tap(_, _, hold) = scene.script[i].action else { return nil }
            return scene.script[i].at - max(hold, 0)
        })
        joinedTouchDowns = touches.joined
        dismissingTouchDowns = touches.dismissing
        // Once more without the caught taps (the same taps catch the content on those layouts).
        if caught.isEmpty, !built.caught.isEmpty { touchesAndScroll(scene, caught: built.caught) }
    }
}
