import Foundation
import SceneModel
import Synchronization
import TableEngine
import TableRender
import Text

/// A label: a layer with UILabel-style text (vertically centred in its bounds). The text and
/// its attributes live on the layer, so the layer draws them wherever it goes.
open class UILabel: UIView {
    /// A label with its frame in its superview.
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        layer.label = LabelText()
    }
    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// ``init(frame:)`` makes it), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.label = LabelText()
    }
    // A change at a scene time is recorded on the layer under the text's key (`text.string`,
    // `text.color`: a step from then on; no text is an empty string); one the scene cannot draw
    // yet (the font, the line layout) under the property's name, which stops the scene with a
    // message.

    /// The text (nil: none).
    open var text: String? {
        get { layer.label?.text }
        set {
            let old = layer.label?.text
            layer.label?.text = newValue
            ChangeContext.changed(layer, "text.string", from: (old ?? "") as Any, to: (newValue ?? "") as Any)
        }
    }
    /// The font (17 pt system by default).
    open var font: UIFont {
        get { layer.label?.font ?? .systemFont(ofSize: 17) }
        set {
            let old = font
            layer.label?.font = newValue
            ChangeContext.changed(layer, "font", from: old, to: newValue)
        }
    }
    /// The text's colour.
    open var textColor: UIColor {
        get { layer.label?.textColor ?? .label }
        set {
            let old = textColor
            layer.label?.textColor = newValue
            ChangeContext.changed(layer, "text.color", from: old.cgColor, to: newValue.cgColor)
        }
    }
    /// How lines align.
    open var textAlignment: NSTextAlignment {
        get { layer.label?.textAlignment ?? .natural }
        set {
            let old = textAlignment
            layer.label?.textAlignment = newValue
            ChangeContext.changed(layer, "textAlignment", from: old, to: newValue)
        }
    }
    /// Whether the label follows the preferred text size as it changes (iOS 10). A scene has one
    /// text size (``LayerScene/preferredContentSizeCategory``), set before any code runs, so
    /// a `preferredFont(forTextStyle:)` font is already at it: nothing changes while it runs.
    open var adjustsFontForContentSizeCategory = false
    /// The most lines (0: as many as the bounds need).
    open var numberOfLines: Int {
        get { layer.label?.numberOfLines ?? 1 }
        set {
            let old = numberOfLines
            layer.label?.numberOfLines = newValue
            ChangeContext.changed(layer, "numberOfLines", from: old, to: newValue)
        }
    }
    /// How a line that does not fit ends.
    open var lineBreakMode: NSLineBreakMode {
        get { layer.label?.lineBreakMode ?? .byTruncatingTail }
        set {
            let old = lineBreakMode
            layer.label?.lineBreakMode = newValue
            ChangeContext.changed(layer, "lineBreakMode", from: old, to: newValue)
        }
    }

    /// Whether a single line wider than the label is drawn smaller, down to `font`'s size times
    /// `minimumScaleFactor`, before it is truncated (only a one-line label shrinks here; see
    /// `TextLayout.fittedSize`). False by default.
    open var adjustsFontSizeToFitWidth: Bool {
        get { layer.label?.adjustsFontSizeToFitWidth ?? false }
        set { layer.label?.adjustsFontSizeToFitWidth = newValue }
    }
    /// The smallest size the text may shrink to, as a factor of the font's size (0, the default:
    /// the font's own size, so nothing shrinks).
    open var minimumScaleFactor: CGFloat {
        get { layer.label?.minimumScaleFactor ?? 0 }
        set { layer.label?.minimumScaleFactor = newValue }
    }

    /// The size the text takes: one line as wide as it is, or with `numberOfLines` other than 1
    /// wrapped in `size.width` (unbounded when not positive), as many lines as it needs up to
    /// `numberOfLines`. Measured with the system font tablerender draws by default (Inter, at the
    /// label's weight; a font file, or SF Pro given with `--font-dir` when rendering, is
    /// measured as Inter). No text: zero.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let label = layer.label, let string = label.text, !string.isEmpty,
              let shaper = LabelMeasure.shaper(label.font.weight?.fontWeight ?? .regular) else { return .zero }
        let truncation: [NSLineBreakMode: Truncation] = [.byTruncatingHead: .head, .byTruncatingMiddle: .middle, .byClipping: .clip]
        let text = LayerText(string: string, font: .system(label.font.weight?.fontWeight ?? .regular), size: Double(label.font.pointSize),
                             lines: max(label.numberOfLines, 0), truncation: truncation[label.lineBreakMode] ?? .tail)
        let width = label.numberOfLines != 1 && size.width > 0 && size.width.isFinite ? Double(size.width) : .infinity
        let fit = LabelMeasure.size(of: text, shaper: shaper, width: width)
        return CGSize(width: fit.width, height: fit.height)
    }

    /// The text's own size (``sizeThatFits(_:)`` within the label's width).
    open override var intrinsicContentSize: CGSize { sizeThatFits(CGSize(width: bounds.width, height: 0)) }

    /// Where the label draws its first and last baselines: its lines are centred in its height
    /// (`height`, or the text's own) as tablerender draws them, each the primary font's line
    /// height apart, the baseline the font's ascender below a line's top (an empty label: one
    /// line of its font).
    override func textBaselines(width: Double?, height: Double?) -> (first: Double, lastFromBottom: Double)? {
        guard let label = layer.label, let shaper = LabelMeasure.shaper(label.font.weight?.fontWeight ?? .regular) else { return nil }
        let font = shaper.cascade.primary
        let size = Double(label.font.pointSize)
        guard font.unitsPerEm > 0, size.isFinite, size > 0 else { return nil }
        let scale = size / Double(font.unitsPerEm)
        let lineHeight = Double(font.ascender - font.descender + font.lineGap) * scale
        let ascent = Double(font.ascender) * scale
        guard lineHeight > 0 else { return nil }
        let fit = Double(sizeThatFits(CGSize(width: CGFloat(width ?? Double(bounds.width)), height: 0)).height)
        let block = max(fit, lineHeight)
        let lines = max(1, (block / lineHeight).rounded())
        let h = height.flatMap { $0.isFinite ? $0 : nil } ?? block
        let top = (h - block) / 2
        return (top + ascent, h - (top + (lines - 1) * lineHeight + ascent))
    }

    /// Within a layout: a label of more than one line wraps at the width the constraints gave.
    override func intrinsicSize(fittingWidth width: Double?) -> CGSize {
        guard let width, numberOfLines != 1 else { return intrinsicContentSize }
        return sizeThatFits(CGSize(width: CGFloat(width), height: 0))
    }
}

