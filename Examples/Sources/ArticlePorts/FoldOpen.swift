import Foundation
import TableRenderQuartz

/// Article 000, "Fancy Animations for Expandable UITableViewCells" (Pivotal Labs): the fold
/// animation of step 3 and the cell's `animateOpen` of step 4, line for line, on a book cell
/// whose detail view unfolds (scenes/fold-view.json renders the same frames).
///
/// The article prints the animation's parts, not the whole method; the glue between them
/// (making the container, adding the halves, the completion block) follows its words: split
/// the view into halves, hide the view's own content while the halves animate, put it back
/// when the transaction completes. The halves are `resizableSnapshotView`s where the article
/// drew images "using functions from UIGraphics".
public final class BookCell: UIView {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    public let contentView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 148))
    public let bookTitleLabel = UILabel(frame: CGRect(x: 16, y: 0, width: 343, height: 60))
    public let detailContainerView = UIView(frame: CGRect(x: 0, y: 60, width: 375, height: 88))
    public let bookDescriptionLabel = UILabel(frame: CGRect(x: 16, y: 8, width: 343, height: 72))

    public init() {
        super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 148))
        contentView.backgroundColor = .systemBackground
        bookTitleLabel.font = .systemFont(ofSize: 17)
        bookTitleLabel.text = "The Hobbit"
        detailContainerView.backgroundColor = UIColor(red: 1, green: 214 / 255.0, blue: 10 / 255.0, alpha: 1)
        bookDescriptionLabel.font = .systemFont(ofSize: 15)
        bookDescriptionLabel.numberOfLines = 0
        bookDescriptionLabel.text = "Bilbo Baggins is swept into a quest to reclaim the dwarves' treasure from the dragon Smaug."
        addSubview(contentView)
        contentView.addSubview(bookTitleLabel)
        contentView.addSubview(detailContainerView)
        detailContainerView.addSubview(bookDescriptionLabel)
    }

    func animateOpen() {
        let originalBackgroundColor = self.contentView.backgroundColor
        self.contentView.backgroundColor = UIColor.clear
        self.detailContainerView.foldOpen(withTransparency: true, withCompletionBlock: {
            self.contentView.backgroundColor = originalBackgroundColor
        })
    }

    /// The scene: the cell on an iPhone-wide screen at 2x, 60 fps; the detail view unfolds at 0.1 s.
    public func scene() -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 375, height: 168), scale: 2, fps: 60, duration: 0.6)
        scene.backgroundColor = UIColor.systemBackground.cgColor
        frame.origin.y = 10
        scene.layers = [layer]
        scene.at(0.1) { self.animateOpen() }
        return scene
    }
}

extension UIView {
    /// Unfolds the view: its top half turns down from its top edge while its bottom half turns
    /// up from its bottom edge and slides down, each under a fading gradient shadow.
    public func foldOpen(withTransparency: Bool, withCompletionBlock completionBlock: (() -> Void)?) {
        // 1. Split the view we want to animate into a top half and bottom half.
        let topHalfView = resizableSnapshotView(from: CGRect(x: 0, y: 0, width: bounds.width, height: (bounds.height / 2).rounded(.down)),
                                                afterScreenUpdates: false, withCapInsets: .zero) ?? UIView()
        let bottomHalfView = resizableSnapshotView(from: CGRect(x: 0, y: (bounds.height / 2).rounded(.down), width: bounds.width,
                                                                height: (bounds.height / 2).rounded(.up)),
                                                   afterScreenUpdates: false, withCapInsets: .zero) ?? UIView()

        // The halves animate in a container; with transparency the view's own content is hidden
        // meanwhile, so nothing shows behind the halves.
        let animationContainer = UIView(frame: bounds)
        let originalBackgroundColor = backgroundColor
        if withTransparency {
            animationContainer.backgroundColor = UIColor.clear
            backgroundColor = UIColor.clear
            for subview in subviews { subview.isHidden = true }
        } else {
            animationContainer.backgroundColor = UIColor.black
        }
        addSubview(animationContainer)
        animationContainer.addSubview(topHalfView)
        animationContainer.addSubview(bottomHalfView)

        // 2.2 Compensate for the anchor point below: both halves share the starting frame.
        let startingFrame = CGRect(
            x: 0,
            y: -topHalfView.frame.size.height / 2,
            width: topHalfView.frame.size.width,
            height: topHalfView.frame.size.height)
        topHalfView.frame = startingFrame
        bottomHalfView.frame = startingFrame

        // 2.1 Rotate the top half around its top edge, 3. the bottom half around its bottom edge.
        topHalfView.layer.anchorPoint = CGPoint(x: 0.5, y: 0.0)
        bottomHalfView.layer.anchorPoint = CGPoint(x: 0.5, y: 1.0)

        // 5. Make the animation look realistically 3D.
        var startingTransform = CATransform3DIdentity
        startingTransform.m34 = -1 / 500.0
        topHalfView.layer.transform = startingTransform
        bottomHalfView.layer.transform = startingTransform

        //Before the CATransaction:
        let topShadowLayer = CAGradientLayer()
        topShadowLayer.colors = [UIColor.clear.cgColor, UIColor.black.cgColor]
        topShadowLayer.frame = topHalfView.bounds
        topHalfView.layer.addSublayer(topShadowLayer)

        let bottomShadowLayer = CAGradientLayer()
        bottomShadowLayer.colors = [UIColor.black.cgColor, UIColor.clear.cgColor]
        bottomShadowLayer.frame = bottomHalfView.bounds
        bottomHalfView.layer.addSublayer(bottomShadowLayer)

        // 2.3
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.3)
        CATransaction.setCompletionBlock {
            self.backgroundColor = originalBackgroundColor
            if withTransparency {
                for subview in self.subviews { subview.isHidden = false }
            }
            animationContainer.removeFromSuperview()
            completionBlock?()
        }

        let topRotationAnimation = CABasicAnimation(keyPath: "transform.rotation.x")
        topRotationAnimation.fillMode = .forwards
        topRotationAnimation.fromValue = -Double.pi / 2
        topRotationAnimation.toValue = 0

        topHalfView.layer.add(topRotationAnimation, forKey: nil)

        // 3. Set animation to go from 90° (not -90°!) to 0°.
        let bottomRotationAnimation = CABasicAnimation(keyPath: "transform.rotation.x")
        bottomRotationAnimation.fillMode = .forwards
        bottomRotationAnimation.fromValue = Double.pi / 2
        bottomRotationAnimation.toValue = 0

        bottomHalfView.layer.add(bottomRotationAnimation, forKey: nil)

        // 4. Bottom half of the view moves down (translates) as the top-half expands.
        let bottomTranslationAnimation = CABasicAnimation(keyPath: "transform.translation.y")
        bottomTranslationAnimation.fromValue = topHalfView.frame.minY
        bottomTranslationAnimation.toValue = 2 * bottomHalfView.frame.size.height
        bottomTranslationAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        bottomTranslationAnimation.fillMode = .forwards

        bottomHalfView.layer.add(bottomTranslationAnimation, forKey: nil)

        //Inside the CATransaction:
        let opacityAnimation = CABasicAnimation(keyPath: "opacity")
        opacityAnimation.fromValue = 1.0
        opacityAnimation.toValue = 0.0
        topShadowLayer.add(opacityAnimation, forKey: nil)
        bottomShadowLayer.add(opacityAnimation, forKey: nil)
        CATransaction.commit()
    }
}
