import Foundation
import SceneModel

/// `CACornerMask`: the corners `maskedCorners` rounds. On iOS minimum y is the top, so
/// `layerMinXMinYCorner` is the top-left corner.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The bits, as Core Animation numbers them.
    public let rawValue: UInt
    /// The corners with these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// How a layer's image is placed in its bounds (`contentsGravity`).
public struct CALayerContentsGravity: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Centred at its size; at the maximum y (the visual bottom on iOS) or the minimum y (the visual top), as Core Animation names them.
    public static let center = Self(rawValue: "center"), top = Self(rawValue: "top"), bottom = Self(rawValue: "bottom")
    /// Against the left or right edge at its size.
    public static let left = Self(rawValue: "left"), right = Self(rawValue: "right")
    /// In a corner at its size (Core Animation's y-up names).
    public static let topLeft = Self(rawValue: "topLeft"), topRight = Self(rawValue: "topRight")
    /// In a corner at its size (Core Animation's y-up names).
    public static let bottomLeft = Self(rawValue: "bottomLeft"), bottomRight = Self(rawValue: "bottomRight")
    /// Stretched to the bounds; scaled to fit them, keeping its aspect.
    public static let resize = Self(rawValue: "resize"), resizeAspect = Self(rawValue: "resizeAspect")
    /// Scaled to fill the bounds, keeping its aspect (the overflow is drawn unless masksToBounds).
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// How `cornerRadius` shapes a corner (`cornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle (the default).
    public static let circular = Self(rawValue: "circular")
    /// iOS's continuous corner: the curvature eases in from the edges (cards, buttons, sheets).
    public static let continuous = Self(rawValue: "continuous")
}

/// An image a layer shows (`layer.contents = image.cgImage`): a PNG file, relative to the
/// scene's folder. Read when the scene is loaded, with `@2x`/`@3x` chosen for the canvas scale
/// as `UIImage(named:)` does.
public struct CGImage: Equatable, Sendable {
    /// The file, as the scene writes it (relative to the scene's folder).
    public var file: String
    /// An image from a PNG file relative to the scene's folder.
    public init(file: String) { self.file = file }
}

