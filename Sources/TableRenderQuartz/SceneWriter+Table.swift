import Foundation
import Geometry
import SceneModel
import TableEngine

/// The table recorded into the model (issue 50, step 6): the same `TableModel` and script
/// events a scene file's `table` and `script` decode to, built from the Swift objects with the
/// format's defaults, never written as JSON text and parsed back.
@MainActor
extension SceneWriter {
    /// The table as the model keeps it.
    mutating func tableModel(_ t: UITableView) -> TableModel {
        let frame = SceneWriter.startFrame(t)
        var rowHeight = t.rowHeight == UITableView.automaticDimension ? (t.estimatedRowHeight > 0 ? t.estimatedRowHeight : 44) : t.rowHeight
        if t.rowHeight == UITableView.automaticDimension, !(t.estimatedRowHeight >= 0 && t.estimatedRowHeight <= 10_000) {
            // Its own name (it was reported as the table's rowHeight, which the code did not set).
            problems.append(SceneProblem(path: "table.estimatedRowHeight", message: "expected a height from 0 (44 points) to 10000, found \(Message.number(t.estimatedRowHeight))"))
            rowHeight = 44
        }
        if t.sectionHeaderTopPadding != UITableView.automaticDimension, !(t.sectionHeaderTopPadding >= 0 && t.sectionHeaderTopPadding <= 10_000) {
            problems.append(SceneProblem(path: "table.sectionHeaderTopPadding", message: "expected UITableView.automaticDimension (22 points above a plain table's section headers) or a room from 0 to 10000 points, found \(Message.number(Double(t.sectionHeaderTopPadding)))"))
        }
        var table = TableModel(appearance: SceneRuntime.current.appearance)
        if frame != .zero { table.frame = Rect(Double(frame.minX), Double(frame.minY), Double(frame.width), Double(frame.height)) }
        table.header = t.collapsingHeader.map { SceneWriter.header($0, directory: directory) }
        table.style = SceneWriter.style(t.style)
        table.rowHeight = Double(rowHeight)
        // Rows of their own (not a data source's, which are measured as they come on screen)
        // size themselves as the engine sizes JSON's.
        table.selfSizingRows = t.rowHeight == UITableView.automaticDimension && t.dataSource == nil && t.cellTemplate == nil
        table.backgroundColor = t.backgroundColor?.cgColor.model
        if let c = t.separatorColor { table.separatorColor = c.cgColor.model }
        table.separatorInsetLeft = Double(t.separatorInset.left)
        table.emptyRowSeparators = t.tableFooterView == nil
        table.cellStyle = SceneWriter.cellStyle(t.dataSourceCellStyle ?? t.cellStyle)
        table.cellBackground = t.cellBackgroundColor?.cgColor.model
        if let c = t.cellAccessoryColor { table.accessoryColor = c.cgColor.model }
        table.selection = SceneWriter.selection(t)
        if let rc = t.refreshControl { table.refreshControl = SceneWriter.refreshControl(rc) }
        table.card = t.cellCard.map(SceneWriter.card)
        if let e = t.expansion { SceneWriter.expansion(e, into: &table.expansion) }
        table.separatorNone = t.separatorStyle == .none
        table.showsVerticalScrollIndicator = t.showsVerticalScrollIndicator
        table.sectionIndexTitles = t.indexTitles
        table.sectionIndexColor = t.sectionIndexColor?.cgColor.model
        table.tintColor = t.explicitTintColor?.cgColor.model
        if t.sectionHeaderTopPadding >= 0 && t.sectionHeaderTopPadding <= 10_000 { table.sectionHeaderTopPadding = Double(t.sectionHeaderTopPadding) }
        table.editing = t.editingAtStart
        tableScroll(t, into: &table)
        problems += t.updateProblems
        if !t.app.simulatingForApp { problems += t.app.problems }
        let sections = (t.initialSections ?? t.sections).map { t.resolved($0) }
        table.sections = sections.enumerated().map { SceneWriter.section($1, path: "table.sections[\($0)]", directory: directory) }
        if let n = t.rowCount, rowCountFits(n, format: t.titleFormat ?? "Cell %d") {
            let format = t.titleFormat ?? "Cell %d"
            table.titleFormat = format
            let pieces = format.split(separator: "%d", omittingEmptySubsequences: false).map(String.init)
            let rows = (0..<max(n, 0)).map {
                TableModel.Row(title: pieces.joined(separator: String($0)), detail: nil, accessory: .none, height: nil, expanded: false,
                               values: t.cellTemplate != nil ? ["row": String($0)] : [:], jsonPath: "table.rowCount")
            }
            table.sections.append(TableModel.Section(title: nil, collapsible: false, expanded: true, rows: rows))
        }
        if let proto = t.cellTemplate { table.template = template(proto, automatic: t.rowHeight == UITableView.automaticDimension) }
        table.tableHeaderView = tableView(t.tableHeaderView, in: t, key: "tableHeaderView")
        table.tableFooterView = tableView(t.tableFooterView, in: t, key: "tableFooterView")
        return table
    }

