import Geometry

/// `CALayer.contentsGravity`. As in Core Animation, "top" means maximum y and "bottom" minimum
/// y, so on iOS's y-down layers `top` pins the image to the visual bottom (reference 2.9).
public enum ContentsGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// An image layer's contents: a PNG file relative to the scene.
public struct ImageContent: Equatable, Sendable {
    /// As written in the scene.
    public var file: String
    /// Resolved against the scene's folder.
    public var path: String
    public var gravity: ContentsGravity
    /// Image pixels per point (`contentsScale`); the image's size in points is pixels / scale.
    public var contentsScale: Double
    /// The JSON path of the file name, for messages (`layers[0].image.file`).
    public var jsonPath: String

    public init(file: String, path: String, gravity: ContentsGravity = .resize, contentsScale: Double = 1, jsonPath: String = "") {
        self.file = file; self.path = path; self.gravity = gravity; self.contentsScale = contentsScale; self.jsonPath = jsonPath
    }
}

public enum FontWeight: String, Sendable, CaseIterable { case regular, medium, semibold, bold }

/// Which font file a text layer uses.
public enum FontSource: Hashable, Sendable {
    case system(FontWeight)
    case file(path: String, written: String)
}

public enum TextAlignment: String, Sendable { case left, center, right, natural }
public enum Truncation: String, Sendable { case tail, head, middle, clip }

/// A text layer as UILabel draws it.
public struct TextContent: Equatable, Sendable {
    public var string: String
    public var font: FontSource
    public var size: Double
    public var color: Color
    public var alignment: TextAlignment
    /// Maximum lines; 0 means unlimited.
    public var lines: Int
    public var truncation: Truncation
    public var jsonPath: String

    public init(string: String, font: FontSource, size: Double, color: Color, alignment: TextAlignment, lines: Int,
                truncation: Truncation, jsonPath: String) {
        self.string = string; self.font = font; self.size = size; self.color = color; self.alignment = alignment
        self.lines = lines; self.truncation = truncation; self.jsonPath = jsonPath
    }
}
