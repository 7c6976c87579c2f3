import Geometry
import LayerTree
import SceneModel
import Simulation

/// `UIRefreshControl`: a spinner in the room a pull opens above the first row. Apple publishes
/// none of its numbers; these are Flutter's `CupertinoSliverRefreshControl`, written to match
/// iOS (its opacity curve "derived using Xcode through inspecting a native app running on iOS
/// 13.5"): a pull of 100 pt past the top starts the refresh, which then holds 60 pt open above
/// the first row; the spinner is 28 pt across, its top 16 pt below the room's top. How long the
/// room takes to close after `endRefreshing` is not published either (0.3 s here, by eye).
extension TableSimulation {
    /// How far past the top a finger pulls the content before the control refreshes.
    public static let refreshTrigger = 100.0
    /// The room the control holds open above the first row while it refreshes (without a title).
    public static let refreshExtent = 60.0
    /// UIKit's control with a title is the title's line plus this tall
    /// (`_UIRefreshControlModernContentView -sizeThatFits:`: 62 + 5), the title's top 32 pt
    /// below the spinner's centre (its `layoutSubviews`: 27 + 5), 10 pt in from each side.
    static let refreshTitledExtra = 67.0, refreshTitleBelowSpinner = 32.0, refreshTitleInset = 10.0
    /// The spinner's centre below the control's top: 30 pt, the middle of a control without a
    /// title; with one the same, the title's top 32 pt below it and 5 pt left under the title,
    /// as UIKit's `sizeThatFits:` adds them up (62 + the line + 5).
    static let refreshSpinnerCentre = refreshExtent / 2

    /// The room the control holds open while it refreshes: 60 pt, or with a title its line
    /// plus 67 pt (the iOS 18 decompile's `sizeThatFits:`).
    public static func refreshRoom(_ control: TableModel.RefreshControl?) -> Double {
        guard let control, control.hasTitle, let h = control.titleHeight, h.isFinite, h > 0 else { return refreshExtent }
        return min(h, 1_000) + refreshTitledExtra
    }

    /// The title's text: Caption1 (12 pt at Large, at the scene's text size), one line,
    /// centred, unless `attributedTitle`'s attributes say otherwise.
    package static func refreshTitleText(_ control: TableModel.RefreshControl, _ category: ContentSizeCategory) -> LayerText {
        let style = control.titleStyle
        return LayerText(string: control.title ?? "", font: style?.font ?? .system(.regular),
                         size: style?.size ?? DynamicTextStyle.scaled(12, to: category), alignment: .center, lines: 1)
    }
    /// How long that room takes to close after `endRefreshing` (unconfirmed).
    public static let refreshClosing = 0.3
    /// The spinner's side, and the eight spokes' alpha while a pull reveals them (Flutter's
    /// `_partiallyRevealedAlpha`, 147 of 255).
    static let refreshSpinnerSide = 28.0, revealedSpokeAlpha = 147.0 / 255

    /// The refresh control's state while the script's scroll timeline is built: when it began
    /// refreshing (a pull past the trigger or `beginRefreshing`), and the spans it refreshed.
    struct RefreshState {
        let control: Bool
        /// The room held open while refreshing.
        let extent: Double
        var since: Double?
        var done: [(start: Double, end: Double)] = []

        init(control: Bool, extent: Double = TableSimulation.refreshExtent) { self.control = control; self.extent = extent }

        /// Where the content rests at the top: the control's room above it while refreshing.
        var rest: Double { since == nil ? 0 : -extent }

