import JSONText
import SceneModel
/// Decoding of the script's table updates, `scrollToRow` and `swipe`.
extension SceneDecoder {
    /// The actions that change the table's data, each one UITableView call.
    static let updateActions = ["insertRows", "deleteRows", "reloadRows", "moveRow", "insertSections", "deleteSections",
                                "moveSection", "rowHeights", "reloadData"]
    static let scriptActions = ["tap", "scroll", "drag", "release", "fling", "scrollToRow", "swipe", "performBatchUpdates",
                                "reconfigureRows", "setEditing", "reorder", "beginRefreshing", "endRefreshing"] + updateActions

    /// The script event `kind` of `body` for the actions of this file, or nil when it is none of them.
    static func decodeTableAction(_ kind: String, _ body: JSON, _ path: String, _ r: Reader, directory: String) -> ScriptEvent.Action?? {
        switch kind {
        case "performBatchUpdates":
            guard let o = r.object(body, path, known: ["updates", "duration", "timingFunction"]) else { return .some(nil) }
            var changes: [TableUpdate.Change] = []
            if let us = o["updates"], let items = r.array(us, Reader.join(path, "updates")) {
                for (i, item) in items.enumerated() {
                    let ip = Reader.index(Reader.join(path, "updates"), i)
                    if case .object(let members) = item, members.contains(where: { $0.key == "reconfigureRows" }) {
                        r.report(Reader.join(ip, "reconfigureRows"), "expected reconfigureRows as a script event of its own (it animates nothing), found it in a batch")
                        continue
                    }
                    guard let uo = r.object(item, ip, known: updateActions) else { continue }
                    guard uo.count == 1, let (k, v) = uo.first else {
                        r.report(ip, "expected exactly one of \(updateActions.joined(separator: ", ")), found \(uo.count)")
                        continue
                    }
                    if k == "reloadData" { r.report(Reader.join(ip, k), "expected reloadData on its own, found it in a batch"); continue }
                    if let c = decodeChange(k, v, Reader.join(ip, k), r, directory: directory, timed: false) { changes.append(c.change) }
                }
            } else if o["updates"] == nil {
                r.report(Reader.join(path, "updates"), "expected an array of updates, found nothing")
            }
            let timing = decodeUpdateTiming(o, path, r)
            return .update(TableUpdate(changes: changes, duration: timing.duration, timingFunction: timing.function))
        case "scrollToRow":
            guard let o = r.object(body, path, known: ["section", "row", "position", "animated"]) else { return .some(nil) }
            guard let p = decodeRowPath(o, path, r) else { return .some(nil) }
            let position = o["position"].flatMap { r.oneOf($0, Reader.join(path, "position"), TableModel.ScrollPosition.allCases.map { ($0.rawValue, $0) }) } ?? .top
            let animated = o["animated"].flatMap { r.bool($0, Reader.join(path, "animated")) } ?? true
            return .scrollToRow(p, position: position, animated: animated)
        case "reorder":
            // A finger drags the row's reorder control to `to`: a moveRow made by the drag.
            guard let o = r.object(body, path, known: ["from", "to", "duration"]) else { return .some(nil) }
            let from = decodePath(o["from"], Reader.join(path, "from"), r), to = decodePath(o["to"], Reader.join(path, "to"), r)
            let duration = o["duration"].flatMap { r.number($0, Reader.join(path, "duration"), above: 0, max: 60) } ?? 0.6
            guard let from, let to else { return .some(nil) }
            guard from.section == to.section else {
                r.report(Reader.join(path, "to"), "expected a row of section \(from.section), the row's own (a drag into another section is not simulated yet), found section \(to.section)")
                return .some(nil)
            }
            var u = TableUpdate(changes: [.moveRow(from: from, to: to)], duration: 0)
            u.reorder = duration
            return .update(u)
        case "swipe":
            return .some(decodeSwipe(body, path, r))
        case "setEditing":
            guard let o = r.object(body, path, known: ["editing", "animated"]) else { return .some(nil) }
            guard let editing = o["editing"].flatMap({ r.bool($0, Reader.join(path, "editing")) }) else {
                if o["editing"] == nil { r.report(Reader.join(path, "editing"), "expected true or false, found nothing") }
                return .some(nil)
            }
            return .setEditing(editing, animated: o["animated"].flatMap { r.bool($0, Reader.join(path, "animated")) } ?? true)
        case "reconfigureRows":
            // New content for the cells of rows in view, at once: no update, no animation.
            guard let o = r.object(body, path, known: ["indexPaths", "rows"]),
                  let paths = decodePaths(o["indexPaths"], Reader.join(path, "indexPaths"), r) else { return .some(nil) }
            let rp = Reader.join(path, "rows")
            guard let v = o["rows"] else { r.report(rp, "expected an array of \(paths.count) rows, found nothing"); return .some(nil) }
            guard let items = r.array(v, rp) else { return .some(nil) }
            guard items.count == paths.count else {
                r.report(rp, "expected \(paths.count) rows, one for each index path, found \(items.count)")
                return .some(nil)
            }
            let rows = items.enumerated().compactMap { decodeRow($0.element, Reader.index(rp, $0.offset), r, directory: directory) }
            return rows.count == paths.count ? .reconfigureRows(paths, rows: rows) : .some(nil)
        default:
            guard updateActions.contains(kind) else { return nil }
            guard let c = decodeChange(kind, body, path, r, directory: directory, timed: true) else { return .some(nil) }
            return .update(TableUpdate(changes: [c.change], duration: c.duration, timingFunction: c.timing))
        }
    }

