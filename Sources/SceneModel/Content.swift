import Geometry

/// An image layer's contents: a PNG file relative to the scene, placed by its values
/// (`contentsGravity`, `contentsScale`, `contentsRect`, `contentsCenter`: ``ImageValues``, read
/// as its own fields).
@dynamicMemberLookup
public struct ImageContent: Equatable, Sendable {
    /// As written in the scene.
    public var file: String
    /// Resolved against the scene's folder.
    public var path: String
    /// How it is placed.
    public var values = ImageValues()
    /// The JSON path of the file name, for messages (`layers[0].image.file`).
    public var jsonPath: String

    public init(file: String, path: String, gravity: ContentsGravity = .resize, contentsScale: Double = 1, jsonPath: String = "") {
        self.file = file; self.path = path; self.jsonPath = jsonPath
        values.gravity = gravity
        values.contentsScale = contentsScale
    }

    @inlinable public subscript<T>(dynamicMember keyPath: WritableKeyPath<ImageValues, T>) -> T {
        get { values[keyPath: keyPath] }
        set { values[keyPath: keyPath] = newValue }
    }
}

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
    public var verticalAlignment = TextVerticalAlignment.center
    /// Shrink a single line to fit, down to this factor of `size` (0: never); see `LayerText`.
    public var minimumScaleFactor = 0.0
    public var jsonPath: String

    public init(string: String, font: FontSource, size: Double, color: Color, alignment: TextAlignment, lines: Int,
                truncation: Truncation, jsonPath: String) {
        self.string = string; self.font = font; self.size = size; self.color = color; self.alignment = alignment
        self.lines = lines; self.truncation = truncation; self.jsonPath = jsonPath
    }
}

/// Where a scene's files are: a name as written, relative to the scene's folder unless absolute.
public enum SceneFiles {
    /// `file` resolved against `directory` (the scene's folder).
    public static func path(_ file: String, in directory: String) -> String {
        file.hasPrefix("/") ? file : (directory.isEmpty ? file : directory + "/" + file)
    }
}
