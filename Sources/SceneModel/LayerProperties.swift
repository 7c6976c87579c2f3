import Geometry

/// One layer property, declared once: its JSON key and where it is written, its type and range,
/// Core Animation's default, whether and by which key paths it animates, and its Swift name.
///
/// The decoder reads a layer's keys from this table, the animation key paths are its
/// `keyPaths`, the simulation reads and writes animated values through `get` and `set`,
/// TableRenderQuartz writes and reads `CALayer`s through it (by key-value coding with `key`),
/// and tests hold the JSON Schema, docs/scene-format.md and ``LayerValues`` to it.
public struct LayerProperty: Sendable {
    /// Where the key is written: on the layer object, or in one of its content objects.
    public enum Container: String, Sendable, CaseIterable {
        case layer, gradient, path, image, text
        /// The Core Animation class whose property it is.
        public var className: String {
            switch self {
            case .layer, .image: return "CALayer"
            case .gradient: return "CAGradientLayer"
            case .path: return "CAShapeLayer"
            case .text: return "CATextLayer"
            }
        }
    }

    /// The Swift type TableRenderQuartz (and QuartzCore) gives the property.
    public enum SwiftType: String, Sendable {
        case cgFloat = "CGFloat", float = "Float", bool = "Bool", cgPoint = "CGPoint", cgSize = "CGSize"
        case cgRect = "CGRect", cgColor = "CGColor?", transform = "CATransform3D", colors = "[Any]?"
        case numbers = "[NSNumber]?", cgPath = "CGPath?", name = "String", contents = "Any?", cornerMask = "CACornerMask"
        /// Not a property: the layer's class says it (`CATransformLayer`).
        case layerClass = "class"
    }

    /// A key path that animates the property, or some of its components (`position.x` is
    /// component 0 of `position`).
    public struct AnimatedPath: Sendable {
        public let keyPath: String
        public let components: Range<Int>?
    }

    public let container: Container
    /// The JSON key in its container, which is also Core Animation's key (key-value coding).
    public let key: String
    /// The property's Swift name on ``Container/className`` (`isHidden`), or nil when the layer's
    /// class says it.
    public let swiftName: String?
    public let swiftType: SwiftType
    /// The Swift type's name where ``swiftType`` is a name (`CALayerCornerCurve`).
    public let swiftEnum: String?
    /// The Swift declaration's doc comment (the generated `CALayer` property's).
    public let doc: String
    public let type: PropertyType
    /// Core Animation's default, as the scene writes it; nil: none.
    public let defaultJSON: JSON?
    /// The key paths that animate it; empty when it does not animate.
    public let keyPaths: [AnimatedPath]
    /// For the reference table: the type and the default as words (nil: from `type` and
    /// `defaultJSON`), and an example or note.
    public let typeText: String?
    public let defaultText: String?
    public let example: String
    /// Derived from other properties (`frame`): read by the decoder's own code, not stored.
    public let derived: Bool
    /// What the JSON Schema's description says of it, where ``doc`` (written for Swift) does not
    /// say it as a scene writes it; set with ``noted(_:)``.
    public private(set) var note: String?
    /// The property's value on a layer (`.absent` for none).
    public let get: @Sendable (LayerModel) -> AnimValue
    /// Sets it (an animated value is clamped to the type's range first).
    public let set: @Sendable (inout LayerModel, AnimValue) -> Void

    /// Core Animation's key for it (key-value coding): the JSON key, but `path` for a path's `d`
    /// and `contents` for an image's `file`.
    public var caKey: String {
        switch (container, key) {
        case (.path, "d"): return "path"
        case (.image, "file"): return "contents"
        default: return key
        }
    }

    /// The JSON path of the key in a layer object: `cornerRadius`, `gradient.startPoint`.
    public var jsonPath: String { container == .layer ? key : "\(container.rawValue).\(key)" }
    /// Whether it animates.
    public var animates: Bool { !keyPaths.isEmpty }
    /// Whether an animated value (`from`, `to`, a keyframe) must be a rectangle of width and
    /// height >= 0 as the layer's own value is: a content rectangle (``Validation/animated(_:key:)``).
    public var animatesAsSize: Bool { type == .rect && container == .image }