    /// `{ "section": 0, "row": 2 }` (section default 0).
    static func decodeRowPath(_ o: [String: JSON], _ path: String, _ r: Reader) -> RowPath? {
        let section = o["section"].flatMap { r.integer($0, Reader.join(path, "section"), min: 0, max: 100_000) } ?? 0
        guard let row = o["row"].flatMap({ r.integer($0, Reader.join(path, "row"), min: 0, max: 10_000_000) }) else {
            if o["row"] == nil { r.report(Reader.join(path, "row"), "expected a row index, found nothing") }
            return nil
        }
        return RowPath(section, row)
    }

    /// `[[section, row], ...]`.
    static func decodePaths(_ v: JSON?, _ path: String, _ r: Reader) -> [RowPath]? {
        guard let v else { r.report(path, "expected an array of [section, row] index paths, found nothing"); return nil }
        guard let items = r.array(v, path) else { return nil }
        var out: [RowPath] = []
        for (i, item) in items.enumerated() {
            guard let p = decodePath(item, Reader.index(path, i), r) else { return nil }
            out.append(p)
        }
        return out
    }

    /// `[section, row]`.
    static func decodePath(_ v: JSON?, _ path: String, _ r: Reader) -> RowPath? {
        guard let v else { r.report(path, "expected a [section, row] index path, found nothing"); return nil }
        guard let n = r.numbers(v, path, count: 2, what: "[section, row]") else { return nil }
        // Rows as many as `rowCount` may make (10,000,000), sections as many as the layers' budget.
        guard let s = Int(exactly: n[0]), let row = Int(exactly: n[1]), (0...100_000).contains(s), (0...10_000_000).contains(row) else {
            r.expected(path, "[section, row] of whole numbers, a section from 0 to 100000 and a row from 0 to 10000000", v)
            return nil
        }
        return RowPath(s, row)
    }

    /// `[1, 2]`: section indexes.
    static func decodeIndexes(_ v: JSON?, _ path: String, _ r: Reader) -> [Int]? {
        guard let v else { r.report(path, "expected an array of section indexes, found nothing"); return nil }
        guard let items = r.array(v, path) else { return nil }
        var out: [Int] = []
        for (i, item) in items.enumerated() {
            guard let n = r.integer(item, Reader.index(path, i), min: 0, max: 100_000) else { return nil }
            out.append(n)
        }
        return out
    }

