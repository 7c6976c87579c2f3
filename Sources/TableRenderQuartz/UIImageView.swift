import Foundation
import Geometry
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
        didSet { layer.contents = image?.cgImage }
    }
    /// UIKit's content modes as contents gravities (UIKit's `top` is the visual top).
    open var contentMode = ContentMode.scaleToFill {
        didSet {
            let gravity: [ContentMode: CALayerContentsGravity] = [
                .scaleToFill: .resize, .scaleAspectFit: .resizeAspect, .scaleAspectFill: .resizeAspectFill, .center: .center,
                .top: .bottom, .bottom: .top, .left: .left, .right: .right,
                .topLeft: .bottomLeft, .topRight: .bottomRight, .bottomLeft: .topLeft, .bottomRight: .topRight,
            ]
            layer.contentsGravity = gravity[contentMode] ?? .resize
        }
    }
    /// An image view showing `image`.
    public init(image: UIImage?) {
        super.init(frame: .zero)
        self.image = image
        layer.contents = image?.cgImage
    }
    /// An empty image view.
    public override init(frame: CGRect = .zero) { super.init(frame: frame) }
}
