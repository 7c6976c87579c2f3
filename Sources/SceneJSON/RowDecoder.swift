import Geometry
import JSONText
import SceneModel

/// Decoding of a table's rows: the title and detail with their labels' looks, the image, the
/// accessory, the row's own cell and display.
extension SceneDecoder {
    static func decodeRow(_ item: JSON, _ rp: String, _ r: Reader, directory: String) -> TableModel.Row? {
        guard let ro = r.object(item, rp, known: ["title", "detail", "accessory", "accessoryView", "height", "expanded", "values", "display",
                                                       "editingStyle", "canMove", "shouldIndentWhileEditing", "image", "cell",
                                                       "titleColor", "detailColor", "titleFont", "detailFont", "titleLines", "detailLines",
                                                       "titleAlignment", "detailAlignment", "style"]) else { return nil }
        let title = ro["title"].flatMap { r.string($0, Reader.join(rp, "title")) } ?? ""
        let detail = ro["detail"].flatMap { r.string($0, Reader.join(rp, "detail")) }
        let accessory = ro["accessory"].flatMap {
            r.oneOf($0, Reader.join(rp, "accessory"), TableModel.Accessory.allCases.map { ($0.rawValue, $0) })
        } ?? .none
        // 0 is UIKit's way of hiding a row (`heightForRowAt` returning 0).
        // "auto": self-sizing (`heightForRowAt` returning `automaticDimension`).
        let given = ro["height"].map { r.heightOrAuto($0, Reader.join(rp, "height"), min: 0) }
        let selfSizing = given?.auto == true
        let height = given?.height
        let expanded = ro["expanded"].flatMap { r.bool($0, Reader.join(rp, "expanded")) } ?? false
        let values = ro["values"].map { decodeValues($0, Reader.join(rp, "values"), r) } ?? [:]
        var row = TableModel.Row(title: title, detail: detail, accessory: accessory, height: height, expanded: expanded,
                                 values: values, jsonPath: rp)
        row.selfSizing = selfSizing
        if let d = ro["display"] { r.rowDisplays[rp] = d }
        if let e = ro["editingStyle"] {
            row.editingStyle = r.oneOf(e, Reader.join(rp, "editingStyle"), TableModel.EditingStyle.allCases.map { ($0.rawValue, $0) }) ?? .delete
        }
        row.canMove = ro["canMove"].flatMap { r.bool($0, Reader.join(rp, "canMove")) } ?? false
        row.shouldIndentWhileEditing = ro["shouldIndentWhileEditing"].flatMap { r.bool($0, Reader.join(rp, "shouldIndentWhileEditing")) } ?? true
        // The accessory view's own names (every row's accessory view may be written alike), which
        // the row's cell's animations may name.
        var accessoryNames: [String: String] = [:]
        if let v = ro["accessoryView"] {
            row.accessoryView = decodeLayer(v, Reader.join(rp, "accessoryView"), r, names: &accessoryNames, directory: directory, depth: 2)
        }
        if let v = ro["image"] {
            if case .object(let members) = v, members.contains(where: { $0.key == "symbol" }) {
                row.imageSymbol = decodeRowSymbol(v, Reader.join(rp, "image"), r)
                row.imageView = row.imageSymbol?.box
            } else {
                row.imageView = decodeRowImage(v, Reader.join(rp, "image"), r, directory: directory)
            }
            if case .object(let members) = v { row.imageLook = decodeImageLook(members, Reader.join(rp, "image"), r) }
        }
        if let v = ro["cell"] {
            decodeRowCell(v, Reader.join(rp, "cell"), r, directory: directory, accessoryNames: ro["accessoryView"] == nil ? nil : accessoryNames, into: &row)
        }
        let styles = TableModel.LabelStyles(title: decodeLabelStyle(ro, "title", rp, r, directory: directory),
                                            detail: decodeLabelStyle(ro, "detail", rp, r, directory: directory))
        if !styles.isEmpty { row.labelStyles = styles }
        if let s = ro["style"] { row.style = decodeCellStyle(s, Reader.join(rp, "style"), r) }
        return row
    }

