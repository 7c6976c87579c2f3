import Geometry

/// One layer of the presentation tree: `CALayer`'s properties with every animation applied at
/// one time, as the simulation stage hands them to compositing.
///
/// It is what a frame shows, not what a scene says: transforms are matrices (the scene's
/// operation lists already multiplied out), an image is named by the key its decoded pixels are
/// kept under, and nothing points back into the JSON (no paths for messages; those belong to
/// the scene model, which reports problems before a frame is drawn). Two equal trees draw the
/// same pixels, which the frame writer uses to reuse a still frame.
@dynamicMemberLookup
public struct PresentationLayer: Equatable, Sendable {
    /// `name`: what a table cell's code finds its views by (a template's `mainView`); never drawn.
    public var name: String?
    /// The plain values (bounds, position, opacity, colours, shadow ...), read as the layer's
    /// own: `layer.opacity`.
    public var values = LayerValues()
    public var transform = Transform3D.identity
    public var sublayerTransform = Transform3D.identity
    /// What a transform layer above puts between this layer and the space it is drawn in
    /// (set by compositing when it lifts a transform layer's sublayers; identity otherwise).
    public var outerTransform = Transform3D.identity
    /// `CAGradientLayer` content.
    public var gradient: Gradient?
    /// `CAShapeLayer` content.
    public var shape: ShapeContent?
    /// `contents`: a decoded image.
    public var image: LayerImage?
    /// Label-style text.
    public var text: LayerText?
    public var sublayers: [PresentationLayer] = []
    /// `mask` (none or one): its alpha masks this layer, sublayers and shadow included.
    public var maskLayers: [PresentationLayer] = []

    public init() {}

    /// `mask`, in this layer's coordinates.
    public var mask: PresentationLayer? {
        get { maskLayers.first }
        set { maskLayers = newValue.map { [$0] } ?? [] }
    }

    @inlinable public subscript<T>(dynamicMember keyPath: WritableKeyPath<LayerValues, T>) -> T {
        get { values[keyPath: keyPath] }
        set { values[keyPath: keyPath] = newValue }
    }
}

/// How a layer's image is placed: Core Animation's `contents...` properties, with their
/// defaults. The scene's image (`ImageContent`) and the presentation's (``LayerImage``) both
/// keep one and read its fields as their own (`image.contentsRect`), so an image property is
/// declared once for the scene, the simulation and compositing; SceneModel's property table
/// (`LayerProperties`) says how each is written, checked and animated, and a test holds the
/// two to each other.
public struct ImageValues: Equatable, Sendable {
    /// Where the image lands in the bounds (`contentsGravity`).
    public var gravity = ContentsGravity.resize
    /// Image pixels per point (`contentsScale`); the image's size in points is pixels / scale.
    public var contentsScale = 1.0
    /// The part of the image shown (`contentsRect`), in unit coordinates of the image (y down).
    public var contentsRect = Rect(0, 0, 1, 1)
    /// The part that stretches (`contentsCenter`), in unit coordinates of the part shown: the
    /// rest keeps its size (a nine-part image).
    public var contentsCenter = Rect(0, 0, 1, 1)

    public init() {}
}

/// A layer's `contents`: which decoded image, placed how.
@dynamicMemberLookup
public struct LayerImage: Equatable, Sendable {
    /// The key the decoded pixels are kept under (the resolved file path).
    public var key: String
    public var values: ImageValues

    public init(key: String, values: ImageValues = ImageValues()) {
        self.key = key; self.values = values
    }

    public init(key: String, gravity: ContentsGravity, contentsScale: Double = 1) {
        self.key = key
        values = ImageValues()
        values.gravity = gravity
        values.contentsScale = contentsScale
    }

    @inlinable public subscript<T>(dynamicMember keyPath: WritableKeyPath<ImageValues, T>) -> T {
        get { values[keyPath: keyPath] }
        set { values[keyPath: keyPath] = newValue }
    }
}

/// Text as UILabel draws it: what the layout depends on, and the colour it is filled with.
public struct LayerText: Equatable, Sendable {
    public var string: String
    public var font: FontSource
    public var size: Double
    public var color: Color
    public var alignment: TextAlignment
    /// Maximum lines; 0 means unlimited.
    public var lines: Int
    public var truncation: Truncation
    public var verticalAlignment = TextVerticalAlignment.center
    /// UILabel's `adjustsFontSizeToFitWidth` with its `minimumScaleFactor`: a single line wider
    /// than the bounds is drawn at a smaller size, down to `size` times this factor, before it
    /// is truncated; 0 keeps the size (Apple's `minimumScaleFactor`: "If you specify a value of
    /// 0 for this property, the label doesn't scale the text down").
    public var minimumScaleFactor = 0.0

    public init(string: String, font: FontSource, size: Double, color: Color = .black, alignment: TextAlignment = .natural,
                lines: Int = 1, truncation: Truncation = .tail) {
        self.string = string; self.font = font; self.size = size; self.color = color; self.alignment = alignment
        self.lines = lines; self.truncation = truncation
    }
}
