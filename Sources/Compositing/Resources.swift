import DrawList
import LayerTree
import Text

/// What compositing reads of the files a scene's layers refer to, loaded once before rendering:
/// the opened fonts and the sizes of the decoded images (their pixels are the executor's).
public struct Resources: Sendable {
    /// By resolved file path; colour glyph bitmaps by `emojiKey`.
    public var imageSizes: [String: ImageSize]
    /// Each font source's cascade: the font, then the fallbacks the scene's text needs.
    public var fonts: [FontSource: FontCascade]
    /// When "system" is SF Pro (`--font-dir`, a scene's `fonts`): the SF Pro Display cascades by
    /// weight, for system text of 20 pt and more (the `fonts` entries are SF Pro Text), and
    /// iOS's size-dependent tracking for both.
    public var systemDisplay: [FontWeight: FontCascade]
    public var systemTracking: Bool
    /// Where each colour glyph's bitmap sits: pixels of the strike from the pen position (left)
    /// and above the baseline (top).
    public var colorGlyphOffsets: [UInt32: GlyphOffset] = [:]

    public struct GlyphOffset: Sendable, Equatable {
        public var left: Int, top: Int
        public init(left: Int, top: Int) { self.left = left; self.top = top }
    }

    public init(imageSizes: [String: ImageSize] = [:], fonts: [FontSource: FontCascade] = [:],
                systemDisplay: [FontWeight: FontCascade] = [:], systemTracking: Bool = false) {
        self.imageSizes = imageSizes
        self.fonts = fonts
        self.systemDisplay = systemDisplay
        self.systemTracking = systemTracking
    }

    /// The key of a colour glyph's bitmap in `images` (a NUL cannot start a file path).
    public static func emojiKey(_ glyph: UInt32) -> String { "\u{0}emoji/\(glyph)" }

    /// What a text is measured and shaped with: its cascade, SF Pro Display from 20 pt when SF
    /// Pro is in use, with the tracking iOS applies at its size.
    public func shaper(for text: LayerText) -> Shaper? {
        if case .system(let weight) = text.font, systemTracking {
            let display = text.size >= SystemFont.displaySwitch ? systemDisplay[weight] : nil
            guard let cascade = display ?? fonts[text.font] else { return nil }
            return Shaper(cascade: cascade, tracking: Shaper.units(SystemFont.tracking(size: text.size), cascade))
        }
        guard let cascade = fonts[text.font] else { return nil }
        // Inter standing in for SF Pro: as wide as SF Pro at the size and weight.
        if case .system(let weight) = text.font, cascade.primary.family == "Inter" {
            return Shaper(cascade: cascade, tracking: Shaper.units(SystemFont.interTracking(size: text.size, weight: weight), cascade))
        }
        return Shaper(cascade: cascade)
    }
}
