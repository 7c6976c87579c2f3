import Foundation
import SceneJSON
import Geometry
import JSONText
import SceneModel
import Simulation
import TableEngine

/// Runs a table's `willDisplay` as UIKit runs it: for every row each time it comes into view (the
/// simulation says when), on a cell with the row's frame, with the row's index path at that
/// time and `CACurrentMediaTime()` that time, and turns what it did into display effects: the
/// table's, and a row's own where the row's differs.
///
/// For a table with a data source the run loop calls ``display(_:)`` as each row comes on
/// screen, right after `cellForRowAt`, with the row's own cell (issue 50): code that reads the
/// cell (its class, the state `cellForRowAt` gave it) sees that row's. For a table built from
/// sections the cell is the table's `cellTemplate`, or else a plain cell (with a `mainView` for a
/// card table), and ``run(_:)`` shows it every appearance; before every display but the first it
/// gets `prepareForReuse()`. After each display everything the hook changed is put back, so each
/// row starts from the cell as the table configures it. On a data source's own cell what the hook
/// changed in the cell stays, as on iOS (a reused cell keeps it unless `prepareForReuse` or
/// `cellForRowAt` sets it again); changes outside the cell are put back.
@MainActor
struct DisplayRecorder {
    let table: UITableView
    var cell: UITableViewCell
    var problems: [SceneProblem] = []
    static let path = "table.display"
    /// Whether the table has a card for effects to target (a `cellCard`, or the template's named `mainView`).
    var hasCard: Bool { table.cellCard != nil || table.cellTemplate?.mainView?.accessibilityIdentifier != nil }

    /// Whether what the hook changes in the cell stays on it (a data source's own cell, as on
    /// iOS: a reused cell shows it for its next row unless `prepareForReuse` or `cellForRowAt`
    /// sets it again); otherwise everything is put back after each display.
    private(set) var keepsCellChanges = false
    /// Whether the last display left changes on the cell.
    private(set) var leftChanges = false

    /// The recorder of a row's display on its own cell (a data source's).
    init(table: UITableView, cell: UITableViewCell) {
        self.table = table
        self.cell = cell
        keepsCellChanges = true
    }

    init(table: UITableView) {
        self.table = table
        if let proto = table.cellTemplate {
            cell = proto
        } else {
            cell = UITableViewCell(frame: .zero)
            if let name = table.cellCard != nil ? "card" : nil {
                let main = UIView()
                main.accessibilityIdentifier = name
                cell.contentView.addSubview(main)
                cell.mainView = main
            }
        }
    }

    /// One display's effect without its delay, and the delay (nil: it did nothing).
    typealias Effect = (body: TableModel.Display, delay: Double)?

    /// The effect of every display, in the order of `appearances`.
    mutating func run(_ appearances: [RowAppearance]) -> [Effect] {
        guard table.displayHook != nil else { return [] }
        var out: [Effect] = []
        for (i, a) in appearances.enumerated() {
            let frame = cell.frame
            cell.frame = CGRect(x: a.frame.x, y: a.frame.y, width: a.frame.width, height: a.frame.height)
            let reuse = ChangeContext.recording(.display(a.time)) { if i > 0 { cell.prepareForReuse() } }
            out.append(display(a))
            // Put the cell back as the table configured it (recorded, so nothing leaks out).
            _ = ChangeContext.recording(.display(a.time)) {
                for c in reuse.reversed() { c.layer.setValue(c.old, forKey: c.keyPath) }
            }
            cell.frame = frame
        }
        return out
    }

    /// One display on the row's own cell, as laid out for the row: the hook with the row's index
    /// path at the appearance's time, its effect, and what it changed put back.
    mutating func display(_ a: RowAppearance) -> Effect {
        guard let hook = table.displayHook else { return nil }
        let context = ChangeContext.context(.display(a.time)) {
            hook(table, cell, IndexPath(row: a.path.row, section: a.path.section))
        }
        // On the row's own cell, a change no animation can carry (a label's new text) is the
        // cell's content from the display on (its content is recorded again after it), not an
        // effect (a probe: a text set in willDisplay was refused as an animation of text.string).
        let carried = keepsCellChanges
            ? context.changes.filter { $0.animation != nil || AnimatedKey.byPath[$0.keyPath] != nil || !$0.layer.isInside(cell.layer) } : context.changes
        let out = effect(carried, context.added)
        let back = keepsCellChanges ? context.changes.filter { !$0.layer.isInside(cell.layer) } : context.changes
        leftChanges = back.count < context.changes.count
        _ = ChangeContext.recording(.display(a.time)) {
            for c in back.reversed() { c.layer.setValue(c.old, forKey: c.keyPath) }
        }
        return out
    }

