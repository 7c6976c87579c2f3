import Geometry

/// The table's and the script's checks on the model (issue 50, step 1): what a table built in
/// memory (a Swift scene's) can get wrong in its typed values, with the decoder's paths and
/// wording. A decoded table has been checked as it was read.
extension Validator {
    mutating func number(_ n: Double, _ path: String, min: Double? = nil, above: Double? = nil, max: Double? = nil) {
        if let why = Validation.number(n, min: min, above: above, max: max) { report(path, why) }
    }

    mutating func color(_ c: Color, _ path: String) {
        if let why = Validation.color(c) { report(path, why) }
    }

    mutating func point(_ p: Point, _ path: String) {
        if !(p.x.isFinite && p.y.isFinite) { report(path, "expected [x, y] of finite numbers, found \(Validation.shown([p.x, p.y]))") }
    }

    /// A layer tree with names of its own (a row's cell, an accessory view, a section's view and
    /// the cell template may each be written alike): its names do not meet the scene's.
    mutating func ownLayers(_ layers: [LayerModel], _ path: String) {
        let scene = names
        names = [:]
        for (i, l) in layers.enumerated() { layer(l, "\(path)[\(i)]", depth: 2) }
        names = scene
    }

    mutating func ownLayer(_ l: LayerModel, _ path: String) {
        let scene = names
        names = [:]
        layer(l, path, depth: 2)
        names = scene
    }

    mutating func table(_ t: TableModel, script: [ScriptEvent]) {
        if let f = t.frame {
            let n = [f.x, f.y, f.width, f.height]
            if !(f.width > 0 && f.height > 0 && n.allSatisfy({ abs($0) <= TableModel.maxCoordinate })) {
                report("table.frame", "expected [x, y, width, height] with width and height > 0 and each within ±100000, found \(Validation.shown(n))")
            }
        }
        if let o = t.contentOffsets {
            number(o.rate, "table.contentOffsets.rate", above: 0, max: 1000)
            keyframeValues += o.values.count
            if within(\.keyframeValues, keyframeValues, "table.contentOffsets.values", found: "\(keyframeValues) (the table's contentOffsets count with the animations' keyframes)") {
                for (i, v) in o.values.enumerated() {
                    number(v, "table.contentOffsets.values[\(i)]", min: -TableModel.maxCoordinate, max: TableModel.maxCoordinate)
                }
            }
        }
        if let h = t.header { header(h) }
        number(t.rowHeight, "table.rowHeight", above: 0, max: 10_000)
        if let c = t.backgroundColor { color(c, "table.backgroundColor") }
        color(t.separatorColor, "table.separator.color")
        number(t.separatorInsetLeft, "table.separator.insetLeft", min: 0)
        for (i, s) in t.sections.enumerated() { section(s, "table.sections[\(i)]") }
        ownViews([("tableHeaderView", t.tableHeaderView), ("tableFooterView", t.tableFooterView)], "table")
        if let c = t.cellBackground { color(c, "table.cell.backgroundColor") }
        color(t.accessoryColor, "table.cell.accessoryColor")
        if let c = t.refreshControl?.tintColor { color(c, "table.refreshControl.tintColor") }
        if let c = t.tintColor { color(c, "table.tintColor") }
        if let p = t.sectionHeaderTopPadding { number(p, "table.sectionHeaderTopPadding", min: 0, max: 10_000) }
        if t.refreshControl != nil, t.header != nil {
            report("table.refreshControl", "expected no refreshControl with a collapsing header (the header moves the table and its content itself), found both")
        }
        color(t.accessoryHighlightedColor, "table.cell.accessoryHighlightedColor")
        if let k = t.card {
            point(k.inset, "table.cell.card.inset")
            number(k.cornerRadius, "table.cell.card.cornerRadius", min: 0)
            color(k.backgroundColor, "table.cell.card.backgroundColor")
            number(k.shadowOpacity, "table.cell.card.shadowOpacity", min: 0, max: 1)
        }
        if let template = t.template {
            ownLayers(template.layers, "table.cell.template.layers")
            number(template.paddingBottom, "table.cell.template.paddingBottom", min: 0, max: 10_000)
            for (i, a) in template.animations.enumerated() { animation(a, "table.cell.template.animations[\(i)]") }
        }
        expansion(t.expansion)
        if let d = t.display { display(d, "table.display.effect") }
        color(t.selection.color, "table.selection.color")
        number(t.selection.duration, "table.selection.duration", above: 0, max: 60)
        for (i, e) in script.enumerated() { event(e, "script[\(i)]") }
    }

    mutating func header(_ h: TableModel.Header) {
        number(h.maxHeight, "table.header.maxHeight", min: 0, max: 10_000)
        number(h.minHeight, "table.header.minHeight", min: 0, max: 10_000)
        if h.minHeight > h.maxHeight {
            report("table.header.minHeight", "expected at most maxHeight (\(Message.number(h.maxHeight))), found \(Message.number(h.minHeight))")
        }
        color(h.backgroundColor, "table.header.backgroundColor")
        if let title = h.title { text(title, "table.header.title.string") }
        color(h.titleColor, "table.header.title.color")
        point(h.logoSize, "table.header.logo.size")
        number(h.logoBottom, "table.header.logo.bottom", min: -10_000, max: 10_000)
        number(h.snapDuration, "table.header.snapDuration", above: 0, max: 10)
    }

