import Geometry
import JSONText
import SceneModel

/// Decoding of `table.cell.template` and the binding of each row's values into it.
extension SceneDecoder {
    /// `cell.template`: `{ "layers": [...], "mainView": name, "height": "auto" | points,
    /// "paddingBottom": points }`. The layers are checked once here, with their own names.
    static func decodeTemplate(_ v: JSON, _ path: String, _ r: Reader, directory: String) -> (TableModel.CellTemplate, fixedHeight: Double?)? {
        guard let o = r.object(v, path, known: ["layers", "mainView", "detailView", "height", "paddingBottom", "animations"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        var names: [String: String] = [:]
        var layers: [LayerModel] = []
        if let ls = o["layers"] {
            if let items = r.array(ls, p("layers")) {
                for (i, item) in items.enumerated() {
                    if let l = decodeLayer(item, Reader.index(p("layers"), i), r, names: &names, directory: directory, depth: 2) {
                        layers.append(l)
                    }
                }
            }
        } else {
            r.report(p("layers"), "expected the template's layers, found nothing")
        }
        var mainView: String?
        if let m = o["mainView"], let name = r.string(m, p("mainView")) {
            if names[name] != nil { mainView = name } else {
                let known = names.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                r.report(p("mainView"), "expected the name of one of the template's layers (\(known.isEmpty ? "it names none" : known)), found \"\(JSON.shortened(name))\"")
            }
        }
        var detailView: String?
        if let m = o["detailView"], let name = r.string(m, p("detailView")) {
            if layers.contains(where: { $0.name == name }) { detailView = name } else {
                r.report(p("detailView"), "expected the name of one of the template's top-level layers, found \"\(JSON.shortened(name))\"")
            }
        }
        var autoHeight = false, fixed: Double?
        if let h = o["height"] {
            if case .string("auto") = h { autoHeight = true } else if case .number = h {
                fixed = r.number(h, p("height"), above: 0, max: 10_000)
            } else {
                r.expected(p("height"), "\"auto\" or a height in points", h)
            }
        }
        let padding = o["paddingBottom"].flatMap { r.number($0, p("paddingBottom"), min: 0, max: 10_000) } ?? 0
        var template = TableModel.CellTemplate(layers: layers, mainView: mainView, autoHeight: autoHeight, paddingBottom: padding,
                                               detailView: detailView)
        if let v = o["animations"], let items = r.array(v, p("animations")) {
            template.animations = items.enumerated().compactMap {
                decodeAnimation($1, Reader.index(p("animations"), $0), r, names: names, layerNames: "the name of a layer of the cell template")
            }
        }
        return (template, fixed)
    }

    /// A row's `values`: names to strings (numbers are written as the scene writes them).
    static func decodeValues(_ v: JSON, _ path: String, _ r: Reader) -> [String: String] {
        guard case .object(let members) = v else { r.expected(path, "an object of names to strings", v); return [:] }
        var out: [String: String] = [:]
        for (k, value) in members {
            let vp = Reader.join(path, JSON.shortened(k))
            switch value {
            case .number(let n): out[k] = JSON.format(n)
            default: if let s = r.string(value, vp) { out[k] = s }
            }
        }
        return out
    }

    /// A row's own `cell`: `{ "layers": [...], "backgroundColor": colour, "animations": [...] }`.
    /// Its layers are the row's content in place of the template's and the built-in style's,
    /// with names of their own (every row's cell may be written alike). Its animations may name
    /// the layers of its `layers` and of the row's accessory view (`accessoryNames`: nil when
    /// the row has none).
    static func decodeRowCell(_ v: JSON, _ path: String, _ r: Reader, directory: String, accessoryNames: [String: String]? = nil,
                              into row: inout TableModel.Row) {
        guard let o = r.object(v, path, known: ["layers", "backgroundColor", "animations", "separatorInsetLeft", "selectedBackgroundColor",
                                              "tintColor"]) else { return }
        func p(_ k: String) -> String { Reader.join(path, k) }
        var cell = TableModel.RowCell(ownContent: o["layers"] != nil)
        var names = accessoryNames ?? [:]
        if let ls = o["layers"], let items = r.array(ls, p("layers")) {
            row.layers = items.enumerated().compactMap {
                decodeLayer($1, Reader.index(p("layers"), $0), r, names: &names, directory: directory, depth: 2)
            }
        }
        cell.backgroundColor = o["backgroundColor"].flatMap { r.color($0, p("backgroundColor")) }
        cell.separatorInsetLeft = o["separatorInsetLeft"].flatMap { r.number($0, p("separatorInsetLeft"), min: 0, max: 10_000) }
        cell.selectedBackgroundColor = o["selectedBackgroundColor"].flatMap { r.color($0, p("selectedBackgroundColor")) }
        cell.tintColor = o["tintColor"].flatMap { r.color($0, p("tintColor")) }
        if let a = o["animations"], let items = r.array(a, p("animations")) {
            if o["layers"] == nil && accessoryNames == nil {
                r.report(p("animations"), "expected the cell's layers (cell.layers) or the row's accessoryView to animate, found animations alone")
            }
            cell.animations = items.enumerated().compactMap {
                decodeAnimation($1, Reader.index(p("animations"), $0), r, names: names, layerNames: "the name of a layer of the row's cell or accessoryView")
            }
        }
        row.cell = cell
    }
}