/// Core Animation's layer, with its properties, defaults and names. Build a tree, add
/// animations with ``add(_:forKey:)``, and hand the roots to a ``LayerScene``.
///
/// Layers are objects, as in Core Animation: a layer is in at most one tree, and
/// ``addSublayer(_:)`` moves it. Geometry is in points with y growing downward (UIKit's).
open class CALayer {
    /// Names the layer in messages, and for animations in the written scene. Unique in a scene.
    open var name: String?
    // BEGIN generated from LayerProperties: CALayer (`./render.sh generate`)
    /// The layer's own rectangle: its size, and the origin of its sublayers' coordinates.
    @Recorded("bounds") open var bounds: CGRect = CGRect(x: 0, y: 0, width: 0, height: 0)
    /// Where the anchor point is, in the superlayer.
    @Recorded("position") open var position: CGPoint = CGPoint(x: 0, y: 0)
    /// The point of the bounds (in unit coordinates) that `position` places and transforms turn about.
    @Recorded("anchorPoint") open var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
    /// The anchor point's z.
    @Recorded("anchorPointZ") open var anchorPointZ: CGFloat = 0
    /// The layer's z in its superlayer: higher is drawn above its siblings.
    @Recorded("zPosition") open var zPosition: CGFloat = 0
    /// The layer's 3D transform about its anchor point.
    @Recorded("transform") open var transform: CATransform3D = CATransform3DIdentity
    /// A transform applied to the sublayers (a shared perspective, say).
    @Recorded("sublayerTransform") open var sublayerTransform: CATransform3D = CATransform3DIdentity
    /// The layer's opacity, 0 ... 1.
    @Recorded("opacity") open var opacity: Float = 1
    /// Whether the layer and its sublayers are not drawn.
    @Recorded("hidden") open var isHidden: Bool = false
    /// Whether the opacity applies to the layer and its sublayers as one image (true) or to each.
    @Recorded("allowsGroupOpacity") open var allowsGroupOpacity: Bool = true
    /// The fill of the bounds (nil: none).
    @Recorded("backgroundColor") open var backgroundColor: CGColor? = nil
    /// The radius of the bounds' corners (larger than half a side gives a capsule).
    @Recorded("cornerRadius") open var cornerRadius: CGFloat = 0
    /// Which corners `cornerRadius` rounds (all four by default).
    @Recorded("maskedCorners") open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// The shape of the rounded corners.
    @Recorded("cornerCurve") open var cornerCurve: CALayerCornerCurve = CALayerCornerCurve.circular
    /// The border's width, drawn inside the bounds.
    @Recorded("borderWidth") open var borderWidth: CGFloat = 0
    /// The border's colour.
    @Recorded("borderColor") open var borderColor: CGColor? = UIColor.black.cgColor
    /// Whether the sublayers and contents are clipped to the (rounded) bounds.
    @Recorded("masksToBounds") open var masksToBounds: Bool = false
    /// Whether the layer is drawn when it faces away from the viewer.
    @Recorded("doubleSided") open var isDoubleSided: Bool = true
    /// Whether the layer's own edges are antialiased (false, as on iOS: a transformed layer's edges are
    /// stepped while its contents stay smooth).
    @Recorded("allowsEdgeAntialiasing") open var allowsEdgeAntialiasing: Bool = false
    /// The shadow's colour.
    @Recorded("shadowColor") open var shadowColor: CGColor? = UIColor.black.cgColor
    /// The shadow's opacity: it shows only above 0.
    @Recorded("shadowOpacity") open var shadowOpacity: Float = 0
    /// The shadow's offset (Core Animation's default: 3 points up).
    @Recorded("shadowOffset") open var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    /// The shadow's blur radius.
    @Recorded("shadowRadius") open var shadowRadius: CGFloat = 3
    /// The shadow's shape in the layer's coordinates (nil: the layer's alpha).
    @Recorded("shadowPath") open var shadowPath: CGPath? = nil
    /// The image the layer shows: a ``CGImage`` (or nil).
    @Recorded("contents") open var contents: Any? = nil
    /// How the image is placed in the bounds.
    @Recorded("contentsGravity") open var contentsGravity: CALayerContentsGravity = CALayerContentsGravity.resize
    /// Image pixels per point.
    @Recorded("contentsScale") open var contentsScale: CGFloat = 1
    /// The part of the image shown, in unit coordinates of the image (a sprite sheet's frame).
    @Recorded("contentsRect") open var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The part of the image that stretches, in unit coordinates of the part shown: outside it the image
    /// keeps its size (a nine-part image: a chat bubble, a card's frame).
    @Recorded("contentsCenter") open var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    // END generated
    /// How far along each edge a corner of `cornerCurve` reaches, in multiples of `cornerRadius`
    /// (1.528665 for `continuous`, 1 for `circular`).
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat { curve == .continuous ? 1.528665 : 1 }
    public private(set) var sublayers: [CALayer]?
    public private(set) weak var superlayer: CALayer?
    /// A layer whose alpha masks this one, its sublayers and shadow; placed in this layer's
    /// coordinates, as a sublayer (its own properties animate as any layer's).
    open var mask: CALayer? {
        get { maskLayer }
        set {
            if let m = newValue, let why = cycle(with: m, "mask") {
                refusedCalls.append(why)
                return
            }
            if maskLayer?.maskOwner === self { maskLayer?.maskOwner = nil }
            maskLayer = newValue
            newValue?.maskOwner = self
        }
    }
    private var maskLayer: CALayer?
    /// The layer whose `mask` this is (a mask has no superlayer).
    weak var maskOwner: CALayer?
    /// Calls refused because they would make the layer tree a cycle (a layer its own sublayer,
    /// mask or ancestor, where UIKit raises or the tree never ends): the scene stops with these
    /// messages when it is written or loaded, instead of recursing until the stack overflows.
    var refusedCalls: [String] = []

