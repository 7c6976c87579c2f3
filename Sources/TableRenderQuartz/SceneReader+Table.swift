import Foundation
import Geometry
import LayerTree
import SceneModel

@MainActor
extension SceneReader {
    /// A scene's table as a ``UITableView``: rows, sections, the cell template as a prototype
    /// cell, the effects, and the display effect as a `willDisplay` that does what it says.
    static func table(_ t: TableModel, scene: Scene) -> UITableView {
        let frame = t.frame.map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? .zero
        let style: UITableView.Style = switch t.style { case .plain: .plain; case .grouped: .grouped; case .insetGrouped: .insetGrouped }
        let table = UITableView(frame: frame, style: style)
        table.rowHeight = CGFloat(t.rowHeight)
        if t.template?.autoHeight == true || t.selfSizingRows {
            table.rowHeight = UITableView.automaticDimension
            table.estimatedRowHeight = CGFloat(t.rowHeight)
        }
        table.backgroundColor = t.backgroundColor.map { UIColor(cgColor: color($0)) }
        table.separatorStyle = t.separatorNone ? .none : .singleLine
        table.showsVerticalScrollIndicator = t.showsVerticalScrollIndicator
        table.editingAtStart = t.editing
        table.editingNow = t.editing
        table.separatorColor = UIColor(cgColor: color(t.separatorColor))
        table.separatorInset.left = CGFloat(t.separatorInsetLeft)
        if let c = t.tintColor { table.tintColor = UIColor(cgColor: color(c)) }
        if let p = t.sectionHeaderTopPadding { table.sectionHeaderTopPadding = CGFloat(p) }
        if !t.emptyRowSeparators { table.tableFooterView = UIView() }
        table.tableHeaderView = t.tableHeaderView.map(view)
        if let footer = t.tableFooterView { table.tableFooterView = view(footer) }
        // The same reading as the sections updates bring (footers, views and editing included).
        table.sections = sections(t.sections)
        table.cellStyle = cellStyle(t.cellStyle)
        table.cellBackgroundColor = t.cellBackground.map { UIColor(cgColor: color($0)) }
        table.cellAccessoryColor = UIColor(cgColor: color(t.accessoryColor))
        table.deselectsAnimated = t.selection.deselect == .animated
        table.keepsSelection = t.selection.deselect == .never
        table.allowsMultipleSelection = t.selection.multiple
        table.selectedBackgroundColor = UIColor(cgColor: color(t.selection.color))
        if let rc = t.refreshControl {
            let control = UIRefreshControl()
            control.tintColor = rc.tintColor.map { UIColor(cgColor: color($0)) }
            if let title = rc.title {
                var attributes: [NSAttributedString.Key: Any] = [:]
                if let c = rc.titleStyle?.color { attributes[.foregroundColor] = UIColor(cgColor: color(c)) }
                if let style = rc.titleStyle, style.size != nil || style.font != nil {
                    var weight = FontWeight.regular
                    if case .system(let w)? = style.font { weight = w }
                    attributes[.font] = UIFont.systemFont(ofSize: CGFloat(style.size ?? 12), weight: UIFont.Weight(name: weight.rawValue))
                }
                control.attributedTitle = NSAttributedString(string: title, attributes: attributes)
            }
            table.refreshControl = control
        }
        table.deselectDuration = t.selection.duration
        table.cellCard = t.card.map {
            TableCellCard(inset: CGPoint(x: $0.inset.x, y: $0.inset.y), cornerRadius: CGFloat($0.cornerRadius),
                          backgroundColor: UIColor(cgColor: color($0.backgroundColor)), shadowOpacity: Float($0.shadowOpacity))
        }
        table.cellTemplate = t.template.map(prototype)
        table.expansion = expansion(t.expansion)
        table.collapsingHeader = t.header.map(header)
        table.willDisplay = willDisplay(t, scene: scene)
        return table
    }

    /// A view of the model's size whose layer holds the model's layer at its origin (a table's
    /// header or footer view).
    /// A model cell style as UIKit's.
    nonisolated static func cellStyle(_ s: TableModel.CellStyle) -> UITableViewCell.CellStyle {
        [.subtitle: .subtitle, .value1: .value1, .value2: .value2][s] ?? .default
    }

    static func view(_ m: LayerModel) -> UIView {
        var named: [String: CALayer] = [:]
        let l = layer(m, named: &named)
        let v = UIView(frame: CGRect(x: 0, y: 0, width: m.bounds.width, height: m.bounds.height))
        l.frame = CGRect(origin: .zero, size: l.bounds.size)
        v.layer.addSublayer(l)
        return v
    }

    static func prototype(_ template: TableModel.CellTemplate) -> UITableViewCell {
        let cell = UITableViewCell(frame: .zero)
        var named: [String: CALayer] = [:]
        for l in template.layers { cell.contentView.layer.addSublayer(layer(l, named: &named)) }
        for a in template.animations { named[a.layer]?.add(animation(a), forKey: nil) }
        func view(_ name: String?) -> UIView? {
            guard let name else { return nil }
            let v = UIView()
            v.accessibilityIdentifier = name
            return v
        }
        cell.mainView = view(template.mainView)
        cell.detailView = view(template.detailView)
        cell.paddingBottom = CGFloat(template.paddingBottom)
        return cell
    }