    /// The entry with the JSON Schema's description `text`.
    func noted(_ text: String) -> LayerProperty {
        var copy = self
        copy.note = text
        return copy
    }
}

extension LayerProperty {
    init(_ container: Container, _ key: String, doc: String = "", swiftEnum: String? = nil, swift: String?, _ swiftType: SwiftType, _ type: PropertyType,
         default defaultJSON: JSON?, animates keyPaths: [AnimatedPath] = [], typeText: String? = nil, defaultText: String? = nil,
         example: String = "", derived: Bool = false,
         get: @escaping @Sendable (LayerModel) -> AnimValue, set: @escaping @Sendable (inout LayerModel, AnimValue) -> Void) {
        self.container = container; self.key = key; self.swiftName = swift; self.swiftType = swiftType; self.type = type
        self.doc = doc; self.swiftEnum = swiftEnum
        self.defaultJSON = defaultJSON; self.keyPaths = keyPaths; self.typeText = typeText; self.defaultText = defaultText
        self.example = example; self.derived = derived; self.get = get; self.set = set
    }

    /// A property kept in ``LayerValues`` (the layer object's plain values).
    static func value<T: AnimStorable>(_ key: String, doc: String, swiftEnum: String? = nil, swift: String? = nil, _ swiftType: SwiftType, _ type: PropertyType, default d: JSON?,
                         animates: Bool = false, components: [(String, Range<Int>)] = [], typeText: String? = nil,
                         defaultText: String? = nil, example: String = "",
                         _ kp: WritableKeyPath<LayerValues, T> & Sendable) -> LayerProperty {
        let paths = animates ? [AnimatedPath(keyPath: key, components: nil)] + components.map { AnimatedPath(keyPath: $0.0, components: $0.1) } : []
        return LayerProperty(.layer, key, doc: doc, swiftEnum: swiftEnum, swift: swift ?? key, swiftType, type, default: d, animates: paths, typeText: typeText,
                             defaultText: defaultText, example: example,
                             get: { $0.values[keyPath: kp].animValue },
                             set: { l, v in if let x = T.from(v, type) { l.values[keyPath: kp] = x } })
    }

    static func pathPaint(_ key: String, doc: String, default d: JSON?, example: String, _ kp: WritableKeyPath<ShapeContent, Color?> & Sendable) -> LayerProperty {
        LayerProperty(.path, key, doc: doc, swift: key, .cgColor, .optionalColor(nullable: true), default: d,
                      animates: LayerProperty.appleAndScenePaths(.path, key), typeText: "colour or `null`",
                      example: example,
                      get: { l in l.shape?[keyPath: kp].map(AnimValue.color) ?? .absent },
                      set: { l, v in
                          if case .color(let c) = v { l.shape?[keyPath: kp] = c } else if case .absent = v { l.shape?[keyPath: kp] = nil }
                      })
    }

    static func shape<T: AnimStorable>(_ key: String, doc: String, swiftEnum: String? = nil, _ swiftType: SwiftType, _ type: PropertyType, default d: JSON?, animates: Bool = false,
                                       typeText: String? = nil, defaultText: String? = nil, example: String = "",
                                       _ kp: WritableKeyPath<ShapeContent, T> & Sendable) -> LayerProperty {
        LayerProperty(.path, key, doc: doc, swiftEnum: swiftEnum, swift: key, swiftType, type, default: d, animates: animates ? LayerProperty.appleAndScenePaths(.path, key) : [],
                      typeText: typeText, defaultText: defaultText, example: example,
                      get: { l in l.shape.map { $0[keyPath: kp].animValue } ?? .absent },
                      set: { l, v in if let x = T.from(v, type) { l.shape?[keyPath: kp] = x } })
    }

    static func image<T: AnimStorable>(_ key: String, doc: String, swiftEnum: String? = nil, _ swiftType: SwiftType, _ type: PropertyType, default d: JSON, animates: Bool = false,
                                       typeText: String? = nil, example: String = "", _ kp: WritableKeyPath<ImageValues, T> & Sendable) -> LayerProperty {
        LayerProperty(.image, key, doc: doc, swiftEnum: swiftEnum, swift: key, swiftType, type, default: d, animates: animates ? LayerProperty.appleAndScenePaths(.image, key) : [],
                      typeText: typeText, example: example,
                      get: { l in l.image.map { $0.values[keyPath: kp].animValue } ?? .absent },
                      set: { l, v in if let x = T.from(v, type) { l.image?.values[keyPath: kp] = x } })
    }

