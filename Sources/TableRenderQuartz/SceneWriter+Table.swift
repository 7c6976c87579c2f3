import Foundation
import SceneJSON
import SceneModel

extension SceneWriter {
    /// The table as the scene format's `table`.
    mutating func table(_ t: UITableView) -> JSON {
        var m: [(key: String, value: JSON)] = []
        let frame = SceneWriter.startFrame(t)
        if frame != .zero { m.append(("frame", SceneWriter.rect(frame))) }
        tableScroll(t, into: &m)
        if let h = t.collapsingHeader { m.append(("header", SceneWriter.header(h))) }
        switch t.style {
        case .plain: break
        case .grouped: m.append(("style", .string("grouped")))
        case .insetGrouped: m.append(("style", .string("insetGrouped")))
        }
        let rowHeight = t.rowHeight == UITableView.automaticDimension ? (t.estimatedRowHeight > 0 ? t.estimatedRowHeight : 44) : t.rowHeight
        if rowHeight != 44 { m.append(("rowHeight", .number(Double(rowHeight)))) }
        if let c = t.backgroundColor { m.append(("backgroundColor", c.cgColor.sceneValue)) }
        var separator: [(key: String, value: JSON)] = []
        if t.separatorStyle == .none { separator.append(("style", .string("none"))) }
        if let c = t.separatorColor { separator.append(("color", c.cgColor.sceneValue)) }
        if t.separatorInset.left != 16 { separator.append(("insetLeft", .number(Double(t.separatorInset.left)))) }
        if t.tableFooterView != nil { separator.append(("emptyRows", .bool(false))) }
        if !separator.isEmpty { m.append(("separator", .object(separator))) }
        if !t.showsVerticalScrollIndicator { m.append(("showsVerticalScrollIndicator", .bool(false))) }
        if t.editingAtStart { m.append(("editing", .bool(true))) }
        let sections = (t.initialSections ?? t.sections).map { t.resolved($0) }
        if !sections.isEmpty { m.append(("sections", .array(sections.map(SceneWriter.section)))) }
        problems += t.updateProblems
        if !t.app.writingTokens { problems += t.app.problems }
        if let n = t.rowCount { m.append(("rowCount", .number(Double(n)))) }
        if let f = t.titleFormat { m.append(("titleFormat", .string(f))) }
        var cell: [(key: String, value: JSON)] = []
        switch t.dataSourceCellStyle ?? t.cellStyle {
        case .default: break
        case .subtitle: cell.append(("style", .string("subtitle")))
        case .value1: cell.append(("style", .string("value1")))
        case .value2: cell.append(("style", .string("value2")))
        }
        if let c = t.cellBackgroundColor { cell.append(("backgroundColor", c.cgColor.sceneValue)) }
        if let c = t.cellCard { cell.append(("card", SceneWriter.card(c))) }
        if let c = t.cellAccessoryColor { cell.append(("accessoryColor", c.cgColor.sceneValue)) }
        if let proto = t.cellTemplate {
            cell.append(("template", template(proto, automatic: t.rowHeight == UITableView.automaticDimension)))
        }
        if !cell.isEmpty { m.append(("cell", .object(cell))) }
        if let e = t.expansion { m.append(("expansion", SceneWriter.expansion(e))) }
        var selection: [(key: String, value: JSON)] = []
        if t.deselectsAnimated {
            selection.append(("deselect", .string("animated")))
        } else if t.keepsSelection {
            selection.append(("deselect", .string("never")))
        }
        if t.allowsMultipleSelection { selection.append(("multiple", .bool(true))) }
        if let c = t.selectedBackgroundColor { selection.append(("color", c.cgColor.sceneValue)) }
        if let d = t.deselectDuration { selection.append(("duration", .number(d))) }
        if !selection.isEmpty { m.append(("selection", .object(selection))) }
        return .object(m)
    }

