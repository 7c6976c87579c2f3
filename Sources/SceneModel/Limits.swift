/// Budgets that keep any scene within this machine's memory and time. Each one is checked where
/// its quantity is known (validation, image headers, or the rasterizer), is reported with the
/// JSON path, the value, the limit and the command-line flag that raises it, and defaults to a
/// value that keeps a render under about 1 GB of memory (see docs/limits.md).
public struct Limits: Sendable, Equatable {
    /// Pixels of one decoded image (checked from the PNG header before decoding).
    public var imagePixels = 16_777_216
    /// Pixels of all decoded images together.
    public var totalImagePixels = 67_108_864
    /// Pixels of one frame (width x height after scale).
    public var canvasPixels = 16_777_216
    /// Layers in the scene (free layers and sublayers) plus table rows.
    public var layers = 100_000
    /// Nesting depth of sublayers.
    public var nesting = 64
    /// Points in all path data (`d` strings) of the scene.
    public var pathPoints = 1_000_000
    /// Bytes of text in all the scene's strings (text, titles, names, file names), and the text a
    /// template makes for each row, counted before it is made. Titles made by `rowCount` and
    /// `titleFormat` count only their bytes past the first 16 each (a short title is stored
    /// within its row), so 100,000 rows of "Cell %d" cost nothing and long made titles are
    /// refused before they are made.
    public var textLength = 200_000
    /// Frames in one render.
    public var frames = 100_000
    /// Keyframe values (`values` of the animations) in the scene: each frame looks a keyframe
    /// up by binary search, so this bounds memory more than time.
    public var keyframeValues = 1_000_000
    /// Work of the table simulation: table rows (and sections) laid out, summed over the
    /// frames (4 layouts each) and the collapsing header's 240 Hz steps, plus 2,000 units per
    /// cell on screen per frame (the rows whose heights fit in the visible table), plus 50 per
    /// row and section for each script event and 450 more for each update (it keeps the table's
    /// data and layout as of its time), plus 72,020 per fling or release (the search for the
    /// moment the content settles). The shipped
    /// scenes use under 6 million; the default is a few seconds of work here.
    public var simulationWork = 500_000_000
    /// Edges one frame may send to the rasterizer (after curves are flattened).
    public var edgesPerFrame = 4_000_000
    /// Work the rasterizer may spend on the paths of one frame: pairs of edges tested for a
    /// crossing plus edges visited per sub-strip. Only paths with very many self-crossings come
    /// near it (it was a path's until a helper's probe drew 30 such paths in one frame: 11 s).
    public var pathWork = 200_000_000
    /// Pixels of offscreen groups (group opacity, shadows, rounded clips) alive at once while a
    /// frame is drawn; a group with a shadow counts three times (its blur planes).
    public var offscreenPixels = 50_331_648
    /// Pixels one frame may draw: every fill's pixel bounds plus every offscreen group (x9 with
    /// a shadow, whose blur costs about 9 fills). A few seconds of drawing on this machine; the
    /// shipped scenes draw under 60 M a frame at @3x, cards.json (a shadow per card) under 240 M.
    public var framePixels = 1 << 30

    public init() {}

    /// Every budget with its command-line flag, for messages and docs/limits.md.
    public static let flags: [(keyPath: any WritableKeyPath<Limits, Int> & Sendable, flag: String, what: String)] = [
        (\.imagePixels, "--max-image-pixels", "pixels in one decoded image"),
        (\.totalImagePixels, "--max-total-image-pixels", "pixels in all decoded images"),
        (\.canvasPixels, "--max-canvas-pixels", "pixels in one frame"),
        (\.layers, "--max-layers", "layers and table rows"),
        (\.nesting, "--max-nesting", "levels of nested sublayers"),
        (\.pathPoints, "--max-path-points", "points in all path data"),
        (\.textLength, "--max-text-length", "bytes of text in all strings"),
        (\.frames, "--max-frames", "frames in one render"),
        (\.keyframeValues, "--max-keyframe-values", "keyframe values in all animations"),
        (\.simulationWork, "--max-simulation-work", "units of table simulation work (rows laid out and cells built, over all frames and header steps)"),
        (\.edgesPerFrame, "--max-edges", "path edges in one frame"),
        (\.pathWork, "--max-path-work", "units of rasterizer work on the paths of one frame (edge pairs tested plus edges visited)"),
        (\.framePixels, "--max-frame-pixels", "pixels drawn in one frame (fills and offscreen groups)"),
        (\.offscreenPixels, "--max-offscreen-pixels", "pixels of offscreen groups alive at once (nested group opacity, shadows, rounded clips, backdrop blurs)"),
    ]

    public static func flag(_ keyPath: WritableKeyPath<Limits, Int>) -> String {
        flags.first { $0.keyPath == keyPath }?.flag ?? "--max-..."
    }

    /// "expected at most N WHAT, found M (raise the limit with --flag)".
    public static func message(_ keyPath: WritableKeyPath<Limits, Int>, limit: Int, found: String, what: String? = nil) -> String {
        let entry = flags.first { $0.keyPath == keyPath }
        return "expected at most \(limit) \(what ?? entry?.what ?? "items"), found \(found) (a budget: raise it with \(entry?.flag ?? "--max-..."))"
    }
}