    /// The view whose layer this is (its changes animate only in UIView animations).
    public internal(set) weak var view: UIView?
    /// The blur a `UIVisualEffectView` gives its layer (points; 0: none), written as the
    /// scene's `backdropBlur`: kept here, as the view may be gone when the scene is written.
    var backdropBlur: CGFloat = 0
    var animations: [(key: String?, animation: CAAnimation)] = []
    /// What a property was before the first ``LayerScene/at(_:_:)`` changed it: what the scene
    /// shows until then.
    var sceneStart: [String: Any] = [:]
    /// Changes ``LayerScene/at(_:_:)`` made without an animation to a property that does not
    /// animate (or animates by no key path): the scene's `changes`, in time order.
    var sceneSteps: [(time: Double, key: String, value: Any)] = []
    /// Sublayers taken out at a scene time (``LayerScene/at(_:_:)``), with the index each had:
    /// the scene keeps them in their places, hidden from that time.
    var sceneRemoved: [(layer: CALayer, index: Int)] = []
    /// The text of the UILabel this layer belongs to.
    var label: LabelText?

    /// A layer with Core Animation's defaults.
    public required init() { ChangeContext.created(self) }

    /// A copy of `layer`'s properties, without its sublayers or animations (Core Animation's
    /// presentation-layer initialiser).
    public required init(layer: Any) {
        ChangeContext.created(self)
        guard let other = layer as? CALayer else { return }
        // Every property by its key (the frame is the bounds and position again).
        for key in CALayer.layerKeys where key != "frame" { setLayerValue(other.layerValue(forKey: key), forKey: key) }
        // A subclass's own properties (a gradient's, a shape's), when `layer` has them too.
        let theirs = type(of: other).ownKeys
        for key in type(of: self).ownKeys where theirs.contains(key) { setOwnValue(other.ownValue(forKey: key), forKey: key) }
        label = other.label
    }

    /// The layer's rectangle in its superlayer: setting it sets the bounds' size and the
    /// position (at the anchor point), as UIKit's `setFrame:` does. Reading it ignores the
    /// transform.
    open var frame: CGRect {
        get {
            CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                   width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Appends `layer` to the sublayers (taking it from any other superlayer).
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(clamping: sublayers?.count ?? 0))
    }