    static func header(_ h: CollapsingHeader) -> JSON {
        var m: [(key: String, value: JSON)] = [("maxHeight", .number(Double(h.maxHeight))), ("minHeight", .number(Double(h.minHeight)))]
        if let c = h.backgroundColor { m.append(("backgroundColor", c.cgColor.sceneValue)) }
        if let title = h.title {
            m.append(("title", .object([("string", .string(title))] + (h.titleColor.map { [("color", $0.cgColor.sceneValue)] } ?? []))))
        }
        if let file = h.logo?.cgImage?.file {
            m.append(("logo", .object([("image", .string(file)), ("size", size(h.logoSize)), ("bottom", .number(Double(h.logoBottom)))])))
        }
        m.append(("snapDuration", .number(h.snapDuration)))
        return .object(m)
    }

    static func card(_ c: TableCellCard) -> JSON {
        var m: [(key: String, value: JSON)] = [("inset", point(c.inset)), ("cornerRadius", .number(Double(c.cornerRadius)))]
        if let b = c.backgroundColor { m.append(("backgroundColor", b.cgColor.sceneValue)) }
        m.append(("shadowOpacity", .number(float(c.shadowOpacity))))
        return .object(m)
    }

    static func expansion(_ e: UITableView.Expansion) -> JSON {
        switch e {
        case let .fold(duration, perspective, shadow, join, detailHeight, detailColor, timing):
            var m: [(key: String, value: JSON)] = [("effect", .string("fold")), ("duration", .number(duration)),
                                                   ("perspective", .number(Double(perspective))), ("shadow", .bool(shadow)),
                                                   ("join", .string(join.rawValue))]
            if let h = detailHeight { m.append(("detailHeight", .number(Double(h)))) }
            if let c = detailColor { m.append(("detailColor", c.cgColor.sceneValue)) }
            if let t = timing { m.append(("timingFunction", t.sceneValue)) }
            return .object(m)
        case let .rows(animation, duration, timing):
            var m: [(key: String, value: JSON)] = [("effect", .string("rows")), ("rowAnimation", .string(animation.rawValue)),
                                                   ("duration", .number(duration))]
            if let t = timing { m.append(("timingFunction", t.sceneValue)) }
            return .object(m)
        }
    }

