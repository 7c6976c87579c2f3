import Geometry
import JSONText
import SceneModel

/// Decoding of the `table` and `script` parts.
extension SceneDecoder {
    static let tableKeys = ["frame", "style", "rowHeight", "backgroundColor", "separator", "header", "sections", "rowCount",
                            "titleFormat", "cell", "expansion", "display", "selection", "showsVerticalScrollIndicator", "editing",
                            "name", "contentOffsets", "tableHeaderView", "tableFooterView", "refreshControl", "sectionIndexTitles", "sectionIndexColor",
                            "tintColor", "sectionHeaderTopPadding"]

    /// The table's scroll view flags (`showsVerticalScrollIndicator`, `editing`) and its section
    /// index (`sectionIndexTitles`, `sectionIndexColor`).
    static func decodeScrollViewAndIndex(_ o: [String: JSON], into table: inout TableModel, _ path: String, _ r: Reader) {
        func p(_ k: String) -> String { Reader.join(path, k) }
        table.showsVerticalScrollIndicator = o["showsVerticalScrollIndicator"].flatMap { r.bool($0, p("showsVerticalScrollIndicator")) } ?? true
        table.editing = o["editing"].flatMap { r.bool($0, p("editing")) } ?? false
        if let v = o["sectionIndexTitles"] { table.sectionIndexTitles = decodeIndexTitles(v, p("sectionIndexTitles"), r) }
        table.sectionIndexColor = o["sectionIndexColor"].flatMap { r.color($0, p("sectionIndexColor")) }
        table.tintColor = o["tintColor"].flatMap { r.color($0, p("tintColor")) }
        table.sectionHeaderTopPadding = o["sectionHeaderTopPadding"].flatMap { r.number($0, p("sectionHeaderTopPadding"), min: 0, max: 10_000) }
    }

    /// `sectionIndexTitles`: 1 to 100 titles, each 1 to 8 characters.
    static func decodeIndexTitles(_ v: JSON, _ path: String, _ r: Reader) -> [String]? {
        guard let items = r.array(v, path) else { return nil }
        guard (1...100).contains(items.count) else {
            r.report(path, "expected 1 to 100 index titles, found \(items.count)")
            return nil
        }
        var titles: [String] = []
        for (i, item) in items.enumerated() {
            guard let s = r.string(item, "\(path)[\(i)]") else { return nil }
            guard (1...8).contains(s.count) else {
                r.report("\(path)[\(i)]", "expected an index title of 1 to 8 characters, found \(s.count)")
                return nil
            }
            titles.append(s)
        }
        return titles
    }

