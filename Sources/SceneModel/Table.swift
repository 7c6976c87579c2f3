import Geometry

/// The `table` part of a scene: a UITableView described at UIKit's level.
public struct TableModel: Sendable {
    public enum Style: String, Sendable { case plain, grouped }
    public enum CellStyle: String, Sendable { case basic, subtitle }
    public enum Accessory: String, Sendable, CaseIterable { case none, disclosureIndicator, chevronUp, chevronDown }

    public struct Row: Sendable {
        public var title: String
        public var detail: String?
        public var accessory: Accessory
        public var height: Double?
        /// Expanded at t = 0 (fold rows).
        public var expanded: Bool
    }

    public struct Section: Sendable {
        public var title: String?
        public var collapsible: Bool
        public var expanded: Bool
        public var rows: [Row]
    }

    /// An inset rounded card inside each cell (the drop-in cards article).
    public struct Card: Sendable {
        public var inset: Point
        public var cornerRadius: Double
        public var backgroundColor: Color
        public var shadowOpacity: Double
    }

    /// UITableView.RowAnimation for inserted and deleted rows.
    public enum RowAnimation: String, Sendable, CaseIterable { case fade, right, left, top, bottom, none, middle }

    public struct Expansion: Sendable {
        public enum Effect: String, Sendable { case none, fold, rows }
        public var effect: Effect
        public var duration: Double
        /// m34 = -1/perspective for both halves.
        public var perspective: Double
        /// Gradient shadows on the halves that fade out as they open.
        public var shadow: Bool
        /// Height of the detail view that unfolds (an extension: points, even numbers keep the
        /// seam on a device pixel at @2x and @3x).
        public var detailHeight: Double
        public var detailColor: Color
        public var timingFunction: TimingFunction?
        public var rowAnimation: RowAnimation
    }

    /// What a cell does the first time it is displayed.
    public struct Display: Sendable {
        public enum Target: Sendable { case cell, card }
        public var target: Target
        public var transform: TransformValue
        public var opacity: Double
        public var duration: Double
        public var timingFunction: TimingFunction?
        public var anchorPoint: Point?
        public var shadowOffset: Point?
        public var once: Bool
    }

    /// The collapsing header of the header article, above the table.
    public struct Header: Sendable {
        public var maxHeight: Double
        public var minHeight: Double
        public var backgroundColor: Color
        public var title: String?
        public var titleColor: Color
        public var logo: ImageContent?
        public var logoSize: Point
        /// The logo's bottom constraint: its distance above the header's bottom edge (the article
        /// constrains the image view to the header's bottom with a fixed size).
        public var logoBottom: Double
        public var snapDuration: Double
    }

    /// What a tap on a row shows: UITableViewCell's selected background (behind the content)
    /// and how the article's `deselectRowAtIndexPath:animated:` takes it away.
    public struct Selection: Sendable {
        public enum Deselect: String, Sendable, CaseIterable {
            /// `animated:NO` in `didSelectRow` (the fold article): no frame shows the highlight.
            case immediate
            /// `animated:YES` (the sections article): shown at the tap, faded out.
            case animated
        }
        public var deselect: Deselect
        public var color: Color
        public var duration: Double
    }

    public var frame: Rect?
    public var header: Header?
    public var style: Style
    public var rowHeight: Double
    public var backgroundColor: Color?
    public var separatorColor: Color
    public var separatorInsetLeft: Double
    /// Plain tables draw separators for the empty rows below the last row (UIKit's default;
    /// a zero-height tableFooterView hides them).
    public var emptyRowSeparators: Bool
    public var sections: [Section]
    public var cellStyle: CellStyle
    public var cellBackground: Color?
    /// The colour of the sections article's custom accessory (`DTCustomColoredAccessory`,
    /// chevronUp/chevronDown): `[UIColor grayColor]` there.
    public var accessoryColor: Color
    public var selection: Selection
    public var card: Card?
    public var expansion: Expansion
    public var display: Display?
}

/// A user event of the script.
public struct ScriptEvent: Sendable {
    public enum Action: Sendable {
        case tap(section: Int, row: Int)
        case scroll(to: Double?, by: Double?, duration: Double, timingFunction: TimingFunction?)
        case release
        case fling(velocity: Double, decelerationRate: Double)
    }
    public var at: Double
    public var action: Action
    public var jsonPath: String
}