    static func section(_ s: UITableViewSection) -> JSON {
        var m: [(key: String, value: JSON)] = []
        if let title = s.title { m.append(("title", .string(title))) }
        if s.isCollapsible { m.append(("collapsible", .bool(true))) }
        if !s.isExpanded { m.append(("expanded", .bool(false))) }
        m.append(("rows", .array(s.rows.map { r in
            var row: [(key: String, value: JSON)] = [("title", .string(r.title))]
            if let d = r.detail { row.append(("detail", .string(d))) }
            if let h = r.height { row.append(("height", .number(Double(h)))) }
            if r.accessory != .none { row.append(("accessory", .string(r.accessory.rawValue))) }
            if let v = r.accessoryView { row.append(("accessoryView", v)) }
            if let file = r.image?.cgImage?.file {
                var image: [(key: String, value: JSON)] = [("file", .string(file))]
                if let s = r.imageSize { image.append(("size", SceneWriter.size(s))) }
                row.append(("image", .object(image)))
            }
            if r.editingStyle != .delete { row.append(("editingStyle", .string(r.editingStyle == .insert ? "insert" : "none"))) }
            if r.canMove { row.append(("canMove", .bool(true))) }
            if !r.shouldIndentWhileEditing { row.append(("shouldIndentWhileEditing", .bool(false))) }
            if r.isExpanded { row.append(("expanded", .bool(true))) }
            if !r.values.isEmpty {
                row.append(("values", .object(r.values.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
            }
            // A data source's cell for the row: its own content and background.
            var cell: [(key: String, value: JSON)] = []
            if let own = r.ownCell {
                cell.append(("layers", .array(own.layers.map(SceneEncoder.layer))))
                if !own.animations.isEmpty { cell.append(("animations", .array(own.animations))) }
            }
            if let c = r.cellBackground { cell.append(("backgroundColor", c)) }
            if !cell.isEmpty { row.append(("cell", .object(cell))) }
            return .object(row)
        })))
        if let f = s.footerTitle { m.append(("footer", .string(f))) }
        if let v = s.headerView { m.append(("headerView", v)) }
        if let v = s.footerView { m.append(("footerView", v)) }
        return .object(m)
    }

    mutating func template(_ proto: UITableViewCell, automatic: Bool) -> JSON {
        // The template layers' own animations are the cell's, run on every row from its display.
        let before = animations.count
        // A built-in style's labels and image view are the row's title and detail, not template layers.
        let builtIn = [proto.textLabel, proto.detailTextLabel, proto.imageView].compactMap { $0?.layer }
        let own = (proto.contentView.layer.sublayers ?? []).filter { l in !builtIn.contains { $0 === l } }
        let layers = own.enumerated().map { layerJSON($1, path: "table.cell.template.layers[\($0)]") }
        let cellAnimations = Array(animations[before...])
        animations.removeSubrange(before...)
        var m: [(key: String, value: JSON)] = [("layers", .array(layers))]
        if !cellAnimations.isEmpty { m.append(("animations", .array(cellAnimations.map(SceneEncoder.animation)))) }
        if automatic { m.append(("height", .string("auto"))) }
        if proto.paddingBottom != 0 { m.append(("paddingBottom", .number(Double(proto.paddingBottom)))) }
        if let name = proto.detailView?.accessibilityIdentifier { m.append(("detailView", .string(name))) }
        if let main = proto.mainView {
            if let name = main.accessibilityIdentifier {
                m.append(("mainView", .string(name)))
            } else {
                problem("table.cell", "template", "the mainView needs an accessibilityIdentifier (its name in the template)")
            }
        }
        return .object(m)
    }

    static func script(_ events: [TableScriptEvent]) -> JSON {
        .array(events.map { e -> JSON in
            func timed(_ body: [(key: String, value: JSON)], _ timing: CAMediaTimingFunctionName?) -> JSON {
                .object(body + (timing.map { [("timingFunction", JSON.string($0.rawValue))] } ?? []))
            }
            switch e {
            case let .tap(at, section, row):
                return .object([("at", .number(at)), ("tap", .object([("section", .number(Double(section))), ("row", .number(Double(row)))]))])
            case let .scroll(at, to, duration, timing):
                return .object([("at", .number(at)), ("scroll", timed([("to", .number(Double(to))), ("duration", .number(duration))], timing))])
            case let .scrollBy(at, by, duration, timing):
                return .object([("at", .number(at)), ("scroll", timed([("by", .number(Double(by))), ("duration", .number(duration))], timing))])
            case let .drag(at, by, duration, timing):
                return .object([("at", .number(at)), ("drag", timed([("by", .number(Double(by))), ("duration", .number(duration))], timing))])
            case let .dragTo(at, to, duration, timing):
                return .object([("at", .number(at)), ("drag", timed([("to", .number(Double(to))), ("duration", .number(duration))], timing))])
            case let .release(at):
                return .object([("at", .number(at)), ("release", .object([]))])
            case let .fling(at, velocity, rate):
                return .object([("at", .number(at)), ("fling", .object([("velocity", .number(Double(velocity))), ("decelerationRate", .number(rate))]))])
            case .update, .scrollToRow, .swipe, .tapSwipeAction, .reconfigureRows, .setEditing, .tapEditingControl, .reorder, .tapAccessoryButton:
                return .object([("at", .number(e.time))] + (tableAction(e).map { [$0] } ?? []))
            }
        })
    }
}

/// The table's JSON (until the table engine reads the model, issue 50 step 5): layers through
/// the model and its encoder, the table's own values as the format writes them.
extension SceneWriter {
    /// A layer as the format writes it: recorded into the model, then encoded.
    mutating func layerJSON(_ l: CALayer, path: String) -> JSON { SceneEncoder.layer(layer(l, path: path)) }

    static func point(_ p: CGPoint) -> JSON { .array([.number(Double(p.x)), .number(Double(p.y))]) }
    static func size(_ s: CGSize) -> JSON { .array([.number(Double(s.width)), .number(Double(s.height))]) }
    static func rect(_ r: CGRect) -> JSON {
        .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map { .number(Double($0)) })
    }
    static func matrix(_ t: CATransform3D) -> JSON { SceneEncoder.transform(t.sceneValue) }

    /// A value for comparing two recorded values (a row's start state against its end).
    static func anyValue(_ v: Any) -> JSON {
        if let n = number(v) { return .number(n) }
        if let p = v as? CGPoint { return point(p) }
        if let c = colorValue(v) { return SceneEncoder.color(c) }
        if let t = CATransform3D.from(v) { return matrix(t) }
        return .string("\(v)")
    }
}
