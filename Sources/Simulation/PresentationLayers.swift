import Geometry
import LayerTree
import SceneModel

extension PresentationLayer {
    /// The layer as a frame shows it: the scene's transform operations multiplied out, the image
    /// named by its decoded pixels' key, the text without its JSON path.
    public init(_ m: LayerModel) {
        self.init()
        name = m.name
        values = m.values
        transform = m.transform.matrix
        sublayerTransform = m.sublayerTransform.matrix
        gradient = m.gradient
        shape = m.shape
        image = m.image.map(LayerImage.init)
        text = m.text.map {
            var t = LayerText(string: $0.string, font: $0.font, size: $0.size, color: $0.color, alignment: $0.alignment,
                              lines: $0.lines, truncation: $0.truncation)
            t.verticalAlignment = $0.verticalAlignment
            t.minimumScaleFactor = $0.minimumScaleFactor
            return t
        }
        sublayers = m.sublayers.map(PresentationLayer.init)
        maskLayers = m.maskLayers.map(PresentationLayer.init)
    }

    /// A tree of scene layers as a frame shows it (no animation applied).
    public static func tree(_ layers: [LayerModel]) -> [PresentationLayer] { layers.map(PresentationLayer.init) }
}

extension LayerImage {
    /// A scene's `contents` as a frame shows it: named by the key its decoded pixels are kept under.
    public init(_ c: ImageContent) {
        self.init(key: c.path, values: c.values)
    }
}