    /// Inserts `layer` at `index` among the sublayers (the end when past it).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        if let why = cycle(with: layer, "the sublayer added") {
            refusedCalls.append(why)
            return
        }
        let detached = layer.superlayer == nil
        layer.removeFromSuperlayer()
        // In place: copying the list for every call made 99,000 sublayers of one layer quadratic.
        let at = min(Int(index), sublayers?.count ?? 0)
        if sublayers == nil { sublayers = [layer] } else { sublayers?.insert(layer, at: at) }
        layer.superlayer = self
        ChangeContext.added(layer, to: self, detached: detached)
    }

    /// Takes the layer out of its superlayer's sublayers. At a scene time
    /// (``LayerScene/at(_:_:)``) the scene keeps it in its place, hidden from then on.
    open func removeFromSuperlayer() {
        guard let parent = superlayer, let index = parent.sublayers?.firstIndex(where: { $0 === self }) else { return }
        parent.sublayers?.remove(at: index)
        superlayer = nil
        ChangeContext.removed(self, from: parent, at: index)
    }

    /// Adds an animation (a copy, as Core Animation copies it); one with the same key replaces
    /// the earlier one.
    open func add(_ animation: CAAnimation, forKey key: String?) {
        let copy = animation.copy()
        if let c = ChangeContext.current, case .display(let now) = c.mode {
            // In willDisplay: the animation is the row's, on the clock that starts when it is
            // displayed (a begin time of 0 is then).
            if copy.beginTime != 0 { copy.beginTime -= now }
            c.added.append((self, copy, key))
            return
        }
        if let key { animations.removeAll { $0.key == key } }
        // Added at a scene time (``LayerScene/at(_:_:)``): a begin time of 0 is now, and a
        // duration of 0 is the transaction's, as in Core Animation.
        if let c = ChangeContext.current, case .at(let now) = c.mode {
            if copy.beginTime == 0 { copy.beginTime = now }
            if copy.duration == 0 { copy.duration = CATransaction.animationDuration() }
            CATransaction.animationAdded(ending: copy.beginTime + copy.activeDuration)
        }
        animations.append((key, copy))
    }

    /// The keys ``value(forKey:)`` and ``setValue(_:forKey:)`` know on this class.
    open class var knownKeys: [String] { layerKeys + ownKeys }
    /// The property with this key, as Core Animation's key-value coding gives it (nil for an
    /// unknown key or a property that is nil).
    open func value(forKey key: String) -> Any? {
        type(of: self).ownKeys.contains(key) ? ownValue(forKey: key) : layerValue(forKey: key)
    }
    /// Sets the property with this key (key-value coding); a value of another type is ignored.
    open func setValue(_ value: Any?, forKey key: String) {
        if type(of: self).ownKeys.contains(key) { setOwnValue(value, forKey: key) } else { setLayerValue(value, forKey: key) }
    }
    /// The keys a subclass adds to the layer's (`CAGradientLayer`'s, `CAShapeLayer`'s), which
    /// ``value(forKey:)``, ``setValue(_:forKey:)`` and ``init(layer:)`` hand to the two below.
    class var ownKeys: [String] { [] }
    func ownValue(forKey key: String) -> Any? { nil }
    func setOwnValue(_ value: Any?, forKey key: String) {}
    /// Core Animation's default for the key: the value a new layer of this class has.
    open class func defaultValue(forKey key: String) -> Any? { self.init().value(forKey: key) }

    /// The animation added with `key`.
    open func animation(forKey key: String) -> CAAnimation? { animations.last { $0.key == key }?.animation }
    /// The keys of the animations added with one.
    open func animationKeys() -> [String]? {
        let keys = animations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }
    /// Removes the animation added with `key`.
    ///
    /// At a scene time (``LayerScene/at(_:_:)``, a queued block), an animation that began
    /// earlier would have to stop at that time, which is not drawn yet: the scene stops with a
    /// message rather than drawing it as never added. One added at the same time goes.
    open func removeAnimation(forKey key: String) { remove { $0.key == key } }
    /// Removes every animation (at a scene time, as ``removeAnimation(forKey:)`` says).
    open func removeAllAnimations() { remove { _ in true } }

    private func remove(_ which: ((key: String?, animation: CAAnimation)) -> Bool) {
        if let c = ChangeContext.current, case .at(let now) = c.mode,
           let begun = animations.first(where: { which($0) && $0.animation.beginTime < now }) {
            refusedCalls.append("removing an animation (\(begun.key.map { "key \"\($0)\"" } ?? "no key")) at \(now) s that began at \(begun.animation.beginTime) s is not drawn yet: it would vanish from its start; end it by its duration or repeatCount, or hide the layer at that time")
            return
        }
        animations.removeAll { which($0) }
    }
}

/// `CAGradientLayer`: an axial gradient across the bounds.
open class CAGradientLayer: CALayer {
    // BEGIN generated from LayerProperties: CAGradientLayer (`./render.sh generate`)
    /// The gradient's colours (``CGColor`` values).
    @Recorded("colors") open var colors: [Any]? = nil
    /// Where each colour is, 0 ... 1 (nil spaces them evenly).
    @Recorded("locations") open var locations: [NSNumber]? = nil
    /// Where the first colour is, in unit coordinates of the bounds.
    @Recorded("startPoint") open var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
    /// Where the last colour is, in unit coordinates of the bounds.
    @Recorded("endPoint") open var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
    // END generated