    /// Whether `rowCount` rows of `format` fit the budgets, checked before any row is made (as
    /// the decoder checks a file's); a problem names `table.rowCount` when they do not.
    mutating func rowCountFits(_ n: Int, format: String) -> Bool {
        guard n >= 0, n <= 10_000_000 else {
            problems.append(SceneProblem(path: "table.rowCount", message: "expected a whole number from 0 to 10000000, found \(n)"))
            return false
        }
        guard n <= limits.layers else {
            problems.append(SceneProblem(path: "table.rowCount", message: Limits.message(\.layers, limit: limits.layers, found: "\(n) with these rows")))
            return false
        }
        let bytes = TableModel.rowCountTitleBytes(format: format, count: n)
        guard bytes <= limits.textLength else {
            problems.append(SceneProblem(path: "table.titleFormat", message: Limits.message(\.textLength, limit: limits.textLength,
                found: "\(bytes) with the rowCount's titles (\(n) rows of titleFormat, each counted past its first 16 bytes)")))
            return false
        }
        return true
    }

    /// The table's header or footer view as the table draws it: its own layers at the table's
    /// width and its frame's height, laid out (nil for none, or a view of no height).
    mutating func tableView(_ view: UIView?, in t: UITableView, key: String) -> LayerModel? {
        let path = "table.\(key)"
        // A view of no height takes no room (the zero-height footer apps set); NaN or a
        // negative height is a problem, as in a file.
        guard let view, view.frame.size.height != 0 else { return nil }
        let height = view.frame.size.height
        guard height > 0, height <= 10_000 else {
            problems.append(SceneProblem(path: path + ".frame", message: "expected the view's height, above 0 and at most 10000 points, found \(Message.number(Double(height)))"))
            return nil
        }
        var writer = SceneWriter()
        writer.directory = directory
        writer.maxNesting = maxNesting
        writer.collectNames([view.layer])
        // The table's width (a table of no frame is the canvas's).
        let width = t.bounds.width > 0 ? t.bounds.width : canvasWidth
        view.frame = CGRect(x: 0, y: 0, width: width, height: height)
        AutoLayout.layout(view)
        view.layoutSubviews()
        view.displayIfNeeded()
        let model = writer.layer(view.layer, path: path)
        problems += writer.problems
        if !writer.animations.isEmpty {
            problems.append(SceneProblem(path: path, message: "the \(key)'s views animated or changed at a scene time are not drawn yet (the view as the scene starts is)"))
        }
        return model
    }

    static func style(_ s: UITableView.Style) -> TableModel.Style {
        switch s {
        case .plain: return .plain
        case .grouped: return .grouped
        case .insetGrouped: return .insetGrouped
        }
    }

    static func cellStyle(_ s: UITableViewCell.CellStyle) -> TableModel.CellStyle {
        switch s {
        case .default: return .basic
        case .subtitle: return .subtitle
        case .value1: return .value1
        case .value2: return .value2
        }
    }

    static func selection(_ t: UITableView) -> TableModel.Selection {
        var s = TableModel.Selection(appearance: SceneRuntime.current.appearance)
        if t.deselectsAnimated { s.deselect = .animated } else if t.keepsSelection { s.deselect = .never }
        s.multiple = t.allowsMultipleSelection
        if let c = t.selectedBackgroundColor { s.color = c.cgColor.model }
        if let d = t.deselectDuration { s.duration = d }
        return s
    }

