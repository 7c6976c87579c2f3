import Foundation
import JSONText
import SceneModel
import TableRender
import Simulation
import TableEngine

/// A view controller shown as an app's window shows it, and a table's data source and
/// delegate asked as UIKit asks them, interleaved in scene time with the code of
/// ``LayerScene/at(_:_:)`` and the completions.
extension LayerScene {
    /// The lifecycle of a root view controller, in UIKit's order: the view is loaded (and
    /// sized to the screen), `viewWillAppear`, `viewIsAppearing`, the layout (the table asks its data source for
    /// the model and the cells of the rows in view), `viewDidLayoutSubviews`, and
    /// `viewDidAppear` as code at time 0.
    mutating func present(_ vc: UIViewController, navigationController: UIViewController? = nil) {
        if let nav = vc as? UINavigationController, let top = nav.topViewController {
            present(top, navigationController: nav)
            // After the root's viewDidLoad, which often sets its title.
            navigation = LayerScene.navigationBar(of: nav)
            return
        }
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        UIScreen.main.scale = scale
        UIScreen.main.safeAreaInsets = safeArea(under: vc.navigationController)
        let view: UIView = vc.view
        view.rootOfScreen = UIScreen.main
        // Its viewDidLoad has run: the appearance it asks for is the scene's from here.
        adoptAppearance(of: vc, navigation: navigationController)
        // The system's minimum margins at the sides (UIKit's 16 points, 20 on the widest iPhones).
        let side: CGFloat = size.width >= 414 ? 20 : 16
        view.layoutMargins = UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
        view.frame = CGRect(origin: .zero, size: size)
        vc.viewWillAppear(false)
        vc.viewIsAppearing(false)
        vc.viewWillLayoutSubviews()
        window.root = view
        view.layoutIfNeeded()
        let table = (vc as? UITableViewController)?.tableView ?? LayerScene.firstTable(in: view)
        if let table {
            tableView = table
            table.layoutSubviews()
            advanceApp(to: 0, includingFrame: true)
        }
        vc.viewDidLayoutSubviews()
        if backgroundColor == nil, let c = view.backgroundColor { backgroundColor = c.cgColor }
        // The controller's other views are drawn over the table, in their order.
        for sub in view.subviews where sub !== table && !LayerScene.contains(sub, table) { layers.append(sub.layer) }
        record(at: 0) { vc.viewDidAppear(false) }
    }

    /// The screen's safe area: the device's (or the status bar's 20 points, as the table's
    /// insets take it, on a screen of no device), and a
    /// navigation bar below it (44 points, 96 with a large title, at rest).
    func safeArea(under nav: UINavigationController?) -> UIEdgeInsets {
        let d = device.flatMap(Device.named)
        var top = CGFloat(d?.safeAreaTop ?? (showsStatusBar ? 20 : 0))
        if let nav { top += nav.showsLargeTitle ? 96 : 44 }
        return UIEdgeInsets(top: top, left: 0, bottom: CGFloat(d?.safeAreaBottom ?? 0), right: 0)
    }

    static func firstTable(in view: UIView) -> UITableView? {
        if let t = view as? UITableView { return t }
        for sub in view.subviews { if let t = firstTable(in: sub) { return t } }
        return nil
    }

    static func contains(_ view: UIView, _ target: UIView?) -> Bool {
        guard let target else { return false }
        return view === target || view.subviews.contains { contains($0, target) }
    }

    /// Runs what is due before `limit` (and at it, for code), in time order: completion
    /// blocks, the delegate's calls for taps and swipes of the script, and for each frame the
    /// cells of the rows that come into view (`cellForRowAt`, a reused cell's
    /// `prepareForReuse`) and `didEndDisplaying` for the rows that leave. Code at a time runs
    /// before that time's frame.
    func advanceApp(to limit: Double, includingFrame: Bool = false) {
        guard let t = tableView, t.dataSource != nil || t.delegate != nil else { runCompletions(upTo: limit); return }
        t.layoutFromDataSource()
        let touches = sceneTouches()
        // The frames a scene may have (the loader refuses more, with its message, when the scene is written).
        let frames = min(Int(saturating: (duration * fps).rounded()) + 1, Limits().frames + 1)
        while true {
            let completion = pending.nextTime ?? .infinity
            let touch = t.app.handledScript < touches.count ? touches[t.app.handledScript].time : .infinity
            // The scroll steps run to the scene's end (the last frame's time).
            let driver = scrollDriver(t, at: min(completion, touch, limit))
            let step = driver.map { $0.nextTime <= duration ? $0.nextTime : .infinity } ?? .infinity
            let pull = nextPull(t)
            let code = min(completion, touch, step, pull)
            let frameTime = t.app.handledFrames < frames && fps > 0 ? Double(t.app.handledFrames) / fps : .infinity
            if t.dataSource != nil, frameTime < code, frameTime < limit || (includingFrame && frameTime <= limit) {
                guard let sim = simulation(t) else { t.app.handledFrames = frames; continue }
                showFrame(t, sim, at: frameTime)
                t.app.handledFrames += 1
            } else if code.isFinite && code <= limit {
                if pull <= min(completion, touch, step), let control = t.refreshControl {
                    t.app.pulls += 1
                    record(at: pull) { control.pulled() }
                } else if step < min(completion, touch), let driver {
                    guard let sim = simulation(t) else { driver.step = Int.max / 2; continue }
                    runScrollStep(t, driver, sim.sim)
                } else if completion <= touch {
                    runCompletions(upTo: completion)
                } else {
                    let touch = touches[t.app.handledScript]
                    t.app.handledScript += 1
                    record(at: touch.time) { t.touch(touch, scene: self) }
                }
            } else {
                break
            }
        }
    }