    static func decodeUpdateTiming(_ o: [String: JSON], _ path: String, _ r: Reader) -> (duration: Double, function: TimingFunction?) {
        // 0: made at once (UIKit's performWithoutAnimation, or an animation block of no duration).
        let duration = o["duration"].flatMap { r.number($0, Reader.join(path, "duration"), min: 0, max: 60) } ?? 0.3
        let function = o["timingFunction"].flatMap { decodeTiming($0, Reader.join(path, "timingFunction"), r) }
        return (duration, function)
    }

    /// `moveSection`'s `from` and `to`, each a section index.
    static func decodeSectionMove(_ o: [String: JSON], _ path: String, _ r: Reader) -> TableUpdate.Change? {
        func index(_ k: String) -> Int? {
            guard let v = o[k] else { r.report(Reader.join(path, k), "expected a section index, found nothing"); return nil }
            return r.integer(v, Reader.join(path, k), min: 0, max: 100_000)
        }
        let from = index("from"), to = index("to")
        guard let from, let to else { return nil }
        return .moveSection(from: from, to: to)
    }

    /// One change: its keys, and (`timed`) its own duration and timing function.
    static func decodeChange(_ kind: String, _ body: JSON, _ path: String, _ r: Reader, directory: String, timed: Bool)
        -> (change: TableUpdate.Change, duration: Double, timing: TimingFunction?)? {
        let timing = timed ? ["duration", "timingFunction"] : []
        let keys: [String]
        switch kind {
        case "insertRows", "reloadRows": keys = ["indexPaths", "rows", "animation"]
        case "deleteRows": keys = ["indexPaths", "animation"]
        case "moveRow": keys = ["from", "to"]
        case "insertSections": keys = ["indexes", "sections", "animation"]
        case "deleteSections": keys = ["indexes", "animation"]
        case "moveSection": keys = ["from", "to"]
        case "rowHeights": keys = ["indexPaths", "heights"]
        default: keys = ["sections"]
        }
        guard let o = r.object(body, path, known: keys + (kind == "reloadData" ? [] : timing)) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        var animation = TableModel.RowAnimation.automatic
        if let a = o["animation"] {
            // A change whose animation is refused is left out, so it does not change the data later events see.
            guard let given = r.oneOf(a, p("animation"), TableModel.RowAnimation.allCases.map { ($0.rawValue, $0) }) else { return nil }
            animation = given
        }
        let (duration, function) = decodeUpdateTiming(o, path, r)
        func rows(count: Int) -> [TableModel.Row]? {
            guard let v = o["rows"] else { r.report(p("rows"), "expected an array of \(count) rows, found nothing"); return nil }
            guard let items = r.array(v, p("rows")) else { return nil }
            guard items.count == count else { r.report(p("rows"), "expected \(count) rows, one for each index path, found \(items.count)"); return nil }
            let out = items.enumerated().compactMap { decodeRow($0.element, Reader.index(p("rows"), $0.offset), r, directory: directory) }
            return out.count == count ? out : nil
        }
        func sections() -> [TableModel.Section]? {
            guard let v = o["sections"] else { r.report(p("sections"), "expected an array of sections, found nothing"); return nil }
            guard let items = r.array(v, p("sections")) else { return nil }
            let out = items.enumerated().compactMap { decodeSection($0.element, Reader.index(p("sections"), $0.offset), r, directory: directory) }
            return out.count == items.count ? out : nil
        }
        let change: TableUpdate.Change
        switch kind {
        case "insertRows", "reloadRows":
            guard let paths = decodePaths(o["indexPaths"], p("indexPaths"), r), let new = rows(count: paths.count) else { return nil }
            change = kind == "insertRows" ? .insertRows(paths, rows: new, animation: animation) : .reloadRows(paths, rows: new, animation: animation)
        case "deleteRows":
            guard let paths = decodePaths(o["indexPaths"], p("indexPaths"), r) else { return nil }
            change = .deleteRows(paths, animation: animation)
        case "moveRow":
            let from = decodePath(o["from"], p("from"), r), to = decodePath(o["to"], p("to"), r)
            guard let from, let to else { return nil }
            change = .moveRow(from: from, to: to)
        case "insertSections":
            guard let indexes = decodeIndexes(o["indexes"], p("indexes"), r), let new = sections() else { return nil }
            guard new.count == indexes.count else {
                r.report(p("sections"), "expected \(indexes.count) sections, one for each index, found \(new.count)")
                return nil
            }
            change = .insertSections(indexes, sections: new, animation: animation)
        case "deleteSections":
            guard let indexes = decodeIndexes(o["indexes"], p("indexes"), r) else { return nil }
            change = .deleteSections(indexes, animation: animation)
        case "moveSection":
            guard let move = decodeSectionMove(o, path, r) else { return nil }
            change = move
        case "rowHeights":
            guard let paths = decodePaths(o["indexPaths"], p("indexPaths"), r) else { return nil }
            guard let hv = o["heights"], let items = r.array(hv, p("heights")) else {
                if o["heights"] == nil { r.report(p("heights"), "expected an array of heights, found nothing") }
                return nil
            }
            let heights = items.enumerated().compactMap { r.number($0.element, Reader.index(p("heights"), $0.offset), min: 0, max: 10_000) }
            guard heights.count == items.count else { return nil }
            guard heights.count == paths.count else {
                r.report(p("heights"), "expected \(paths.count) heights, one for each index path, found \(heights.count)")
                return nil
            }
            change = .rowHeights(paths, heights: heights)
        default:
            guard let new = sections() else { return nil }
            change = .reloadData(sections: new)
        }
        return (change, duration, function)
    }

