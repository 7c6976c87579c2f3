import Synchronization
import Geometry
import LayerTree
import SceneModel
import Simulation

/// UINavigationBar over the table, as iOS 15 and later draw it (figures and what is not
/// confirmed: notes/devices.md): below the status bar, 44 pt with its title centred (17 pt
/// semibold); with `prefersLargeTitles`, 52 pt more holding the large title (34 pt bold, 16 pt
/// from the left, in the label colour), which slides up under the standard bar as the content
/// scrolls up (clipped where the standard bar begins) and follows the content down when it is
/// pulled, growing a little (``largeTitleScale(pulled:)``). At the scroll edge (the content at rest) the bar is transparent
/// (`scrollEdgeAppearance`); once content scrolls under it, it shows its material and a
/// one-pixel hairline (black at 30 %), over 4 pt of scrolling. The material (UIKit's
/// `systemChromeMaterial` blur, Apple's forums) is a backdrop blur of what is under it, 10 pt,
/// tinted #F9F9F9 at 94 %: Flutter's CupertinoNavigationBar (its `ImageFilter.blur` sigma 10
/// and bar colour 0xF0F9F9F9; Apple does not publish the material's figures).
extension TableSimulation {
    static let barMaterial = Color(249, 249, 249, 0.94), barHairline = Color(0, 0, 0, 0.3)
    static let barBlur = 10.0
    /// The same in the dark appearance, by eye (unconfirmed, notes/devices.md): the material as
    /// it shows over black, and a white hairline at 15 %.
    static let darkBarMaterial = Color(29, 29, 31, 0.94), darkBarHairline = Color(255, 255, 255, 0.15)
    var barMaterial: Color { appearance == .dark ? TableSimulation.darkBarMaterial : TableSimulation.barMaterial }
    var barHairline: Color { appearance == .dark ? TableSimulation.darkBarHairline : TableSimulation.barHairline }
    /// Scrolling over which the bar's standard background (material and hairline) takes over
    /// from the scroll edge's: 4 pt, UIKit's default distance of the scroll edge transition
    /// (`_updateManualScrollEdgeAppearanceProgressForScrollView:navigationItem:` in the
    /// decompiled iOS 26.1 UIKitCore: progress = (offset + inset) / 4, the standard
    /// background's alpha); under a large title, once the title has collapsed (the bar then has
    /// its collapsed height: inferred from the same code). It was 10 pt, by eye.
    static let barFadeDistance = 4.0
    /// A plain table's pinned section header: its material fades in over 10 pt (by eye).
    static let pinnedHeaderFadeDistance = 10.0

    /// How far below the table's top the content shows uncovered at `offset`: the top inset,
    /// less what a large title's bar has collapsed by (UIKit's safe area follows the bar's height).
    func coveredTop(offset: Double) -> Double {
        guard let bar = navigationBar, bar.collapsibleHeight > 0, table.header == nil else { return inset.top }
        return inset.top - min(max(offset, 0), bar.collapsibleHeight)
    }

    /// Where the collapsed title takes over from the large one: once the content has scrolled
    /// the large title 10 pt short of its 52 pt away (its baseline, 8 pt above the bar's bottom,
    /// has then reached the standard bar), the collapsed title fades in and the large title out,
    /// together, over 0.2 s (UIKit's default ease in, ease out), and back the other way when
    /// the scroll comes back below it: a fade in time, not in scrolling. The decompiled iOS 26.1
    /// UIKitCore (`_UINavigationBarVisualProviderModernIOS _updateTitleViewForLayout:`) swaps
    /// the two titles' alphas when less than 5 % of the large title's collapsing part shows,
    /// animated over 0.2 s within an interactive scroll (a finger's drag and the deceleration
    /// after it) and at once outside one (a programmatic scroll); 5 % of the 44 pt above the
    /// title's 8 pt bottom inset is Flutter's 10 pt (`_kNavBarShowLargeTitleThreshold`; its
    /// 0.15 s fade was used before). notes/devices.md.
    static let titleHandOff = 10.0, titleFade = 0.2

