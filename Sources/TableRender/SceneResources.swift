import Compositing
import LayerTree
import Raster
import Simulation
import TableEngine
import Text

/// The files a scene's layers refer to, loaded once before rendering: the decoded images, for
/// the executor to paint, and what compositing reads (the fonts, and the images' sizes, kept in
/// step with `images`). Compositing's fields read and write through this one
/// (`resources.fonts[source] = cascade`).
@dynamicMemberLookup
public struct SceneResources: Sendable {
    /// What compositing reads.
    public private(set) var compositing = Resources()
    /// By resolved file path; colour glyph bitmaps by `Resources.emojiKey`.
    public var images: [String: RasterImage] {
        didSet { compositing.imageSizes = images.mapValues(\.size) }
    }

    /// Resources with these images and no fonts.
    public init(images: [String: RasterImage] = [:]) {
        self.images = images
        compositing.imageSizes = images.mapValues(\.size)
    }

    /// Compositing's fields (fonts, their fallbacks and tracking, colour glyph offsets).
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Resources, T>) -> T {
        get { compositing[keyPath: keyPath] }
        set { compositing[keyPath: keyPath] = newValue }
    }

    /// What a text is measured and shaped with (`Resources.shaper(for:)`).
    public func shaper(for text: LayerText) -> Shaper? { compositing.shaper(for: text) }
}

/// The table's self-sizing measures text with the scene's fonts, as the compositor lays it out.
extension SceneResources: TextMeasuring {
    public func height(of text: LayerText, width: Double) -> Double? {
        shaper(for: text).map { TextLayout.height(of: text, shaper: $0, width: width) }
    }
    public func width(of text: LayerText) -> Double? {
        shaper(for: text).map { TextLayout.size(of: text, shaper: $0, width: .infinity).width }
    }
}

extension SceneResources {
    /// Every font file the scene's text is drawn with (each cascade's primary and the fallbacks
    /// it needed), once each, in a fixed order: what the manifest pins.
    public var fontFiles: [FrameWriter.ManifestFont] {
        var seen = Set<String>()
        var out: [FrameWriter.ManifestFont] = []
        for cascade in Array(compositing.fonts.values) + Array(compositing.systemDisplay.values) {
            for font in cascade.fonts {
                guard let o = font.origin, seen.insert("\(o.sha256)#\(o.face)").inserted else { continue }
                out.append(FrameWriter.ManifestFont(family: font.family, style: font.style, file: PathName.lastComponent(o.path), sha256: o.sha256))
            }
        }
        return out.sorted { ($0.family, $0.style, $0.file, $0.sha256) < ($1.family, $1.style, $1.file, $1.sha256) }
    }
}