    /// `swipe`: the row, the edge, its actions, full or closing.
    static func decodeSwipe(_ body: JSON, _ path: String, _ r: Reader) -> ScriptEvent.Action? {
        guard let o = r.object(body, path, known: ["section", "row", "edge", "actions", "full", "close", "duration", "editingControl"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        guard let rp = decodeRowPath(o, path, r) else { return nil }
        var swipe = TableModel.Swipe()
        if let e = o["edge"] { swipe.edge = r.oneOf(e, p("edge"), TableModel.Swipe.Edge.allCases.map { ($0.rawValue, $0) }) ?? .trailing }
        if let a = o["actions"], let items = r.array(a, p("actions")) {
            if items.isEmpty || items.count > 8 { r.report(p("actions"), "expected 1 to 8 actions, found \(items.count)"); return nil }
            var actions: [TableModel.Swipe.Action] = []
            for (i, item) in items.enumerated() {
                let ap = Reader.index(p("actions"), i)
                guard let ao = r.object(item, ap, known: ["title", "style", "backgroundColor", "symbol"]) else { return nil }
                let title = ao["title"].flatMap { r.string($0, Reader.join(ap, "title")) } ?? ""
                let style = ao["style"].flatMap { r.oneOf($0, Reader.join(ap, "style"), TableModel.Swipe.Action.Style.allCases.map { ($0.rawValue, $0) }) } ?? .normal
                actions.append(.init(title: title, style: style, backgroundColor: ao["backgroundColor"].flatMap { r.color($0, Reader.join(ap, "backgroundColor")) },
                                     symbol: ao["symbol"].flatMap { decodeSymbolName($0, Reader.join(ap, "symbol"), r) }))
            }
            swipe.actions = actions
        }
        swipe.full = o["full"].flatMap { r.bool($0, p("full")) } ?? false
        swipe.close = o["close"].flatMap { r.bool($0, p("close")) } ?? false
        swipe.duration = o["duration"].flatMap { r.number($0, p("duration"), above: 0, max: 60) } ?? 0.3
        swipe.editingControl = o["editingControl"].flatMap { r.bool($0, p("editingControl")) } ?? false
        return .swipe(rp, swipe)
    }
}
