import Geometry
import SceneModel

/// Where the table puts its rows and sections, as app code asks UIKit (`rectForRow(at:)`,
/// `rect(forSection:)`, `rectForHeader(inSection:)`, `indexPathForRow(at:)`): in the table's
/// content coordinates (0 at the top of the content, the table's header view included, the
/// content insets not), from the data at `t` as it stands after its updates, as UIKit answers
/// with the model's geometry while an update still animates.
extension TableSimulation {
    /// The screen's safe area: the device's, or the 20 pt status bar of a scene without one.
    static func safeArea(_ canvas: Canvas, statusBar: Bool) -> (top: Double, bottom: Double) {
        if let d = canvas.device { return (d.safeAreaTop, d.safeAreaBottom) }
        return (statusBar ? 20 : 0, 0)
    }

    /// The row's rectangle (an insetGrouped row's inset, as its cell's frame), nil when the
    /// data at `t` has no such row.
    public func rect(ofRow path: RowPath, at t: Double) -> Rect? {
        let l = layout(timeline.data(at: t), at: t)
        guard l.sections.indices.contains(path.section),
              let r = l.sections[path.section].rows.first(where: { $0.path == path }) else { return nil }
        return Rect(cellInset, r.y - inset.top, cellWidth, r.height)
    }

    /// The section's rectangle: its header, rows and footer, the table's width.
    public func rect(ofSection section: Int, at t: Double) -> Rect? {
        let l = layout(timeline.data(at: t), at: t)
        guard l.sections.indices.contains(section) else { return nil }
        let s = l.sections[section]
        return Rect(0, s.top - inset.top, frame.width, s.footerTop + s.footer - s.top)
    }

    /// The section's header (its height 0 when it has none).
    public func rect(ofHeaderInSection section: Int, at t: Double) -> Rect? {
        let l = layout(timeline.data(at: t), at: t)
        guard l.sections.indices.contains(section) else { return nil }
        let s = l.sections[section]
        let pad = s.header > 0 ? min(headerPadding, s.header) : 0
        return Rect(0, s.top + pad - inset.top, frame.width, s.header - pad)
    }

    /// The section's footer (its height 0 when it has none).
    public func rect(ofFooterInSection section: Int, at t: Double) -> Rect? {
        let l = layout(timeline.data(at: t), at: t)
        guard l.sections.indices.contains(section) else { return nil }
        let s = l.sections[section]
        return Rect(0, s.footerTop - inset.top, frame.width, s.footer)
    }

    /// The content insets: the top bars' and the home indicator's room.
    public var contentInsets: (top: Double, bottom: Double) { inset }

    /// The row at a point of the content, nil when the point is on no row.
    public func row(at point: Point, at t: Double) -> RowPath? {
        guard point.x >= 0, point.x < frame.width else { return nil }
        let y = point.y + inset.top
        for s in layout(timeline.data(at: t), at: t).sections where y >= s.top && y < s.footerTop {
            if let r = s.rows.first(where: { y >= $0.y && y < $0.y + $0.height }) { return r.path }
        }
        return nil
    }
}