    mutating func expansion(_ e: TableModel.Expansion) {
        number(e.duration, "table.expansion.duration", above: 0, max: 60)
        number(e.perspective, "table.expansion.perspective", above: 0)
        if let h = e.detailHeight { number(h, "table.expansion.detailHeight", above: 0, max: 10_000) }
        color(e.detailColor, "table.expansion.detailColor")
        if let f = e.timingFunction { timing(f, "table.expansion.timingFunction") }
    }

    mutating func display(_ d: TableModel.Display, _ path: String) {
        if !d.transform.matrix.entries.allSatisfy(\.isFinite) { report(path + ".transform", "expected a transform of finite numbers, found one that is not") }
        number(d.opacity, path + ".opacity", min: 0, max: 1)
        number(d.duration, path + ".duration", above: 0, max: 60)
        if let f = d.timingFunction { timing(f, path + ".timingFunction") }
        if let a = d.anchorPoint { point(a, path + ".anchorPoint") }
        if let s = d.shadowOffset { point(s, path + ".shadowOffset") }
        number(d.delay, path + ".delay", min: 0, max: 60)
        number(d.delayPerRow, path + ".delayPerRow", min: 0, max: 10)
        for (i, a) in (d.animations ?? []).enumerated() { animation(a, "\(path).animations[\(i)]") }
    }

    mutating func section(_ s: TableModel.Section, _ path: String) {
        if let title = s.title { text(title, path + ".title") }
        for (i, r) in s.rows.enumerated() { row(r, "\(path).rows[\(i)]") }
        if let f = s.footer { text(f, path + ".footer") }
        ownViews([("headerView", s.headerView), ("footerView", s.footerView)], path)
    }

    /// Views the table draws with their own size: their layers, and heights above 0 and at most 10000.
    mutating func ownViews(_ views: [(key: String, view: LayerModel?)], _ path: String) {
        for (key, view) in views {
            guard let view else { continue }
            ownLayer(view, "\(path).\(key)")
            if !(view.bounds.height > 0) || view.bounds.height > 10_000 {
                report("\(path).\(key).frame", "expected the view's height, above 0 and at most 10000 points, found \(Message.number(view.bounds.height))")
            }
        }
    }

    mutating func row(_ r: TableModel.Row, _ path: String) {
        layerCount += 1
        guard within(\.layers, layerCount, path, found: "more") else { return }
        if r.jsonPath == "table.rowCount" {
            // A rowCount title counts its bytes past 16, as the decoder prices it.
            textLength += max(r.title.utf8.count - 16, 0)
            within(\.textLength, textLength, "table.titleFormat", found: "more")
        } else {
            text(r.title, path + ".title")
        }
        if let d = r.detail { text(d, path + ".detail") }
        if let h = r.height { number(h, path + ".height", min: 0, max: 10_000) }
        if let v = r.accessoryView { ownLayer(v, path + ".accessoryView") }
        if let v = r.imageView, v.bounds.width != 0 || v.bounds.height != 0,
           !(v.bounds.width > 0 && v.bounds.width <= 10_000 && v.bounds.height > 0 && v.bounds.height <= 10_000) {
            report(path + ".image.size", "expected [width, height], each > 0 and <= 10000, found \(Validation.shown([v.bounds.width, v.bounds.height]))")
        }
        if case .effect(let d) = r.display { display(d, path + ".display") }
        if let look = r.imageLook {
            number(look.cornerRadius, path + ".image.cornerRadius", min: 0, max: 10_000)
            let m = look.maximumSize
            if !(m.x >= 0 && m.x <= 10_000 && m.y >= 0 && m.y <= 10_000) {
                report(path + ".image.maximumSize", "expected [width, height], each >= 0 and <= 10000 (0: no limit), found \(Validation.shown([m.x, m.y]))")
            }
        }
        for (name, style) in [("title", r.labelStyles?.title), ("detail", r.labelStyles?.detail)] {
            guard let style else { continue }
            if let c = style.color { color(c, "\(path).\(name)Color") }
            if let z = style.size { number(z, "\(path).\(name)Font.size", above: 0, max: 1000) }
            if let n = style.lines, n < 0 || n > 10_000 { report("\(path).\(name)Lines", "expected a whole number from 0 to 10000, found \(n)") }
        }
        guard let cell = r.cell else { return }
        if cell.ownContent {
            ownLayers(r.layers, "\(path).cell.layers")
        }
        if let c = cell.backgroundColor { color(c, path + ".cell.backgroundColor") }
        if let n = cell.separatorInsetLeft { number(n, path + ".cell.separatorInsetLeft", min: 0, max: 10_000) }
        if let c = cell.selectedBackgroundColor { color(c, path + ".cell.selectedBackgroundColor") }
        for (i, a) in cell.animations.enumerated() { animation(a, "\(path).cell.animations[\(i)]") }
    }

