import JSONText
import SceneModel

/// What a screen recording shows around the table: the status bar and the navigation bar.
extension SceneDecoder {
    /// `navigationBar`: `{ "title", "prefersLargeTitles" }`.
    static func decodeNavigationBar(_ v: JSON, _ r: Reader) -> NavigationBarModel? {
        guard let o = r.object(v, "navigationBar", known: ["title", "prefersLargeTitles", "backButton", "rightButton", "rightButtonStyle", "editButton",
                                                                   "rightButtonSymbol", "leftButton", "leftButtonStyle", "leftButtonSymbol",
                                                                   "rightButtonEnabled", "leftButtonEnabled", "tintColor", "barColor",
                                                                   "scrollEdgeBarColor", "shadowColor", "titleColor", "largeTitleColor",
                                                                   "rightButtonColor", "leftButtonColor", "searchBar"]) else { return nil }
        var bar = NavigationBarModel(title: "")
        if let t = o["title"], let s = r.string(t, "navigationBar.title") { bar.title = s }
        if let l = o["prefersLargeTitles"] { bar.prefersLargeTitles = r.bool(l, "navigationBar.prefersLargeTitles") ?? false }
        if let b = o["backButton"] { bar.backButton = r.string(b, "navigationBar.backButton") }
        if let b = o["rightButton"] { bar.rightButton = r.string(b, "navigationBar.rightButton") }
        if let s = o["rightButtonStyle"] {
            bar.rightButtonDone = r.oneOf(s, "navigationBar.rightButtonStyle", [("plain", false), ("done", true)]) ?? false
        }
        if let e = o["editButton"] { bar.editButton = r.bool(e, "navigationBar.editButton") ?? false }
        if bar.editButton && bar.rightButton != nil {
            r.report("navigationBar.editButton", "expected either editButton or rightButton (both are the trailing button), found both")
        }
        if let s = o["rightButtonSymbol"] { bar.rightButtonSymbol = decodeSymbolName(s, "navigationBar.rightButtonSymbol", r) }
        if let b = o["leftButton"] { bar.leftButton = r.string(b, "navigationBar.leftButton") }
        if let s = o["leftButtonStyle"] {
            bar.leftButtonDone = r.oneOf(s, "navigationBar.leftButtonStyle", [("plain", false), ("done", true)]) ?? false
        }
        if let s = o["leftButtonSymbol"] { bar.leftButtonSymbol = decodeSymbolName(s, "navigationBar.leftButtonSymbol", r) }
        if let e = o["rightButtonEnabled"] { bar.rightButtonEnabled = r.bool(e, "navigationBar.rightButtonEnabled") ?? true }
        if let e = o["leftButtonEnabled"] { bar.leftButtonEnabled = r.bool(e, "navigationBar.leftButtonEnabled") ?? true }
        bar.tintColor = o["tintColor"].flatMap { r.color($0, "navigationBar.tintColor") }
        bar.barColor = o["barColor"].flatMap { r.color($0, "navigationBar.barColor") }
        bar.scrollEdgeBarColor = o["scrollEdgeBarColor"].flatMap { r.color($0, "navigationBar.scrollEdgeBarColor") }
        bar.shadowColor = o["shadowColor"].flatMap { r.color($0, "navigationBar.shadowColor") }
        bar.titleColor = o["titleColor"].flatMap { r.color($0, "navigationBar.titleColor") }
        bar.largeTitleColor = o["largeTitleColor"].flatMap { r.color($0, "navigationBar.largeTitleColor") }
        bar.rightButtonColor = o["rightButtonColor"].flatMap { r.color($0, "navigationBar.rightButtonColor") }
        bar.leftButtonColor = o["leftButtonColor"].flatMap { r.color($0, "navigationBar.leftButtonColor") }
        if let v = o["searchBar"] { bar.searchBar = decodeSearchBar(v, r) }
        if bar.rightButtonSymbol != nil, bar.rightButton != nil || bar.editButton {
            r.report("navigationBar.rightButtonSymbol", "expected one trailing button (rightButton, rightButtonSymbol or editButton), found more")
        }
        if bar.leftButton != nil, bar.leftButtonSymbol != nil {
            r.report("navigationBar.leftButtonSymbol", "expected one leading button (leftButton or leftButtonSymbol), found both")
        }
        if bar.backButton != nil, bar.leftButton != nil || bar.leftButtonSymbol != nil {
            r.report("navigationBar.backButton", "expected either a back button or a leading button (both are at the leading end), found both")
        }
        return bar
    }

    /// `navigationBar.searchBar`: `true` (a search bar with UIKit's defaults), `false` (none),
    /// or `{ "placeholder", "text", "hidesWhenScrolling" }`.
    static func decodeSearchBar(_ v: JSON, _ r: Reader) -> NavigationBarModel.SearchBar? {
        let path = "navigationBar.searchBar"
        if case .bool(let on) = v { return on ? NavigationBarModel.SearchBar() : nil }
        guard case .object = v else {
            r.expected(path, "true, false or an object with placeholder, text and hidesWhenScrolling", v)
            return nil
        }
        guard let o = r.object(v, path, known: ["placeholder", "text", "hidesWhenScrolling"]) else { return nil }
        var bar = NavigationBarModel.SearchBar()
        if let p = o["placeholder"], let s = r.string(p, path + ".placeholder") { bar.placeholder = s }
        if let t = o["text"], let s = r.string(t, path + ".text") { bar.text = s.isEmpty ? nil : s }
        if let h = o["hidesWhenScrolling"] { bar.hidesWhenScrolling = r.bool(h, path + ".hidesWhenScrolling") ?? true }
        return bar
    }

