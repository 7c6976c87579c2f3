import JSONText

/// What a screen recording shows around the table: the status bar and the navigation bar.
extension SceneDecoder {
    /// `navigationBar`: `{ "title", "prefersLargeTitles" }`.
    static func decodeNavigationBar(_ v: JSON, _ r: Reader) -> NavigationBarModel? {
        guard let o = r.object(v, "navigationBar", known: ["title", "prefersLargeTitles", "backButton", "rightButton", "rightButtonStyle", "editButton"]) else { return nil }
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
        return bar
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
}
