import Geometry
import JSONText
import SceneModel

/// The table, its script and the whole scene as the format writes them: what they write
/// decodes to the same model (issue 50: JSON is a codec beside the model). Keys are written
/// where they differ from the format's defaults, in the reference's order.
extension SceneEncoder {
    /// A whole scene object, its top-level keys in the reference's order.
    public static func scene(_ s: Scene) -> JSON {
        $appearance.withValue(s.canvas.appearance) { sceneInAppearance(s) }
    }

    static func sceneInAppearance(_ s: Scene) -> JSON {
        var top: [(key: String, value: JSON)] = [("version", .number(1)), ("canvas", canvas(s.canvas)),
                                                 ("fps", .number(s.fps)), ("duration", .number(s.duration))]
        if !s.fonts.isEmpty { top.append(("fonts", .object(s.fonts.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))) }
        if let bar = s.statusBar { top.append(("statusBar", statusBar(bar))) } else if s.isPhoneScreen { top.append(("statusBar", .bool(false))) }
        if s.homeIndicator != s.showsHomeIndicatorByDefault { top.append(("homeIndicator", .bool(s.homeIndicator))) }
        if let bar = s.navigationBar { top.append(("navigationBar", navigationBar(bar))) }
        if let t = s.table { top.append(("table", table(t))) }
        if !s.script.isEmpty { top.append(("script", .array(s.script.map(event)))) }
        if !s.layers.isEmpty { top.append(("layers", .array(s.layers.map(layer)))) }
        if !s.animations.isEmpty { top.append(("animations", .array(s.animations.map(animation)))) }
        if !s.changes.isEmpty { top.append(("changes", .array(s.changes.map(change)))) }
        return .object(top)
    }

    public static func navigationBar(_ bar: NavigationBarModel) -> JSON {
        var nav: [(key: String, value: JSON)] = [("title", .string(bar.title))]
        if bar.prefersLargeTitles { nav.append(("prefersLargeTitles", .bool(true))) }
        if let back = bar.backButton { nav.append(("backButton", .string(back))) }
        if let right = bar.rightButton { nav.append(("rightButton", .string(right))) }
        if bar.rightButtonDone { nav.append(("rightButtonStyle", .string("done"))) }
        if bar.editButton { nav.append(("editButton", .bool(true))) }
        if let s = bar.rightButtonSymbol { nav.append(("rightButtonSymbol", .string(s))) }
        if let left = bar.leftButton { nav.append(("leftButton", .string(left))) }
        if bar.leftButtonDone { nav.append(("leftButtonStyle", .string("done"))) }
        if let s = bar.leftButtonSymbol { nav.append(("leftButtonSymbol", .string(s))) }
        if !bar.rightButtonEnabled { nav.append(("rightButtonEnabled", .bool(false))) }
        if !bar.leftButtonEnabled { nav.append(("leftButtonEnabled", .bool(false))) }
        if let c = bar.tintColor { nav.append(("tintColor", color(c))) }
        for (key, value) in [("barColor", bar.barColor), ("scrollEdgeBarColor", bar.scrollEdgeBarColor), ("shadowColor", bar.shadowColor),
                             ("titleColor", bar.titleColor), ("largeTitleColor", bar.largeTitleColor),
                             ("rightButtonColor", bar.rightButtonColor), ("leftButtonColor", bar.leftButtonColor)] {
            if let c = value { nav.append((key, color(c))) }
        }
        if let search = bar.searchBar {
            if search == NavigationBarModel.SearchBar() {
                nav.append(("searchBar", .bool(true)))
            } else {
                var o: [(key: String, value: JSON)] = [("placeholder", .string(search.placeholder))]
                if let t = search.text { o.append(("text", .string(t))) }
                o.append(("hidesWhenScrolling", .bool(search.hidesWhenScrolling)))
                nav.append(("searchBar", .object(o)))
            }
        }
        return .object(nav)
    }