    /// When a finger's pull next starts the table's refresh control (infinity: never): the
    /// simulation's refreshes that no `beginRefreshing` started, after those already sent.
    func nextPull(_ t: UITableView) -> Double {
        guard t.refreshControl != nil, t.dataSource != nil, let sim = simulation(t) else { return .infinity }
        let begun = tableEvents(t).compactMap { e -> Double? in if case let .refreshing(at, true) = e { return at } else { return nil } }
        let pulls = sim.sim.refreshSpans.map(\.start).filter { !begun.contains($0) }
        return t.app.pulls < pulls.count ? pulls[t.app.pulls] : .infinity
    }

    /// The scene so far simulated, with the data source's rows by token (kept until an update changes it).
    func simulation(_ t: UITableView) -> AppSimulation? {
        let key = appKey(t)
        if let kept = t.app.simulation, kept.key == key { return (kept.sim, kept.tokens) }
        guard let scene = appScene(t), let sim = TableSimulation(scene: scene) else { return nil }
        let tokens = scene.tableRows.map(\.origin)
        t.app.simulation = (key, sim, tokens)
        return (sim, tokens)
    }

    /// The table's data over time as app code has made it so far, without its simulation:
    /// where a row is after the updates (a custom cell's row that changed height). Simulating
    /// the table after each of a thousand height changes took 26 s (a probe; the layouts of
    /// every update under way were made each time to learn an index path).
    func timeline(_ t: UITableView) -> TableTimeline? {
        let key = appKey(t)
        let made: TableTimeline
        if let kept = t.app.simulation, kept.key == key { made = kept.sim.timeline } else if let kept = t.app.timeline, kept.key == key {
            made = kept.timeline
        } else {
            guard let scene = appScene(t), let table = scene.table else { return nil }
            made = TableTimeline(table: table, script: scene.script)
            t.app.timeline = (key, made)
            t.app.replays += 1
        }
        t.app.pathTimeline = made
        t.app.pathsStale = false
        return made
    }

    /// What the table's app state is made of: a simulation or timeline made for one key holds
    /// until the table records another event or the script changes.
    func appKey(_ t: UITableView) -> [Int] {
        // The script too: it may be set after the root view controller (which laid the table out).
        let scriptKey = script.reduce(script.count) { $0 &* 31 &+ Int(truncatingIfNeeded: $1.time.bitPattern) }
        return [t.recordedEvents.count, t.app.swipes.count, t.app.nextToken, scriptKey, t.app.measuredHeights.count]
    }

    /// The table as app code has made it so far, as a scene model (never JSON text), priced
    /// as a render prices it; nil past the budget (said once) or when it is not valid.
    func appScene(_ t: UITableView) -> Scene? {
        guard !t.app.overBudget else { return nil }
        t.app.simulatingForApp = true
        defer { t.app.simulatingForApp = false }
        var writer = SceneWriter()
        writer.directory = directory
        writer.canvasWidth = size.width
        // The model, as the render's, with each data source row's token as its origin (never JSON text).
        var scene = Scene(canvas: Canvas(width: Double(size.width), height: Double(size.height), scale: Double(scale)), fps: fps,
                          duration: duration, layers: [], table: writer.tableModel(t),
                          script: SceneWriter.scriptModel(tableEvents(t), directory: directory), directory: directory)
        guard scene.validate().isEmpty, scene.bindTable().isEmpty, let table = scene.table else { return nil }
        // Priced before it is made, as a render prices it (issue 53): a thousand overlapping
        // deleteRows calls on 4,000 rows took 1.8 GB here before the render refused the scene.
        do throws(RenderFailure) {
            try FrameWriter.checkSimulation(table, scene: scene, frames: scene.frameCount, limits: Limits())
        } catch {
            let said = error.description.hasPrefix("table: ") ? String(error.description.dropFirst(7)) : error.description
            t.note(said + " (a table's own updates are simulated as app code makes them, within the default budgets)")
            t.app.overBudget = true
            return nil
        }
        return scene
    }

