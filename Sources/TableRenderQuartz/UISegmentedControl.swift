import Foundation

/// `UISegmentedControl` in iOS 13 and later's look, drawn as our own views (Apple's artwork is
/// not used). The figures are Flutter's `CupertinoSlidingSegmentedControl`, "extracted from
/// Apple's design resources" and updated to iOS 17's: a track of `tertiarySystemFill` with
/// 9 pt corners, the segments inset 2 pt top and bottom and 3 pt at the ends, each at least
/// 28 pt tall (so the control is 32 pt, UIKit's height) and as wide as the widest title with
/// 9.25 pt either side; 1 pt separators of (142, 142, 147) at 30 % inset 5 pt top and bottom,
/// hidden beside the selected segment; the selected segment under a white thumb ((99, 99, 102)
/// dark) 1 pt wider each side with 7 pt corners and a soft shadow (black 12 %, 3 pt down, blur
/// 8); titles 13 pt medium in the label colour, semibold when selected, and (122, 122, 122) at
/// 45 % in a disabled segment.
///
/// Given a frame or constraints wider than its titles, the segments share the width equally
/// (or in proportion to their titles with ``apportionsSegmentWidthsByContent``). Setting
/// ``selectedSegmentIndex`` moves the thumb at once (inside `UIView.animate` it slides). Touches
/// are not simulated: set the index from app code, and send `.valueChanged` with
/// `sendActions(for:)` where a tap would. Titles only: an image segment draws nothing (said).
open class UISegmentedControl: UIControl {
    /// No segment selected.
    public static let noSegment = -1
    static let height: CGFloat = 32, padX: CGFloat = 3, padY: CGFloat = 2, segmentPadding: CGFloat = 9.25
    static let separatorColor = UIColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0.3)
    static let thumbColor = UIColor { $0.userInterfaceStyle == .dark ? UIColor(red: 99 / 255, green: 99 / 255, blue: 102 / 255, alpha: 1) : .white }
    static let disabledColor = UIColor(red: 122 / 255, green: 122 / 255, blue: 122 / 255, alpha: 115 / 255)

    private var titles: [String?] = []
    private var disabled: Set<Int> = []
    private let track = UIView()
    private let thumbEdge = UIView()
    private let thumb = UIView()
    private var separators: [UIView] = []
    /// The separators under the thumb and the titles over it, each in a view of its own so that
    /// segments added or removed at a scene time keep the thumb between them.
    private let separatorHolder = UIView(), titleHolder = UIView()
    private var labels: [UILabel] = []
    /// Each title again in semibold, shown over the selected segment (a font changed at a scene
    /// time is not drawn, so the weights cross-fade: Flutter animates the weight over 0.2 s).
    private var boldLabels: [UILabel] = []

    /// The selected segment (``noSegment``: none); setting it moves the thumb.
    open var selectedSegmentIndex = UISegmentedControl.noSegment {
        didSet {
            // UIKit raises for an index past the segments; here it selects none, and says so.
            if selectedSegmentIndex != UISegmentedControl.noSegment && !titles.indices.contains(selectedSegmentIndex) {
                refuseInScene("UISegmentedControl.selectedSegmentIndex: expected -1 or a segment below \(titles.count), found \(selectedSegmentIndex) (UIKit raises)")
                selectedSegmentIndex = UISegmentedControl.noSegment
            }
            setNeedsLayout(); layoutIfNeeded()
        }
    }
    /// The thumb's colour (nil: white, or (99, 99, 102) in the dark appearance).
    open var selectedSegmentTintColor: UIColor? { didSet { restyle() } }
    /// Segments as wide as their titles, not equal.
    open var apportionsSegmentWidthsByContent = false { didSet { setNeedsLayout(); layoutIfNeeded() } }
    /// Whether the control takes touches; a disabled one draws every title greyed.
    open override var isEnabled: Bool { didSet { restyle() } }
    /// How many segments there are.
    open var numberOfSegments: Int { titles.count }

    /// A control of one segment per item: strings are titles (an image draws nothing, said).
    public init(items: [Any]?) {
        super.init(frame: .zero)
        build()
        for (i, item) in (items ?? []).enumerated() {
            if let s = item as? String { titles.append(s) } else {
                titles.append(nil)
                refuseInScene("UISegmentedControl: segment \(i) is not a title (an image segment is not drawn yet)")
            }
        }
        rebuildSegments()
    }

    /// An empty control at `frame` (add segments with ``insertSegment(withTitle:at:animated:)``).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        build()
    }

    /// A segment per action, titled by the action (iOS 14).
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        for a in actions { titles.append(a.title) }
        rebuildSegments()
    }

    /// Made from an archive, as a storyboard makes it on iOS (here: empty, at the origin).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        build()
    }

    private func build() {
        track.layer.cornerRadius = 9
        thumbEdge.layer.cornerRadius = 7.5
        thumb.layer.cornerRadius = 7
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.12
        thumb.layer.shadowOffset = CGSize(width: 0, height: 3)
        // Flutter's blur radius 8 is a Gaussian of sigma 5.1 (its `convertRadiusToSigma`).
        thumb.layer.shadowRadius = 5.1
        addSubview(track)
        addSubview(separatorHolder)
        addSubview(thumbEdge)
        addSubview(thumb)
        addSubview(titleHolder)
        if frame.size == .zero { frame.size = CGSize(width: 0, height: UISegmentedControl.height) }
        restyle()
    }

    /// Adds a segment titled `title` at `segment` (clamped to the ends, as UIKit does).
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        let at = min(max(segment, 0), titles.count)
        titles.insert(title, at: at)
        // The selection and the disabled segments stay with their segments.
        disabled = Set(disabled.map { $0 >= at ? $0 + 1 : $0 })
        if selectedSegmentIndex >= at { selectedSegmentIndex += 1 }
        rebuildSegments()
    }

    /// Removes the segment at `segment` (one that is not there: nothing).
    open func removeSegment(at segment: Int, animated: Bool) {
        guard titles.indices.contains(segment) else { return }
        titles.remove(at: segment)
        disabled = Set(disabled.compactMap { $0 == segment ? nil : $0 > segment ? $0 - 1 : $0 })
        if selectedSegmentIndex == segment { selectedSegmentIndex = UISegmentedControl.noSegment } else if selectedSegmentIndex > segment {
            selectedSegmentIndex -= 1
        }
        rebuildSegments()
    }

    /// Removes every segment.
    open func removeAllSegments() {
        titles = []
        disabled = []
        selectedSegmentIndex = UISegmentedControl.noSegment
        rebuildSegments()
    }

    /// Retitles the segment at `segment`.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard titles.indices.contains(segment) else { return }
        titles[segment] = title
        rebuildSegments()
    }

    /// The title of the segment at `segment`.
    open func titleForSegment(at segment: Int) -> String? { titles.indices.contains(segment) ? titles[segment] : nil }

    /// Enables or disables one segment (its title greys).
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard titles.indices.contains(segment) else { return }
        if enabled { disabled.remove(segment) } else { disabled.insert(segment) }
        restyle()
    }

    /// Whether the segment at `segment` is enabled.
    open func isEnabledForSegment(at segment: Int) -> Bool { !disabled.contains(segment) }

    private func rebuildSegments() {
        (labels + boldLabels).forEach { $0.removeFromSuperview() }
        separators.forEach { $0.removeFromSuperview() }
        func title(_ text: String?, _ weight: UIFont.Weight) -> UILabel {
            let l = UILabel()
            l.text = text
            l.textAlignment = .center
            l.font = .systemFont(ofSize: 13, weight: weight)
            return l
        }
        labels = titles.map { title($0, .medium) }
        boldLabels = titles.map { title($0, .semibold) }
        separators = titles.dropFirst().map { _ in
            let s = UIView()
            s.backgroundColor = UISegmentedControl.separatorColor
            s.layer.cornerRadius = 0.5
            return s
        }
        separators.forEach { separatorHolder.addSubview($0) }
        (labels + boldLabels).forEach { titleHolder.addSubview($0) }
        restyle()
        setNeedsLayout()
        layoutIfNeeded()
        invalidateIntrinsicContentSize()
    }

    /// Each segment's width as its title needs it: the title (semibold, the widest it gets)
    /// and 9.25 pt either side.
    private func naturalWidths() -> [CGFloat] {
        labels.map { l in
            let probe = UILabel()
            probe.text = l.text
            probe.font = .systemFont(ofSize: 13, weight: .semibold)
            return probe.intrinsicContentSize.width + 2 * UISegmentedControl.segmentPadding
        }
    }

    /// As wide as the widest title needs for every segment (or each its own), 32 pt tall.
    open override var intrinsicContentSize: CGSize {
        let natural = naturalWidths()
        let segments = apportionsSegmentWidthsByContent ? natural.reduce(0, +) : (natural.max() ?? 0) * CGFloat(natural.count)
        return CGSize(width: segments + CGFloat(max(natural.count - 1, 0)) + 2 * UISegmentedControl.padX, height: UISegmentedControl.height)
    }

    /// The control's own size, whatever `size` is.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The segments across the control's width: equal (or in proportion to their titles).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width, h = bounds.height, n = labels.count
        track.frame = CGRect(x: 0, y: 0, width: w, height: h)
        separatorHolder.frame = track.frame
        titleHolder.frame = track.frame
        let inner = max(w - 2 * UISegmentedControl.padX - CGFloat(max(n - 1, 0)), 0)
        let natural = naturalWidths(), total = natural.reduce(0, +)
        let widths = natural.map { apportionsSegmentWidthsByContent && total > 0 ? inner * $0 / total : (n > 0 ? inner / CGFloat(n) : 0) }
        var x = UISegmentedControl.padX
        let segmentHeight = max(h - 2 * UISegmentedControl.padY, 0)
        for i in 0..<n {
            labels[i].frame = CGRect(x: x, y: UISegmentedControl.padY, width: widths[i], height: segmentHeight)
            boldLabels[i].frame = labels[i].frame
            if i == selectedSegmentIndex {
                let thumbFrame = labels[i].frame.insetBy(dx: -1, dy: 0)
                thumb.frame = thumbFrame
                thumbEdge.frame = thumbFrame.insetBy(dx: -0.5, dy: -0.5)
            }
            x += widths[i]
            if i < separators.count {
                separators[i].frame = CGRect(x: x, y: UISegmentedControl.padY + 5, width: 1, height: max(segmentHeight - 10, 0))
                x += 1
            }
        }
        restyle()
    }

    /// Colours, weights and what shows for the state.
    private func restyle() {
        let selected = titles.indices.contains(selectedSegmentIndex) ? selectedSegmentIndex : nil
        track.backgroundColor = .tertiarySystemFill
        // Shown and hidden by alpha: `isHidden` inside `UIView.animate` shows only at its end here.
        let thumbAlpha: CGFloat = selected == nil ? 0 : 1
        if thumb.alpha != thumbAlpha { thumb.alpha = thumbAlpha; thumbEdge.alpha = thumbAlpha }
        thumb.backgroundColor = selectedSegmentTintColor ?? UISegmentedControl.thumbColor
        // Flutter draws the thumb over a shape 0.5 pt larger of black at 4 %.
        thumbEdge.backgroundColor = UIColor(white: 0, alpha: 0.04)
        for (i, (l, b)) in zip(labels, boldLabels).enumerated() {
            let color: UIColor = isEnabled && !disabled.contains(i) ? .label : UISegmentedControl.disabledColor
            l.textColor = color
            b.textColor = color
            l.alpha = i == selected ? 0 : 1
            b.alpha = i == selected ? 1 : 0
        }
        for (i, s) in separators.enumerated() {
            let a: CGFloat = selected == i || selected == i + 1 ? 0 : 1
            if s.alpha != a { s.alpha = a }
        }
    }
}