    static func point(_ p: Point) -> JSON { .array([.number(p.x), .number(p.y)]) }
    static func path(_ p: RowPath) -> JSON { .array([.number(Double(p.section)), .number(Double(p.row))]) }

    /// A built-in label's `font` object (its size and weight, or file).
    static func labelFont(_ style: TableModel.LabelStyle) -> JSON {
        var font: [(key: String, value: JSON)] = []
        if let z = style.size { font.append(("size", .number(z))) }
        switch style.font {
        case .file(_, let written)?: font.append(("file", .string(written)))
        case .system(let w)?: font.append(("weight", .string(w.rawValue)))
        case nil: break
        }
        return .object(font)
    }

    /// The `table` object.
    public static func table(_ t: TableModel) -> JSON {
        var m: [(key: String, value: JSON)] = []
        if let f = t.frame { m.append(("frame", .array([f.x, f.y, f.width, f.height].map(JSON.number)))) }
        if let n = t.name { m.append(("name", .string(n))) }
        if let o = t.contentOffsets {
            m.append(("contentOffsets", .object([("rate", .number(o.rate)), ("values", .array(o.values.map(JSON.number)))])))
        }
        if let h = t.header { m.append(("header", header(h))) }
        if t.style != .plain { m.append(("style", .string(t.style.rawValue))) }
        if t.selfSizingRows { m.append(("rowHeight", .string("auto"))) } else if t.rowHeight != 44 { m.append(("rowHeight", .number(t.rowHeight))) }
        if let c = t.backgroundColor { m.append(("backgroundColor", color(c))) }
        var separator: [(key: String, value: JSON)] = []
        if t.separatorNone { separator.append(("style", .string("none"))) }
        if t.separatorColor != Color.named("separator", appearance) { separator.append(("color", color(t.separatorColor))) }
        if t.separatorInsetLeft != 16 { separator.append(("insetLeft", .number(t.separatorInsetLeft))) }
        if !t.emptyRowSeparators { separator.append(("emptyRows", .bool(false))) }
        if !separator.isEmpty { m.append(("separator", .object(separator))) }
        if !t.showsVerticalScrollIndicator { m.append(("showsVerticalScrollIndicator", .bool(false))) }
        if let titles = t.sectionIndexTitles { m.append(("sectionIndexTitles", .array(titles.map(JSON.string)))) }
        if let c = t.sectionIndexColor { m.append(("sectionIndexColor", color(c))) }
        if let c = t.tintColor { m.append(("tintColor", color(c))) }
        if let p = t.sectionHeaderTopPadding { m.append(("sectionHeaderTopPadding", .number(p))) }
        if t.editing { m.append(("editing", .bool(true))) }
        // A rowCount section is written as rowCount while its rows are the ones it makes.
        var sections = t.sections
        var counted: (count: Int, format: String)?
        if let format = t.titleFormat, let last = sections.last, last.title == nil, last.footer == nil, last.headerView == nil,
           last.footerView == nil, last.rows.allSatisfy({ row in
               row.jsonPath == "table.rowCount" && row.cell == nil && row.detail == nil && row.height == nil && !row.selfSizing
                   && row.accessory == .none && row.accessoryView == nil && row.imageView == nil
                   && { if case .table = row.display { return true } else { return false } }()
           }) {
            counted = (last.rows.count, format)
            sections.removeLast()
        }
        if !sections.isEmpty { m.append(("sections", .array(sections.map(section)))) }
        if let (count, format) = counted {
            m.append(("rowCount", .number(Double(count))))
            if format != "Cell %d" { m.append(("titleFormat", .string(format))) }
        }
        if let v = t.tableHeaderView { m.append(("tableHeaderView", layer(v))) }
        if let v = t.tableFooterView { m.append(("tableFooterView", layer(v))) }
        var cell: [(key: String, value: JSON)] = []
        if t.cellStyle != .basic { cell.append(("style", .string(t.cellStyle.rawValue))) }
        if let c = t.cellBackground { cell.append(("backgroundColor", color(c))) }
        if let c = t.card { cell.append(("card", card(c))) }
        if t.accessoryColor != Color.named["grayColor"] { cell.append(("accessoryColor", color(t.accessoryColor))) }
        if t.accessoryHighlightedColor != .white { cell.append(("accessoryHighlightedColor", color(t.accessoryHighlightedColor))) }
        if let template = t.template { cell.append(("template", self.template(template))) }
        if !cell.isEmpty { m.append(("cell", .object(cell))) }
        if let e = expansion(t.expansion) { m.append(("expansion", e)) }
        if let d = t.display { m.append(("display", .object([("effect", effect(d)), ("once", .bool(d.once))]))) }
        if let s = selection(t.selection) { m.append(("selection", s)) }
        if let rc = t.refreshControl {
            var o: [(key: String, value: JSON)] = rc.tintColor.map { [("tintColor", color($0))] } ?? []
            if let title = rc.title { o.append(("title", .string(title))) }
            if let c = rc.titleStyle?.color { o.append(("titleColor", color(c))) }
            if let style = rc.titleStyle, style.font != nil || style.size != nil { o.append(("titleFont", labelFont(style))) }
            m.append(("refreshControl", .object(o)))
        }
        return .object(m)
    }

