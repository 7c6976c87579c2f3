import Foundation
import Geometry
import SceneModel

/// UIKit's `UIContentConfiguration`: what a cell's content view shows.
public protocol UIContentConfiguration: Sendable {}

/// UIKit's `UIListContentConfiguration` (iOS 14): a list cell's text, secondary text and image,
/// drawn as the built-in cell styles draw them: `cell()` as the default style (its secondary
/// text below the text, as the subtitle style), `subtitleCell()` as the subtitle style, `valueCell()`
/// as value1. The texts' fonts (the system font at any size and weight), colours, lines and
/// alignment are drawn as the row's own, and so are the image's corner radius, maximum size and
/// (for a symbol) tint colour; a tint colour for an image file is not drawn yet: it is refused
/// with a message naming it, never dropped.
public struct UIListContentConfiguration: UIContentConfiguration, Equatable {
    /// A text's look (UIKit's `UIListContentConfiguration.TextProperties`).
    public struct TextProperties: Equatable, Sendable {
        /// The font.
        public var font: UIFont
        /// The colour.
        public var color: UIColor
        /// The most lines (0: as many as it needs).
        public var numberOfLines = 0
        /// The alignment.
        public var alignment = NSTextAlignment.natural
    }
    /// An image's look (UIKit's `UIListContentConfiguration.ImageProperties`).
    public struct ImageProperties: Equatable, Sendable {
        /// A colour for template images (nil: the tint colour).
        public var tintColor: UIColor?
        /// The corner radius.
        public var cornerRadius: CGFloat = 0
        /// The largest size (zero: the image's own).
        public var maximumSize = CGSize.zero
    }
    enum Kind: Equatable, Sendable { case cell, subtitle, value, header, footer }
    let kind: Kind
    /// The primary text.
    public var text: String?
    /// The secondary text.
    public var secondaryText: String?
    /// The image at the leading edge.
    public var image: UIImage?
    /// The primary text's look.
    public var textProperties: TextProperties
    /// The secondary text's look.
    public var secondaryTextProperties: TextProperties
    /// The image's look.
    public var imageProperties = ImageProperties()

    init(_ kind: Kind) {
        self.kind = kind
        textProperties = TextProperties(font: .systemFont(ofSize: 17), color: .label)
        secondaryTextProperties = TextProperties(font: .systemFont(ofSize: kind == .value ? 17 : 12), color: .secondaryLabel)
    }

    /// A plain list cell (a title; a secondary text below it).
    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration(.cell) }
    /// A cell with a subtitle below its title.
    public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration(.subtitle) }
    /// A section header's title in a grouped table (a header-footer view's): drawn as the
    /// table's own header title when only its `text` is set.
    public static func groupedHeader() -> UIListContentConfiguration { UIListContentConfiguration(.header) }
    /// A section header's title in a plain table.
    public static func plainHeader() -> UIListContentConfiguration { UIListContentConfiguration(.header) }
    /// A section footer's text in a grouped table.
    public static func groupedFooter() -> UIListContentConfiguration { UIListContentConfiguration(.footer) }
    /// A section footer's text in a plain table.
    public static func plainFooter() -> UIListContentConfiguration { UIListContentConfiguration(.footer) }
    /// A cell with its secondary text at the trailing edge (Settings).
    public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration(.value) }

    /// The built-in style this configuration draws as.
    var style: UITableViewCell.CellStyle {
        switch kind {
        // The subtitle style draws a row without a secondary text as the default style does.
        case .cell: return .subtitle
        case .subtitle: return .subtitle
        case .value: return .value1
        // A header's configuration on a cell: its text as a default cell's title.
        case .header, .footer: return .default
        }
    }

    /// The texts' looks where they differ from the defaults (nil: both the defaults).
    var labelStyles: TableModel.LabelStyles? {
        let plain = UIListContentConfiguration(kind)
        func look(_ t: TextProperties, _ standard: TextProperties) -> TableModel.LabelStyle {
            .changed(color: t.color, font: t.font, lines: t.numberOfLines, alignment: t.alignment,
                     from: (standard.color, standard.font, standard.numberOfLines, standard.alignment))
        }
        let styles = TableModel.LabelStyles(title: look(textProperties, plain.textProperties),
                                            detail: look(secondaryTextProperties, plain.secondaryTextProperties))
        return styles.isEmpty ? nil : styles
    }

    /// The texts whose font is a file (not drawn in a list cell yet).
    var fontFiles: [String] {
        [("textProperties", textProperties), ("secondaryTextProperties", secondaryTextProperties)].filter { $0.1.font.file != nil }.map(\.0)
    }

    /// The image's corners and largest size where set (nil: neither).
    var imageLook: TableModel.ImageLook? {
        let look = TableModel.ImageLook(cornerRadius: Double(imageProperties.cornerRadius),
                                        maximumSize: Point(Double(imageProperties.maximumSize.width), Double(imageProperties.maximumSize.height)))
        return look == TableModel.ImageLook() ? nil : look
    }

    /// The properties changed from the defaults that are not drawn: a tint colour for an image
    /// that is not a symbol (a template image's). No image, nothing to tint: a tint for a nil
    /// image (a symbol name tablerender draws no glyph for) is not refused.
    var undrawn: [String] {
        guard imageProperties.tintColor != nil, let image, image.symbol == nil else { return [] }
        return ["imageProperties.tintColor"]
    }

    /// The image as drawn: a symbol in `imageProperties.tintColor` when that is set.
    var shownImage: UIImage? {
        guard var image, image.symbol != nil, image.symbol?.color == nil, let tint = imageProperties.tintColor else { return self.image }
        image.symbol?.color = tint.cgColor.model
        return image
    }
}