    static func header(_ h: CollapsingHeader, directory: String) -> TableModel.Header {
        var logo: ImageContent?
        if let file = h.logo?.cgImage?.file {
            logo = ImageContent(file: file, path: SceneFiles.path(file, in: directory), gravity: .resizeAspect, contentsScale: 1, jsonPath: "table.header.logo.image")
        }
        return TableModel.Header(maxHeight: Double(h.maxHeight), minHeight: Double(h.minHeight),
                                 backgroundColor: h.backgroundColor?.cgColor.model ?? Color(31, 58, 95), title: h.title,
                                 titleColor: h.titleColor?.cgColor.model ?? .white, logo: logo,
                                 logoSize: logo == nil ? Point(44, 44) : Point(Double(h.logoSize.width), Double(h.logoSize.height)),
                                 logoBottom: logo == nil ? 0 : Double(h.logoBottom), snapDuration: h.snapDuration)
    }

    static func card(_ c: TableCellCard) -> TableModel.Card {
        TableModel.Card(inset: Point(Double(c.inset.x), Double(c.inset.y)), cornerRadius: Double(c.cornerRadius),
                        backgroundColor: c.backgroundColor?.cgColor.model ?? .white, shadowOpacity: float(c.shadowOpacity))
    }

    static func expansion(_ e: UITableView.Expansion, into m: inout TableModel.Expansion) {
        switch e {
        case let .fold(duration, perspective, shadow, join, detailHeight, detailColor, timing):
            m.effect = .fold
            m.duration = duration
            m.perspective = Double(perspective)
            m.shadow = shadow
            m.join = TableModel.Expansion.Join(rawValue: join.rawValue) ?? .translation
            m.detailHeight = detailHeight.map(Double.init)
            if let c = detailColor { m.detailColor = c.cgColor.model }
            m.timingFunction = timing?.value
        case let .rows(animation, duration, timing):
            m.effect = .rows
            m.rowAnimation = TableModel.RowAnimation(rawValue: animation.rawValue) ?? .top
            m.duration = duration
            m.timingFunction = timing?.value
        }
    }

    static func section(_ s: UITableViewSection, path: String, directory: String) -> TableModel.Section {
        var m = TableModel.Section(title: s.title, collapsible: s.isCollapsible, expanded: s.isExpanded,
                                   rows: s.rows.enumerated().map { row($1, path: "\(path).rows[\($0)]", directory: directory) },
                                   footer: s.footerTitle)
        m.headerView = s.headerView
        m.footerView = s.footerView
        return m
    }

    static func row(_ r: UITableViewRow, path: String, directory: String) -> TableModel.Row {
        var m = TableModel.Row(title: r.title, detail: r.detail, accessory: TableModel.Accessory(rawValue: r.accessory.rawValue) ?? .none,
                               height: r.height.map(Double.init), expanded: r.isExpanded, values: r.values, jsonPath: path)
        m.accessoryView = r.accessoryView
        if let symbol = r.image?.symbol {
            m.imageSymbol = symbol
            m.imageView = symbol.box
        } else if let file = r.image?.cgImage?.file {
            var l = LayerModel()
            if let s = r.imageSize { l.bounds = Rect(0, 0, Double(s.width), Double(s.height)) }
            l.image = ImageContent(file: file, path: SceneFiles.path(file, in: directory), gravity: .resize, contentsScale: 1,
                                   jsonPath: path + ".image.file")
            m.imageView = l
        }
        m.editingStyle = r.editingStyle == .insert ? .insert : r.editingStyle == .none ? .none : .delete
        m.canMove = r.canMove
        m.shouldIndentWhileEditing = r.shouldIndentWhileEditing
        // A data source's row was measured by its cell; a row of its own the engine sizes.
        m.selfSizing = r.selfSizing && r.token == nil
        m.labelStyles = r.labelStyles
        m.style = r.cellStyle.map(SceneWriter.cellStyle)
        m.imageLook = r.imageLook
        m.origin = r.token
        // A data source's cell for the row: its own content and background.
        if r.ownCell != nil || r.cellBackground != nil || r.separatorInsetLeft != nil || r.selectedColor != nil || r.tintColor != nil
            || !r.accessoryAnimations.isEmpty {
            var cell = TableModel.RowCell(ownContent: r.ownCell != nil, backgroundColor: r.cellBackground)
            cell.separatorInsetLeft = r.separatorInsetLeft
            cell.selectedBackgroundColor = r.selectedColor
            cell.tintColor = r.tintColor
            if let own = r.ownCell {
                m.layers = own.layers.map { SceneWriter.placed($0, under: path + ".") }
                cell.animations = own.animations
            }
            cell.animations += r.accessoryAnimations
            m.cell = cell
        }
        return m
    }