    static func header(_ h: TableModel.Header) -> JSON {
        var m: [(key: String, value: JSON)] = [("maxHeight", .number(h.maxHeight)), ("minHeight", .number(h.minHeight)),
                                               ("backgroundColor", color(h.backgroundColor))]
        if let title = h.title {
            m.append(("title", .object([("string", .string(title))] + (h.titleColor != .white ? [("color", color(h.titleColor))] : []))))
        }
        if let logo = h.logo {
            m.append(("logo", .object([("image", .string(logo.file)), ("size", point(h.logoSize)), ("bottom", .number(h.logoBottom))])))
        }
        m.append(("snapDuration", .number(h.snapDuration)))
        return .object(m)
    }

    static func card(_ c: TableModel.Card) -> JSON {
        .object([("inset", point(c.inset)), ("cornerRadius", .number(c.cornerRadius)), ("backgroundColor", color(c.backgroundColor)),
                 ("shadowOpacity", .number(c.shadowOpacity))])
    }

    static func template(_ t: TableModel.CellTemplate) -> JSON {
        var m: [(key: String, value: JSON)] = [("layers", .array(t.layers.map(layer)))]
        if !t.animations.isEmpty { m.append(("animations", .array(t.animations.map(animation)))) }
        if t.autoHeight { m.append(("height", .string("auto"))) }
        if t.paddingBottom != 0 { m.append(("paddingBottom", .number(t.paddingBottom))) }
        if let name = t.detailView { m.append(("detailView", .string(name))) }
        if let name = t.mainView { m.append(("mainView", .string(name))) }
        return .object(m)
    }

    /// `expansion`, or nil when it is the format's default (no effect).
    static func expansion(_ e: TableModel.Expansion) -> JSON? {
        var m: [(key: String, value: JSON)] = []
        if e.effect != .none { m.append(("effect", .string(e.effect.rawValue))) }
        if e.effect == .rows || e.rowAnimation != .top { m.append(("rowAnimation", .string(e.rowAnimation.rawValue))) }
        if e.effect != .none || e.duration != 0.3 { m.append(("duration", .number(e.duration))) }
        if e.effect == .fold || e.perspective != 500 { m.append(("perspective", .number(e.perspective))) }
        if e.effect == .fold || !e.shadow { m.append(("shadow", .bool(e.shadow))) }
        if e.effect == .fold || e.join != .translation { m.append(("join", .string(e.join.rawValue))) }
        if let h = e.detailHeight { m.append(("detailHeight", .number(h))) }
        if e.detailColor != Color(255, 214, 10) { m.append(("detailColor", color(e.detailColor))) }
        if let f = e.timingFunction { m.append(("timingFunction", timing(f))) }
        return m.isEmpty ? nil : .object(m)
    }