    /// The collapsed title's opacity at `t` (a large-title bar) with the content at `offset`
    /// (the offset at `t`): the fade from the last time the scroll crossed the hand-off, found by
    /// stepping back at most the fade's length (1/600 s steps, the crossing taken half a step
    /// before the first step on the other side). The steps are moments of one grid of 1/600 s
    /// for every frame (a frame at 60, 30 or 24 fps is on it: the same moments as stepping back
    /// from the frame's time), so the 90 offsets a frame looks back at are worked out once for
    /// the whole render (`HandOffMemo`), not 90 times a frame: a table laid out whole (folds,
    /// collapsible sections, moves) lays out all its rows for each (a helper's probe: 6,000
    /// collapsible sections under a large title, 10.4 s for 61 frames, 0.4 s without it).
    func collapsedTitleOpacity(offset: Double, at t: Double) -> Double {
        // A search bar that hides goes first; then the large title.
        let threshold = (navigationBar?.collapsibleHeight ?? NavigationBarModel.largeTitleHeight) - TableSimulation.titleHandOff
        let shows = offset > threshold
        // The grid moment at or just before `t`, and how far past it `t` is (in steps).
        let x = t * 600
        let near = x.rounded()
        let n = abs(x - near) < 1e-6 ? near : x.rounded(.down)
        guard n.isFinite, abs(n) < 1e12 else { return shows ? 1 : 0 }
        return titleOpacity(moment: Int(n), past: x - n, shows: shows, threshold: threshold, depth: 0)
    }

    /// The collapsed title's opacity `past` steps after grid moment `moment`, the content on the
    /// `shows` side of the hand-off: a fade from the last crossing, starting where the title was
    /// then (a fade still under way when the finger turned back goes back from where it had
    /// got to, as UIKit animates from the current state, instead of jumping), at most `depth` 8
    /// crossings back.
    func titleOpacity(moment n: Int, past: Double, shows: Bool, threshold: Double, depth: Int) -> Double {
        let step = 1.0 / 600, steps = Int((TableSimulation.titleFade / step).rounded())
        for k in 1...steps where handOff.past(n - k, threshold: threshold, offset: contentOffset(at:)) != shows {
            // Crossed outside a finger's scroll (a programmatic one): the titles swap at once.
            guard interactiveScroll(at: (Double(n - k) + 0.5) * step) else { break }
            let p = min((Double(k) - 0.5 + past) * step / TableSimulation.titleFade, 1)
            let f = TimingCurve.apply(.easeInEaseOut, p, duration: TableSimulation.titleFade)
            let from = depth < 8 ? titleOpacity(moment: n - k, past: 0.5, shows: !shows, threshold: threshold, depth: depth + 1)
                                 : (shows ? 0 : 1)
            return from + ((shows ? 1 : 0) - from) * f
        }
        return shows ? 1 : 0
    }

    /// Whether a finger scrolls the content at `t`: from a drag's start until the motion it
    /// leaves comes to rest (the scroll indicator's spans).
    func interactiveScroll(at t: Double) -> Bool {
        guard let span = indicatorSpans.last(where: { $0.start <= t }) else { return false }
        return t <= span.end
    }

    /// The large title's scale with the content pulled `pulled` points down past the top: it
    /// grows 3 % for each 44 pt (the title's 52 pt band less its 8 pt bottom padding) up to
    /// 1.1, from its bottom-leading corner (Flutter's CupertinoSliverNavigationBar,
    /// `_RenderLargeTitle._computeTitleScale`, flutter/flutter#110127, written to match iOS 16;
    /// Flutter also caps the scale where the title would outgrow the bar's width, which the
    /// narrowed box does here). Unconfirmed on a device.
    static func largeTitleScale(pulled: Double) -> Double {
        guard pulled > 0 else { return 1 }
        return min(1 + 0.03 * pulled / (NavigationBarModel.largeTitleHeight - NavigationBarModel.largeTitleBaselineInset), 1.1)
    }

