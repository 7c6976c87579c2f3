import Geometry
import JSONText
import SceneModel

extension SceneDecoder {
    /// The layers a display effect's animations may name: the cell, the card (a `cell.card`
    /// or the template's `mainView`) and every named layer of the cell template.
    struct DisplayTargets {
        var names: [String: String] = ["cell": "cell"]
        var hasCard: Bool
        /// What the names are, for messages.
        var what: String {
            "\"cell\"" + (hasCard ? ", \"card\"" : "") + " or the name of a layer of the cell template"
                + (hasCard ? "" : " (\"card\" is the table's cell.card or the template's mainView)")
        }

        /// The targets of a table whose template is `template`, and whose rows in `sections`
        /// may have cells of their own.
        init(template: TableModel.CellTemplate?, card: Bool, sections: [TableModel.Section] = []) {
            hasCard = card || template?.mainView != nil
            if hasCard { names["card"] = "card" }
            add(template?.layers ?? [])
            for s in sections { for row in s.rows where row.cell != nil { add(ownCellOf: row) } }
        }

        /// The names of a row's own cell's layers, which a display effect may target too.
        mutating func add(ownCellOf row: TableModel.Row) {
            if row.cell?.ownContent == true { add(row.layers) }
        }

        /// The names of `layers` and their sublayers.
        mutating func add(_ layers: [LayerModel]) {
            for l in layers {
                if let n = l.name { names[n] = n }
                add(l.children)
            }
        }
    }

    /// The table's `display`: `{ "effect", "once" }`.
    static func decodeDisplay(_ v: JSON, _ path: String, _ r: Reader, targets: DisplayTargets) -> TableModel.Display? {
        guard let o = r.object(v, path, known: ["effect", "once"]) else { return nil }
        let once = o["once"].flatMap { r.bool($0, Reader.join(path, "once")) } ?? true
        guard let e = o["effect"] else { return nil }
        guard case .effect(let d) = decodeEffect(e, Reader.join(path, "effect"), r, targets: targets, once: once) else { return nil }
        return d
    }

    /// A display effect: `"none"`, one of the articles' (`"cards"`, `"rotate"`), a start state
    /// that animates to the cell's own, or Core Animation animations (`animations`).
    static func decodeEffect(_ e: JSON, _ ep: String, _ r: Reader, targets: DisplayTargets, once: Bool) -> TableModel.RowDisplay? {
        switch e {
        case .string("none"): return TableModel.RowDisplay.none
        case .string("cards"):
            // The drop-in cards article: rotate -15 degrees about z, then translate (-20, -20);
            // opacity 0.8 to 1 in 0.4 s with UIView's default curve; on the card view.
            return .effect(TableModel.Display(target: targets.hasCard ? .card : .cell,
                                              transform: .ops([.rotate(degrees: -15, x: 0, y: 0, z: 1), .translate(x: -20, y: -20, z: 0)]),
                                              opacity: 0.8, duration: 0.4, timingFunction: .easeInEaseOut, anchorPoint: nil, shadowOffset: nil, once: once))
        case .string("rotate"), .string("rotateAsWritten"):
            // The rotating-cells article, literally: MakeRotation(90, 0, 0.7, 0.4), then m34 = -1/600;
            // "rotate" keeps the cell's frame when the anchor moves, "rotateAsWritten" does not.
            var d = TableModel.Display(target: .cell,
                                       transform: .ops([.rotate(degrees: 90, x: 0, y: 0.7, z: 0.4), .set(entry: 11, value: -1.0 / 600)]),
                                       opacity: 0, duration: 0.8, timingFunction: .easeInEaseOut, anchorPoint: Point(0, 0.5),
                                       shadowOffset: Point(10, 10), once: once)
            d.keepsFrame = e != .string("rotateAsWritten")
            return .effect(d)
        case .object:
            return decodeCustomEffect(e, ep, r, targets: targets, once: once).map { .effect($0) }
        default:
            r.expected(ep, "\"none\", \"cards\", \"rotate\", \"rotateAsWritten\" or a custom effect object", e)
            return nil
        }
    }

