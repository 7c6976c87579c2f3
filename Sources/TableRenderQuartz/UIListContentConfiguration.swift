import Foundation
import SceneModel

/// UIKit's `UIContentConfiguration`: what a cell's content view shows.
public protocol UIContentConfiguration: Sendable {}

/// UIKit's `UIListContentConfiguration` (iOS 14): a list cell's text, secondary text and image,
/// drawn as the built-in cell styles draw them: `cell()` as the default style (its secondary
/// text below the text, as the subtitle style), `subtitleCell()` as the subtitle style, `valueCell()`
/// as value1. A text or image property changed from its default is not drawn yet: it is
/// refused with a message naming it, never dropped.
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
    enum Kind: Equatable, Sendable { case cell, subtitle, value }
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
    /// A cell with its secondary text at the trailing edge (Settings).
    public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration(.value) }

    /// The built-in style this configuration draws as.
    var style: UITableViewCell.CellStyle {
        switch kind {
        // The subtitle style draws a row without a secondary text as the default style does.
        case .cell: return .subtitle
        case .subtitle: return .subtitle
        case .value: return .value1
        }
    }

    /// The texts' colours where they differ from the defaults (nil: both the defaults).
    var textColors: TableModel.TextColors? {
        let plain = UIListContentConfiguration(kind)
        let colors = TableModel.TextColors(title: textProperties.color != plain.textProperties.color ? textProperties.color.cgColor.model : nil,
                                           detail: secondaryTextProperties.color != plain.secondaryTextProperties.color
                                               ? secondaryTextProperties.color.cgColor.model : nil)
        return colors == TableModel.TextColors() ? nil : colors
    }

    /// The properties changed from the defaults, which the built-in styles do not draw.
    var undrawn: [String] {
        let plain = UIListContentConfiguration(kind)
        var out: [String] = []
        // The colours are drawn (the row's text colours); anything else is not yet.
        var text = textProperties, secondary = secondaryTextProperties
        text.color = plain.textProperties.color
        secondary.color = plain.secondaryTextProperties.color
        if text != plain.textProperties { out.append("textProperties") }
        if secondary != plain.secondaryTextProperties { out.append("secondaryTextProperties") }
        // A symbol's tint colour is drawn.
        var image = imageProperties
        if self.image?.symbol != nil { image.tintColor = plain.imageProperties.tintColor }
        if image != plain.imageProperties { out.append("imageProperties") }
        return out
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