    /// What the scene calls the layer: the cell (its content view included), the card, or a
    /// named layer of the template.
    func name(of layer: CALayer) -> String? {
        if layer === cell.layer || layer === cell.contentView.layer { return "cell" }
        if table.cellCard != nil, layer === cell.mainView?.layer { return "card" }
        return layer.name
    }

    mutating func effect(_ changes: [LayerChange], _ added: [(layer: CALayer, animation: CAAnimation, key: String?)]) -> Effect {
        guard changes.contains(where: { $0.animation != nil }) || !added.isEmpty || changes.contains(where: { !same($0) }) else { return nil }
        if let legacy = startState(changes, added) { return legacy }
        return general(changes, added)
    }

    /// Whether a change leaves the value as it was.
    func same(_ c: LayerChange) -> Bool {
        DisplayRecorder.comparable(SceneWriter.animatable(c.old)) == DisplayRecorder.comparable(SceneWriter.animatable(c.new))
    }

    /// The effect as a start state when it is one: one UIView animation of the cell's layer or
    /// its mainView's back to the identity transform, opacity 1 and no shadow offset, from
    /// values set just before (and an anchor point).
    func startState(_ changes: [LayerChange], _ added: [(layer: CALayer, animation: CAAnimation, key: String?)]) -> Effect {
        let animated = changes.filter { $0.animation != nil }
        guard added.isEmpty, let first = animated.first, let animation = first.animation,
              !animated.contains(where: { $0.animation?.keyframes != nil }) else { return nil }
        let target: String
        if first.layer === cell.layer { target = "cell" } else if first.layer === cell.mainView?.layer { target = "card" } else { return nil }
        guard animated.allSatisfy({ $0.layer === first.layer && $0.animation?.duration == animation.duration
                                    && $0.animation?.delay == animation.delay && $0.animation?.timing.value == animation.timing.value }) else { return nil }
        var body = TableModel.Display(target: target == "card" ? .card : .cell, duration: animation.duration, timingFunction: animation.timing.value)
        for c in animated {
            switch (c.keyPath, c.old, c.new) {
            case let ("transform", old as CATransform3D, new as CATransform3D) where CATransform3DIsIdentity(new):
                body.transform = old.sceneValue
            case let ("opacity", old as Float, new as Float) where new == 1:
                body.opacity = SceneWriter.float(old)
            case let ("shadowOffset", old as CGSize, new as CGSize) where new == .zero:
                body.shadowOffset = Point(Double(old.width), Double(old.height))
            default: return nil
            }
        }
        // Values set without animation are the start state of what animates, or the anchor.
        for c in changes where c.animation == nil && !same(c) {
            guard c.layer === first.layer, c.keyPath == "anchorPoint" || animated.contains(where: { $0.keyPath == c.keyPath }) else { return nil }
        }
        if let anchor = changes.last(where: { $0.layer === first.layer && $0.keyPath == "anchorPoint" })?.new as? CGPoint {
            body.anchorPoint = Point(Double(anchor.x), Double(anchor.y))
        }
        return (body, animation.delay)
    }

