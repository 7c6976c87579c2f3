import Foundation
import Geometry
import SceneModel
import TableEngine

extension UITableView {
    /// The row's rectangle in the table's content (UIKit's coordinates: 0 at the content's top,
    /// the header view included), as the table lays out the data at the time of the code
    /// asking. A row the table does not have stops the scene with UIKit's message.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        geometry("rectForRow(at:)", path: indexPath) { $0.rect(ofRow: RowPath(indexPath.section, indexPath.row), at: $1) }
    }

    /// The section's rectangle: its header, rows and footer.
    public func rect(forSection section: Int) -> CGRect {
        geometry("rect(forSection:)", section: section) { $0.rect(ofSection: section, at: $1) }
    }

    /// The section's header rectangle (0 high when it has none).
    public func rectForHeader(inSection section: Int) -> CGRect {
        geometry("rectForHeader(inSection:)", section: section) { $0.rect(ofHeaderInSection: section, at: $1) }
    }

    /// The section's footer rectangle (0 high when it has none).
    public func rectForFooter(inSection section: Int) -> CGRect {
        geometry("rectForFooter(inSection:)", section: section) { $0.rect(ofFooterInSection: section, at: $1) }
    }

    /// The index path of the row at a point of the content, nil when the point is on no row.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite, let (sim, t) = geometrySimulation("indexPathForRow(at:)") else { return nil }
        return sim.row(at: Point(Double(point.x), Double(point.y)), at: t).map { IndexPath(row: $0.row, section: $0.section) }
    }

    /// Scrolls the least that shows `rect` (content coordinates) whole, as UIScrollView does: an
    /// animated scroll of 0.3 s (UIKit's duration is not published; unconfirmed), or at once.
    public func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.minY.isFinite, rect.height.isFinite, let (sim, t) = geometrySimulation("scrollRectToVisible(_:animated:)") else { return }
        // The part of the table the content shows in: below the top inset, above the bottom one.
        let insets = sim.contentInsets
        let visible = CGFloat(sim.frame(at: t).height - insets.top - insets.bottom)
        let offset = contentOffset.y
        var to = offset
        if rect.minY < offset { to = rect.minY } else if rect.maxY > offset + visible { to = min(rect.maxY - visible, rect.minY) }
        let limit = max(CGFloat(sim.scriptedScroll(at: t).limit), 0)
        to = min(max(to, 0), limit)
        guard to != offset else { return }
        setContentOffset(CGPoint(x: 0, y: to), animated: animated)
    }

    func geometry(_ call: String, path: IndexPath? = nil, section: Int? = nil, _ ask: (TableSimulation, Double) -> Rect?) -> CGRect {
        guard let (sim, t) = geometrySimulation(call) else { return .zero }
        guard let r = ask(sim, t) else {
            let which = path.map { "index path [\($0.section), \($0.row)]" } ?? "section \(section ?? 0)"
            note("\(call): request for rect at invalid \(which) (UIKit raises): the table has \(numberOfSections) sections then")
            return .zero
        }
        return CGRect(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// The table as simulated up to the code asking, and the time it asks at.
    func geometrySimulation(_ call: String) -> (TableSimulation, Double)? {
        guard let simulate = app.geometry else {
            note("\(call): asked outside the scene's clock (before the table's first layout, or from code the scene does not run at a time): ask inside LayerScene.at(_:_:), a delegate call or a completion")
            return nil
        }
        guard let sim = simulate() else { return nil }
        return (sim, ChangeContext.current?.now ?? 0)
    }
}