    /// The script's events and the table's own update calls, in time order (a stable sort),
    /// with the swipes as the delegate configured them and the data source's rows resolved.
    func tableEvents(_ t: UITableView?) -> [TableScriptEvent] {
        let own: [TableScriptEvent] = script.enumerated().compactMap { i, e in
            if t?.app.cancelledTaps.contains(i) == true { return nil }   // rows moved under the finger
            if case .tapSwipeAction = e { return nil }   // app code: the scene shows what it did
            if case .reorder = e, t?.dataSource != nil { return nil }   // the table records the drag it made
            if case .tapAccessoryButton = e { return nil }   // app code: the scene shows what it did
            if case let .tapEditingControl(at, p) = e {
                // As the swipe the table made of it, if it made one.
                guard let configured = t?.app.swipes[i] else { return nil }
                return configured.map { .swipe(at: at, p, $0) }
            }
            guard let t, case let .swipe(at, p, _) = e, let configured = t.app.swipes[i] else { return e }
            return configured.map { .swipe(at: at, p, $0) }
        }
        let updates = (t?.recordedEvents ?? []).map { t?.resolved($0) ?? $0 }
        return (own + updates).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// One frame's rows: cells for those that come into view, reuse for those that left.
    func showFrame(_ t: UITableView, _ first: AppSimulation, at time: Double) {
        runtime.clock = time
        // Self-sizing rows coming into view are measured first, with the cells they will show.
        let (s, rows, measured) = measureRowsComingIntoView(t, first, at: time)
        var measuring = measured
        defer {
            // A cell asked for a row that the measured heights then moved out of view is free again.
            for cell in measuring.values { if let id = cell.reuseIdentifier { t.app.pool[id, default: []].append(cell) } }
        }
        // The rows are where this simulation has them (every event so far is in it).
        t.app.pathTimeline = s.sim.timeline
        t.app.pathsStale = false
        t.app.visiblePathsStale = false
        let ids = Set(rows.map(\.row))
        for id in t.app.visibleOrder where !ids.contains(id) {
            guard let gone = t.app.visible.removeValue(forKey: id) else { continue }
            t.delegate?.tableView(t, didEndDisplaying: gone.cell, forRowAt: gone.path)
            if let id = gone.cell.reuseIdentifier { t.app.pool[id, default: []].append(gone.cell) }
        }
        t.app.visibleOrder = rows.map(\.row)
        for r in rows {
            let path = IndexPath(row: r.path.row, section: r.path.section)
            if t.app.visible[r.row] != nil { t.app.visible[r.row]?.path = path; continue }
            guard let source = t.dataSource, s.tokens.indices.contains(r.row), let own = s.tokens[r.row] else { continue }
            let cell = measuring.removeValue(forKey: r.row) ?? source.tableView(t, cellForRowAt: path)
            t.layOut(cell, frame: CGRect(x: r.frame.x, y: r.frame.y, width: r.frame.width, height: r.frame.height))
            // A row reconfigured before shows its last content from then on.
            let token = t.app.rowToken[r.row] ?? own
            t.app.rowToken[r.row] = token
            t.app.record(t.content(of: cell, at: path), token: token)
            t.app.visible[r.row] = (cell, path)
            // UIKit's `willDisplay`, on the row's own cell, before the row shows.
            if t.displayHook != nil {
                var recorder = DisplayRecorder(table: t, cell: cell)
                t.app.displays.append((r, recorder.display(r)))
                t.app.displayProblems += recorder.problems
                // The row's content is its cell as the display left it (the effect's end), so
                // what stays on the cell is not taken for a change the code made later.
                if recorder.leftChanges { t.app.record(t.content(of: cell, at: path), token: token) }
            }
        }
    }
}

extension UITableView {
    /// A tap or a swipe of the script, as the delegate sees it (as code at its time).
    func touch(_ event: TableScriptEvent, index: Int, scene: LayerScene) {
        switch event {
        case let .tap(at, section, row, _): liftTap(IndexPath(row: row, section: section), at: at, index: index)
        case let .swipe(at, p, swipe): swipeRow(p, swipe, at: at, index: index, scene: scene)
        case let .tapSwipeAction(at, p, action):
            guard has(p, event: "tapSwipeAction", at: at, index: index), shows(action, at: p, time: at, index: index) else { return }
            performSwipeAction(at: p, action)
        case let .reorder(at, from, to, duration): reorderRow(from, to, at: at, duration: duration, scene: scene)
        case let .tapAccessoryButton(at, p):
            guard has(p, event: "tapAccessoryButton", at: at, index: index) else { return }
            // Only a row that shows an info button has one to tap.
            guard let a = cellForRow(at: p)?.accessoryType, a == .detailButton || a == .detailDisclosureButton else { return }
            delegate?.tableView(self, accessoryButtonTappedForRowWith: p)
        case let .tapEditingControl(at, p):
            guard has(p, event: "tapEditingControl", at: at, index: index), editingNow, editingOptions(p).style == .delete else { return }
            var swipe = UITableViewSwipe()
            swipe.isFromEditingControl = true
            swipeRow(p, swipe, at: at, index: index, scene: scene)
        default: break
        }
    }