    /// `selection`, or nil when it is the format's default.
    static func selection(_ s: TableModel.Selection) -> JSON? {
        var m: [(key: String, value: JSON)] = []
        if s.deselect != .immediate { m.append(("deselect", .string(s.deselect.rawValue))) }
        if s.multiple { m.append(("multiple", .bool(true))) }
        if s.color != Color.named("systemGray4", appearance) { m.append(("color", color(s.color))) }
        if s.duration != TableModel.Selection.fadeDuration { m.append(("duration", .number(s.duration))) }
        return m.isEmpty ? nil : .object(m)
    }

    /// A display effect object: a start state that animates to the cell's own, or animations.
    public static func effect(_ d: TableModel.Display) -> JSON {
        var m: [(key: String, value: JSON)] = []
        if let list = d.animations {
            m.append(("animations", .array(list.map(animation))))
        } else {
            if d.transform.matrix != .identity { m.append(("transform", transform(d.transform))) }
            if d.opacity != 1 { m.append(("opacity", .number(d.opacity))) }
            m.append(("duration", .number(d.duration)))
            if let f = d.timingFunction { m.append(("timingFunction", timing(f))) }
            if let a = d.anchorPoint { m.append(("anchorPoint", point(a))) }
            if let s = d.shadowOffset { m.append(("shadowOffset", point(s))) }
            m.append(("target", .string(d.target == .card ? "card" : "cell")))
            if !d.keepsFrame { m.append(("keepsFrame", .bool(false))) }
        }
        if d.delay != 0 { m.append(("delay", .number(d.delay))) }
        if d.delayPerRow != 0 { m.append(("delayPerRow", .number(d.delayPerRow))) }
        if !d.firstScreen { m.append(("firstScreen", .bool(false))) }
        return .object(m)
    }

    public static func section(_ s: TableModel.Section) -> JSON {
        var m: [(key: String, value: JSON)] = []
        if let title = s.title { m.append(("title", .string(title))) }
        if s.collapsible { m.append(("collapsible", .bool(true))) }
        if !s.expanded { m.append(("expanded", .bool(false))) }
        m.append(("rows", .array(s.rows.map(row))))
        if let f = s.footer { m.append(("footer", .string(f))) }
        if let v = s.headerView { m.append(("headerView", layer(v))) }
        if let v = s.footerView { m.append(("footerView", layer(v))) }
        return .object(m)
    }