    override class var ownKeys: [String] { gradientKeys }
    override func ownValue(forKey key: String) -> Any? { gradientValue(forKey: key) }
    override func setOwnValue(_ value: Any?, forKey key: String) { setGradientValue(value, forKey: key) }
}

/// `CATransformLayer`: its sublayers keep their 3D places (they are not flattened into its
/// plane), so a cube of six layers looks like a cube; it draws nothing itself, and its opacity
/// applies to each sublayer on its own.
open class CATransformLayer: CALayer {
    /// A transform layer.
    public required init() { super.init() }
    /// A copy of `layer`'s properties.
    public required init(layer: Any) { super.init(layer: layer) }
}

/// `CAShapeLayer`'s line ends.
public struct CAShapeLayerLineCap: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Ends cut square at the end point; rounded; squared past it by half the width.
    public static let butt = Self(rawValue: "butt"), round = Self(rawValue: "round"), square = Self(rawValue: "square")
}

/// `CAShapeLayer`'s line joins.
public struct CAShapeLayerLineJoin: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp corners (up to the miter limit); rounded; cut off.
    public static let miter = Self(rawValue: "miter"), round = Self(rawValue: "round"), bevel = Self(rawValue: "bevel")
}

/// `CAShapeLayer`'s fill rules.
public struct CAShapeLayerFillRule: RawRepresentable, Equatable, Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public var rawValue: String
    /// The value with this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the winding number is not zero; where it is odd.
    public static let nonZero = Self(rawValue: "nonZero"), evenOdd = Self(rawValue: "evenOdd")
}

/// `CAShapeLayer`: a path filled and stroked in the layer's space.
open class CAShapeLayer: CALayer {
    // BEGIN generated from LayerProperties: CAShapeLayer (`./render.sh generate`)
    /// The shape, in the layer's coordinates.
    @Recorded("path") open var path: CGPath? = nil
    /// The fill (nil: none).
    @Recorded("fillColor") open var fillColor: CGColor? = UIColor.black.cgColor
    /// The stroke (nil: none).
    @Recorded("strokeColor") open var strokeColor: CGColor? = nil
    /// The stroke's width.
    @Recorded("lineWidth") open var lineWidth: CGFloat = 1
    /// How open subpaths end.
    @Recorded("lineCap") open var lineCap: CAShapeLayerLineCap = CAShapeLayerLineCap.butt
    /// How segments join.
    @Recorded("lineJoin") open var lineJoin: CAShapeLayerLineJoin = CAShapeLayerLineJoin.miter
    /// The longest miter, in line widths, before a join is beveled.
    @Recorded("miterLimit") open var miterLimit: CGFloat = 10
    /// Which areas the fill covers.
    @Recorded("fillRule") open var fillRule: CAShapeLayerFillRule = CAShapeLayerFillRule.nonZero
    /// Where the stroke starts along the path, 0 ... 1 of its length (animatable).
    @Recorded("strokeStart") open var strokeStart: CGFloat = 0
    /// Where the stroke ends along the path, 0 ... 1 of its length (animatable).
    @Recorded("strokeEnd") open var strokeEnd: CGFloat = 1
    /// Dash and gap lengths in turn (nil: a solid stroke).
    @Recorded("lineDashPattern") open var lineDashPattern: [NSNumber]? = nil
    /// How far into the dash pattern the stroke begins (animatable).
    @Recorded("lineDashPhase") open var lineDashPhase: CGFloat = 0
    // END generated

    override class var ownKeys: [String] { shapeKeys }
    override func ownValue(forKey key: String) -> Any? { shapeValue(forKey: key) }
    override func setOwnValue(_ value: Any?, forKey key: String) { setShapeValue(value, forKey: key) }
}
