import Geometry

/// A validated scene: every value has its type and range, every name resolves.
public struct Scene: Sendable {
    public var canvas: Canvas
    public var fps: Double
    public var duration: Double
    public var layers: [LayerModel]
    public var animations: [AnimationModel]
    /// Properties of named layers set at scene times (model values), in the order written.
    public var changes: [PropertyChange] = []
    /// The UITableView, drawn under the free layers.
    public var table: TableModel?
    /// The status bar drawn over everything (`statusBar`), nil for none.
    public var statusBar: StatusBarModel?
    /// Whether the home indicator is drawn over everything at the screen's bottom
    /// (`homeIndicator`; by default on a phone screen whose device has one: ``isPhoneScreen``).
    public var homeIndicator = false
    /// The navigation bar above the table (`navigationBar`), nil for none.
    public var navigationBar: NavigationBarModel?
    public var script: [ScriptEvent] = []
    /// The folder the scene file is in; relative file names resolve against it.
    public var directory: String
    /// SF Pro's files by PostScript name (`SFProText-Regular` ...): "system" text is drawn with
    /// them (the `fonts` map; `--font-dir` finds them in a folder).
    public var fonts: [String: String] = [:]

    public init(canvas: Canvas, fps: Double, duration: Double, layers: [LayerModel], animations: [AnimationModel] = [],
                table: TableModel? = nil, script: [ScriptEvent] = [], directory: String = "") {
        self.canvas = canvas; self.fps = fps; self.duration = duration; self.layers = layers; self.animations = animations
        self.table = table; self.script = script; self.directory = directory
    }

    /// `round(duration * fps) + 1`: the first frame is t = 0, the last t = duration.
    public var frameCount: Int { Int(saturating: (duration * fps).rounded()) + 1 }
    public func time(ofFrame i: Int) -> Double { Double(i) / fps }
}

/// The screen's appearance (UIKit's `UIUserInterfaceStyle`): the system colours, the bars and
/// the status bar follow it.
public enum Appearance: String, Sendable, CaseIterable {
    case light, dark
}

public struct Canvas: Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var background: Color
    /// Whether every layer's edges are antialiased, as an app whose Info.plist sets
    /// `UIViewEdgeAntialiasing`; false (the default): only layers with `allowsEdgeAntialiasing`.
    public var edgeAntialiasing = false
    /// The iPhone whose screen this is (`canvas.device`): its safe area and status bar layout.
    public var device: Device?
    /// Light or dark (`canvas.appearance`, or `--appearance`): system colours named in the scene
    /// were read in it, and the table, bars and status bar are drawn in it.
    public var appearance = Appearance.light
    /// The preferred text size (`canvas.contentSizeCategory`): the table's built-in text (cells,
    /// section headers and footers) is drawn at its size for it, and its rows grow with it.
    public var contentSizeCategory = ContentSizeCategory.large
    /// The largest frame side in pixels (libpng's default limit for readers is 1,000,000, but
    /// 16384 keeps one frame under 1 GiB).
    public static let maxPixels = 16384.0
    public init(width: Double, height: Double, scale: Double = 1, background: Color = .clear) {
        self.width = width; self.height = height; self.scale = scale; self.background = background
    }
    public var pixelWidth: Int { Int(saturating: (width * scale).rounded()) }
    public var pixelHeight: Int { Int(saturating: (height * scale).rounded()) }
}

/// A transform as written in the scene: a matrix, or operations applied in order.
public indirect enum TransformOp: Equatable, Sendable {
    case rotate(degrees: Double, x: Double, y: Double, z: Double)
    case translate(x: Double, y: Double, z: Double)
    case scale(x: Double, y: Double, z: Double)
    /// Sets one entry (0-based index into m11...m44), as `t.m34 = v`.
    case set(entry: Int, value: Double)
    case concat(TransformValue)

    func applied(to t: Transform3D) -> Transform3D {
        switch self {
        case let .rotate(d, x, y, z): return t.rotated(degrees: d, x, y, z)
        case let .translate(x, y, z): return t.translated(x, y, z)
        case let .scale(x, y, z): return t.scaled(x, y, z)
        case let .set(entry, value):
            var e = t.entries
            e[entry] = value
            return Transform3D(e)
        case let .concat(other): return t * other.matrix
        }
    }
}

public indirect enum TransformValue: Equatable, Sendable {
    case matrix(Transform3D)
    case ops([TransformOp])

    public var matrix: Transform3D {
        switch self {
        case .matrix(let m): return m
        case .ops(let ops): return ops.reduce(Transform3D.identity) { $1.applied(to: $0) }
        }
    }
    public static let identity = TransformValue.ops([])
}

/// A layer with `CALayer`'s properties and Core Animation's defaults. The plain values are
/// `values` (shared with the presentation layer), read as the layer's own (`layer.opacity`);
/// `LayerProperties` says how each is written, checked and animated.
@dynamicMemberLookup
public struct LayerModel: Equatable, Sendable {
    public var name: String?
    public var values = LayerValues()
    public var transform = TransformValue.identity
    public var sublayerTransform = TransformValue.identity
    public var gradient: Gradient?
    /// `CAShapeLayer` content.
    public var shape: ShapeContent?
    /// `contents` from a PNG file.
    public var image: ImageContent?
    /// Label-style text.
    public var text: TextContent?
    public var sublayers: [LayerModel] = []
    /// `mask`: a layer whose alpha masks this one and its sublayers (kept in an array of none
    /// or one, as a struct cannot hold itself).
    public var maskLayers: [LayerModel] = []

    public init() {}

    /// `mask`, in this layer's coordinates (its bounds' space, as a sublayer's).
    public var mask: LayerModel? {
        get { maskLayers.first }
        set { maskLayers = newValue.map { [$0] } ?? [] }
    }