    /// A row's own content with its texts' and images' paths (for messages) under the row's.
    static func placed(_ l: LayerModel, under prefix: String) -> LayerModel {
        var l = l
        // A layer read from a file has its path already.
        if let p = l.text?.jsonPath, !p.hasPrefix(prefix) { l.text?.jsonPath = prefix + p }
        if let p = l.image?.jsonPath, !p.hasPrefix(prefix) { l.image?.jsonPath = prefix + p }
        l.sublayers = l.sublayers.map { placed($0, under: prefix) }
        l.maskLayers = l.maskLayers.map { placed($0, under: prefix) }
        return l
    }

    mutating func template(_ proto: UITableViewCell, automatic: Bool) -> TableModel.CellTemplate {
        // The template layers' own animations are the cell's, run on every row from its display.
        let before = animations.count
        // A built-in style's labels and image view are the row's title and detail, not template layers.
        let builtIn = [proto.textLabel, proto.detailTextLabel, proto.imageView].compactMap { $0?.layer }
        let own = (proto.contentView.layer.sublayers ?? []).filter { l in !builtIn.contains { $0 === l } }
        let layers = own.enumerated().map { layer($1, path: "table.cell.template.layers[\($0)]") }
        let cellAnimations = Array(animations[before...])
        animations.removeSubrange(before...)
        var mainView: String?
        if let main = proto.mainView {
            if let name = main.accessibilityIdentifier { mainView = name } else {
                problem("table.cell", "template", "the mainView needs an accessibilityIdentifier (its name in the template)")
            }
        }
        var m = TableModel.CellTemplate(layers: layers, mainView: mainView, autoHeight: automatic, paddingBottom: Double(proto.paddingBottom),
                                        detailView: proto.detailView?.accessibilityIdentifier)
        m.animations = cellAnimations
        return m
    }

    /// The table's frame animations and the offsets the delegate's code left, in the model.
    mutating func tableScroll(_ t: UITableView, into m: inout TableModel) {
        guard !t.app.simulatingForApp else { return }
        if !t.layer.animations.isEmpty {
            let name = self.name(for: t.layer)
            m.name = name
            let width = Double(SceneWriter.startFrame(t).width)
            for (i, a) in t.layer.animations.enumerated() {
                let before = animations.count
                animation(a.animation, layer: name, path: "table", index: i, key: a.key)
                for j in before..<animations.count { animations[j] = tableFrameAnimation(animations[j], width: width, index: i) }
            }
        }
        if t.offsetSetByCode, let d = t.app.scroll, !d.samples.isEmpty {
            // The held end is one sample.
            var values = d.samples
            while values.count > 1 && values[values.count - 2] == values[values.count - 1] { values.removeLast() }
            m.contentOffsets = RecordedOffsets(rate: ScrollDriver.rate, values: values)
        }
    }
}

/// The script's events as the model's.
@MainActor
extension SceneWriter {
    static func rowPath(_ p: IndexPath) -> RowPath { RowPath(p.section, p.row) }

    static func timing(_ name: CAMediaTimingFunctionName?) -> TimingFunction? {
        name.map { TimingFunction.named[$0.rawValue] ?? .easeInEaseOut }
    }