    /// A content object's property animates by its path in the scene (`path.strokeEnd`) and by
    /// Core Animation's key on the layer (`strokeEnd`), which TableRenderQuartz writes.
    static func appleAndScenePaths(_ container: Container, _ key: String) -> [AnimatedPath] {
        [AnimatedPath(keyPath: "\(container.rawValue).\(key)", components: nil), AnimatedPath(keyPath: key, components: nil)]
    }

    static func gradientPoint(_ key: String, doc: String, default p: Point, example: String, _ kp: WritableKeyPath<Gradient, Point> & Sendable) -> LayerProperty {
        LayerProperty(.gradient, key, doc: doc, swift: key, .cgPoint, .point, default: .array([.number(p.x), .number(p.y)]),
                      animates: appleAndScenePaths(.gradient, key),
                      typeText: "`[x, y]` in unit coordinates", example: example,
                      get: { l in .vector(l.gradient.map { [$0[keyPath: kp].x, $0[keyPath: kp].y] } ?? [p.x, p.y]) },
                      set: { l, v in
                          guard case .vector(let x) = v, x.count == 2 else { return }
                          l.ensureGradient()
                          l.gradient?[keyPath: kp] = Point(x[0], x[1])
                      })
    }

    /// A property of a layer's text (`text.color`): no Swift name on a layer class (a label's
    /// and a text layer's own properties record their changes by the key).
    static func text(_ key: String, _ type: PropertyType, default d: JSON?, typeText: String? = nil, defaultText: String? = nil,
                     example: String = "", get: @escaping @Sendable (TextContent) -> AnimValue = { _ in .absent },
                     set: @escaping @Sendable (inout TextContent, AnimValue) -> Void = { _, _ in }) -> LayerProperty {
        let swiftType: SwiftType = type == .color ? .cgColor : type == .number(min: 0, max: 1) ? .cgFloat : .name
        return LayerProperty(.text, key, swift: nil, swiftType, type, default: d, typeText: typeText, defaultText: defaultText, example: example,
                      get: { l in l.text.map(get) ?? .absent },
                      set: { l, v in
                          guard var t = l.text else { return }
                          set(&t, v)
                          l.text = t
                      })
    }

    static func custom(_ container: Container, _ key: String, doc: String = "", swift: String?, _ swiftType: SwiftType, _ type: PropertyType,
                       animates: Bool = false, typeText: String, defaultText: String = "", example: String,
                       get: @escaping @Sendable (LayerModel) -> AnimValue = { _ in .absent },
                       set: @escaping @Sendable (inout LayerModel, AnimValue) -> Void = { _, _ in }) -> LayerProperty {
        let paths = animates ? appleAndScenePaths(container, key) : []
        return LayerProperty(container, key, doc: doc, swift: swift, swiftType, type, default: nil, animates: paths, typeText: typeText,
                             defaultText: defaultText, example: example, get: get, set: set)
    }
}

extension LayerModel {
    /// A gradient with `CAGradientLayer`'s defaults when the layer has none (an animated
    /// gradient key path makes the layer a gradient layer).
    mutating func ensureGradient() {
        if gradient == nil { gradient = Gradient(colors: [], locations: nil, startPoint: Point(0.5, 0), endPoint: Point(0.5, 1)) }
    }
}

/// Every layer property, in the order a layer's keys are read (and problems reported).
public enum LayerProperties {
    static let black = JSON.string("black")
    static func pair(_ x: Double, _ y: Double) -> JSON { .array([.number(x), .number(y)]) }