    /// The sublayers, then the mask: every layer this one holds.
    public var children: [LayerModel] { maskLayers.isEmpty ? sublayers : sublayers + maskLayers }

    /// How many layers of this tree have a name (this one included).
    public var namedCount: Int { (name == nil ? 0 : 1) + sublayers.reduce(0) { $0 + $1.namedCount } }

    @inlinable public subscript<T>(dynamicMember keyPath: WritableKeyPath<LayerValues, T>) -> T {
        get { values[keyPath: keyPath] }
        set { values[keyPath: keyPath] = newValue }
    }
}

/// A timing function: a cubic Bézier from (0,0) to (1,1), or a spring.
public enum TimingFunction: Equatable, Sendable {
    case cubic(Double, Double, Double, Double)
    case spring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)

    public static let linear = TimingFunction.cubic(0, 0, 1, 1)
    public static let easeIn = TimingFunction.cubic(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction.cubic(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction.cubic(0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction.cubic(0.25, 0.1, 0.25, 1)

    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]
}

/// An animatable property (or some of its components), or a component of the transform.
public enum AnimatedKey: Equatable, Sendable {
    /// A property of ``LayerProperties/all`` (by index), whole or the given components of its
    /// vector (`position.x` is component 0 of `position`).
    case property(Int, components: Range<Int>?)
    /// `transform.rotation.x|y|z` (axis 0...2), `transform.rotation` (z).
    case rotation(axis: Int)
    /// `transform.scale.x|y|z` (axis 0...2) or `transform.scale` (axis nil: all three).
    case scale(axis: Int?)
    /// `transform.translation.x|y|z`, or `transform.translation` (x and y, axis nil).
    case translation(axis: Int?)

    /// Every animatable key path: the property table's, and the transform's components.
    public static let byPath: [String: AnimatedKey] = {
        var out: [String: AnimatedKey] = [
            "transform.rotation.x": .rotation(axis: 0), "transform.rotation.y": .rotation(axis: 1),
            "transform.rotation.z": .rotation(axis: 2), "transform.rotation": .rotation(axis: 2),
            "transform.scale": .scale(axis: nil), "transform.scale.x": .scale(axis: 0),
            "transform.scale.y": .scale(axis: 1), "transform.scale.z": .scale(axis: 2),
            "transform.translation": .translation(axis: nil), "transform.translation.x": .translation(axis: 0),
            "transform.translation.y": .translation(axis: 1), "transform.translation.z": .translation(axis: 2),
        ]
        for (i, p) in LayerProperties.all.enumerated() {
            for a in p.keyPaths { out[a.keyPath] = .property(i, components: a.components) }
        }
        return out
    }()

    /// The property this key animates (nil for the transform's components).
    public var property: LayerProperty? {
        if case .property(let i, _) = self { return LayerProperties.all[i] }
        return nil
    }

    /// Whether Core Animation's value for this key is a `CGSize` (`bounds.size`, `shadowOffset`).
    public var isSize: Bool {
        guard case .property(let i, let c) = self else { return false }
        let p = LayerProperties.all[i]
        return (p.swiftType == .cgSize && c == nil) || (p.swiftType == .cgRect && c == 2..<4)
    }

    /// The shape of a value for this key.
    public var kind: ValueKind {
        switch self {
        case let .property(i, components):
            if let c = components { return c.count == 1 ? .number : .vector(c.count) }
            return LayerProperties.all[i].type.kind
        case .rotation, .scale, .translation(axis: .some): return .number
        case .translation(axis: nil): return .vector(2)
        }
    }
}

public enum ValueKind: Equatable, Sendable {
    case number, vector(Int), color, transform, colors, numbers, bool
}

/// One property or animated value, already checked against its key's kind.
public enum AnimValue: Equatable, Sendable {
    case number(Double)
    case vector([Double])
    case color(Color)
    case transform(TransformValue)
    case colors([Color])
    case numbers([Double])
    case bool(Bool)
    /// A name (`lineCap`'s `"round"`): it switches, as a boolean does.
    case text(String)
    /// None: no colour (`backgroundColor` not set, `fillColor` null).
    case absent
}

extension AnimValue {
    /// How many numbers the value holds (a colour is four): what interpolating it costs.
    public var size: Int {
        switch self {
        case .number, .bool, .text, .absent: return 1
        case .vector(let v), .numbers(let v): return v.count
        case .color: return 4
        case .colors(let c): return 4 * c.count
        case .transform: return 16
        }
    }
}

extension AnimationModel {
    /// How many numbers its values hold in all: what evaluating it once costs.
    public var size: Int {
        [from, to, by].reduce(values?.reduce(0) { $0 + $1.size } ?? 0) { $0 + ($1?.size ?? 0) }
    }
}

public enum FillMode: String, Sendable { case removed, forwards, backwards, both }
public enum CalculationMode: String, Sendable { case linear, discrete }

/// `CABasicAnimation` (from/to/by) or `CAKeyframeAnimation` (values) on one layer.
public struct AnimationModel: Equatable, Sendable {
    public var layer: String
    public var keyPath: String
    public var key: AnimatedKey
    public var from: AnimValue?
    public var to: AnimValue?
    public var by: AnimValue?
    public var values: [AnimValue]?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunction]?
    public var calculationMode = CalculationMode.linear
    public var timingFunction: TimingFunction?
    public var beginTime = 0.0
    public var duration = 0.25
    public var speed = 1.0
    public var timeOffset = 0.0
    public var repeatCount = 0.0
    public var autoreverses = false
    public var fillMode = FillMode.removed
    public var additive = false
    public init(layer: String, keyPath: String, key: AnimatedKey) {
        self.layer = layer; self.keyPath = keyPath; self.key = key
    }
}