/// The shapers labels are measured with, one per weight, loaded once.
enum LabelMeasure {
    static let shapers = Mutex<[FontWeight: Shaper]>([:])

    static func shaper(_ weight: FontWeight) -> Shaper? {
        if let s = shapers.withLock({ $0[weight] }) { return s }
        guard case .success(let font) = SceneLoader.defaultFont(weight) else { return nil }
        let s = Shaper(font: font)
        shapers.withLock { $0[weight] = s }
        return s
    }

    /// `text` laid out in `width` (unbounded: one line as wide as it is) with `shaper`, Inter
    /// tracked to be as wide as SF Pro at the size (the tracking rendering gives it).
    static func size(of text: LayerText, shaper: Shaper, width: Double) -> (width: Double, height: Double) {
        let weight: FontWeight
        if case .system(let w) = text.font { weight = w } else { weight = .regular }
        let tracked = Shaper(cascade: shaper.cascade, tracking: Shaper.units(SystemFont.interTracking(size: text.size, weight: weight), shaper.cascade))
        let fit = TextLayout.size(of: text, shaper: tracked, width: width)
        return (fit.width, fit.height)
    }
}

/// Text measured as labels measure it (the system font tablerender draws by default, a font
/// file measured as Inter): what a Swift scene sizes its self-sizing built-in rows with.
struct LabelTextMeasurer: TextMeasuring {
    func height(of text: LayerText, width: Double) -> Double? { measure(text, width: width)?.height }
    func width(of text: LayerText) -> Double? { measure(text, width: .infinity)?.width }

    private func measure(_ text: LayerText, width: Double) -> (width: Double, height: Double)? {
        guard !text.string.isEmpty else { return (0, 0) }
        let weight: FontWeight
        if case .system(let w) = text.font { weight = w } else { weight = .regular }
        return LabelMeasure.shaper(weight).map { LabelMeasure.size(of: text, shaper: $0, width: width) }
    }
}

/// A label's text and attributes, kept on its layer.
struct LabelText {
    var text: String?
    var font = UIFont.systemFont(ofSize: 17)
    var textColor = UIColor.label
    var textAlignment = NSTextAlignment.natural
    var numberOfLines = 1
    var lineBreakMode = NSLineBreakMode.byTruncatingTail
    var adjustsFontSizeToFitWidth = false
    var minimumScaleFactor: CGFloat = 0
}

/// How a label aligns its lines.
public enum NSTextAlignment: Int, Sendable {
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
    /// Drawn as natural.
    case justified
    /// The paragraph's start: right for Hebrew and Arabic, else left.
    case natural
}

/// How a label ends a line that does not fit.
public enum NSLineBreakMode: Int, Sendable {
    /// Wraps at words; the last line is clipped.
    case byWordWrapping
    /// Wraps (drawn as word wrapping); the last line is clipped.
    case byCharWrapping
    /// Clipped at the bounds.
    case byClipping
    /// An ellipsis at the start.
    case byTruncatingHead
    /// An ellipsis at the end (the default).
    case byTruncatingTail
    /// An ellipsis in the middle.
    case byTruncatingMiddle
}