    /// A symbol's name (a row image's, a bar button's): one of the symbols tablerender draws.
    static func decodeSymbolName(_ v: JSON, _ path: String, _ r: Reader) -> String? {
        guard let s = r.string(v, path) else { return nil }
        guard SymbolImage.glyph(s) != nil else {
            let known = SymbolGlyph.all.keys.sorted()
            var what = "one of the \(known.count) symbols tablerender draws (\(known.prefix(5).joined(separator: ", ")) ...: docs/scene-format.md)"
            if let sug = suggestion(for: s, among: known) { what += " (did you mean \"\(sug)\"?)" }
            r.expected(path, what, v)
            return nil
        }
        return s
    }

    /// `statusBar`: `true`, `false` or `{ "time", "style" }`.
    static func decodeStatusBar(_ v: JSON, _ r: Reader) -> StatusBarModel? {
        if case .bool(let on) = v { return on ? StatusBarModel(appearance: r.appearance) : nil }
        guard case .object = v else {
            r.expected("statusBar", "true, false or an object { \"time\", \"style\" }", v)
            return nil
        }
        guard let o = r.object(v, "statusBar", known: ["time", "style"]) else { return nil }
        var bar = StatusBarModel(appearance: r.appearance)
        if let t = o["time"], let s = r.string(t, "statusBar.time") {
            if s.isEmpty || s.count > 8 { r.expected("statusBar.time", "a time of 1 to 8 characters such as \"9:41\"", t) } else { bar.time = s }
        }
        if let s = o["style"] {
            bar.style = r.oneOf(s, "statusBar.style", StatusBarModel.Style.allCases.map { ($0.rawValue, $0) }) ?? bar.style
        }
        return bar
    }

    /// The canvas: its device or size, scale, background, edge antialiasing, appearance (read
    /// first: the colours after it are read in it) and text size.
    static func decodeCanvas(_ v: JSON, _ r: Reader) -> Canvas? {
        guard let o = r.object(v, "canvas", known: ["size", "scale", "background", "edgeAntialiasing", "device", "appearance", "contentSizeCategory"]) else { return nil }
        // Read first: the canvas's background and every system colour after it are read in it.
        if let a = o["appearance"], let written = r.oneOf(a, "canvas.appearance", Appearance.allCases.map { ($0.rawValue, $0) }) {
            r.appearance = r.appearanceOverride ?? written
        }
        var size: [Double]?
        var device: Device?
        if let dv = o["device"], let name = r.string(dv, "canvas.device") {
            device = Device.named(name)
            if device == nil {
                let names = Device.all.map(\.name)
                let hint = suggestion(for: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                r.report("canvas.device", "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(Message.cutLongTokens(name))\"\(hint)")
            }
        }
        if let device, let s = o["size"] {
            if case .array(let items) = s, items.count == 2, items[0] == .number(device.width), items[1] == .number(device.height) {
                size = [device.width, device.height]
            } else {
                r.expected("canvas.size", "the \(device.name)'s [\(JSON.format(device.width)), \(JSON.format(device.height))] or no size (the device sets it)", s)
            }
        } else if let device {
            size = [device.width, device.height]
        } else if let s = o["size"] {
            if let n = r.numbers(s, "canvas.size", count: 2, what: "[width, height]") {
                if n[0] > 0, n[1] > 0, n[0] <= 10_000, n[1] <= 10_000 { size = n } else {
                    r.expected("canvas.size", "[width, height] with each > 0 and <= 10000", s)
                }
            }
        } else if o["device"] == nil { r.report("canvas.size", "expected [width, height], found nothing") }
        var scale = device?.scale ?? 1.0
        if let s = o["scale"] { scale = r.number(s, "canvas.scale", above: 0, max: 8) ?? scale }
        var background = Color.clear
        if let b = o["background"] { background = r.color(b, "canvas.background") ?? .clear }
        var edges = false
        if let e = o["edgeAntialiasing"] { edges = r.bool(e, "canvas.edgeAntialiasing") ?? false }
        guard let size else { return nil }
        let pixels = Int(saturating: (size[0] * scale).rounded()) * Int(saturating: (size[1] * scale).rounded())
        if !r.within(\.canvasPixels, pixels, "canvas", found: "\(JSON.format((size[0] * scale).rounded()))x\(JSON.format((size[1] * scale).rounded())) = \(pixels) (size x scale)") {
            return nil
        }
        if size[0] * scale > Canvas.maxPixels || size[1] * scale > Canvas.maxPixels {
            r.report("canvas", "expected at most \(Int(Canvas.maxPixels)) pixels each way (size x scale), found \(JSON.format((size[0] * scale).rounded()))x\(JSON.format((size[1] * scale).rounded()))")
            return nil
        }
        var canvas = Canvas(width: size[0], height: size[1], scale: scale, background: background)
        canvas.edgeAntialiasing = edges
        canvas.device = device
        canvas.appearance = r.appearance
        if let c = o["contentSizeCategory"] {
            canvas.contentSizeCategory = r.oneOf(c, "canvas.contentSizeCategory", ContentSizeCategory.allCases.map { ($0.rawValue, $0) }) ?? .large
        }
        return canvas
    }
}
