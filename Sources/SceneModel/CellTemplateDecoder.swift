import Geometry

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

    /// Every row's copy of the template with its values bound, counted in the layer and text
    /// budgets as if written out.
    static func bindTemplate(_ template: TableModel.CellTemplate, into sections: inout [TableModel.Section], _ r: Reader, directory: String) {
        func count(_ l: LayerModel) -> Int { 1 + l.children.reduce(0) { $0 + count($1) } }
        let perRow = template.layers.reduce(0) { $0 + count($1) }
        // The message counts them all (it gave the count where the budget was passed).
        let rows = sections.reduce(0) { $0 + $1.rows.count }
        let all = JSON.format(Double(r.layerCount) + Double(perRow) * Double(rows))
        for s in sections.indices {
            for i in sections[s].rows.indices {
                let row = sections[s].rows[i]
                // A row with its own cell shows it, not the template.
                if row.cell?.ownContent == true { continue }
                r.layerCount += perRow
                guard r.within(\.layers, r.layerCount, row.jsonPath, found: "\(all) with the cell template's \(perRow) in each of \(rows) rows") else {
                    r.reportMissingValues()
                    return
                }
                var values = row.values
                if values["title"] == nil { values["title"] = row.title }
                if values["detail"] == nil, let d = row.detail { values["detail"] = d }
                var layers = template.layers.map { bind($0, values: values, rowPath: row.jsonPath, r, directory: directory) }
                if let name = template.detailView, let k = layers.firstIndex(where: { $0.name == name }) {
                    sections[s].rows[i].detailView = layers.remove(at: k)
                }
                sections[s].rows[i].layers = layers
            }
        }
        r.reportMissingValues()
    }

    static func bind(_ layer: LayerModel, values: [String: String], rowPath: String, _ r: Reader, directory: String) -> LayerModel {
        var l = layer
        if var t = l.text, t.string.contains("{") {
            // Made only as far as the text budget has room (issue 53.4): past it, the check below refuses.
            let room = max(r.limits.textLength - r.textLength, 0)
            let made = substitute(t.string, values: values, rowPath: rowPath, usedAt: Reader.join(t.jsonPath, "string"), r, room: room)
            t.string = made.text
            r.textLength += made.cost
            r.within(\.textLength, r.textLength, rowPath, found: "more with the template's text in each row")
            l.text = t
        }
        if var image = l.image, image.file.contains("{") {
            image.file = substitute(image.file, values: values, rowPath: rowPath, usedAt: image.jsonPath, r).text
            image.path = resolve(image.file, directory: directory)
            image.jsonPath = Reader.join(rowPath, "values")
            l.image = image
        }
        l.sublayers = l.sublayers.map { bind($0, values: values, rowPath: rowPath, r, directory: directory) }
        l.maskLayers = l.maskLayers.map { bind($0, values: values, rowPath: rowPath, r, directory: directory) }
        return l
    }

    /// `{name}` replaced by the row's value; braces around anything but a name stay as written.
    /// The text is parsed once per template (not once per row), and found by its place, not by
    /// hashing it again for each row; each row looks up each name once however often the text
    /// uses it. A name the row has no value for is noted (``Reader/missingValue(_:usedAt:row:)``)
    /// and the text not made. `cost` is what the text budget counts: the bytes made, and at
    /// least a byte for each placeholder (making a text of 60,000 placeholders whose values are
    /// empty took 50,000 rows 24 s while it counted nothing, a helper's probe); worked out
    /// before the text is made, which is not made past `room`.
    static func substitute(_ s: String, values: [String: String], rowPath: String, usedAt: String, _ r: Reader,
                           room: Int = .max) -> (text: String, cost: Int) {
        let text: TemplateText
        if let known = r.templateTexts[usedAt], known.source == s { text = known } else {
            text = TemplateText(s)
            r.templateTexts[usedAt] = text
        }
        var bound: [String] = []
        bound.reserveCapacity(text.names.count)
        var complete = true
        var bytes = text.literalBytes
        for (k, name) in text.names.enumerated() {
            if let value = values[name] {
                bound.append(value)
                bytes = bytes.addingReportingOverflow(value.utf8.count.multipliedReportingOverflow(by: text.uses[k]).partialValue).partialValue
            } else {
                r.missingValue(name, usedAt: usedAt, row: rowPath)
                complete = false
            }
        }
        let cost = max(bytes, text.placeholders)
        guard complete, cost <= room else { return ("", complete ? cost : 0) }
        var out = ""
        out.reserveCapacity(bytes)
        for part in text.parts {
            switch part {
            case .text(let t): out += t
            case .name(let k): out += bound[k]
            }
        }
        return (out, cost)
    }

    /// A row's own `cell`: `{ "layers": [...], "backgroundColor": colour, "animations": [...] }`.
    /// Its layers are the row's content in place of the template's and the built-in style's,
    /// with names of their own (every row's cell may be written alike). Its animations may name
    /// the layers of its `layers` and of the row's accessory view (`accessoryNames`: nil when
    /// the row has none).
    static func decodeRowCell(_ v: JSON, _ path: String, _ r: Reader, directory: String, accessoryNames: [String: String]? = nil,
                              into row: inout TableModel.Row) {
        guard let o = r.object(v, path, known: ["layers", "backgroundColor", "animations", "separatorInsetLeft", "selectedBackgroundColor"]) else { return }
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

/// A template text split once: its parts, each placeholder as the index of its name among the
/// text's distinct names.
struct TemplateText {
    enum Part {
        case text(String)
        case name(Int)
    }

    let source: String
    let parts: [Part]
    let names: [String]
    /// How often each name is used, the bytes of the text around them, and the placeholders.
    let uses: [Int]
    let literalBytes: Int
    let placeholders: Int

    init(_ s: String) {
        source = s
        var index: [String: Int] = [:], names: [String] = [], parts: [Part] = [], uses: [Int] = []
        var literal = 0, placeholders = 0
        for piece in TemplatePiece.parse(s) {
            switch piece {
            case .text(let t):
                parts.append(.text(t))
                literal += t.utf8.count
            case .name(let n):
                placeholders += 1
                if let k = index[n] {
                    parts.append(.name(k))
                    uses[k] += 1
                } else {
                    index[n] = names.count
                    parts.append(.name(names.count))
                    names.append(n)
                    uses.append(1)
                }
            }
        }
        self.parts = parts
        self.names = names
        self.uses = uses
        literalBytes = literal
        self.placeholders = placeholders
    }
}

/// A template text's parts: text as written, and `{name}` placeholders.
enum TemplatePiece {
    case text(String)
    case name(String)

    /// The parts of `s`: braces around anything but a name (letters, digits, `_`, at most 64)
    /// stay as written.
    static func parse(_ s: String) -> [TemplatePiece] {
        var out: [TemplatePiece] = []
        var literal = "", rest = Substring(s)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"),
                  case let name = after[..<close], !name.isEmpty, name.count <= 64,
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                literal += "{"
                rest = after
                continue
            }
            if !literal.isEmpty { out.append(.text(literal)) }
            literal = ""
            out.append(.name(String(name)))
            rest = after[after.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { out.append(.text(literal)) }
        return out
    }
}