    public static func row(_ r: TableModel.Row) -> JSON {
        var m: [(key: String, value: JSON)] = [("title", .string(r.title))]
        if let d = r.detail { m.append(("detail", .string(d))) }
        if r.selfSizing { m.append(("height", .string("auto"))) } else if let h = r.height { m.append(("height", .number(h))) }
        if r.accessory != .none { m.append(("accessory", .string(r.accessory.rawValue))) }
        if let v = r.accessoryView { m.append(("accessoryView", layer(v))) }
        if let s = r.imageSymbol {
            var image: [(key: String, value: JSON)] = [("symbol", .string(s.name))]
            if s.pointSize != 17 { image.append(("pointSize", .number(s.pointSize))) }
            if s.weight != .regular { image.append(("weight", .string(s.weight.rawValue))) }
            if s.scale != .medium { image.append(("scale", .string(s.scale.rawValue))) }
            if let c = s.color { image.append(("color", color(c))) }
            m.append(("image", .object(image + imageLook(r.imageLook))))
        } else if let v = r.imageView, let file = v.image?.file {
            var image: [(key: String, value: JSON)] = [("file", .string(file))]
            if v.bounds.width > 0 { image.append(("size", .array([.number(v.bounds.width), .number(v.bounds.height)]))) }
            m.append(("image", .object(image + imageLook(r.imageLook))))
        }
        if r.editingStyle != .delete { m.append(("editingStyle", .string(r.editingStyle.rawValue))) }
        if r.canMove { m.append(("canMove", .bool(true))) }
        if !r.shouldIndentWhileEditing { m.append(("shouldIndentWhileEditing", .bool(false))) }
        if r.expanded { m.append(("expanded", .bool(true))) }
        if let s = r.style { m.append(("style", .string(s.rawValue))) }
        for (name, style) in [("title", r.labelStyles?.title), ("detail", r.labelStyles?.detail)] {
            guard let style else { continue }
            if let c = style.color { m.append((name + "Color", color(c))) }
            if style.font != nil || style.size != nil { m.append((name + "Font", labelFont(style))) }
            if let n = style.lines { m.append((name + "Lines", .int(n))) }
            if let a = style.alignment { m.append((name + "Alignment", .string(a.rawValue))) }
        }
        if !r.values.isEmpty { m.append(("values", .object(r.values.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))) }
        switch r.display {
        case .table: break
        case .none: m.append(("display", .string("none")))
        case .effect(let d): m.append(("display", effect(d)))
        }
        if let c = r.cell {
            var cell: [(key: String, value: JSON)] = []
            if c.ownContent { cell.append(("layers", .array(r.layers.map(layer)))) }
            if !c.animations.isEmpty { cell.append(("animations", .array(c.animations.map(animation)))) }
            if let b = c.backgroundColor { cell.append(("backgroundColor", color(b))) }
            if let n = c.separatorInsetLeft { cell.append(("separatorInsetLeft", .number(n))) }
            if let s = c.selectedBackgroundColor { cell.append(("selectedBackgroundColor", color(s))) }
            if let s = c.tintColor { cell.append(("tintColor", color(s))) }
            m.append(("cell", .object(cell)))
        }
        return .object(m)
    }

    /// A script event: `at` and its action.
    public static func event(_ e: ScriptEvent) -> JSON {
        .object([("at", .number(e.at)), action(e.action)])
    }

    static func action(_ a: ScriptEvent.Action) -> (key: String, value: JSON) {
        func moved(_ to: Double?, _ by: Double?, _ duration: Double, _ f: TimingFunction?) -> JSON {
            var m: [(key: String, value: JSON)] = []
            if let to { m.append(("to", .number(to))) }
            if let by { m.append(("by", .number(by))) }
            m.append(("duration", .number(duration)))
            if let f { m.append(("timingFunction", timing(f))) }
            return .object(m)
        }
        switch a {
        case let .tap(section, row, hold):
            let held: [(key: String, value: JSON)] = hold > 0 ? [("hold", .number(hold))] : []
            return ("tap", .object([(key: "section", value: .number(Double(section))), (key: "row", value: .number(Double(row)))] + held))
        case let .scroll(to, by, duration, f): return ("scroll", moved(to, by, duration, f))
        case let .drag(to, by, duration, f): return ("drag", moved(to, by, duration, f))
        case .release: return ("release", .object([]))
        case let .fling(v, rate): return ("fling", .object([("velocity", .number(v)), ("decelerationRate", .number(rate))]))
        case .update(let u): return update(u)
        case let .scrollToRow(p, position, animated):
            return ("scrollToRow", .object([("section", .number(Double(p.section))), ("row", .number(Double(p.row))),
                                            ("position", .string(position.rawValue)), ("animated", .bool(animated))]))
        case let .swipe(p, s): return ("swipe", swipe(p, s))
        case let .reconfigureRows(paths, rows):
            return ("reconfigureRows", .object([("indexPaths", .array(paths.map(path))), ("rows", .array(rows.map(row)))]))
        case let .setEditing(editing, animated):
            return ("setEditing", .object([("editing", .bool(editing)), ("animated", .bool(animated))]))
        case .refreshing(let begin): return (begin ? "beginRefreshing" : "endRefreshing", .object([]))
        }
    }