/// UIKit's `UIBackgroundConfiguration` (iOS 14): a cell's background; its colour is drawn.
public struct UIBackgroundConfiguration: Equatable, Sendable {
    /// The background colour (nil: the list's).
    public var backgroundColor: UIColor?
    /// A plain list cell's background.
    public static func listPlainCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    /// A grouped list cell's background.
    public static func listGroupedCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
    /// No background.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration(backgroundColor: .clear) }
}

extension UITableViewCell {
    /// A configuration for the cell's style, with nothing set (`cell()`, `subtitleCell()` or
    /// `valueCell()`).
    public func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .subtitle?: return .subtitleCell()
        case .value1?, .value2?: return .valueCell()
        default: return .cell()
        }
    }
}

extension TableModel.LabelStyle {
    /// A built-in label's look where it differs from the style's `standard` (colour, font,
    /// alignment), and its number of lines where not one; a font's face is kept only when it is the system font (a
    /// file is refused by the caller).
    static func changed(color: UIColor, font: UIFont, lines: Int, alignment: NSTextAlignment,
                        from standard: (color: UIColor, font: UIFont, lines: Int, alignment: NSTextAlignment)) -> TableModel.LabelStyle {
        var look = TableModel.LabelStyle()
        if color != standard.color { look.color = color.cgColor.model }
        if font != standard.font {
            if font.pointSize != standard.font.pointSize { look.size = Double(font.pointSize) }
            let weight = font.weight?.fontWeight ?? .regular
            if font.file == nil, weight != (standard.font.weight?.fontWeight ?? .regular) { look.font = .system(weight) }
        }
        // The engine's labels are one line unless told (a list configuration's are 0: as many
        // as the text needs, which its rows showed as one line, truncated).
        if lines != 1 { look.lines = lines }
        if alignment != standard.alignment {
            let names: [NSTextAlignment: TextAlignment] = [.left: .left, .center: .center, .right: .right, .natural: .natural]
            look.alignment = names[alignment] ?? .natural
        }
        return look
    }
}

extension UITableView {
    /// A built-in cell's labels' looks where the code changed them from its style's (nil: none
    /// changed): colour, font, lines and alignment. A font file is refused by name.
    func builtInLabelStyles(_ cell: UITableViewCell, style: UITableViewCell.CellStyle, at p: IndexPath) -> TableModel.LabelStyles? {
        let plain = UITableViewCell(style: style, reuseIdentifier: nil)
        var styles = TableModel.LabelStyles()
        for (name, label, standard) in [("textLabel", cell.textLabel, plain.textLabel), ("detailTextLabel", cell.detailTextLabel, plain.detailTextLabel)] {
            guard let label, let standard else { continue }
            let look = TableModel.LabelStyle.changed(color: label.textColor, font: label.font, lines: label.numberOfLines, alignment: label.textAlignment,
                                                     from: (standard.textColor, standard.font, standard.numberOfLines, standard.textAlignment))
            if label.font.file != nil { refuse(p, "\(name).font: a font file in a built-in cell is not drawn yet (the system font at any size and weight is)") }
            if name == "textLabel" { styles.title = look } else { styles.detail = look }
        }
        return styles.isEmpty ? nil : styles
    }
}
