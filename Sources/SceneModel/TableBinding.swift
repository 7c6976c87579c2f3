/// The model's own steps after its values are read, whichever way they came (a JSON file's
/// decoder, or Swift code building the model): the cell template bound into each row, the
/// script's updates checked against the data at their times, the table named among the layers.
/// They report into ``SceneChecks`` with the format's paths.
package enum TableBinding {
    /// Every row's copy of the template with its values bound, counted in the layer and text
    /// budgets as if written out.
    package static func bindTemplate(_ template: TableModel.CellTemplate, into sections: inout [TableModel.Section], _ r: SceneChecks, directory: String) {
        func count(_ l: LayerModel) -> Int { 1 + l.children.reduce(0) { $0 + count($1) } }
        let perRow = template.layers.reduce(0) { $0 + count($1) }
        // The message counts them all (it gave the count where the budget was passed).
        let rows = sections.reduce(0) { $0 + $1.rows.count }
        let all = Message.number(Double(r.layerCount) + Double(perRow) * Double(rows))
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

    package static func bind(_ layer: LayerModel, values: [String: String], rowPath: String, _ r: SceneChecks, directory: String) -> LayerModel {
        var l = layer
        if var t = l.text, t.string.contains("{") {
            // Made only as far as the text budget has room (issue 53.4): past it, the check below refuses.
            let room = max(r.limits.textLength - r.textLength, 0)
            let made = substitute(t.string, values: values, rowPath: rowPath, usedAt: ModelPath.join(t.jsonPath, "string"), r, room: room)
            t.string = made.text
            r.textLength += made.cost
            r.within(\.textLength, r.textLength, rowPath, found: "more with the template's text in each row")
            l.text = t
        }
        if var image = l.image, image.file.contains("{") {
            image.file = substitute(image.file, values: values, rowPath: rowPath, usedAt: image.jsonPath, r).text
            image.path = SceneFiles.path(image.file, in: directory)
            image.jsonPath = ModelPath.join(rowPath, "values")
            l.image = image
        }
        l.sublayers = l.sublayers.map { bind($0, values: values, rowPath: rowPath, r, directory: directory) }
        l.maskLayers = l.maskLayers.map { bind($0, values: values, rowPath: rowPath, r, directory: directory) }
        return l
    }

    /// `{name}` replaced by the row's value; braces around anything but a name stay as written.
    /// The text is parsed once per template (not once per row), and found by its place, not by
    /// hashing it again for each row; each row looks up each name once however often the text
    /// uses it. A name the row has no value for is noted (``SceneChecks/missingValue(_:usedAt:row:)``)
    /// and the text not made. `cost` is what the text budget counts: the bytes made, and at
    /// least a byte for each placeholder (making a text of 60,000 placeholders whose values are
    /// empty took 50,000 rows 24 s while it counted nothing, a helper's probe); worked out
    /// before the text is made, which is not made past `room`.
    package static func substitute(_ s: String, values: [String: String], rowPath: String, usedAt: String, _ r: SceneChecks,
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

    /// The rows the script's updates bring get the cell template, as the table's own rows; then
    /// the updates are replayed to check every index path against the data at its time.
    package static func bindUpdates(_ script: [ScriptEvent], table: TableModel, _ r: SceneChecks, directory: String) -> [ScriptEvent] {
        var scene = Scene(canvas: Canvas(width: 1, height: 1), fps: 1, duration: 0, layers: [], table: table, script: script)
        scene.table?.sections = []
        var over = false
        scene.mapTableRows { row in
            r.layerCount += 1
            if over || !r.within(\.layers, r.layerCount, row.jsonPath, found: "more") { over = true; return }
            guard let template = table.template else { return }
            var sections = [TableModel.Section(title: nil, collapsible: false, expanded: true, rows: [row])]
            bindTemplate(template, into: &sections, r, directory: directory)
            row = sections[0].rows[0]
        }
        _ = TableTimeline(table: table, script: scene.script) { r.report($0, $1) }
        return scene.script
    }
    /// A named table joins the names animations may target; only its frame animates.
    /// Whether the name joined (a name a layer has is reported instead).
    package static func nameTable(_ table: TableModel?, _ names: inout [String: String], _ r: SceneChecks) -> Bool {
        guard let n = table?.name else { return false }
        if let other = names[n] {
            r.report("table.name", "expected a name no layer has, found \"\(Message.cutLongTokens(n))\" (\(other) has it)")
            return false
        }
        names[n] = "table"
        return true
    }

    /// Animations of the table's layer: its frame only (the rest of its look is the table's keys).
    package static func checkTableAnimations(_ animations: [AnimationModel], table: TableModel?, _ r: SceneChecks) {
        guard let n = table?.name else { return }
        for (i, a) in animations.enumerated() where a.layer == n && !RecordedOffsets.tableKeyPaths.contains(a.keyPath) {
            r.report(ModelPath.index("animations", i) + ".keyPath",
                     "expected one of \(RecordedOffsets.tableKeyPaths.sorted().joined(separator: ", ")) for the table \"\(Message.cutLongTokens(n))\" (its frame; the rest of its look is the table's own keys), found \"\(a.keyPath)\"")
        }
    }

    /// Whether the layer has the content object a property is written in.
    package static func has(_ container: LayerProperty.Container, _ layer: LayerModel) -> Bool {
        switch container {
        case .layer: return true
        case .gradient: return layer.gradient != nil
        case .path: return layer.shape != nil
        case .image: return layer.image != nil
        case .text: return layer.text != nil
        }
    }

    /// The layer with this name among `layers`, their sublayers and masks, at any depth.
    package static func layer(named name: String, in layers: [LayerModel]) -> LayerModel? {
        var stack = layers
        while let l = stack.popLast() {
            if l.name == name { return l }
            stack += l.children
        }
        return nil
    }
}

/// What decoding a table does after reading its values, for a table built in memory (a Swift
/// scene's, issue 50 step 6): the same model then, whichever way it came.
extension Scene {
    /// Binds the cell template into the table's rows (each row's values into a copy of it),
    /// binds it into the rows the script's updates bring and checks every update's index paths
    /// against the data at its time, and names the table among the layers (its frame may
    /// animate). The problems have the decoder's paths and wording. (A row's own display effect
    /// written in JSON is the decoder's to read; Swift code records its effects itself.)
    public mutating func bindTable(limits: Limits = Limits()) -> [SceneProblem] {
        guard var table else { return [] }
        let r = SceneChecks(limits: limits)
        if let template = table.template { TableBinding.bindTemplate(template, into: &table.sections, r, directory: directory) }
        self.table = table
        script = TableBinding.bindUpdates(script, table: table, r, directory: directory)
        var names: [String: String] = [:]
        func collect(_ l: LayerModel, _ path: String) {
            if let n = l.name, names[n] == nil { names[n] = path }
            for (i, s) in l.sublayers.enumerated() { collect(s, ModelPath.index(path + ".sublayers", i)) }
            if let m = l.mask { collect(m, path + ".mask") }
        }
        for (i, l) in layers.enumerated() { collect(l, ModelPath.index("layers", i)) }
        if TableBinding.nameTable(table, &names, r) { TableBinding.checkTableAnimations(animations, table: table, r) }
        for key in ["name", "contentOffsets"] where table.header != nil && (key == "name" ? table.name != nil : table.contentOffsets != nil) {
            r.report("table.\(key)", "expected no \(key) with a collapsing header (the header moves the table and its content itself), found both")
        }
        return r.problems
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
