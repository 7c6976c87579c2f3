import Geometry

/// One layer of the presentation tree: `CALayer`'s properties with every animation applied at
/// one time, as the simulation stage hands them to compositing.
///
/// It is what a frame shows, not what a scene says: transforms are matrices (the scene's
/// operation lists already multiplied out), an image is named by the key its decoded pixels are
/// kept under, and nothing points back into the JSON (no paths for messages; those belong to
/// the scene model, which reports problems before a frame is drawn). Two equal trees draw the
/// same pixels, which the frame writer uses to reuse a still frame.
public struct PresentationLayer: Equatable, Sendable {
    public var bounds = Rect.zero
    public var position = Point.zero
    public var anchorPoint = Point(0.5, 0.5)
    public var anchorPointZ = 0.0
    public var zPosition = 0.0
    public var transform = Transform3D.identity
    public var sublayerTransform = Transform3D.identity
    public var opacity = 1.0
    public var hidden = false
    public var allowsGroupOpacity = true
    public var backgroundColor: Color?
    public var cornerRadius = 0.0
    public var borderWidth = 0.0
    public var borderColor = Color.black
    public var masksToBounds = false
    public var doubleSided = true
    /// `CATransformLayer`: compositing places the sublayers in this layer's parent's 3D space.
    public var transformLayer = false
    /// What a transform layer above puts between this layer and the space it is drawn in
    /// (set by compositing when it lifts a transform layer's sublayers; identity otherwise).
    public var outerTransform = Transform3D.identity
    public var shadowColor = Color.black
    public var shadowOpacity = 0.0
    public var shadowOffset = Point(0, -3)
    public var shadowRadius = 3.0
    /// `CAGradientLayer` content.
    public var gradient: Gradient?
    /// `CAShapeLayer` content.
    public var shape: ShapeContent?
    /// `contents`: a decoded image.
    public var image: LayerImage?
    /// Label-style text.
    public var text: LayerText?
    public var sublayers: [PresentationLayer] = []

    public init() {}
}

/// A layer's `contents`: which decoded image, placed how.
public struct LayerImage: Equatable, Sendable {
    /// The key the decoded pixels are kept under (the resolved file path).
    public var key: String
    public var gravity: ContentsGravity
    /// Image pixels per point (`contentsScale`); the image's size in points is pixels / scale.
    public var contentsScale: Double

    public init(key: String, gravity: ContentsGravity = .resize, contentsScale: Double = 1) {
        self.key = key; self.gravity = gravity; self.contentsScale = contentsScale
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

    public init(string: String, font: FontSource, size: Double, color: Color = .black, alignment: TextAlignment = .natural,
                lines: Int = 1, truncation: Truncation = .tail) {
        self.string = string; self.font = font; self.size = size; self.color = color; self.alignment = alignment
        self.lines = lines; self.truncation = truncation
    }
}