    /// Whether the table has the row a touch of the script names at its time; a row it does not
    /// have stops the scene with a message (a finger cannot touch it; UIKit's own calls raise).
    func has(_ p: IndexPath, event: String, at time: Double, index: Int) -> Bool {
        let data = sections
        let rows = data.indices.contains(p.section) ? data[p.section].rows.count : nil
        if let rows, p.row >= 0, p.row < rows { return true }
        let what = rows.map { "section \(p.section) has \($0) row\($0 == 1 ? "" : "s")" } ?? "the table has \(data.count) section\(data.count == 1 ? "" : "s")"
        app.problems.append(SceneProblem(path: "script[\(index)]", message: "\(event) at \(JSON.format(time)) s: expected a row the table has then (\(what)), found [\(p.section), \(p.row)]"))
        return false
    }

    /// Whether a row shows the swipe action a `tapSwipeAction` taps: its actions are revealed
    /// (a swipe that did not perform them) and `action` is one of them, else a message.
    func shows(_ action: Int, at p: IndexPath, time: Double, index: Int) -> Bool {
        let prefix = "tapSwipeAction at \(JSON.format(time)) s"
        guard let config = app.revealed[p] else {
            app.problems.append(SceneProblem(path: "script[\(index)]", message: "\(prefix): expected a row whose swipe actions show (swipe it first, without a full swipe), found [\(p.section), \(p.row)] with none showing"))
            return false
        }
        let count = config.map(\.actions.count) ?? 1
        guard action < 0 || action >= count else { return true }
        app.problems.append(SceneProblem(path: "script[\(index)]", message: "\(prefix): expected an action index from 0 to \(count - 1) (0 is the outermost of the \(count) shown), found \(action)"))
        return false
    }

    /// A swipe shows the delegate's actions (or Delete when the data source can edit the row);
    /// a full swipe performs the first action (or commits the delete) when the content has moved.
    func swipeRow(_ p: IndexPath, _ swipe: UITableViewSwipe, at: Double, index: Int, scene: LayerScene) {
        let d = delegate
        let config = swipe.isLeading ? d?.tableView(self, leadingSwipeActionsConfigurationForRowAt: p)
                                     : d?.tableView(self, trailingSwipeActionsConfigurationForRowAt: p)
        let canEdit = dataSource?.tableView(self, canEditRowAt: p) ?? false
        let deletes = !swipe.isLeading && canEdit && (d?.tableView(self, editingStyleForRowAt: p) ?? .delete) == .delete
        guard config != nil || deletes, config.map({ !$0.actions.isEmpty }) ?? true else { app.swipes[index] = .some(nil); return }
        var shown = swipe
        if let config {
            shown.actions = config.actions.map {
                var a = UITableViewSwipe.Action(title: $0.title ?? "", isDestructive: $0.style == .destructive, backgroundColor: $0.backgroundColor)
                a.image = $0.image
                return a
            }
            if !config.performsFirstActionWithFullSwipe { shown.isFull = false }
        } else {
            shown.actions = [UITableViewSwipe.Action(title: d?.tableView(self, titleForDeleteConfirmationButtonForRowAt: p) ?? "Delete", isDestructive: true)]
        }
        app.swipes[index] = .some(shown)
        app.revealed[p] = config
        guard shown.isFull else { return }
        scene.pending.add(time: at + shown.duration) { [weak self] in self?.performSwipeAction(at: p, 0) }
    }

    /// A swiped row's action, as its button's tap (or a full swipe) performs it: the configured
    /// handler, or the data source's delete.
    func performSwipeAction(at p: IndexPath, _ index: Int) {
        guard let config = app.revealed[p] else { return }
        app.revealed[p] = nil
        if let config {
            guard config.actions.indices.contains(index) else { return }
            let action = config.actions[index]
            action.handler(action, UIView(), { _ in })
        } else if index == 0 {
            dataSource?.tableView(self, commit: .delete, forRowAt: p)
        }
    }

    /// `willDisplay` as the scene records it: the closure, or the delegate's method.
    var displayHook: ((UITableView, UITableViewCell, IndexPath) -> Void)? {
        if let w = willDisplay { return w }
        guard let d = delegate else { return nil }
        return { [weak d] table, cell, p in d?.tableView(table, willDisplay: cell, forRowAt: p) }
    }
}