        /// Starts the refresh when the last segment, a finger's drag, pulls the content past the
        /// trigger before `t`: at the moment it does. After a refresh ends, only a drag that
        /// starts with the content back within a tenth of the trigger of the top starts another
        /// (Flutter's rule: the pull that is still held does not refresh again).
        mutating func pulled(_ segments: [ScrollSegment], until t: Double) {
            guard control, since == nil, let last = segments.last, case let .drag(start, _, _, duration, _, _) = last else { return }
            if let ended = done.last?.end {
                guard start > ended, last.offset(at: start) > -TableSimulation.refreshTrigger / 10 else { return }
            }
            let end = min(t, start + max(duration, 0))
            let goal = -TableSimulation.refreshTrigger
            guard end >= start, last.offset(at: end) <= goal else { return }
            guard last.offset(at: start) > goal else { since = start; return }
            // The drag moves one way (its timing curves do not turn back): the first time past.
            var lo = start, hi = end
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if last.offset(at: mid) <= goal { hi = mid } else { lo = mid }
            }
            since = hi
        }

        /// `beginRefreshing` (nothing moves: UIKit does not scroll to show the control) or
        /// `endRefreshing` (the room closes where the content rests in it; a finger still down
        /// keeps the content, which its release then bounces to the top): the segment that
        /// closes it, if one does.
        mutating func set(_ begin: Bool, at t: Double, offset: Double, fingerDown: Bool) -> ScrollSegment? {
            if begin {
                if since == nil { since = t }
                return nil
            }
            guard let s = since else { return nil }
            done.append((s, t))
            since = nil
            guard offset < 0, !fingerDown else { return nil }
            return .settle(start: t, from: offset, to: 0, duration: TableSimulation.refreshClosing)
        }

        func spans(ending end: Double) -> [(start: Double, end: Double)] {
            done + (since.map { [($0, end)] } ?? [])
        }
    }

    /// The room the table's control holds open while it refreshes.
    var refreshRoom: Double { TableSimulation.refreshRoom(table.refreshControl) }

    /// Whether the control refreshes at `t`, and since when; or when the last refresh began
    /// and ended.
    func refreshPhase(at t: Double) -> (refreshing: Double?, ended: (start: Double, end: Double)?) {
        guard let span = refreshSpans.last(where: { $0.start <= t }) else { return (nil, nil) }
        return t < span.end ? (span.start, nil) : (nil, span)
    }

    /// The control at `t` in the table's content coordinates, beneath the rows: nothing while
    /// the content is not pulled below its top. Its spinner rides above the first row until the
    /// room is 60 pt, then stays 16 pt below the room's top; a pull reveals its spokes one by one
    /// (an eighth of the trigger distance each, faint, fading in over the first 35 %), and while
    /// it refreshes and as the room closes the spinner turns as `UIActivityIndicatorView`'s does,
    /// shrinking with the room as it closes. Clipped to the room, under the bars.
    func refreshControlLayer(at t: Double, offset: Double, width: Double) -> PresentationLayer? {
        guard let control = table.refreshControl, header == nil, offset < 0 else { return nil }
        // Under a large-title bar the room opens between the standard bar and the large title
        // (and a search bar under it), which the pull carries down with the content; under a
        // standard bar, below the bar and its search bar, which stay.
        let carried = navigationBar.map { $0.prefersLargeTitles ? $0.restingHeight - NavigationBarModel.height : 0 } ?? 0
        let room = -offset, top = inset.top - carried, extent = refreshRoom
        let phase = refreshPhase(at: t)
        var spokes: [(angle: Double, alpha: Double)] = []
        var opacity = 1.0, scale = 1.0
        let n = UIKitSpinner.spokes
        if let turning = phase.refreshing ?? phase.ended?.start {
            // Eight steps a turn, eight a second, the leading spoke solid and each behind it
            // fainter: on one clock from the refresh's start, through the room's closing.
            let step = max(Int(saturating: ((t - turning) * Double(n)).rounded(.down)), 0) % n
            for k in 0..<n {
                let angle = Double(step - k) * 360 / Double(n)
                spokes.append((angle, 1 - 0.1 * Double(k)))
            }
            if phase.ended != nil { scale = min(room / extent, 1) }
        } else {
            let p = min(room / TableSimulation.refreshTrigger, 1)
            let shown = Int(saturating: (p * Double(n)).rounded(.down))
            for k in 0..<min(max(shown, 0), n) { spokes.append((Double(k) * 360 / Double(n), TableSimulation.revealedSpokeAlpha)) }
            opacity = TimingCurve.ended(.easeInEaseOut, min(p / 0.35, 1), duration: 1)
        }
        guard !spokes.isEmpty, scale > 0 else { return nil }
        let side = TableSimulation.refreshSpinnerSide
        // The spinner 30 pt below the control's top (the middle of the 60 pt control: 16 pt
        // below the room's top; the title under it), riding above the first row until the room
        // is the control's height.
        let c = TableSimulation.refreshSpinnerCentre
        let centreY = min(top - (extent - c), top - room + c)
        var spinner = UIKitSpinner.layer(side: side, spokes: spokes, color: control.tintColor ?? named("systemGray"))
        spinner.position = Point(width / 2, centreY - (top - room))
        spinner.opacity = opacity
        if scale < 1 { spinner.transform = Transform3D.scale(scale, scale, 1) }
        var clip = box(Rect(0, top - room, width, room), nil)
        clip.masksToBounds = true
        clip.sublayers = [spinner]
        if let title = refreshTitle(control, spinnerY: centreY - (top - room), room: room, width: width, phase: phase, at: t) {
            clip.sublayers.append(title)
        }
        return clip
    }

    /// The control's title under the spinner: its alpha the pull's share of the trigger (UIKit's
    /// `_percentageShowing`), whole while refreshing, fading as the room closes (`_goAway`).
    func refreshTitle(_ control: TableModel.RefreshControl, spinnerY: Double, room: Double, width: Double,
                      phase: (refreshing: Double?, ended: (start: Double, end: Double)?), at t: Double) -> PresentationLayer? {
        guard control.hasTitle, let h = control.titleHeight, h.isFinite, h > 0 else { return nil }
        let text = TableSimulation.refreshTitleText(control, textSize)
        let inset = TableSimulation.refreshTitleInset
        var l = label(Rect(inset, spinnerY + TableSimulation.refreshTitleBelowSpinner, max(width - 2 * inset, 0), min(h, 1_000)),
                      text.string, size: text.size, font: text.font, color: control.titleStyle?.color ?? named("label"), alignment: .center)
        if let ended = phase.ended {
            l.opacity = max(0, 1 - (t - ended.end) / TableSimulation.refreshClosing)
        } else if phase.refreshing == nil {
            l.opacity = min(room / TableSimulation.refreshTrigger, 1)
        }
        return l.opacity > 0 ? l : nil
    }
}