    static let startStateKeys = ["transform", "opacity", "duration", "timingFunction", "anchorPoint", "shadowOffset", "target", "keepsFrame"]

    static func decodeCustomEffect(_ e: JSON, _ ep: String, _ r: Reader, targets: DisplayTargets, once: Bool) -> TableModel.Display? {
        guard let co = r.object(e, ep, known: startStateKeys + ["delay", "delayPerRow", "firstScreen", "animations"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(ep, k) }
        var display = TableModel.Display(
            target: co["target"].flatMap {
                r.oneOf($0, p("target"), [("cell", TableModel.Display.Target.cell), ("card", .card), ("mainView", .card)])
            } ?? (targets.hasCard ? .card : .cell),
            transform: co["transform"].flatMap { r.transform($0, p("transform")) } ?? .identity,
            opacity: co["opacity"].flatMap { r.number($0, p("opacity"), min: 0, max: 1) } ?? 1,
            duration: co["duration"].flatMap { r.number($0, p("duration"), above: 0, max: 60) } ?? 0.25,
            timingFunction: co["timingFunction"].flatMap { decodeTiming($0, p("timingFunction"), r) } ?? .easeInEaseOut,
            anchorPoint: co["anchorPoint"].flatMap { r.point($0, p("anchorPoint")) },
            shadowOffset: co["shadowOffset"].flatMap { r.point($0, p("shadowOffset")) },
            once: once)
        if display.target == .card, !targets.hasCard, let v = co["target"] {
            r.expected(p("target"), "\"cell\" (\"card\" and \"mainView\" name the table's cell.card or the template's mainView, and there is neither)", v)
        }
        display.keepsFrame = co["keepsFrame"].flatMap { r.bool($0, p("keepsFrame")) } ?? true
        display.delay = co["delay"].flatMap { r.number($0, p("delay"), min: 0, max: 60) } ?? 0
        display.delayPerRow = co["delayPerRow"].flatMap { r.number($0, p("delayPerRow"), min: 0, max: 10) } ?? 0
        display.firstScreen = co["firstScreen"].flatMap { r.bool($0, p("firstScreen")) } ?? true
        if let v = co["animations"], let items = r.array(v, p("animations")) {
            if let both = startStateKeys.first(where: { co[$0] != nil }) {
                r.report(ep, "expected either animations or a start state (\(startStateKeys.joined(separator: ", "))), found animations and \(both)")
            }
            var list: [AnimationModel] = []
            for (i, item) in items.enumerated() {
                if let a = decodeAnimation(item, Reader.index(p("animations"), i), r, names: targets.names, layerNames: targets.what) { list.append(a) }
            }
            display.animations = list
        }
        return display
    }

    /// Reads each row's own `display` (table rows and the rows updates bring), now that the
    /// template's layer names are known.
    static func bindRowDisplays(_ scene: inout Scene, _ r: Reader) {
        // Rows are visited for writing only when one has a display of its own; the table's
        // settings are read first and not held (a held copy made the rows be copied).
        guard !r.rowDisplays.isEmpty, let setup = scene.table.map({ (DisplayTargets(template: $0.template, card: $0.card != nil), $0.display?.once ?? true) })
        else { return }
        let (targets, once) = setup
        scene.mapTableRows { row in
            guard let j = r.rowDisplays[row.jsonPath] else { return }
            if case .object(let members) = j, let key = members.first(where: { $0.key == "effect" || $0.key == "once" })?.key {
                // The table's display wraps its effect; a row's display is the effect itself.
                r.report(Reader.join(Reader.join(row.jsonPath, "display"), key),
                         "expected the effect itself (a row's display is what the table's display.effect is; once is the table's), found \(key)")
                return
            }
            var own = targets
            own.add(ownCellOf: row)
            if let d = decodeEffect(j, Reader.join(row.jsonPath, "display"), r, targets: own, once: once) { row.display = d }
        }
    }
}
