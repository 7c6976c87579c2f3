import Foundation

extension UIView.AnimationOptions {
    /// No transition: the block's changes animate as in `animate`.
    public static let transitionNone = UIView.AnimationOptions([])
    /// Flip about the vertical axis, left to right (not drawn yet: refused at a scene time).
    public static let transitionFlipFromLeft = UIView.AnimationOptions(rawValue: 1 << 20)
    /// Flip about the vertical axis, right to left (not drawn yet).
    public static let transitionFlipFromRight = UIView.AnimationOptions(rawValue: 2 << 20)
    /// Curl up (not drawn yet).
    public static let transitionCurlUp = UIView.AnimationOptions(rawValue: 3 << 20)
    /// Curl down (not drawn yet).
    public static let transitionCurlDown = UIView.AnimationOptions(rawValue: 4 << 20)
    /// The old content fades out as the new one shows.
    public static let transitionCrossDissolve = UIView.AnimationOptions(rawValue: 5 << 20)
    /// Flip about the horizontal axis, top to bottom (not drawn yet).
    public static let transitionFlipFromTop = UIView.AnimationOptions(rawValue: 6 << 20)
    /// Flip about the horizontal axis, bottom to top (not drawn yet).
    public static let transitionFlipFromBottom = UIView.AnimationOptions(rawValue: 7 << 20)

    /// ``UIView/transition(from:to:duration:options:completion:)`` hides the from view and shows
    /// the to view instead of removing and adding them.
    public static let showHideTransitionViews = UIView.AnimationOptions(rawValue: 1 << 8)

    /// The transition bits (UIKit keeps them in bits 20 to 22).
    var transition: UInt { (rawValue >> 20) & 7 }
}

extension UIView {
    /// `UIView.transition(with:duration:options:animations:completion:)`: the changes `animations`
    /// makes to `view`'s content show through a transition. `.transitionCrossDissolve` draws the
    /// content as it was on top, fading out over `duration` by the options' curve, while the
    /// new content is there beneath (UIKit fades the new in as the old goes: where the old
    /// content is not opaque the new shows a little sooner here); `completion` runs at the end.
    /// With no transition option the block's changes animate as in
    /// ``animate(withDuration:delay:options:animations:completion:)``. The flips and curls are
    /// not drawn yet: at a scene time they stop the scene with a message (the change is made).
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                               animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let kind = options.transition
        guard kind != 0 else {
            animate(withDuration: duration, delay: 0, options: options, animations: animations ?? {}, completion: completion)
            return
        }
        guard let c = ChangeContext.current, c.now != nil, !c.animationsDisabled, duration > 0 else {
            performWithoutAnimation { animations?() }
            if let completion { UIView.queue(completion, after: 0) }
            return
        }
        guard kind == 5 else {
            let names = [1: "transitionFlipFromLeft", 2: "transitionFlipFromRight", 3: "transitionCurlUp", 4: "transitionCurlDown",
                         6: "transitionFlipFromTop", 7: "transitionFlipFromBottom"]
            view.layer.refusedCalls.append("UIView.transition(with:duration:options:...): .\(names[Int(kind)] ?? "transition") is not drawn yet (.transitionCrossDissolve is)")
            performWithoutAnimation { animations?() }
            if let completion { UIView.queue(completion, after: duration) }
            return
        }
        // The content as it is, on top of the view's own, fading out.
        let before = view.layer.treeCopy()
        before.transform = CATransform3DIdentity
        before.frame = view.bounds
        performWithoutAnimation { animations?() }
        view.layer.addSublayer(before)
        UIView.animate(withDuration: duration, delay: 0, options: options, animations: { before.opacity = 0 })
        UIView.queue({ finished in
            before.removeFromSuperlayer()
            completion?(finished)
        }, after: duration)
    }

    /// `UIView.transition(from:to:duration:options:completion:)`: `fromView` leaves its superview
    /// and `toView` joins it (on top), or with `.showHideTransitionViews` the first is hidden and
    /// the second shown, through the options' transition on the superview, as
    /// ``transition(with:duration:options:animations:completion:)`` draws it
    /// (`.transitionCrossDissolve`; with no transition option the change is made at once). A
    /// `fromView` with no superview has nowhere to put `toView`: nothing changes, and
    /// `completion` runs.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 completion: ((Bool) -> Void)? = nil) {
        guard let parent = fromView.superview else {
            if let completion { UIView.queue(completion, after: 0) }
            return
        }
        let swap = {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                fromView.removeFromSuperview()
                if toView.superview !== parent { parent.addSubview(toView) }
            }
        }
        guard options.transition != 0 else {
            performWithoutAnimation(swap)
            if let completion { UIView.queue(completion, after: duration) }
            return
        }
        transition(with: parent, duration: duration, options: options, animations: swap, completion: completion)
    }

    /// Runs `block` as code at `delay` seconds after the scene time now (at once outside one).
    static func queue(_ block: @escaping (Bool) -> Void, after delay: TimeInterval) {
        guard let c = ChangeContext.current, let now = c.now else { block(true); return }
        c.completions.append((now + max(delay, 0), { block(true) }))
    }
}