    /// The effect as Core Animation animations: each UIView-animated change from its old value
    /// to its new one (a position relative to where the table puts the layer, as UIKit's
    /// additive animations), holding the new value when it differs from the cell's own; a
    /// value set without animation and never animated, held from the display on; and every
    /// animation added to a layer as it is.
    mutating func general(_ changes: [LayerChange], _ added: [(layer: CALayer, animation: CAAnimation, key: String?)]) -> Effect {
        var list: [(layer: CALayer, animation: CAAnimation)] = []
        for (i, c) in changes.enumerated() {
            let later = changes[(i + 1)...].filter { $0.layer === c.layer && $0.keyPath == c.keyPath }
            let rest = changes.first { $0.layer === c.layer && $0.keyPath == c.keyPath }?.old ?? c.old
            let final = later.last?.new ?? c.new
            let holds = DisplayRecorder.comparable(SceneWriter.animatable(rest)) != DisplayRecorder.comparable(SceneWriter.animatable(final))
            if let a = c.animation {
                var move = a
                var (old, new) = (c.old, c.new)
                if c.keyPath == "position", let end = c.new as? CGPoint {
                    // Relative to where the table puts the layer.
                    func relative(_ v: Any) -> Any { (v as? CGPoint).map { CGPoint(x: $0.x - end.x, y: $0.y - end.y) } ?? v }
                    (old, new) = (relative(old), CGPoint.zero)
                    if let values = move.keyframes?.values { move.keyframes?.values = values.map(relative) }
                }
                let b = move.animation(c.keyPath, from: old, to: new)
                if c.keyPath == "position" { b.isAdditive = true }
                b.beginTime = a.delay
                b.fillMode = holds && later.isEmpty ? .both : .backwards
                b.isRemovedOnCompletion = false
                list.append((c.layer, b))
            } else if later.isEmpty, holds, !changes[..<i].contains(where: { $0.layer === c.layer && $0.keyPath == c.keyPath && $0.animation != nil }) {
                let k = CAKeyframeAnimation(keyPath: c.keyPath)
                k.values = [SceneWriter.animatable(c.new)]
                k.fillMode = .both
                k.isRemovedOnCompletion = false
                list.append((c.layer, k))
            }
        }
        list += added.map { ($0.layer, $0.animation) }
        let delay = max(list.map(\.animation.beginTime).min() ?? 0, 0)
        var writer = SceneWriter()
        for (i, item) in list.enumerated() {
            guard let name = name(of: item.layer) else {
                problems.append(SceneProblem(path: "\(DisplayRecorder.path).willDisplay",
                                             message: "the \(type(of: item.layer)) animated (\((item.animation as? CAPropertyAnimation)?.keyPath ?? "a group")) is not the cell, its mainView or a named layer of the cell template; give its view an accessibilityIdentifier"))
                continue
            }
            let a = item.animation
            a.beginTime -= delay
            writer.animation(a, layer: name, path: DisplayRecorder.path, index: i, key: nil)
        }
        problems += writer.problems
        var body = TableModel.Display(target: hasCard ? .card : .cell)
        body.animations = writer.animations
        return (body, delay)
    }
}

extension DisplayRecorder {
    /// The table's display effect and each row's own, by row identity, from the effect of
    /// every display: the table's is the first row's that animates, with a delay per row when
    /// the next row with the same effect waits longer in proportion to its index
    /// (`0.05 * indexPath.row`), `once` unless a row animates again when it comes back, and
    /// `firstScreen` false when no row of the first layout animates. A row whose first display
    /// does something else has its own effect (`"none"` when it does nothing).
    static func effects(_ appearances: [RowAppearance], _ effects: [Effect]) -> (display: TableModel.Display?, rows: [Int: TableModel.RowDisplay]) {
        var firstOf: [Int: Int] = [:]
        var again = false
        for (i, a) in appearances.enumerated() where i < effects.count {
            if firstOf[a.row] == nil { firstOf[a.row] = i } else if effects[i] != nil { again = true }
        }
        let firsts = firstOf.values.sorted()
        guard let k0 = firsts.first(where: { effects[$0] != nil }), let e0 = effects[k0] else { return (nil, [:]) }
        let r0 = appearances[k0].path.row
        var perRow = 0.0
        if let k1 = firsts.first(where: { $0 != k0 && appearances[$0].path.row != r0 && effects[$0]?.body == e0.body }),
           let e1 = effects[k1] {
            let p = (e1.delay - e0.delay) / Double(appearances[k1].path.row - r0)
            if p > 0, p <= 10 { perRow = p }
        }
        let base = max(e0.delay - perRow * Double(r0), 0)
        let atZero = firsts.filter { appearances[$0].time == 0 }
        let firstScreen = atZero.isEmpty || atZero.contains { effects[$0] != nil }
        var rows: [Int: TableModel.RowDisplay] = [:]
        for k in firsts {
            let a = appearances[k]
            let quiet = a.time == 0 && !firstScreen
            guard let e = effects[k] else {
                if !quiet { rows[a.row] = TableModel.RowDisplay.none }
                continue
            }
            if !quiet && e.body == e0.body && abs(e.delay - (base + perRow * Double(a.path.row))) < 1e-9 { continue }
            var own = e.body
            own.delay = e.delay
            own.once = !again
            rows[a.row] = .effect(own)
        }
        var effect = e0.body
        effect.delay = base
        effect.delayPerRow = perRow
        effect.firstScreen = firstScreen
        effect.once = !again
        return (effect, rows)
    }
}

extension DisplayRecorder {
    /// A value for comparing two recorded values (a row's start state against its end): as
    /// the format writes it.
    static func comparable(_ v: Any) -> JSON {
        if let n = SceneWriter.number(v) { return .number(n) }
        if let p = v as? CGPoint { return .array([.number(Double(p.x)), .number(Double(p.y))]) }
        if let c = SceneWriter.colorValue(v) { return SceneEncoder.color(c) }
        if let t = CATransform3D.from(v) { return SceneEncoder.transform(t.sceneValue) }
        return .string("\(v)")
    }
}
