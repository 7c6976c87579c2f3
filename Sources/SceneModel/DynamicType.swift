/// The user's preferred text size (UIKit's `UIContentSizeCategory`, Settings > Display & Brightness
/// > Text Size, and the five larger accessibility sizes): the table's built-in text follows it.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// One of the five accessibility sizes (`isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("accessibility") }
}

/// The text styles of `UIFont.preferredFont(forTextStyle:)` the table's built-in text uses, and
/// their sizes at each content size category: Apple's Human Interface Guidelines, Typography,
/// "iOS, iPadOS Dynamic Type sizes" (body at xSmall ... Medium and AX1 also confirmed on
/// public pages, notes/devices.md).
public enum DynamicTextStyle: Sendable {
    case body, headline, subheadline, footnote, caption1

    /// Points, by category in `ContentSizeCategory.allCases` order.
    var sizes: [Double] {
        switch self {
        case .body, .headline: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        }
    }

    /// The style's size at `category`.
    public func size(_ category: ContentSizeCategory) -> Double {
        let i = ContentSizeCategory.allCases.firstIndex(of: category) ?? 3
        return sizes[i]
    }

    /// The style's size at Large (the default), which the table's fixed sizes are written for.
    public var defaultSize: Double { size(.large) }

    /// The style whose default size is `points` (the built-in cells' 17, 15, 13 and 12 pt).
    public static func forDefaultSize(_ points: Double) -> DynamicTextStyle? {
        switch points {
        case 17: return .body
        case 15: return .subheadline
        case 13: return .footnote
        case 12: return .caption1
        default: return nil
        }
    }

    /// A size written for Large, at `category`: a default size of a style takes the style's
    /// size; any other keeps its ratio to body.
    public static func scaled(_ points: Double, to category: ContentSizeCategory) -> Double {
        guard category != .large else { return points }
        if let style = forDefaultSize(points) { return style.size(category) }
        return points * DynamicTextStyle.body.size(category) / 17
    }
}