    mutating func event(_ e: ScriptEvent, _ path: String) {
        number(e.at, path + ".at", min: 0)
        switch e.action {
        case let .tap(section, row, hold):
            if !(0...100_000).contains(section) { report(path + ".tap.section", "expected a whole number from 0 to 100000, found \(section)") }
            number(hold, path + ".tap.hold", min: 0, max: min(60, max(e.at, 0)))
            if !(0...10_000_000).contains(row) { report(path + ".tap.row", "expected a whole number from 0 to 10000000, found \(row)") }
        case let .scroll(to, by, duration, f), let .drag(to, by, duration, f):
            let kind = { if case .drag = e.action { return "drag" } else { return "scroll" } }()
            if let to { number(to, "\(path).\(kind).to") }
            if let by { number(by, "\(path).\(kind).by") }
            number(duration, "\(path).\(kind).duration", min: 0, max: 3600)
            if let f { timing(f, "\(path).\(kind).timingFunction") }
        case .release: break
        case let .fling(v, rate):
            number(v, path + ".fling.velocity", min: -TableModel.maxFlingVelocity, max: TableModel.maxFlingVelocity)
            if !(rate > 0.5 && rate < 1) { report(path + ".fling.decelerationRate", "expected \"normal\", \"fast\" or a number below 1 and above 0.5, found \(Message.number(rate))") }
        case .update(let u):
            if let d = u.reorder {
                number(d, path + ".reorder.duration", above: 0, max: 60)
            } else {
                number(u.duration, path + ".duration", min: 0, max: 60)
                if let f = u.timingFunction { timing(f, path + ".timingFunction") }
            }
            for (i, c) in u.changes.enumerated() { change(c, "\(path).updates[\(i)]") }
        case let .scrollToRow(p, _, _): rowPath(p, path + ".scrollToRow")
        case let .swipe(p, s):
            rowPath(p, path + ".swipe")
            if s.actions.isEmpty || s.actions.count > 8 { report(path + ".swipe.actions", "expected 1 to 8 actions, found \(s.actions.count)") }
            for (i, a) in s.actions.enumerated() {
                text(a.title, "\(path).swipe.actions[\(i)].title")
                if let c = a.backgroundColor { color(c, "\(path).swipe.actions[\(i)].backgroundColor") }
            }
            number(s.duration, path + ".swipe.duration", above: 0, max: 60)
        case let .reconfigureRows(paths, rows):
            for (i, p) in paths.enumerated() { rowPath(p, "\(path).reconfigureRows.indexPaths[\(i)]") }
            for (i, r) in rows.enumerated() { row(r, "\(path).reconfigureRows.rows[\(i)]") }
        case .setEditing, .refreshing: break
        }
    }

    mutating func rowPath(_ p: RowPath, _ path: String) {
        if !(0...100_000).contains(p.section) || !(0...10_000_000).contains(p.row) {
            report(path, "expected [section, row] of whole numbers, a section from 0 to 100000 and a row from 0 to 10000000, found [\(p.section), \(p.row)]")
        }
    }

    mutating func change(_ c: TableUpdate.Change, _ path: String) {
        switch c {
        case let .insertRows(paths, rows, _), let .reloadRows(paths, rows, _):
            for (i, p) in paths.enumerated() { rowPath(p, "\(path).indexPaths[\(i)]") }
            for (i, r) in rows.enumerated() { row(r, "\(path).rows[\(i)]") }
        case let .deleteRows(paths, _):
            for (i, p) in paths.enumerated() { rowPath(p, "\(path).indexPaths[\(i)]") }
        case let .moveRow(from, to):
            rowPath(from, path + ".from")
            rowPath(to, path + ".to")
        case let .insertSections(indexes, sections, _):
            for (i, n) in indexes.enumerated() where !(0...100_000).contains(n) { report("\(path).indexes[\(i)]", "expected a whole number from 0 to 100000, found \(n)") }
            for (i, s) in sections.enumerated() { section(s, "\(path).sections[\(i)]") }
        case let .deleteSections(indexes, _):
            for (i, n) in indexes.enumerated() where !(0...100_000).contains(n) { report("\(path).indexes[\(i)]", "expected a whole number from 0 to 100000, found \(n)") }
        case let .moveSection(from, to):
            for (key, n) in [("from", from), ("to", to)] where !(0...100_000).contains(n) { report("\(path).\(key)", "expected a whole number from 0 to 100000, found \(n)") }
        case let .rowHeights(paths, heights):
            for (i, p) in paths.enumerated() { rowPath(p, "\(path).indexPaths[\(i)]") }
            for (i, h) in heights.enumerated() { number(h, "\(path).heights[\(i)]", min: 0, max: 10_000) }
        case .reloadData(let sections):
            for (i, s) in sections.enumerated() { section(s, "\(path).sections[\(i)]") }
        }
    }
}
