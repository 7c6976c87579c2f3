import Geometry
import SceneModel
import Synchronization
import Raster
import Text

/// Text layouts kept from frame to frame (one cache per rendering thread, with `MaskCache`).
///
/// A layout (line breaking, shaping, glyph placement) is a pure function of the text content,
/// the font and the layer bounds; the transform does not enter it. The same label is laid out
/// identically in every frame, whether it slides or turns, so it is laid out once and looked up
/// by its JSON path and compared in full. Entries not used in the last two frames are dropped.
final class TextLayoutCache: Sendable {
    struct Entry: Sendable {
        var text: TextContent
        var bounds: Rect
        var layout: TextLayout
    }

    let state = Mutex(RecentEntries<String, Entry>())   // by the text's JSON path

    /// Starts a frame: drops what the previous two frames did not use.
    func beginFrame() {
        state.withLock { $0.beginFrame() }
    }

    /// The layout of `text` in `bounds`, from the cache or from `make` (then remembered).
    func layout(_ text: TextContent, bounds: Rect, make: () -> TextLayout) -> TextLayout {
        if let found = state.withLock({ $0.find(text.jsonPath) { $0.bounds == bounds && $0.text == text } }) {
            return found.layout
        }
        let made = make()
        state.withLock { $0.insert(Entry(text: text, bounds: bounds, layout: made), at: text.jsonPath) }
        return made
    }
}