/// The spinner `UIActivityIndicatorView` draws (TableRenderQuartz's), as presentation layers:
/// rounded spokes around the centre.
enum UIKitSpinner {
    static let spokes = 8

    /// A spinner `side` points across with `spokes` (each an angle clockwise from 12 o'clock in
    /// degrees, and an alpha): each a bar an eighth of the side wide from a third of the radius
    /// to the edge (the proportions of `UIActivityIndicatorView`'s, by eye against iOS 17).
    static func layer(side: Double, spokes: [(angle: Double, alpha: Double)], color: Color) -> PresentationLayer {
        var wheel = PresentationLayer()
        wheel.bounds = Rect(0, 0, side, side)
        let radius = side / 2, width = side * 0.125, length = radius * 0.6
        let middle = radius - length / 2 - width * 0.1
        wheel.sublayers = spokes.map { s in
            let (sin, cos) = DetMath.sinCos(degrees: s.angle)
            var spoke = PresentationLayer()
            spoke.bounds = Rect(0, 0, width, length)
            spoke.position = Point(radius + sin * middle, radius - cos * middle)
            spoke.transform = Transform3D.rotation(degrees: s.angle, 0, 0, 1)
            spoke.cornerRadius = width / 2
            spoke.allowsEdgeAntialiasing = true
            spoke.backgroundColor = color
            spoke.opacity = s.alpha
            return spoke
        }
        return wheel
    }
}
