import Geometry
import SceneModel
import Synchronization
import Text

/// Text layouts kept from frame to frame (one cache per rendering thread, with `MaskCache`).
///
/// A layout (line breaking, shaping, glyph placement) is a pure function of the text content,
/// the font and the layer bounds; the transform does not enter it. The same label is laid out
/// identically in every frame, whether it slides or turns, so it is laid out once and looked up
/// by its JSON path and compared in full. Entries not used in the last two frames are dropped.
final class TextLayoutCache: Sendable {
    struct Entry {
        var text: TextContent
        var bounds: Rect
        var layout: TextLayout
        var lastUsed: Int
    }

    struct State {
        var frame = 0
        var entries: [String: [Entry]] = [:]
    }

    let state = Mutex(State())

    /// Starts a frame: drops what the previous two frames did not use.
    func beginFrame() {
        state.withLock { s in
            s.frame += 1
            let keep = s.frame - 1
            s.entries = s.entries.compactMapValues { list in
                let kept = list.filter { $0.lastUsed >= keep }
                return kept.isEmpty ? nil : kept
            }
        }
    }

    /// The layout of `text` in `bounds`, from the cache or from `make` (then remembered).
    func layout(_ text: TextContent, bounds: Rect, make: () -> TextLayout) -> TextLayout {
        let found: TextLayout? = state.withLock { s in
            guard var list = s.entries[text.jsonPath] else { return nil }
            for i in list.indices where list[i].bounds == bounds && list[i].text == text {
                list[i].lastUsed = s.frame
                s.entries[text.jsonPath] = list
                return list[i].layout
            }
            return nil
        }
        if let found { return found }
        let made = make()
        state.withLock { s in
            s.entries[text.jsonPath, default: []].append(Entry(text: text, bounds: bounds, layout: made, lastUsed: s.frame))
        }
        return made
    }
}
