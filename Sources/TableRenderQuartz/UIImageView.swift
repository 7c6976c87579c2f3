import Foundation
import Geometry
import LayerTree
import SceneModel

/// An image view: its image is its layer's contents, placed by `contentMode`.
open class UIImageView: UIView {
    /// UIKit's content modes.
    public enum ContentMode: Int, Sendable {
        /// Stretched to the bounds.
        case scaleToFill
        /// Scaled to fit, keeping its aspect.
        case scaleAspectFit
        /// Scaled to fill, keeping its aspect.
        case scaleAspectFill
        /// Centred at its size.
        case center
        /// At the top at its size.
        case top
        /// At the bottom at its size.
        case bottom
        /// At the left at its size.
        case left
        /// At the right at its size.
        case right
        /// In the top left corner at its size.
        case topLeft
        /// In the top right corner at its size.
        case topRight
        /// In the bottom left corner at its size.
        case bottomLeft
        /// In the bottom right corner at its size.
        case bottomRight
    }
    /// The image (its file).
    open var image: UIImage? {
        didSet {
            // A symbol has no contents: a symbol for a symbol changes no contents (which a
            // scene time cannot change).
            let contents = image?.cgImage
            if (layer.contents as? CGImage) != contents || (contents == nil && layer.contents != nil) { layer.contents = contents }
            drawSymbol()
        }
    }
    /// A symbol image is drawn in the tint colour (``UIView/tintColor``): drawn again when it changes.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if let image, image.symbol != nil, image.symbolColor(tint: tintColor ?? .systemBlue) != symbolColor { drawSymbol() }
    }
    /// The layer drawing a symbol image, under the view's other sublayers.
    private var symbolLayer: CALayer?
    /// The colour the symbol layer was drawn in.
    private var symbolColor: UIColor?
    /// UIKit's content modes as contents gravities (UIKit's `top` is the visual top).
    open var contentMode = ContentMode.scaleToFill {
        didSet {
            let gravity: [ContentMode: CALayerContentsGravity] = [
                .scaleToFill: .resize, .scaleAspectFit: .resizeAspect, .scaleAspectFill: .resizeAspectFill, .center: .center,
                .top: .bottom, .bottom: .top, .left: .left, .right: .right,
                .topLeft: .bottomLeft, .topRight: .bottomRight, .bottomLeft: .topLeft, .bottomRight: .topRight,
            ]
            layer.contentsGravity = gravity[contentMode] ?? .resize
            placeSymbol()
        }
    }
    /// An image view showing `image`, the symbol's size for a symbol (as UIKit sizes it to its image).
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        layer.contents = image?.cgImage
        drawSymbol()
    }
    /// An empty image view.
    public override init(frame: CGRect = .zero) { super.init(frame: frame) }
    /// Made from an archive, as a storyboard makes it on iOS (there are none here: made as
    /// ``init(frame:)`` makes it), so a subclass's `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The frame; a symbol image follows it.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue; placeSymbol() }
    }
    /// The bounds; a symbol image follows them.
    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = newValue; placeSymbol() }
    }
    /// A symbol image's size (a file's is not known until the scene is drawn).
    open override var intrinsicContentSize: CGSize {
        guard let image, image.symbol != nil else { return super.intrinsicContentSize }
        return image.size
    }

    /// Draws a symbol image as shape layers in the tint colour (made again only when the image
    /// or the tint changes), then places them.
    private func drawSymbol() {
        symbolLayer?.removeFromSuperlayer()
        symbolLayer = nil
        guard let image, let symbol = image.symbol else { return }
        let glyph = symbol.size
        guard glyph.x > 0, glyph.y > 0 else { return }
        let color = image.symbolColor(tint: tintColor ?? .systemBlue)
        symbolColor = color
        let model = symbol.layer(color: color.cgColor.model)
        let holder = CALayer()
        holder.bounds = CGRect(x: 0, y: 0, width: glyph.x, height: glyph.y)
        for m in model.sublayers {
            guard let shape = m.shape else { continue }
            let l = CAShapeLayer()
            l.frame = holder.bounds
            l.path = CGPath(commands: shape.commands)
            l.fillColor = shape.fillColor.map { SceneReader.color($0) }
            l.strokeColor = shape.strokeColor.map { SceneReader.color($0) }
            l.lineWidth = CGFloat(shape.lineWidth)
            l.lineCap = .round
            l.lineJoin = .round
            holder.addSublayer(l)
        }
        layer.insertSublayer(holder, at: 0)
        symbolLayer = holder
        placeSymbol()
    }

    /// Places the symbol's layer in the bounds by the content mode (stretched, fitted, filled,
    /// or at its size at the centre or an edge): inside an animation block it moves with it.
    private func placeSymbol() {
        guard let holder = symbolLayer else { return }
        let glyph = holder.bounds.size
        let b = bounds
        let w = glyph.width, h = glyph.height
        var sx: CGFloat = 1, sy: CGFloat = 1
        switch contentMode {
        case .scaleToFill: sx = b.width / w; sy = b.height / h
        case .scaleAspectFit: sx = min(b.width / w, b.height / h); sy = sx
        case .scaleAspectFill: sx = max(b.width / w, b.height / h); sy = sx
        default: break
        }
        var x = b.midX, y = b.midY
        if [.left, .topLeft, .bottomLeft].contains(contentMode) { x = b.minX + w / 2 }
        if [.right, .topRight, .bottomRight].contains(contentMode) { x = b.maxX - w / 2 }
        if [.top, .topLeft, .topRight].contains(contentMode) { y = b.minY + h / 2 }
        if [.bottom, .bottomLeft, .bottomRight].contains(contentMode) { y = b.maxY - h / 2 }
        if holder.position != CGPoint(x: x, y: y) { holder.position = CGPoint(x: x, y: y) }
        let scale = sx.isFinite && sy.isFinite && sx > 0 && sy > 0 ? CATransform3DMakeScale(sx, sy, 1) : CATransform3DIdentity
        if holder.transform != scale { holder.transform = scale }
    }
}

extension CGPath {
    /// A path of the model's commands.
    convenience init(commands: [PathCommand]) {
        self.init()
        for c in commands {
            switch c {
            case .move(let p): op("M", [CGPoint(x: p.x, y: p.y)])
            case .line(let p): op("L", [CGPoint(x: p.x, y: p.y)])
            case .quad(let a, let p): op("Q", [CGPoint(x: a.x, y: a.y), CGPoint(x: p.x, y: p.y)])
            case .cubic(let a, let b, let p): op("C", [CGPoint(x: a.x, y: a.y), CGPoint(x: b.x, y: b.y), CGPoint(x: p.x, y: p.y)])
            case .close: op("Z", [])
            }
        }
    }
}
