import Foundation
import SceneModel

/// A font for text layers: the system font (Inter, or SF Pro when the scene has it) at a
/// weight, or a font file relative to the scene.
public struct UIFont: Equatable, Sendable {
    /// The system font's weights tablerender draws (Inter's).
    public struct Weight: Equatable, Sendable {
        let name: String
        /// Regular (400); medium (500).
        public static let regular = Weight(name: "regular"), medium = Weight(name: "medium")
        /// Semibold (600); bold (700).
        public static let semibold = Weight(name: "semibold"), bold = Weight(name: "bold")
        /// The weight as the scene format names it.
        var fontWeight: FontWeight { FontWeight(rawValue: name) ?? .regular }
    }
    /// The size in points.
    public var pointSize: CGFloat
    var weight: Weight?
    var file: String?

    /// `UIFont.systemFont(ofSize:weight:)`.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(pointSize: size, weight: weight, file: nil)
    }
    /// `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }
    /// UIKit's text styles (`UIFont.TextStyle`).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The style's name, as UIKit spells it.
        public var rawValue: String
        /// The style with this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// 34 pt; 28 pt; 22 pt; 20 pt.
        public static let largeTitle = Self(rawValue: "UICTFontTextStyleTitle0"), title1 = Self(rawValue: "UICTFontTextStyleTitle1"),
                          title2 = Self(rawValue: "UICTFontTextStyleTitle2"), title3 = Self(rawValue: "UICTFontTextStyleTitle3")
        /// 17 pt semibold; 17 pt; 16 pt; 15 pt.
        public static let headline = Self(rawValue: "UICTFontTextStyleHeadline"), body = Self(rawValue: "UICTFontTextStyleBody"),
                          callout = Self(rawValue: "UICTFontTextStyleCallout"), subheadline = Self(rawValue: "UICTFontTextStyleSubhead")
        /// 13 pt; 12 pt; 11 pt.
        public static let footnote = Self(rawValue: "UICTFontTextStyleFootnote"), caption1 = Self(rawValue: "UICTFontTextStyleCaption1"),
                          caption2 = Self(rawValue: "UICTFontTextStyleCaption2")
    }
    /// `UIFont.preferredFont(forTextStyle:)` at the scene's preferred text size
    /// (``LayerScene/preferredContentSizeCategory``, Large by default): the sizes of Apple's
    /// Human Interface Guidelines typography table (body 17 pt, headline 17 pt semibold,
    /// footnote 13 pt, ... at Large; body 23 pt at extraExtraExtraLarge); a style the table's
    /// Dynamic Type sizes do not list keeps its ratio to body; an unknown style is body.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }
    /// The same at `traits`' preferred text size (the scene's when nil or unspecified).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traits: UITraitCollection?) -> UIFont {
        let sizes: [TextStyle: CGFloat] = [.largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17, .body: 17,
                                           .callout: 16, .subheadline: 15, .footnote: 13, .caption1: 12, .caption2: 11]
        let category = traits?.preferredContentSizeCategory.model ?? SceneRuntime.current.contentSizeCategory
        let size = DynamicTextStyle.scaled(Double(sizes[style] ?? 17), to: category)
        return systemFont(ofSize: CGFloat(size), weight: style == .headline ? .semibold : .regular)
    }
    /// A TrueType or OpenType file, relative to the scene's folder.
    public init(file: String, size: CGFloat) { pointSize = size; self.file = file }
    init(pointSize: CGFloat, weight: Weight?, file: String?) { self.pointSize = pointSize; self.weight = weight; self.file = file }
}

/// `CATextLayer`'s alignments.
public struct CATextLayerAlignmentMode: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The paragraph's start (right for Hebrew and Arabic); left; right.
    public static let natural = Self(rawValue: "natural"), left = Self(rawValue: "left"), right = Self(rawValue: "right")
    /// Centred; justified (drawn as natural).
    public static let center = Self(rawValue: "center"), justified = Self(rawValue: "justified")
}

/// `CATextLayer`'s truncations.
public struct CATextLayerTruncationMode: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Cut at the bounds; an ellipsis at the start.
    public static let none = Self(rawValue: "none"), start = Self(rawValue: "start")
    /// An ellipsis at the end; in the middle.
    public static let end = Self(rawValue: "end"), middle = Self(rawValue: "middle")
}

/// `CATextLayer`: a string in a font, laid out in the bounds from the top, as Core Animation
/// does (defaults: 36 pt, white, not wrapped, not truncated).
open class CATextLayer: CALayer {
    // A change at a scene time is recorded under the text's key (`text.string`, `text.color`:
    // a step from then on); one the scene cannot draw yet (the font, the layout) under the
    // property's name, which stops the scene with a message.

    /// The text: a `String`.
    open var string: Any? { didSet { ChangeContext.changed(self, "text.string", from: oldValue as Any, to: string as Any) } }
    /// The font (its size is `fontSize`'s, as in Core Animation).
    open var font: UIFont? { didSet { ChangeContext.changed(self, "font", from: oldValue as Any, to: font as Any) } }
    /// The size in points (Core Animation's default 36).
    open var fontSize: CGFloat = 36 { didSet { ChangeContext.changed(self, "fontSize", from: oldValue, to: fontSize) } }
    /// The text's colour (Core Animation's default white).
    open var foregroundColor: CGColor? = UIColor.white.cgColor {
        didSet { ChangeContext.changed(self, "text.color", from: oldValue as Any, to: foregroundColor as Any) }
    }
    /// How lines align across the bounds.
    open var alignmentMode = CATextLayerAlignmentMode.natural {
        didSet { ChangeContext.changed(self, "alignmentMode", from: oldValue, to: alignmentMode) }
    }
    /// Whether lines wrap at the bounds' width.
    open var isWrapped = false { didSet { ChangeContext.changed(self, "isWrapped", from: oldValue, to: isWrapped) } }
    /// Where an ellipsis goes when the text does not fit.
    open var truncationMode = CATextLayerTruncationMode.none {
        didSet { ChangeContext.changed(self, "truncationMode", from: oldValue, to: truncationMode) }
    }

    /// A text layer with Core Animation's defaults.
    public required init() { super.init() }
    /// A copy of `layer`'s properties.
    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATextLayer else { return }
        string = other.string; font = other.font; fontSize = other.fontSize; foregroundColor = other.foregroundColor
        alignmentMode = other.alignmentMode; isWrapped = other.isWrapped; truncationMode = other.truncationMode
    }
}

extension SceneWriter {
    /// A text layer's text as the model keeps it: laid out from the top.
    mutating func text(_ t: CATextLayer, path: String) -> TextContent? {
        let start = SceneWriter.StartValues(t)
        guard let value = start.value("text.string") else { return nil }
        guard let string = value as? String else {
            problem(path, "string", "expected a String, found \(type(of: value))")
            return nil
        }
        let font: FontSource = t.font?.file.map { .file(path: SceneFiles.path($0, in: directory), written: $0) } ?? .system(t.font?.weight?.fontWeight ?? .regular)
        let alignment: [CATextLayerAlignmentMode: TextAlignment] = [.left: .left, .center: .center, .right: .right]
        let truncation: [String: Truncation] = ["start": .head, "end": .tail, "middle": .middle]
        var text = TextContent(string: string, font: font, size: Double(t.fontSize), color: CALayer.color(start.value("text.color"))?.model ?? .clear,
                               alignment: alignment[t.alignmentMode] ?? .natural, lines: t.isWrapped ? 0 : 1,
                               truncation: truncation[t.truncationMode.rawValue] ?? .clip, jsonPath: path + ".text")
        text.verticalAlignment = .top
        return text
    }
}
