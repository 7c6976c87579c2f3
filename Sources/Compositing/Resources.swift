import Raster
import LayerTree
import Text

/// Decoded images and opened fonts a scene's layers refer to, loaded once before rendering.
public struct Resources: Sendable {
    /// By resolved file path.
    public var images: [String: RasterImage]
    public var fonts: [FontSource: Font]

    public init(images: [String: RasterImage] = [:], fonts: [FontSource: Font] = [:]) {
        self.images = images
        self.fonts = fonts
    }
}