    /// The events in time order, each with its place in the script for messages.
    static func scriptModel(_ events: [TableScriptEvent], directory: String) -> [ScriptEvent] {
        events.enumerated().compactMap { i, e in
            let path = "script[\(i)]"
            let action: ScriptEvent.Action
            switch e {
            case let .tap(_, section, row, hold): action = .tap(section: section, row: row, hold: hold)
            case let .scroll(_, to, duration, timing): action = .scroll(to: Double(to), by: nil, duration: duration, timingFunction: self.timing(timing))
            case let .scrollBy(_, by, duration, timing): action = .scroll(to: nil, by: Double(by), duration: duration, timingFunction: self.timing(timing))
            case let .drag(_, by, duration, timing): action = .drag(to: nil, by: Double(by), duration: duration, timingFunction: self.timing(timing))
            case let .dragTo(_, to, duration, timing): action = .drag(to: Double(to), by: nil, duration: duration, timingFunction: self.timing(timing))
            case .release: action = .release
            case let .fling(_, velocity, rate): action = .fling(velocity: Double(velocity), decelerationRate: rate)
            case let .update(_, changes, duration, timing):
                // Each change's rows at the path the format writes them (a batch's under its updates).
                let at = { (j: Int) in changes.count == 1 ? path : "\(path).performBatchUpdates.updates[\(j)]" }
                action = .update(TableUpdate(changes: changes.enumerated().map { change($1, path: at($0), directory: directory) },
                                             duration: duration, timingFunction: timing?.value))
            case let .scrollToRow(_, p, position, animated):
                action = .scrollToRow(rowPath(p), position: TableModel.ScrollPosition(rawValue: position.rawValue) ?? .top, animated: animated)
            case let .swipe(_, p, s):
                var swipe = TableModel.Swipe(edge: s.isLeading ? .leading : .trailing,
                                             actions: s.actions.map { .init(title: $0.title, style: $0.isDestructive ? .destructive : .normal,
                                                                            backgroundColor: $0.backgroundColor?.cgColor.model, symbol: $0.image?.symbol?.name) },
                                             full: s.isFull, close: s.closes, duration: s.duration)
                swipe.editingControl = s.isFromEditingControl
                action = .swipe(rowPath(p), swipe)
            case let .reorder(_, from, to, duration):
                var u = TableUpdate(changes: [.moveRow(from: rowPath(from), to: rowPath(to))], duration: 0)
                u.reorder = duration
                action = .update(u)
            case let .setEditing(_, editing, animated): action = .setEditing(editing, animated: animated)
            case let .refreshing(_, begin): action = .refreshing(begin)
            case let .reconfigureRows(_, paths, rows):
                action = .reconfigureRows(paths.map(rowPath), rows: rows.enumerated().map { row($1, path: "\(path).reconfigureRows.rows[\($0)]", directory: directory) })
            case .tapSwipeAction, .tapEditingControl, .tapAccessoryButton:
                return nil
            }
            return ScriptEvent(at: e.time, action: action, jsonPath: path)
        }
    }

    static func change(_ c: UITableViewChange, path: String, directory: String) -> TableUpdate.Change {
        func animation(_ a: UITableView.RowAnimation) -> TableModel.RowAnimation { TableModel.RowAnimation(rawValue: a.rawValue) ?? .automatic }
        func rows(_ rs: [UITableViewRow], _ kind: String) -> [TableModel.Row] {
            rs.enumerated().map { row($1, path: "\(path).\(kind).rows[\($0)]", directory: directory) }
        }
        func sections(_ ss: [UITableViewSection], _ kind: String) -> [TableModel.Section] {
            ss.enumerated().map { section($1, path: "\(path).\(kind).sections[\($0)]", directory: directory) }
        }
        switch c {
        case let .insertRows(p, r, a): return .insertRows(p.map(rowPath), rows: rows(r, "insertRows"), animation: animation(a))
        case let .deleteRows(p, a): return .deleteRows(p.map(rowPath), animation: animation(a))
        case let .reloadRows(p, r, a): return .reloadRows(p.map(rowPath), rows: rows(r, "reloadRows"), animation: animation(a))
        case let .moveRow(from, to): return .moveRow(from: rowPath(from), to: rowPath(to))
        case let .insertSections(ix, s, a): return .insertSections(ix, sections: sections(s, "insertSections"), animation: animation(a))
        case let .deleteSections(ix, a): return .deleteSections(ix, animation: animation(a))
        case let .moveSection(from, to): return .moveSection(from: from, to: to)
        case let .rowHeights(p, h): return .rowHeights(p.map(rowPath), heights: h.map(Double.init))
        case let .reloadData(s): return .reloadData(sections: sections(s, "reloadData"))
        }
    }
}

extension SceneWriter {
    /// A refresh control as the model keeps it: its tint, and its title's string, colour and
    /// font (the attributes of its first character), the title's line measured as labels are.
    static func refreshControl(_ rc: UIRefreshControl) -> TableModel.RefreshControl {
        var control = TableModel.RefreshControl(tintColor: rc.ownTintColor?.cgColor.model)
        guard let title = rc.attributedTitle, title.length > 0 else { return control }
        control.title = title.string
        let attributes = title.attributes(at: 0, effectiveRange: nil)
        var style = TableModel.LabelStyle()
        style.color = (attributes[.foregroundColor] as? UIColor)?.cgColor.model
        if let font = attributes[.font] as? UIFont {
            style.size = Double(font.pointSize)
            style.font = .system(font.weight?.fontWeight ?? .regular)
        }
        if style != TableModel.LabelStyle() { control.titleStyle = style }
        control.titleHeight = LabelTextMeasurer().height(of: TableSimulation.refreshTitleText(control, SceneRuntime.current.contentSizeCategory),
                                                         width: .infinity)
        return control
    }
}