    /// A row image's `cornerRadius` and `maximumSize` where set.
    static func imageLook(_ look: TableModel.ImageLook?) -> [(key: String, value: JSON)] {
        guard let look else { return [] }
        var out: [(key: String, value: JSON)] = []
        if look.cornerRadius != 0 { out.append(("cornerRadius", .number(look.cornerRadius))) }
        if look.maximumSize != Point(0, 0) { out.append(("maximumSize", .array([.number(look.maximumSize.x), .number(look.maximumSize.y)]))) }
        return out
    }

    static func swipe(_ p: RowPath, _ s: TableModel.Swipe) -> JSON {
        var m: [(key: String, value: JSON)] = [("section", .number(Double(p.section))), ("row", .number(Double(p.row))),
                                               ("edge", .string(s.edge.rawValue))]
        m.append(("actions", .array(s.actions.map { a in
            .object([("title", .string(a.title)), ("style", .string(a.style.rawValue))]
                    + (a.backgroundColor.map { [("backgroundColor", color($0))] } ?? [])
                    + (a.symbol.map { [("symbol", JSON.string($0))] } ?? []))
        })))
        m += [("full", .bool(s.full)), ("close", .bool(s.close)), ("duration", .number(s.duration))]
        if s.editingControl { m.append(("editingControl", .bool(true))) }
        return .object(m)
    }

    /// An update: one call with its timing, `performBatchUpdates` of several, or a reorder drag.
    static func update(_ u: TableUpdate) -> (key: String, value: JSON) {
        if let d = u.reorder, u.changes.count == 1, case let .moveRow(from, to)? = u.changes.first {
            return ("reorder", .object([("from", path(from)), ("to", path(to)), ("duration", .number(d))]))
        }
        var timed: [(key: String, value: JSON)] = [("duration", .number(u.duration))]
        if let f = u.timingFunction { timed.append(("timingFunction", timing(f))) }
        if u.changes.count == 1, let c = u.changes.first {
            let (k, body) = change(c)
            return (k, .object(body + (k == "reloadData" ? [] : timed)))
        }
        return ("performBatchUpdates", .object([("updates", .array(u.changes.map { let (k, b) = change($0); return .object([(k, .object(b))]) }))] + timed))
    }

    static func change(_ c: TableUpdate.Change) -> (key: String, body: [(key: String, value: JSON)]) {
        func paths(_ ps: [RowPath]) -> (key: String, value: JSON) { ("indexPaths", .array(ps.map(path))) }
        func animation(_ a: TableModel.RowAnimation) -> (key: String, value: JSON) { ("animation", .string(a.rawValue)) }
        func rows(_ rs: [TableModel.Row]) -> (key: String, value: JSON) { ("rows", .array(rs.map(row))) }
        func indexes(_ ix: [Int]) -> (key: String, value: JSON) { ("indexes", .array(ix.map { .number(Double($0)) })) }
        switch c {
        case let .insertRows(p, r, a): return ("insertRows", [paths(p), rows(r), animation(a)])
        case let .deleteRows(p, a): return ("deleteRows", [paths(p), animation(a)])
        case let .reloadRows(p, r, a): return ("reloadRows", [paths(p), rows(r), animation(a)])
        case let .moveRow(from, to): return ("moveRow", [("from", path(from)), ("to", path(to))])
        case let .insertSections(ix, s, a): return ("insertSections", [indexes(ix), ("sections", .array(s.map(section))), animation(a)])
        case let .deleteSections(ix, a): return ("deleteSections", [indexes(ix), animation(a)])
        case let .moveSection(from, to): return ("moveSection", [("from", .number(Double(from))), ("to", .number(Double(to)))])
        case let .rowHeights(p, h): return ("rowHeights", [paths(p), ("heights", .array(h.map(JSON.number)))])
        case let .reloadData(s): return ("reloadData", [("sections", .array(s.map(section)))])
        }
    }
}