    func navigationBarLayers(offset d: Double, at t: Double) -> [PresentationLayer] {
        guard let bar = navigationBar else { return [] }
        let large = bar.prefersLargeTitles
        // What shows of the search band (a hiding one collapses first) and of the large title
        // (more than its 52 pt when the content is pulled down).
        let hiding = bar.searchBar?.hidesWhenScrolling == true ? NavigationBarModel.searchBandHeight : 0
        let search = bar.searchBar == nil ? 0 : hiding > 0 ? min(max(hiding - d, 0), hiding) : NavigationBarModel.searchBandHeight
        let extra = large ? max(bar.collapsibleHeight - d, 0) - (hiding > 0 ? search : 0) : 0
        let bottom = safeTop + NavigationBarModel.height + extra + search
        // Content is under the bar once it scrolled past what collapses (or at all).
        let under = d - bar.collapsibleHeight
        let material = min(max(under / TableSimulation.barFadeDistance, 0), 1)
        var out: [PresentationLayer] = []
        // At rest over the content's top: the scroll edge's background (none by default), over
        // which the standard background fades in as content scrolls under (UINavigationBarAppearance).
        let hairlineColor = bar.shadowColor ?? barHairline
        let fill = bar.barColor ?? barMaterial
        // Under an opaque standard background the edge's stays whole (two fading fills would
        // let the content show through halfway); under a translucent one it fades out.
        let edgeOpacity = fill.a >= 1 ? 1 : 1 - material
        if let edge = bar.scrollEdgeBarColor, edge.a > 0, edgeOpacity > 0 {
            var background = box(Rect(0, 0, frame.width, bottom), edge)
            background.opacity = edgeOpacity
            out.append(background)
            if edge.a >= 1, hairlineColor.a > 0 {
                var hairline = box(Rect(0, bottom, frame.width, 1 / scale), hairlineColor)
                hairline.opacity = edgeOpacity
                out.append(hairline)
            }
        }
        if material > 0, fill.a > 0 {
            var background = box(Rect(0, 0, frame.width, bottom), fill)
            if fill.a < 1 { background.backdropBlur = TableSimulation.barBlur }
            background.opacity = material
            out.append(background)
            if hairlineColor.a > 0 {
                var hairline = box(Rect(0, bottom, frame.width, 1 / scale), hairlineColor)
                hairline.opacity = material
                out.append(hairline)
            }
        }
        var title = label(Rect(16, safeTop, frame.width - 32, NavigationBarModel.height), bar.title, size: 17, weight: .semibold,
                          color: bar.titleColor ?? named("label"), alignment: .center)
        let collapsed = large ? collapsedTitleOpacity(offset: d, at: t) : 1
        title.opacity = collapsed
        if title.opacity > 0 { out.append(title) }
        if large && extra > 0 && collapsed < 1 {
            // A 41 pt line box whose baseline sits 8 pt above the bar's bottom (its top 40 pt
            // above it); it slides up under the standard bar as the content scrolls, in the
            // label colour, clipped where the standard bar begins (issue 54.2: it faded to grey
            // over its last 20 pt, which iOS does not do).
            let top = safeTop + NavigationBarModel.height
            var clip = box(Rect(0, top, frame.width, extra + 12), nil)
            clip.masksToBounds = true
            let baseline = NavigationBarModel.largeTitleBaselineInset
            // Pulled down, the title grows from its bottom-leading corner (the scale below); its
            // box is narrowed by the same factor, so a long title truncates within the bar's width.
            let grow = TableSimulation.largeTitleScale(pulled: -d)
            let titleTop = bottom - search - 32 - baseline - top
            var title = label(Rect(16, titleTop, (frame.width - 32) / grow, 41), bar.title, size: 34, weight: .bold,
                              color: bar.largeTitleColor ?? named("label"), alignment: .left)
            // It fades out as the collapsed title fades in (the same 0.2 s swap).
            title.opacity = 1 - collapsed
            if grow > 1 {
                title.anchorPoint = Point(0, 1)
                title.position = Point(16, titleTop + 41)
                title.transform = .scale(grow, grow, 1)
            }
            clip.sublayers = [title]
            out.append(clip)
        }
        if let field = bar.searchBar, search > 0 { out.append(searchBarLayer(field, top: bottom - search, shown: search)) }
        return out + barButtons(bar, at: t)
    }
}

/// Whether the content was past a large title's hand-off at each moment of a grid of 1/600 s,
/// worked out in blocks of 0.1 s as frames first need them and kept for the render (every
/// frame's fade looks back at 90 of them, 80 shared with the frame before at 60 fps). A
/// moment's answer depends only on the moment (its time is `index / 600`, whichever frame asks),
/// so frames drawn in any order on any thread see the same answers.
final class HandOffMemo: Sendable {
    static let block = 60
    private let blocks = Mutex<[Int: [Bool]]>([:])

    init() {}

    /// How many blocks were worked out (each `block` offsets).
    var blocksMade: Int { blocks.withLock { $0.count } }

    /// Whether `offset` at moment `index` (`index / 600` s) is past `threshold`.
    func past(_ index: Int, threshold: Double, offset: (Double) -> Double) -> Bool {
        let b = index >= 0 ? index / HandOffMemo.block : (index - HandOffMemo.block + 1) / HandOffMemo.block
        let i = index - b * HandOffMemo.block
        if let kept = blocks.withLock({ $0[b] }) { return kept[i] }
        // Worked out outside the lock (another thread may do the same block: the same answers).
        let made = (0..<HandOffMemo.block).map { offset(Double(b * HandOffMemo.block + $0) / 600) > threshold }
        blocks.withLock { $0[b] = made }
        return made[i]
    }
}
