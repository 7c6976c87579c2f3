import Foundation
import Synchronization
import Geometry
import LayerTree
import SceneModel

/// An image: a PNG file (`UIImage(named:)`, whose `cgImage` goes into a layer's `contents`), or
/// a symbol (`UIImage(systemName:)`), one of tablerender's own glyphs for the SF Symbols table
/// code uses most (Apple's artwork is not used: tools/symbols lists them), drawn in the tint
/// colour by an image view and a built-in cell.
public struct UIImage: Equatable, Sendable {
    /// The image a layer's `contents` takes (nil for a symbol).
    public var cgImage: CGImage?
    /// The symbol, for an image made by ``init(systemName:)``.
    var symbol: SymbolImage?
    /// How the image takes a tint colour.
    public private(set) var renderingMode = RenderingMode.automatic

    /// An image by file name, relative to the scene's folder (`"assets/logo.png"`), or by
    /// asset name without an extension (`"avatar"`: `avatar.png` and its `@2x`/`@3x`, or an
    /// image set in `Assets.xcassets` beside the scene), found when the scene is drawn.
    public init(named name: String) { cgImage = CGImage(file: name) }

    /// A symbol by its SF Symbols name (`"star.fill"`, `"chevron.right"`); nil for a name
    /// tablerender draws no glyph for, as UIKit's is nil for a name it does not know.
    public init?(systemName name: String) {
        guard SymbolImage.glyph(name) != nil else {
            UIImage.sayMissing(name)
            return nil
        }
        symbol = SymbolImage(name: name)
    }

    /// Symbol names asked for that have no glyph here, each said once per run.
    static let missingSymbols = Mutex<Set<String>>([])

    /// Says on standard error, once per name, that a symbol has no glyph here: iOS draws names
    /// tablerender does not, and a nil image is otherwise left out without a word.
    static func sayMissing(_ name: String) {
        guard missingSymbols.withLock({ $0.insert(name).inserted }) else { return }
        let message = "tablerender: UIImage(systemName: \"\(name)\") is nil: no glyph for this symbol here "
            + "(tablerender draws \(SymbolGlyph.all.count) of SF Symbols' names, listed in docs/scene-format.md), so it is not drawn"
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// A symbol with a configuration (its point size, weight and scale).
    public init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        self.init(systemName: name)
        if let configuration { self = withConfiguration(configuration) }
    }

    /// The size the image draws at: a symbol's at its configuration; zero for a file's (its
    /// pixels are read when the scene is drawn).
    public var size: CGSize {
        guard let s = symbol?.size else { return .zero }
        return CGSize(width: s.x, height: s.y)
    }

    /// The symbol with `configuration`'s point size, weight and scale (those it sets).
    public func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage {
        var image = self
        if var s = image.symbol {
            if let p = configuration.pointSize { s.pointSize = Double(p) }
            if let w = configuration.weight.model { s.weight = w }
            if let k = configuration.scale.model { s.scale = k }
            image.symbol = s
        }
        return image
    }

    /// The symbol with `configuration` applied (nil for an image that is not a symbol, as UIKit's).
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        symbol == nil ? nil : withConfiguration(configuration)
    }

    /// The image drawn in `color` whatever view shows it.
    public func withTintColor(_ color: UIColor) -> UIImage { withTintColor(color, renderingMode: .alwaysOriginal) }

    /// The image drawn in `color`, with a rendering mode.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        var image = self
        image.symbol?.color = color.cgColor.model
        image.renderingMode = renderingMode
        return image
    }

    /// The image with a rendering mode: `.alwaysOriginal` draws a symbol in black (its own
    /// colour when ``withTintColor(_:)`` gave one), the others in the view's tint colour.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        var image = self
        image.renderingMode = renderingMode
        return image
    }

    /// The colour a symbol draws in, in a view whose tint is `tint`.
    func symbolColor(tint: UIColor) -> UIColor {
        if let c = symbol?.color { return UIColor(cgColor: SceneReader.color(c)) }
        return renderingMode == .alwaysOriginal ? .black : tint
    }

    /// How an image takes the tint colour.
    public enum RenderingMode: Int, Sendable {
        /// As the image's kind says (a symbol: tinted).
        case automatic
        /// In its own colours.
        case alwaysOriginal
        /// In the tint colour.
        case alwaysTemplate
    }

    /// SF Symbols' weights.
    public enum SymbolWeight: Int, Sendable {
        /// Not set: regular.
        case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        var model: SymbolImage.Weight? {
            self == .unspecified ? nil : SymbolImage.Weight.allCases[rawValue - 1]
        }
    }

    /// SF Symbols' scales.
    public enum SymbolScale: Int, Sendable {
        /// The default: medium.
        case `default` = -1
        /// Not set: medium.
        case unspecified = 0
        /// Smaller than the text.
        case small = 1
        /// As the text.
        case medium = 2
        /// Larger than the text.
        case large = 3
        var model: SymbolImage.Scale? {
            switch self {
            case .small: return .small
            case .medium: return .medium
            case .large: return .large
            default: return nil
            }
        }
    }

    /// `UIImage.SymbolConfiguration`: a symbol's point size, weight and scale.
    public struct SymbolConfiguration: Equatable, Sendable {
        var pointSize: CGFloat?
        var weight = SymbolWeight.unspecified
        var scale = SymbolScale.unspecified
        /// A point size.
        public init(pointSize: CGFloat) { self.pointSize = pointSize }
        /// A point size and weight.
        public init(pointSize: CGFloat, weight: SymbolWeight) { self.pointSize = pointSize; self.weight = weight }
        /// A point size, weight and scale.
        public init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.pointSize = pointSize; self.weight = weight; self.scale = scale
        }
        /// A weight.
        public init(weight: SymbolWeight) { self.weight = weight }
        /// A scale.
        public init(scale: SymbolScale) { self.scale = scale }
        /// This configuration with what `other` sets in place of its own.
        public func applying(_ other: SymbolConfiguration) -> SymbolConfiguration {
            var c = self
            if let p = other.pointSize { c.pointSize = p }
            if other.weight != .unspecified { c.weight = other.weight }
            if other.scale != .unspecified && other.scale != .default { c.scale = other.scale }
            return c
        }
    }
}

extension UITableView {
    /// The image a built-in cell's image view shows: a symbol in its colour, its rendering
    /// mode's (black for `.alwaysOriginal`) or a tint set on the image view or a view above it
    /// (else the engine draws it in the row's tint: the cell's, the table's, or systemBlue in
    /// the scene's appearance).
    static func shownImage(_ view: UIImageView) -> UIImage? {
        guard var image = view.image, image.symbol != nil, image.symbol?.color == nil else { return view.image }
        if image.renderingMode == .alwaysOriginal {
            image.symbol?.color = UIColor.black.cgColor.model
        } else if let tint = view.explicitTintColor, tint != UIColor.systemBlue {
            // (systemBlue set on the view is drawn as the default is: in the row's tint.)
            image.symbol?.color = tint.cgColor.model
        }
        return image
    }
}