    static func decodeHeader(_ v: JSON, _ path: String, _ r: Reader, directory: String) -> TableModel.Header? {
        guard let o = r.object(v, path, known: ["maxHeight", "minHeight", "backgroundColor", "title", "logo", "snapDuration"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        let maxH = o["maxHeight"].flatMap { r.number($0, p("maxHeight"), min: 0, max: 10_000) } ?? 88
        var minH = o["minHeight"].flatMap { r.number($0, p("minHeight"), min: 0, max: 10_000) } ?? 44
        if minH > maxH { r.report(p("minHeight"), "expected at most maxHeight (\(JSON.format(maxH))), found \(JSON.format(minH))"); minH = maxH }
        var title: String?, titleColor = Color.white
        if let t = o["title"], let to = r.object(t, p("title"), known: ["string", "color"]) {
            title = to["string"].flatMap { r.string($0, Reader.join(p("title"), "string")) }
            titleColor = to["color"].flatMap { r.color($0, Reader.join(p("title"), "color")) } ?? .white
        }
        var logo: ImageContent?, logoSize = Point(44, 44), logoBottom = 0.0
        if let l = o["logo"], let lo = r.object(l, p("logo"), known: ["image", "size", "bottom"]) {
            if let file = lo["image"].flatMap({ r.string($0, Reader.join(p("logo"), "image")) }) {
                logo = ImageContent(file: file, path: resolve(file, directory: directory), gravity: .resizeAspect, contentsScale: 1,
                                    jsonPath: Reader.join(p("logo"), "image"))
            }
            if let s = lo["size"], let pt = r.point(s, Reader.join(p("logo"), "size")) { logoSize = pt }
            if let b = lo["bottom"], let n = r.number(b, Reader.join(p("logo"), "bottom"), min: -10_000, max: 10_000) { logoBottom = n }
        }
        return TableModel.Header(maxHeight: maxH, minHeight: minH,
                                 backgroundColor: o["backgroundColor"].flatMap { r.color($0, p("backgroundColor")) } ?? Color(31, 58, 95),
                                 title: title, titleColor: titleColor, logo: logo, logoSize: logoSize, logoBottom: logoBottom,
                                 snapDuration: o["snapDuration"].flatMap { r.number($0, p("snapDuration"), above: 0, max: 10) } ?? 0.2)
    }

    static func decodeTable(_ v: JSON, _ r: Reader, directory: String) -> TableModel? {
        let path = "table"
        guard let o = r.object(v, path, known: tableKeys) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        let header = o["header"].flatMap { decodeHeader($0, p("header"), r, directory: directory) }
        var frame: Rect?
        if let f = o["frame"], let n = r.numbers(f, p("frame"), count: 4, what: "[x, y, width, height]") {
            let fits = n[2] > 0 && n[3] > 0 && n.allSatisfy { abs($0) <= TableModel.maxCoordinate }
            if fits { frame = Rect(n[0], n[1], n[2], n[3]) } else { r.expected(p("frame"), "[x, y, width, height] with width and height > 0 and each within ±100000", f) }
        }
        let style = o["style"].flatMap { r.oneOf($0, p("style"), [("plain", TableModel.Style.plain), ("grouped", .grouped), ("insetGrouped", .insetGrouped)]) } ?? .plain
        // "auto": self-sizing rows (`UITableView.automaticDimension`), estimated at 44 pt.
        let given = o["rowHeight"].map { r.heightOrAuto($0, p("rowHeight"), above: 0) }
        let autoRows = given?.auto == true
        let rowHeight = given?.height ?? 44
        let background = o["backgroundColor"].flatMap { r.color($0, p("backgroundColor")) }
        let (separatorColor, inset, emptyRows, separatorNone) = decodeSeparator(o["separator"], p("separator"), r)
        var sections: [TableModel.Section] = []
        var titleFormat: String?
        if let ss = o["sections"], let items = r.array(ss, p("sections")) {
            for (i, item) in items.enumerated() {
                if let s = decodeSection(item, Reader.index(p("sections"), i), r, directory: directory) { sections.append(s) }
            }
        }
        if let rc = o["rowCount"] {
            if let counted = decodeRowCount(rc, o, r) { sections.append(counted.section); titleFormat = counted.format }
        } else if o["titleFormat"] != nil {
            r.report(p("titleFormat"), "expected titleFormat only with rowCount, found it alone")
        }
        let cell = decodeCell(o["cell"], p("cell"), r)
        var template: (TableModel.CellTemplate, fixedHeight: Double?)?
        if case .object(let members)? = o["cell"], let t = members.first(where: { $0.key == "template" })?.value, t != .null {
            template = decodeTemplate(t, Reader.join(p("cell"), "template"), r, directory: directory)
            if let (tm, _) = template { TableBinding.bindTemplate(tm, into: &sections, r.checks, directory: directory) }
        }
        let expansion = decodeExpansion(o["expansion"], p("expansion"), r)
        var display: TableModel.Display?
        if let d = o["display"] {
            display = decodeDisplay(d, p("display"), r, targets: DisplayTargets(template: template?.0, card: cell.card != nil, sections: sections))
        }
        var table = TableModel(appearance: r.appearance)
        table.frame = frame
        table.header = header
        table.style = style
        table.rowHeight = template?.fixedHeight ?? rowHeight
        table.selfSizingRows = autoRows
        table.backgroundColor = background
        table.separatorColor = separatorColor
        table.separatorInsetLeft = inset
        table.emptyRowSeparators = emptyRows
        table.sections = sections
        table.cellStyle = cell.style
        table.cellBackground = cell.background
        table.accessoryColor = cell.accessoryColor
        table.selection = decodeSelection(o["selection"], p("selection"), r)
        table.refreshControl = o["refreshControl"].flatMap { decodeRefreshControl($0, p("refreshControl"), r) }
        table.card = cell.card
        table.expansion = expansion
        table.display = display
        table.template = template?.0
        // A template without a height of its own in a table of "auto" rows sizes itself, as its
        // `height` defaults to the table's `rowHeight`.
        if autoRows, template?.fixedHeight == nil { table.template?.autoHeight = true }
        table.accessoryHighlightedColor = cell.accessoryHighlightedColor
        table.titleFormat = titleFormat
        (table.tableHeaderView, table.tableFooterView) = (o["tableHeaderView"].flatMap { decodeOwnView($0, p("tableHeaderView"), r, directory: directory) },
                                                          o["tableFooterView"].flatMap { decodeOwnView($0, p("tableFooterView"), r, directory: directory) })
        if o["tableFooterView"] != nil { table.emptyRowSeparators = false }
        table.separatorNone = separatorNone
        decodeScrollViewAndIndex(o, into: &table, path, r)
        table.name = o["name"].flatMap { r.string($0, p("name")) }
        if let c = o["contentOffsets"] { table.contentOffsets = decodeContentOffsets(c, p("contentOffsets"), r) }
        // A collapsing header moves the table and sets its offsets itself.
        for key in ["name", "contentOffsets", "refreshControl"] where header != nil && o[key] != nil {
            r.report(p(key), "expected no \(key) with a collapsing header (the header moves the table and its content itself), found both")
        }
        return table
    }

    /// `separator`: its colour, left inset, the empty rows' separators, and `style` (none: no
    /// separators).
    static func decodeSeparator(_ v: JSON?, _ path: String, _ r: Reader) -> (color: Color, insetLeft: Double, emptyRows: Bool, none: Bool) {
        var color = Color.named("separator", r.appearance) ?? .black, inset = 16.0, emptyRows = true, none = false
        if let s = v, let so = r.object(s, path, known: ["style", "color", "insetLeft", "emptyRows"]) {
            if let x = so["style"] { none = r.oneOf(x, Reader.join(path, "style"), [("singleLine", false), ("none", true)]) ?? false }
            if let c = so["color"] { color = r.color(c, Reader.join(path, "color")) ?? color }
            if let i = so["insetLeft"] { inset = r.number(i, Reader.join(path, "insetLeft"), min: 0) ?? inset }
            if let e = so["emptyRows"] { emptyRows = r.bool(e, Reader.join(path, "emptyRows")) ?? true }
        }
        return (color, inset, emptyRows, none)
    }

    /// `expansion`: what a tap on a row does (the fold, the sections' rows, or nothing).
    static func decodeExpansion(_ v: JSON?, _ ep: String, _ r: Reader) -> TableModel.Expansion {
        var expansion = TableModel.Expansion()
        if let e = v, let eo = r.object(e, ep, known: ["effect", "duration", "perspective", "shadow", "join",
                                                       "detailHeight", "detailColor", "timingFunction", "rowAnimation"]) {
            if let x = eo["effect"] {
                expansion.effect = r.oneOf(x, Reader.join(ep, "effect"), [("fold", TableModel.Expansion.Effect.fold), ("rows", .rows), ("none", .none)]) ?? .none
            }
            if let x = eo["rowAnimation"] {
                expansion.rowAnimation = r.oneOf(x, Reader.join(ep, "rowAnimation"), TableModel.RowAnimation.allCases.map { ($0.rawValue, $0) }) ?? .top
            }
            if let x = eo["duration"] { expansion.duration = r.number(x, Reader.join(ep, "duration"), above: 0, max: 60) ?? 0.3 }
            if let x = eo["perspective"] { expansion.perspective = r.number(x, Reader.join(ep, "perspective"), above: 0) ?? 500 }
            if let x = eo["shadow"] { expansion.shadow = r.bool(x, Reader.join(ep, "shadow")) ?? true }
            if let x = eo["detailHeight"], x != .string("auto") {
                expansion.detailHeight = r.number(x, Reader.join(ep, "detailHeight"), above: 0, max: 10_000)
            }
            if let x = eo["join"] {
                expansion.join = r.oneOf(x, Reader.join(ep, "join"), TableModel.Expansion.Join.allCases.map { ($0.rawValue, $0) }) ?? .translation
            }
            if let x = eo["detailColor"] { expansion.detailColor = r.color(x, Reader.join(ep, "detailColor")) ?? expansion.detailColor }
            if let x = eo["timingFunction"] { expansion.timingFunction = decodeTiming(x, Reader.join(ep, "timingFunction"), r) }
        }
        return expansion
    }

    /// `cell`: the style, background, the custom accessory's colour and the card.
    static func decodeCell(_ v: JSON?, _ cp: String, _ r: Reader)
        -> (style: TableModel.CellStyle, background: Color?, accessoryColor: Color, accessoryHighlightedColor: Color, card: TableModel.Card?) {
        var cellStyle = TableModel.CellStyle.basic
        var cellBackground: Color?
        var card: TableModel.Card?
        var accessoryColor = Color.named["grayColor"] ?? .black, highlighted = Color.white
        guard let c = v, let co = r.object(c, cp, known: ["style", "backgroundColor", "card", "accessoryColor", "accessoryHighlightedColor", "template"]) else {
            return (cellStyle, cellBackground, accessoryColor, highlighted, card)
        }
        if let s = co["style"] { cellStyle = decodeCellStyle(s, Reader.join(cp, "style"), r) ?? .basic }
        if let b = co["backgroundColor"] { cellBackground = r.color(b, Reader.join(cp, "backgroundColor")) }
        if let a = co["accessoryColor"] { accessoryColor = r.color(a, Reader.join(cp, "accessoryColor")) ?? accessoryColor }
        if let a = co["accessoryHighlightedColor"] { highlighted = r.color(a, Reader.join(cp, "accessoryHighlightedColor")) ?? highlighted }
        if let k = co["card"], k != .null, let ko = r.object(k, Reader.join(cp, "card"), known: ["inset", "cornerRadius", "backgroundColor", "shadowOpacity"]) {
            let kp = Reader.join(cp, "card")
            card = TableModel.Card(
                inset: ko["inset"].flatMap { r.point($0, Reader.join(kp, "inset")) } ?? Point(16, 8),
                cornerRadius: ko["cornerRadius"].flatMap { r.number($0, Reader.join(kp, "cornerRadius"), min: 0) } ?? 12,
                backgroundColor: ko["backgroundColor"].flatMap { r.color($0, Reader.join(kp, "backgroundColor")) } ?? .white,
                shadowOpacity: ko["shadowOpacity"].flatMap { r.number($0, Reader.join(kp, "shadowOpacity"), min: 0, max: 1) } ?? 0.15)
        }
        return (cellStyle, cellBackground, accessoryColor, highlighted, card)
    }

    /// A built-in cell style: the table's `cell.style`, or a row's own `style`.
    static func decodeCellStyle(_ v: JSON, _ path: String, _ r: Reader) -> TableModel.CellStyle? {
        r.oneOf(v, path, [("basic", TableModel.CellStyle.basic), ("subtitle", .subtitle), ("value1", .value1), ("value2", .value2)],
                uikit: ["default": "basic"])
    }

    /// `selection`: how a tapped row's highlight goes (default: deselected at once, as the fold
    /// article's `animated:NO`; the highlight colour systemGray4, UIKit's 0.5 s fade).
    static func decodeSelection(_ v: JSON?, _ sp: String, _ r: Reader) -> TableModel.Selection {
        var selection = TableModel.Selection(appearance: r.appearance)
        guard let v, let so = r.object(v, sp, known: ["deselect", "multiple", "color", "duration"]) else { return selection }
        if let m = so["multiple"] { selection.multiple = r.bool(m, Reader.join(sp, "multiple")) ?? false }
        if let d = so["deselect"] {
            selection.deselect = r.oneOf(d, Reader.join(sp, "deselect"), TableModel.Selection.Deselect.allCases.map { ($0.rawValue, $0) }) ?? .immediate
        }
        if let c = so["color"] { selection.color = r.color(c, Reader.join(sp, "color")) ?? selection.color }
        if let d = so["duration"] { selection.duration = r.number(d, Reader.join(sp, "duration"), above: 0, max: 60) ?? selection.duration }
        return selection
    }

    static func decodeSection(_ v: JSON, _ path: String, _ r: Reader, directory: String) -> TableModel.Section? {
        guard let o = r.object(v, path, known: ["title", "collapsible", "expanded", "rows", "footer", "headerView", "footerView"]) else { return nil }
        // A section costs what a row does (an empty one about 2.5 KB while rendered: a million
        // of them took 2.5 GB, a helper's probe), so it counts in the same budget.
        r.layerCount += 1
        guard r.within(\.layers, r.layerCount, path, found: "more (each section counts as a row)") else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        var rows: [TableModel.Row] = []
        if let rs = o["rows"], let items = r.array(rs, p("rows")) {
            for (i, item) in items.enumerated() {
                let rp = Reader.index(p("rows"), i)
                r.layerCount += 1
                guard r.within(\.layers, r.layerCount, rp, found: "more") else { break }
                if let row = decodeRow(item, rp, r, directory: directory) { rows.append(row) }
            }
        }
        var section = TableModel.Section(title: o["title"].flatMap { r.string($0, p("title")) },
                                         collapsible: o["collapsible"].flatMap { r.bool($0, p("collapsible")) } ?? false,
                                         expanded: o["expanded"].flatMap { r.bool($0, p("expanded")) } ?? true,
                                         rows: rows, footer: o["footer"].flatMap { r.string($0, p("footer")) })
        section.headerView = o["headerView"].flatMap { decodeOwnView($0, p("headerView"), r, directory: directory) }
        section.footerView = o["footerView"].flatMap { decodeOwnView($0, p("footerView"), r, directory: directory) }
        return section
    }

    static func decodeScript(_ v: JSON, _ r: Reader, table: TableModel?, directory: String) -> [ScriptEvent] {
        guard let items = r.array(v, "script") else { return [] }
        var out: [ScriptEvent] = []
        for (i, item) in items.enumerated() {
            let path = Reader.index("script", i)
            guard let o = r.object(item, path, known: ["at"] + scriptActions) else { continue }
            func p(_ k: String) -> String { Reader.join(path, k) }
            let at = o["at"].flatMap { r.number($0, p("at"), min: 0) } ?? 0
            let actions = scriptActions.filter { o[$0] != nil }
            guard actions.count == 1, let kind = actions.first, let body = o[kind] else {
                r.report(path, "expected exactly one action (\(scriptActions.joined(separator: ", "))), found \(actions.count)")
                continue
            }
            if let action = decodeTableAction(kind, body, p(kind), r, directory: directory) {
                if table == nil { r.report(p(kind), "expected a table to \(kind == "swipe" ? "swipe" : "update"), found no table"); continue }
                if let action { out.append(ScriptEvent(at: at, action: action, jsonPath: path)) }
                continue
            }
            switch kind {
            case "tap":
                guard let t = r.object(body, p("tap"), known: ["section", "row", "hold"]) else { continue }
                let section = t["section"].flatMap { r.integer($0, Reader.join(p("tap"), "section"), min: 0, max: 100_000) } ?? 0
                guard let row = t["row"].flatMap({ r.integer($0, Reader.join(p("tap"), "row"), min: 0, max: 10_000_000) }) else {
                    if t["row"] == nil { r.report(Reader.join(p("tap"), "row"), "expected a row index, found nothing") }
                    continue
                }
                // Whether the row is there at the tap's time is checked with the updates (TableTimeline).
                if table == nil { r.report(p("tap"), "expected a table to tap, found no table") }
                // The finger comes down `hold` seconds before the tap's time, within the scene.
                let hold = t["hold"].flatMap { r.number($0, Reader.join(p("tap"), "hold"), min: 0, max: 60) } ?? 0
                if hold > at { r.report(Reader.join(p("tap"), "hold"), "expected a hold of at most the tap's time \(JSON.format(at)) s (the finger comes down hold seconds before it), found \(JSON.format(hold))") }
                out.append(ScriptEvent(at: at, action: .tap(section: section, row: row, hold: min(hold, at)), jsonPath: path))
            case "scroll", "drag":
                guard let s = r.object(body, p(kind), known: ["to", "by", "duration", "timingFunction"]) else { continue }
                let sp = p(kind)
                let to = s["to"].flatMap { r.number($0, Reader.join(sp, "to")) }
                let by = s["by"].flatMap { r.number($0, Reader.join(sp, "by")) }
                if (to == nil) == (by == nil) { r.report(sp, "expected exactly one of to and by"); continue }
                let duration = s["duration"].flatMap { r.number($0, Reader.join(sp, "duration"), min: 0, max: 3600) } ?? 0.3
                let tf = s["timingFunction"].flatMap { decodeTiming($0, Reader.join(sp, "timingFunction"), r) }
                out.append(ScriptEvent(at: at, action: kind == "drag" ? .drag(to: to, by: by, duration: duration, timingFunction: tf)
                                       : .scroll(to: to, by: by, duration: duration, timingFunction: tf), jsonPath: path))
            case "beginRefreshing", "endRefreshing":
                guard r.object(body, p(kind), known: []) != nil else { continue }
                guard table?.refreshControl != nil else {
                    r.report(p(kind), "expected a table with a refreshControl (table.refreshControl) to \(kind == "beginRefreshing" ? "begin" : "end") refreshing, found \(table == nil ? "no table" : "none")")
                    continue
                }
                out.append(ScriptEvent(at: at, action: .refreshing(kind == "beginRefreshing"), jsonPath: path))
            case "release":
                _ = r.object(body, p("release"), known: [])
                out.append(ScriptEvent(at: at, action: .release, jsonPath: path))
            default:
                guard let f = r.object(body, p("fling"), known: ["velocity", "decelerationRate"]) else { continue }
                let fp = p("fling")
                guard let v = f["velocity"].flatMap({ r.number($0, Reader.join(fp, "velocity"), min: -TableModel.maxFlingVelocity,
                                                              max: TableModel.maxFlingVelocity) }) else {
                    if f["velocity"] == nil { r.report(Reader.join(fp, "velocity"), "expected a velocity in points per second, found nothing") }
                    continue
                }
                var rate = 0.998
                if let d = f["decelerationRate"] {
                    switch d {
                    case .string("normal"): rate = 0.998
                    case .string("fast"): rate = 0.99
                    default: rate = r.number(d, Reader.join(fp, "decelerationRate"), above: 0.5) ?? 0.998
                        if rate >= 1 { r.expected(Reader.join(fp, "decelerationRate"), "\"normal\", \"fast\" or a number below 1", d); rate = 0.998 }
                    }
                }
                out.append(ScriptEvent(at: at, action: .fling(velocity: v, decelerationRate: rate), jsonPath: path))
            }
        }
        // Events at the same time apply in array order: a stable sort by time.
        return out.enumerated().sorted { $0.element.at < $1.element.at || ($0.element.at == $1.element.at && $0.offset < $1.offset) }.map(\.element)
    }
}


extension SceneDecoder {
    /// `contentOffsets`: `{ "rate", "values" }`, the offsets counted with the keyframe values.
    static func decodeContentOffsets(_ v: JSON, _ path: String, _ r: Reader) -> RecordedOffsets? {
        guard let o = r.object(v, path, known: ["rate", "values"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        var rate: Double?
        if let x = o["rate"] { rate = r.number(x, p("rate"), above: 0, max: 1000) } else {
            r.report(p("rate"), "expected a number > 0 and <= 1000 (samples per second), found nothing")
        }
        var values: [Double] = []
        if let x = o["values"], let items = r.array(x, p("values")) {
            let seen = r.countKeyframeValues(items.count)
            guard r.within(\.keyframeValues, seen, p("values"), found: "\(seen) (the table's contentOffsets count with the animations' keyframes)") else { return nil }
            if items.isEmpty { r.expected(p("values"), "at least one offset", x) }
            for (i, item) in items.enumerated() {
                if let n = r.number(item, Reader.index(p("values"), i), min: -TableModel.maxCoordinate, max: TableModel.maxCoordinate) { values.append(n) }
            }
            guard values.count == items.count else { return nil }
        } else if o["values"] == nil {
            r.report(p("values"), "expected an array of offsets, found nothing")
        }
        guard let rate, !values.isEmpty else { return nil }
        return RecordedOffsets(rate: rate, values: values)
    }
}

extension SceneDecoder {
    /// `table.refreshControl`: `{ "tintColor" }`.
    static func decodeRefreshControl(_ v: JSON, _ path: String, _ r: Reader) -> TableModel.RefreshControl? {
        guard let o = r.object(v, path, known: ["tintColor", "title", "titleColor", "titleFont"]) else { return nil }
        var control = TableModel.RefreshControl(tintColor: o["tintColor"].flatMap { r.color($0, Reader.join(path, "tintColor")) })
        control.title = o["title"].flatMap { r.string($0, Reader.join(path, "title")) }
        // The title's colour and font, written as a row's `titleColor` and `titleFont`.
        let style = decodeLabelStyle(o, "title", path, r, directory: "")
        if case .file? = style.font {
            r.report(Reader.join(path, "titleFont"), "a font file for the refresh control's title is not drawn yet (the system font at any size and weight is): give a size and weight")
        }
        if style != TableModel.LabelStyle() { control.titleStyle = style }
        return control
    }
}
