import Geometry

extension TableModel {
    /// A swipe on a row (UIKit's swipe actions, iOS 11+): the content slides aside and the
    /// actions show behind it.
    public struct Swipe: Sendable {
        public enum Edge: String, Sendable, CaseIterable { case trailing, leading }
        public struct Action: Sendable {
            public enum Style: String, Sendable, CaseIterable { case normal, destructive }
            public var title: String
            public var style: Style
            /// nil: systemRed for destructive, systemGray for normal (UIKit's).
            public var backgroundColor: Color?
            /// A symbol image (`UIContextualAction.image` of `UIImage(systemName:)`): drawn in
            /// white above the title, or alone in a row under 50 pt.
            public var symbol: String?
            /// The title's width on one line at 15 pt medium (measured by the loader once the
            /// fonts are known; nil: not measured). Never read from or written to a file.
            public var titleWidth: Double?
            public init(title: String, style: Style, backgroundColor: Color? = nil, symbol: String? = nil) {
                self.title = title; self.style = style; self.backgroundColor = backgroundColor; self.symbol = symbol
            }
        }
        public var edge: Edge
        public var actions: [Action]
        /// A full swipe: the first action's button takes the whole row.
        public var full: Bool
        /// Back to rest (the actions close).
        public var close: Bool
        public var duration: Double
        /// Opened by a tap on the row's delete control in editing mode: the control turns a
        /// quarter turn while the row opens, and the reorder control hides.
        public var editingControl = false
        public init(edge: Edge = .trailing, actions: [Action] = [Action(title: "Delete", style: .destructive)], full: Bool = false,
                    close: Bool = false, duration: Double = 0.3) {
            self.edge = edge; self.actions = actions; self.full = full; self.close = close; self.duration = duration
        }
    }

    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition: String, Sendable, CaseIterable { case none, top, middle, bottom }
}