    static func expansion(_ e: TableModel.Expansion) -> UITableView.Expansion? {
        let timing = e.timingFunction.map(CAMediaTimingFunction.init(value:))
        switch e.effect {
        case .none: return nil
        case .fold:
            return .fold(duration: e.duration, perspective: CGFloat(e.perspective), shadow: e.shadow,
                         join: UITableView.FoldJoin(rawValue: e.join.rawValue) ?? .translation, detailHeight: e.detailHeight.map { CGFloat($0) },
                         detailColor: UIColor(cgColor: color(e.detailColor)), timing: timing)
        case .rows:
            return .rows(animation: UITableView.RowAnimation(rawValue: e.rowAnimation.rawValue) ?? .top, duration: e.duration, timing: timing)
        }
    }

    static func header(_ h: TableModel.Header) -> CollapsingHeader {
        CollapsingHeader(maxHeight: CGFloat(h.maxHeight), minHeight: CGFloat(h.minHeight), backgroundColor: UIColor(cgColor: color(h.backgroundColor)),
                         title: h.title, titleColor: UIColor(cgColor: color(h.titleColor)), logo: h.logo.map { UIImage(named: $0.file) },
                         logoSize: CGSize(width: h.logoSize.x, height: h.logoSize.y), logoBottom: CGFloat(h.logoBottom), snapDuration: h.snapDuration)
    }

    /// The display effects (the table's and the rows' own) as the willDisplay that does them:
    /// it finds the row at the index path when it is called (`CACurrentMediaTime()` is the
    /// display's time) and does the row's effect, or the table's; once per row when the
    /// effect says so.
    static func willDisplay(_ t: TableModel, scene: Scene) -> ((UITableView, UITableViewCell, IndexPath) -> Void)? {
        let rows = scene.tableRows
        let own = rows.contains { if case .table = $0.display { return false } else { return true } }
        guard t.display != nil || own else { return nil }
        let timeline = TableTimeline(table: t, script: scene.script)
        var shown = Set<Int>()
        return { _, cell, indexPath in
            guard let id = timeline.data(at: CACurrentMediaTime()).row(at: RowPath(indexPath.section, indexPath.row)),
                  rows.indices.contains(id) else { return }
            let effect: TableModel.Display?
            switch rows[id].display {
            case .table: effect = t.display
            case .none: effect = nil
            case .effect(let d): effect = d
            }
            guard let d = effect else { return }
            if d.once {
                guard !shown.contains(id) else { return }
                shown.insert(id)
            }
            let delay = d.delay + d.delayPerRow * Double(indexPath.row)
            if let list = d.animations { animate(cell, list, delay: delay) } else { startState(cell, d, delay: delay) }
        }
    }

    /// A start-state effect: the start values, then one UIView animation to the cell's own.
    static func startState(_ cell: UITableViewCell, _ d: TableModel.Display, delay: Double) {
        let target = d.target == .card ? (cell.mainView ?? cell) : cell
        target.layer.transform = transform(d.transform)
        target.layer.opacity = Float(d.opacity)
        if let a = d.anchorPoint { target.layer.anchorPoint = CGPoint(x: a.x, y: a.y) }
        if let s = d.shadowOffset { target.layer.shadowOffset = CGSize(width: s.x, height: s.y) }
        UIView.animate(duration: d.duration, delay: delay, timing: CAMediaTimingFunction(value: d.timingFunction ?? .easeInEaseOut)) {
            target.layer.transform = CATransform3DIdentity
            target.layer.opacity = 1
            if d.shadowOffset != nil { target.layer.shadowOffset = .zero }
        }
    }

    /// An effect of Core Animation animations: each added to the layer it names, starting its
    /// begin time after the display (plus the delays).
    static func animate(_ cell: UITableViewCell, _ list: [AnimationModel], delay: Double) {
        for a in list {
            let layer: CALayer?
            switch a.layer {
            case "cell": layer = cell.layer
            case "card" where cell.mainView != nil: layer = cell.mainView?.layer
            default: layer = cell.contentView.layer.sublayerNamed(a.layer) ?? (cell.mainView?.accessibilityIdentifier == a.layer ? cell.mainView?.layer : nil)
            }
            let ca = animation(a)
            ca.beginTime = CACurrentMediaTime() + a.beginTime + delay
            layer?.add(ca, forKey: nil)
        }
    }

    static func script(_ events: [ScriptEvent]) -> [TableScriptEvent] {
        func name(_ t: TimingFunction?) -> CAMediaTimingFunctionName? {
            guard let t else { return nil }
            return TimingFunction.named.first { $0.value == t }.map { CAMediaTimingFunctionName(rawValue: $0.key) }
        }
        return events.compactMap { e in
            switch e.action {
            case let .tap(section, row, hold): return .tap(at: e.at, section: section, row: row, hold: hold)
            case let .scroll(to, by, duration, timing):
                if let to { return .scroll(at: e.at, to: CGFloat(to), duration: duration, timing: name(timing)) }
                return .scrollBy(at: e.at, by: CGFloat(by ?? 0), duration: duration, timing: name(timing))
            case let .drag(to, by, duration, timing):
                if let to { return .dragTo(at: e.at, to: CGFloat(to), duration: duration, timing: name(timing)) }
                return .drag(at: e.at, by: CGFloat(by ?? 0), duration: duration, timing: name(timing))
            case .release: return .release(at: e.at)
            case let .fling(v, rate): return .fling(at: e.at, velocity: CGFloat(v), decelerationRate: rate)
            case .update, .scrollToRow, .swipe, .reconfigureRows, .setEditing, .refreshing: return tableEvent(e)
            }
        }
    }
}
