import Foundation
import SceneModel

/// What a table says about app code it cannot draw as asked: each problem once, on the table,
/// and the scene stops with them when it is written.
extension UITableView {
    /// A problem at `path` (the table's, or one of its keys), once per message: the scene stops
    /// with it.
    func note(_ message: String, path: String = "table") {
        if !app.problems.contains(where: { $0.message == message }) { app.problems.append(SceneProblem(path: path, message: message)) }
    }

    /// The first height `heightForRowAt` gave that cannot be drawn, and how many more rows gave one.
    func noteBadHeights(_ bad: (first: (path: IndexPath, height: CGFloat)?, more: Int)) {
        guard let (p, h) = bad.first else { return }
        let more = bad.more == 0 ? "" : " (and \(bad.more) more row\(bad.more == 1 ? "" : "s"))"
        if h.isNaN {
            note("tableView(_:heightForRowAt:) returned NaN for [\(p.section), \(p.row)]\(more): return a height or UITableView.automaticDimension")
        } else {
            // Drawn at rowHeight before, silently.
            note("tableView(_:heightForRowAt:) returned \(Message.number(h)) for [\(p.section), \(p.row)]\(more): expected a height of 0 or more (0 hides the row) or UITableView.automaticDimension")
        }
    }
}