    public static let all: [LayerProperty] = [
        // The layer object.
        .value("bounds", doc: "The layer's own rectangle: its size, and the origin of its sublayers' coordinates.", .cgRect, .rect, default: .array([0, 0, 0, 0].map(JSON.number)), animates: true,
               components: [("bounds.origin", 0..<2), ("bounds.size", 2..<4), ("bounds.size.width", 2..<3), ("bounds.size.height", 3..<4)],
               typeText: "`[x, y, width, height]`, width and height ≥ 0", example: "`[0, 0, 320, 44]`", \.bounds),
        .value("position", doc: "Where the anchor point is, in the superlayer.", .cgPoint, .point, default: pair(0, 0), animates: true,
               components: [("position.x", 0..<1), ("position.y", 1..<2)], typeText: "`[x, y]` in the superlayer",
               example: "`[160, 22]`", \.position),
        .value("anchorPoint", doc: "The point of the bounds (in unit coordinates) that `position` places and transforms turn about.", .cgPoint, .point, default: pair(0.5, 0.5), animates: true, typeText: "`[x, y]` in unit coordinates",
               example: "`[0.5, 0]`: rotate about the top edge", \.anchorPoint),
        .value("anchorPointZ", doc: "The anchor point's z.", .cgFloat, .number(), default: .number(0), animates: true, \.anchorPointZ),
        .value("zPosition", doc: "The layer's z in its superlayer: higher is drawn above its siblings.", .cgFloat, .number(), default: .number(0), animates: true, example: "`2`: drawn above siblings with lower values",
               \.zPosition),
        LayerProperty(.layer, "frame", swift: "frame", .cgRect, .rect, default: nil, typeText: "`[x, y, width, height]`",
                      example: "`[20, 15, 60, 50]`: sets the bounds size and the position as UIKit's `setFrame:` does (at the anchor point); not together with `bounds` or `position`",
                      derived: true, get: { _ in .absent }, set: { _, _ in })
            .noted("[x, y, width, height]: sets bounds size and position as UIKit does (not with bounds or position)"),
        LayerProperty(.layer, "transform", doc: "The layer's 3D transform about its anchor point.", swift: "transform", .transform, .transform, default: nil,
                      animates: [LayerProperty.AnimatedPath(keyPath: "transform", components: nil)], typeText: "transform", defaultText: "identity",
                      example: "`[{ \"rotate\": [-15, 0, 0, 1] }]`",
                      get: { .transform($0.transform) }, set: { l, v in if case .transform(let t) = v { l.transform = t } }),
        LayerProperty(.layer, "sublayerTransform", doc: "A transform applied to the sublayers (a shared perspective, say).", swift: "sublayerTransform", .transform, .transform, default: nil,
                      animates: [LayerProperty.AnimatedPath(keyPath: "sublayerTransform", components: nil)], typeText: "transform", defaultText: "identity",
                      example: "`[{ \"perspective\": 500 }]`: a shared perspective for the sublayers",
                      get: { .transform($0.sublayerTransform) }, set: { l, v in if case .transform(let t) = v { l.sublayerTransform = t } }),
        .value("opacity", doc: "The layer's opacity, 0 ... 1.", .float, .number(min: 0, max: 1), default: .number(1), animates: true, example: "`0.5`", \.opacity),
        .value("hidden", doc: "Whether the layer and its sublayers are not drawn.", swift: "isHidden", .bool, .bool, default: .bool(false), animates: true,
               example: "`true`: the layer and its sublayers are not drawn; an animation switches it (the `from` value holds to its end)", \.hidden),
        .value("allowsGroupOpacity", doc: "Whether the opacity applies to the layer and its sublayers as one image (true) or to each.", .bool, .bool, default: .bool(true), example: "`false`: each sublayer fades on its own", \.allowsGroupOpacity),
        .value("backgroundColor", doc: "The fill of the bounds (nil: none).", .cgColor, .optionalColor(nullable: false), default: nil, animates: true, example: "`\"systemBlue\"`",
               \.backgroundColor).noted("the fill of the bounds (absent: none)"),
        .value("cornerRadius", doc: "The radius of the bounds' corners (larger than half a side gives a capsule).", .cgFloat, .number(min: 0), default: .number(0), animates: true,
               example: "`12`; larger than half a side gives a capsule, as CA", \.cornerRadius),
        .value("maskedCorners", doc: "Which corners `cornerRadius` rounds (all four by default).", .cornerMask, .corners, default: .array(CornerMask.names.map(JSON.string)),
               typeText: "array of corner names: `\"layerMinXMinYCorner\"` (top left), `\"layerMaxXMinYCorner\"` (top right), `\"layerMinXMaxYCorner\"` (bottom left), `\"layerMaxXMaxYCorner\"` (bottom right)",
               defaultText: "all four", example: "`[\"layerMinXMinYCorner\", \"layerMaxXMinYCorner\"]`: a sheet rounded at the top only", \.maskedCorners)
            .noted("CACornerMask: the corners cornerRadius rounds (minimum y is the top on iOS)"),
        .value("cornerCurve", doc: "The shape of the rounded corners.", swiftEnum: "CALayerCornerCurve", .name, .choice(CornerCurve.allCases.map(\.rawValue)), default: .string("circular"),
               example: "`\"continuous\"`: iOS's smooth corner (cards, buttons, sheets); it reaches 1.528665 × `cornerRadius` along each edge, and with less room than that it eases toward the circular corner (a capsule at half the shorter side)",
               \.cornerCurve)
            .noted("CALayerCornerCurve: quarter circles, or iOS's continuous corner (it reaches 1.528665 x cornerRadius along each edge)"),
        .value("borderWidth", doc: "The border's width, drawn inside the bounds.", .cgFloat, .number(min: 0), default: .number(0), animates: true, example: "`1`", \.borderWidth),
        .value("borderColor", doc: "The border's colour.", .cgColor, .color, default: black, animates: true, \.borderColor),
        .value("masksToBounds", doc: "Whether the sublayers and contents are clipped to the (rounded) bounds.", .bool, .bool, default: .bool(false), example: "`true`: clips the sublayers to the (rounded) bounds",
               \.masksToBounds),
        .value("doubleSided", doc: "Whether the layer is drawn when it faces away from the viewer.", swift: "isDoubleSided", .bool, .bool, default: .bool(true),
               example: "`false`: hidden when turned away from the viewer", \.doubleSided),
        .value("allowsEdgeAntialiasing", doc: "Whether the layer's own edges are antialiased (false, as on iOS: a transformed layer's edges are stepped while its contents stay smooth).", .bool, .bool, default: .bool(false),
               example: "`true`: the layer's own edges are antialiased. As on iOS they are not by default: a rotated or 3D-transformed layer's edges are stepped (text, images, rounded corners and paths inside stay smooth); `canvas.edgeAntialiasing` turns it on for every layer, as `UIViewEdgeAntialiasing` in an app's Info.plist",
               \.allowsEdgeAntialiasing)
            .noted("the layer's own edges antialiased; false as on iOS (a transformed layer's edges are stepped, its contents stay smooth)"),
        LayerProperty(.layer, "transformLayer", swift: nil, .layerClass, .bool, default: .bool(false),
                      example: "`true`: a `CATransformLayer`: its sublayers keep their 3D places instead of being flattened into its plane, and are depth-sorted with its siblings (painter's order by each layer's centre); it draws nothing itself (background, border, shadow, contents and masksToBounds are ignored, and its opacity applies to each sublayer on its own, as Core Animation documents)",
                      get: { .bool($0.transformLayer) }, set: { l, v in if case .bool(let b) = v { l.transformLayer = b } })
            .noted("CATransformLayer: the sublayers keep their 3D places (not flattened into this layer's plane) and are depth-sorted with this layer's siblings; the layer draws nothing itself, and its opacity applies to each sublayer on its own."),
        .value("shadowColor", doc: "The shadow's colour.", .cgColor, .color, default: black, animates: true, \.shadowColor),
        .value("shadowOpacity", doc: "The shadow's opacity: it shows only above 0.", .float, .number(min: 0, max: 1), default: .number(0), animates: true,
               example: "`0.3`: the shadow shows only when this is above 0", \.shadowOpacity),
        .value("shadowOffset", doc: "The shadow's offset (Core Animation's default: 3 points up).", .cgSize, .point, default: pair(0, -3), animates: true, typeText: "`[dx, dy]`", example: "`[0, 4]`",
               \.shadowOffset),
        .value("shadowRadius", doc: "The shadow's blur radius.", .cgFloat, .number(min: 0, budget: 500), default: .number(3), animates: true,
               example: "`8` (a Gaussian blur of that radius)", \.shadowRadius),
        LayerProperty(.layer, "shadowPath", doc: "The shadow's shape in the layer's coordinates (nil: the layer's alpha).", swift: "shadowPath", .cgPath, .pathData, default: nil,
                      typeText: "SVG path data (as a path's `d`) or `null`",
                      example: "`\"M0 4 L343 4 L343 64 L0 64 Z\"`: the shadow is this shape (nonzero) in the layer's space, blurred and offset, instead of the layer's alpha; drawn without an offscreen pass",
                      get: { l in l.shadowPath.map { .text($0.source) } ?? .absent },
                      set: { l, v in
                          switch v {
                          case .text(let s): l.shadowPath = (try? SVGPathParser.parse(s)).map { SVGPath(source: s, commands: $0) }
                          case .absent: l.shadowPath = nil
                          default: break
                          }
                      }).noted("the shadow's shape (SVG path data in the layer's space) instead of the layer's alpha"),
        // Not a public CALayer property: Swift gets it from UIVisualEffectView's blur.
        LayerProperty(.layer, "backdropBlur", swift: nil, .cgFloat, .number(min: 0, budget: 500), default: .number(0),
                      animates: [LayerProperty.AnimatedPath(keyPath: "backdropBlur", components: nil)],
                      example: "`10`: what is drawn under the layer shows through it blurred (a Gaussian of this radius in points; Core Animation's backdrop, as `UIVisualEffectView` with a `UIBlurEffect` makes it), beneath the layer's background, which tints it (a translucent `backgroundColor` lets the blur show). Within the layer's outline (rounded corners included); near the canvas's edges the blur takes the pixels there are. Inside a group (an opacity group, a mask, a clip with sublayers) it blurs only what that group drew before it",
                      get: { .number($0.values.backdropBlur) }, set: { l, v in if let x = Double.from(v, .number(min: 0)) { l.values.backdropBlur = x } })
            .noted("What is drawn under the layer shows through it blurred (a Gaussian of this radius in points), beneath its background."),

        // `gradient` (CAGradientLayer).
        .custom(.gradient, "colors", doc: "The gradient's colours (``CGColor`` values).", swift: "colors", .colors, .colors, animates: true, typeText: "array of colours, **required**",
                example: "`[\"#34C759\", \"#5856D6\"]`",
                get: { .colors($0.gradient?.colors ?? []) },
                set: { l, v in if case .colors(let c) = v { l.ensureGradient(); l.gradient?.colors = c } })
            .noted("the gradient's colours, first to last"),
        .custom(.gradient, "locations", doc: "Where each colour is, 0 ... 1 (nil spaces them evenly).", swift: "locations", .numbers, .locations, animates: true,
                typeText: "array of numbers 0 ... 1, one per colour, not decreasing", defaultText: "evenly spaced", example: "`[0, 0.3, 1]`",
                get: { l in
                    let n = l.gradient?.colors.count ?? 0
                    return .numbers(l.gradient?.locations ?? (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 })
                },
                set: { l, v in if case .numbers(let n) = v { l.ensureGradient(); l.gradient?.locations = n } })
            .noted("one per colour, not decreasing"),
        .gradientPoint("startPoint", doc: "Where the first colour is, in unit coordinates of the bounds.", default: Point(0.5, 0), example: "`[0, 0]`", \.startPoint),
        .gradientPoint("endPoint", doc: "Where the last colour is, in unit coordinates of the bounds.", default: Point(0.5, 1), example: "`[1, 1]`", \.endPoint),

        // `path` (CAShapeLayer).
        .custom(.path, "d", doc: "The shape, in the layer's coordinates.", swift: "path", .cgPath, .custom, typeText: "SVG path data, **required**",
                example: "`\"M0 0 L40 0 L20 30 Z\"` (`M L H V C S Q T A Z`, absolute and relative)")
            .noted("SVG path data (M L H V C S Q T A Z, absolute and relative)"),
        .pathPaint("fillColor", doc: "The fill (nil: none).", default: black, example: "`null`: no fill", \.fillColor).noted("null: no fill"),
        .pathPaint("strokeColor", doc: "The stroke (nil: none).", default: nil, example: "`\"systemGray\"`", \.strokeColor).noted("null: no stroke"),
        .shape("lineWidth", doc: "The stroke's width.", .cgFloat, .number(min: 0, budget: 10_000), default: .number(1), animates: true, example: "`3`", \.lineWidth),
        .shape("lineCap", doc: "How open subpaths end.", swiftEnum: "CAShapeLayerLineCap", .name, .choice(["butt", "round", "square"]), default: .string("butt"), \.lineCap),
        .shape("lineJoin", doc: "How segments join.", swiftEnum: "CAShapeLayerLineJoin", .name, .choice(["miter", "round", "bevel"]), default: .string("miter"), \.lineJoin),
        .shape("miterLimit", doc: "The longest miter, in line widths, before a join is beveled.", .cgFloat, .number(min: 1), default: .number(10), \.miterLimit),
        .shape("fillRule", doc: "Which areas the fill covers.", swiftEnum: "CAShapeLayerFillRule", .name, .choice(["nonZero", "evenOdd"]), default: .string("nonZero"), \.fillRule),
        .shape("strokeStart", doc: "Where the stroke starts along the path, 0 ... 1 of its length (animatable).", .cgFloat, .number(min: 0, max: 1), default: .number(0), animates: true,
               example: "`0.25`: the stroke begins a quarter of the way along the path (its whole length, subpaths in order)", \.strokeStart),
        .shape("strokeEnd", doc: "Where the stroke ends along the path, 0 ... 1 of its length (animatable).", .cgFloat, .number(min: 0, max: 1), default: .number(1), animates: true,
               example: "`0` animated to `1`: the path draws itself (a checkmark, a progress ring); nothing is stroked where `strokeEnd` ≤ `strokeStart`",
               \.strokeEnd),
        .shape("lineDashPattern", doc: "Dash and gap lengths in turn (nil: a solid stroke).", .numbers, .dashes, default: nil, typeText: "array of lengths ≥ 0 (points), dashes and gaps in turn, or `null`",
               defaultText: "none (solid)", example: "`[6, 3]`; `[0, 8]` with round caps: dots. Each subpath starts the pattern anew", \.lineDashPattern)
            .noted("dash and gap lengths in turn; null: solid"),
        .shape("lineDashPhase", doc: "How far into the dash pattern the stroke begins (animatable).", .cgFloat, .number(), default: .number(0), animates: true,
               example: "`4`: the pattern starts 4 points in; animated, the dashes march", \.lineDashPhase),

        // `image` (contents).
        .custom(.image, "file", doc: "The image the layer shows: a ``CGImage`` (or nil).", swift: "contents", .contents, .custom, typeText: "string, **required**",
                example: "`\"assets/logo.png\"`: a PNG relative to the scene's folder (or `--assets DIR`)")
            .noted("a PNG file relative to the scene's folder (or --assets)"),
        .image("contentsGravity", doc: "How the image is placed in the bounds.", swiftEnum: "CALayerContentsGravity", .name, .choice(ContentsGravity.allCases.map(\.rawValue)), default: .string("resize"),
               example: "`\"resizeAspect\"`", \.gravity),
        .image("contentsScale", doc: "Image pixels per point.", .cgFloat, .number(above: 0, budget: 16), default: .number(1), example: "`3`: image pixels per point",
               \.contentsScale),
        .image("contentsRect", doc: "The part of the image shown, in unit coordinates of the image (a sprite sheet's frame).", .cgRect, .rect, default: .array([0, 0, 1, 1].map(JSON.number)), animates: true,
               typeText: "`[x, y, width, height]` in unit coordinates of the image",
               example: "`[0.25, 0, 0.25, 1]`: the second of four frames of a sprite strip; gravity places that part at its size; past the image's edge its edge pixels extend",
               \.contentsRect).noted("the part of the image shown, in unit coordinates of the image (y down); outside 0...1 the edge pixels extend"),
        .image("contentsCenter", doc: "The part of the image that stretches, in unit coordinates of the part shown: outside it the image keeps its size (a nine-part image: a chat bubble, a card's frame).",
               .cgRect, .rect, default: .array([0, 0, 1, 1].map(JSON.number)), animates: true,
               typeText: "`[x, y, width, height]` in unit coordinates of the part shown (`contentsRect`)",
               example: "`[0.45, 0.45, 0.1, 0.1]`: the corners keep their size and the middle stretches (a nine-part image, as `UIImage.resizableImage(withCapInsets:)`); a width or height of 0 stretches the one pixel there; where the layer is smaller than the two caps they shrink together",
               \.contentsCenter)
            .noted("the part of the image that stretches, in unit coordinates of the part shown; outside it the image keeps its size (a nine-part image)"),

        // `text` (a UILabel's, or a CATextLayer's with `verticalAlignment` "top"); its Swift
        // properties are the label's and the text layer's own, recorded by their code.
        .text("string", .string, default: nil, typeText: "string, **required**", example: "`\"Cell 0\"`",
              get: { .text($0.string) }, set: { t, v in if case .text(let s) = v { t.string = s } }),
        .text("font", .custom, default: nil, typeText: "font", defaultText: "Inter 17 pt regular", example: "`{ \"size\": 15, \"weight\": \"semibold\" }`"),
        .text("color", .color, default: black, example: "`\"secondaryLabel\"`",
              get: { .color($0.color) }, set: { t, v in if case .color(let c) = v { t.color = c } }),
        .text("alignment", .choice(["left", "center", "right", "natural"]), default: .string("natural"), example: "`\"center\"`",
              get: { .text($0.alignment.rawValue) }, set: { t, v in if case .text(let s) = v, let a = TextAlignment(rawValue: s) { t.alignment = a } }),
        .text("lines", .custom, default: .number(1), typeText: "whole number 0 ... 10000",
              example: "`0`: as many lines as the bounds need (`numberOfLines`)").noted("0: as many as needed"),
        .text("truncation", .choice(["tail", "head", "middle", "clip"]), default: .string("tail"), example: "(`lineBreakMode`)",
              get: { .text($0.truncation.rawValue) }, set: { t, v in if case .text(let s) = v, let x = Truncation(rawValue: s) { t.truncation = x } }),
        .text("verticalAlignment", .choice(TextVerticalAlignment.allCases.map(\.rawValue)), default: .string("center"),
              example: "`\"top\"`: lines from the top of the bounds, as a `CATextLayer` draws them",
              get: { .text($0.verticalAlignment.rawValue) },
              set: { t, v in if case .text(let s) = v, let x = TextVerticalAlignment(rawValue: s) { t.verticalAlignment = x } })
            .noted("Where the lines sit: centred in the bounds as a UILabel (\"center\"), or from the top as a CATextLayer (\"top\")."),
        .text("minimumScaleFactor", .number(min: 0, max: 1), default: .number(0),
              example: "`UILabel.adjustsFontSizeToFitWidth` with this `minimumScaleFactor`: a single line (`lines` 1) wider than the bounds is drawn at the size that just fits, but not below `size` times the factor, and truncated only if it still does not fit; 0 keeps the size. Only a one-line label shrinks (UIKit's shrinking across lines is not documented and widely reported not to happen). UIKit's own steps are not documented: the size here is the exact width ratio (advances scale with the size).",
              get: { .number($0.minimumScaleFactor) }, set: { t, v in if case .number(let n) = v { t.minimumScaleFactor = n } })
            .noted("UILabel's adjustsFontSizeToFitWidth with this minimumScaleFactor: a single line (lines 1) wider than the bounds is drawn smaller, down to the font size times this factor, before it is truncated; 0 keeps the size."),
    ]

    /// The properties written in one container, in reading order.
    public static func `in`(_ container: LayerProperty.Container) -> [LayerProperty] { all.filter { $0.container == container } }

    /// The property with this JSON path (`cornerRadius`, `gradient.startPoint`).
    public static func named(_ jsonPath: String) -> LayerProperty? { byJSONPath[jsonPath] }
    static let byJSONPath: [String: LayerProperty] = Dictionary(all.map { ($0.jsonPath, $0) }, uniquingKeysWith: { a, _ in a })
    static let indexByJSONPath: [String: Int] = Dictionary(all.enumerated().map { ($1.jsonPath, $0) }, uniquingKeysWith: { a, _ in a })
}
