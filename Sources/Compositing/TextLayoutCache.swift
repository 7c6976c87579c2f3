import Geometry
import LayerTree
import Synchronization
import Text

/// Text layouts kept from frame to frame (one cache per rendering thread, with the frame
/// pixmap).
///
/// A layout (line breaking, shaping, glyph placement) is a pure function of the string, the
/// font, its size, the alignment, the line limit, the truncation and the layer bounds; the
/// colour and the transform do not enter it. So it is looked up by exactly those, whatever
/// layer or scene path the text came from: the same label is laid out once however it moves,
/// and two labels with the same text and bounds share one layout. Entries not used in the last
/// two frames are dropped.
final class TextLayoutCache: Sendable {
    /// What a layout depends on.
    struct Key: Hashable, Sendable {
        var string: String
        var font: FontSource
        var size: Double
        var alignment: String
        var lines: Int
        var truncation: String
        var verticalAlignment: String
        var minimumScaleFactor: Double
        var bounds: [Double]

        init(_ text: LayerText, bounds: Rect) {
            string = text.string
            font = text.font
            size = text.size
            alignment = text.alignment.rawValue
            lines = text.lines
            truncation = text.truncation.rawValue
            verticalAlignment = text.verticalAlignment.rawValue
            minimumScaleFactor = text.minimumScaleFactor
            self.bounds = [bounds.x, bounds.y, bounds.width, bounds.height]
        }
    }

    let state = Mutex(RecentEntries<Key, TextLayout>())

    /// Starts a frame: drops what the previous two frames did not use.
    func beginFrame() {
        state.withLock { $0.beginFrame() }
    }

    /// The layout of `text` in `bounds`, from the cache or from `make` (then remembered).
    func layout(_ text: LayerText, bounds: Rect, make: () -> TextLayout) -> TextLayout {
        let key = Key(text, bounds: bounds)
        if let found = state.withLock({ $0.find(key) { _ in true } }) { return found }
        let made = make()
        state.withLock { $0.insert(made, at: key) }
        return made
    }
}