    /// A row's `titleColor`, `titleFont`, `titleLines` and `titleAlignment` (`label` "title"),
    /// or the detail's.
    static func decodeLabelStyle(_ ro: [String: JSON], _ label: String, _ rp: String, _ r: Reader, directory: String) -> TableModel.LabelStyle {
        func p(_ k: String) -> String { Reader.join(rp, label + k) }
        var style = TableModel.LabelStyle()
        style.color = ro[label + "Color"].flatMap { r.color($0, p("Color")) }
        if let f = ro[label + "Font"] { (style.font, style.size) = decodeFont(f, p("Font"), r, directory: directory) }
        style.lines = ro[label + "Lines"].flatMap { r.integer($0, p("Lines"), min: 0, max: 10_000) }
        style.alignment = ro[label + "Alignment"].flatMap {
            r.oneOf($0, p("Alignment"), [("left", TextAlignment.left), ("center", .center), ("right", .right), ("natural", .natural)])
        }
        return style
    }

    /// A row's symbol image: `symbol` (one of ours: tools/symbols), `pointSize`, `weight`,
    /// `scale`, `color`.
    static func decodeRowSymbol(_ v: JSON, _ path: String, _ r: Reader) -> SymbolImage? {
        guard let o = r.object(v, path, known: ["symbol", "pointSize", "weight", "scale", "color", "cornerRadius", "maximumSize"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        guard let x = o["symbol"], let name = decodeSymbolName(x, p("symbol"), r) else { return nil }
        var s = SymbolImage(name: name)
        if let n = o["pointSize"].flatMap({ r.number($0, p("pointSize"), above: 0, max: 1000) }) { s.pointSize = n }
        if let w = o["weight"] { s.weight = r.oneOf(w, p("weight"), SymbolImage.Weight.allCases.map { ($0.rawValue, $0) }) ?? .regular }
        if let k = o["scale"] { s.scale = r.oneOf(k, p("scale"), SymbolImage.Scale.allCases.map { ($0.rawValue, $0) }) ?? .medium }
        s.color = o["color"].flatMap { r.color($0, p("color")) }
        return s
    }

    /// A row image's `cornerRadius` and `maximumSize` (nil: neither written).
    static func decodeImageLook(_ members: [(key: String, value: JSON)], _ path: String, _ r: Reader) -> TableModel.ImageLook? {
        let radius = members.first { $0.key == "cornerRadius" }?.value, maximum = members.first { $0.key == "maximumSize" }?.value
        guard radius != nil || maximum != nil else { return nil }
        var look = TableModel.ImageLook()
        if let x = radius { look.cornerRadius = r.number(x, Reader.join(path, "cornerRadius"), min: 0, max: 10_000) ?? 0 }
        if let x = maximum, let n = r.numbers(x, Reader.join(path, "maximumSize"), count: 2, what: "[width, height]") {
            if n.allSatisfy({ $0 >= 0 && $0 <= 10_000 }) { look.maximumSize = Point(n[0], n[1]) } else {
                r.expected(Reader.join(path, "maximumSize"), "[width, height], each >= 0 and <= 10000 (0: no limit)", x)
            }
        }
        return look
    }

    /// A row's `image` (`{ "file", "size" }`): the cell's `imageView` image, at the size given or
    /// (zero here) the file's own.
    static func decodeRowImage(_ v: JSON, _ path: String, _ r: Reader, directory: String) -> LayerModel? {
        guard let o = r.object(v, path, known: ["file", "size", "cornerRadius", "maximumSize"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        guard let x = o["file"] else { r.report(p("file"), "expected an image file name (or, in place of file, a symbol), found nothing"); return nil }
        guard let file = r.string(x, p("file")) else { return nil }
        if file.isEmpty { r.expected(p("file"), "an image file name", x); return nil }
        var l = LayerModel()
        if let s = o["size"] {
            guard let n = r.numbers(s, p("size"), count: 2, what: "[width, height]") else { return nil }
            guard n.allSatisfy({ $0 > 0 && $0 <= 10_000 }) else { r.expected(p("size"), "[width, height], each > 0 and <= 10000", s); return nil }
            l.bounds = Rect(0, 0, n[0], n[1])
        }
        l.image = ImageContent(file: file, path: resolve(file, directory: directory), gravity: .resize, contentsScale: 1, jsonPath: p("file"))
        return l
    }
}
