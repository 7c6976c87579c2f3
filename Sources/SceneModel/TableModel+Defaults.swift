import Geometry

/// The table's values with the scene format's defaults, for code that builds the model (a Swift
/// scene's table) rather than decoding it: what a `table` object with no keys decodes to.
extension TableModel {
    /// (`appearance`: the system colours' values among the defaults.)
    public init(appearance: Appearance = .light) {
        self.init(frame: nil, header: nil, style: .plain, rowHeight: 44, backgroundColor: nil,
                  separatorColor: Color.named("separator", appearance) ?? .black, separatorInsetLeft: 16, emptyRowSeparators: true,
                  sections: [], cellStyle: .basic, cellBackground: nil, accessoryColor: Color.named["grayColor"] ?? .black,
                  selection: Selection(appearance: appearance), card: nil, expansion: Expansion(), display: nil)
    }
}

extension TableModel.Row {
    public init(title: String, detail: String? = nil, accessory: TableModel.Accessory = .none, height: Double? = nil,
                expanded: Bool = false, values: [String: String] = [:], jsonPath: String) {
        self.title = title; self.detail = detail; self.accessory = accessory; self.height = height; self.expanded = expanded
        self.values = values; self.jsonPath = jsonPath
    }
}

extension TableModel.Expansion {
    /// No effect; the fold's and the rows' defaults when one is chosen.
    public init() {
        self.init(effect: .none, duration: 0.3, perspective: 500, shadow: true, detailHeight: nil, join: .translation,
                  detailColor: Color(255, 214, 10), timingFunction: nil, rowAnimation: .top)
    }
}

extension TableModel.Selection {
    /// Deselected at once, systemGray4, UIKit's fade.
    public init(appearance: Appearance = .light) {
        self.init(deselect: .immediate, color: Color.named("systemGray4", appearance) ?? .black, duration: Self.fadeDuration)
    }

    /// UITableViewCell's `selectionFadeDuration`: 0.5 s (decompiled UIKitCore of iOS 26.1,
    /// `_setupTableViewCellCommon`; notes/uikit-table-research.md). It was 0.25 s, unconfirmed.
    public static let fadeDuration = 0.5
}

extension TableModel.Display {
    /// A start state that animates to the cell's own (`animations` nil), or animations.
    public init(target: Target, transform: TransformValue = .identity, opacity: Double = 1, duration: Double = 0.25,
                timingFunction: TimingFunction? = .easeInEaseOut, anchorPoint: Point? = nil, shadowOffset: Point? = nil, once: Bool = true) {
        self.target = target; self.transform = transform; self.opacity = opacity; self.duration = duration
        self.timingFunction = timingFunction; self.anchorPoint = anchorPoint; self.shadowOffset = shadowOffset; self.once = once
    }
}
