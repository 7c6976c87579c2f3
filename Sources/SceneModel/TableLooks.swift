import Geometry

/// How a table's built-in rows draw their labels and image, and its refresh control: values the
/// runtime records from a cell (`textLabel`, a list configuration, `imageView`) and a scene writes
/// on a row.
extension TableModel {
    /// How a built-in cell's image is shown.
    public struct ImageLook: Equatable, Sendable {
        /// The image's corners' radius (0: square).
        public var cornerRadius: Double
        /// The largest size it is shown at, keeping its aspect (0 on an axis: no limit there).
        public var maximumSize: Point
        public init(cornerRadius: Double = 0, maximumSize: Point = Point(0, 0)) { self.cornerRadius = cornerRadius; self.maximumSize = maximumSize }
        /// The size of an image `size` shown at most ``maximumSize``.
        public func fitted(_ size: Point) -> Point {
            var f = 1.0
            if maximumSize.x > 0, size.x > maximumSize.x { f = min(f, maximumSize.x / size.x) }
            if maximumSize.y > 0, size.y > maximumSize.y { f = min(f, maximumSize.y / size.y) }
            return Point(size.x * f, size.y * f)
        }
    }

    /// How a built-in style's label draws in one row; each nil: the style's.
    public struct LabelStyle: Equatable, Sendable {
        /// `textColor`.
        public var color: Color?
        /// The font's face (a system weight or a file); with no ``size``, at the style's size.
        public var font: FontSource?
        /// The font's size in points (not scaled by the text size: a font set by the code is
        /// the size it says).
        public var size: Double?
        /// `numberOfLines` (0: as many as fit).
        public var lines: Int?
        /// `textAlignment`.
        public var alignment: TextAlignment?
        public init(color: Color? = nil, font: FontSource? = nil, size: Double? = nil, lines: Int? = nil, alignment: TextAlignment? = nil) {
            self.color = color; self.font = font; self.size = size; self.lines = lines; self.alignment = alignment
        }
    }

    /// A built-in row's labels' heights, measured (see ``Row/labelHeights``).
    public struct LabelHeights: Equatable, Sendable {
        public var title: Double
        /// 0 without a detail.
        public var detail: Double
        public init(title: Double, detail: Double) { self.title = title; self.detail = detail }
    }

    /// A built-in style row's own labels: its title's and its detail's looks.
    public struct LabelStyles: Equatable, Sendable {
        public var title: LabelStyle
        public var detail: LabelStyle
        public init(title: LabelStyle = LabelStyle(), detail: LabelStyle = LabelStyle()) { self.title = title; self.detail = detail }
        /// Nothing differs from the style.
        public var isEmpty: Bool { self == LabelStyles() }
    }

    /// A `UIRefreshControl`: a spinner above the first row that a finger's pull past the top
    /// reveals and, pulled far enough, sets refreshing until `endRefreshing`.
    public struct RefreshControl: Equatable, Sendable {
        /// The spinner's colour (`tintColor`; nil: systemGray).
        public var tintColor: Color?
        /// The line under the spinner (`attributedTitle`'s string; nil or empty: none).
        public var title: String?
        /// The title's colour and font (`attributedTitle`'s attributes); nil: UIKit's,
        /// Caption1 (12 pt at the default text size) in `label`.
        public var titleStyle: LabelStyle?
        /// The title's line height, measured by the loader (nil: not measured, drawn without
        /// one). Never read from or written to a file.
        public var titleHeight: Double?
        public init(tintColor: Color? = nil, title: String? = nil, titleStyle: LabelStyle? = nil) {
            self.tintColor = tintColor; self.title = title; self.titleStyle = titleStyle
        }
        /// Whether a title is drawn.
        public var hasTitle: Bool { !(title ?? "").isEmpty }
    }
}
