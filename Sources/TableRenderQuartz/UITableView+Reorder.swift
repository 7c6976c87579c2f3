import Foundation
import SceneModel

extension UITableView {
    /// A reorder drag of the script as the delegate and data source see it: the delegate picks
    /// the destination (`targetIndexPathForMoveFromRowAt`), the table draws the drag from its
    /// time, and at the drop the data source moves the row in its model (`moveRowAt`), as UIKit
    /// calls it when the finger lifts. A drag into another section is refused (not simulated).
    func reorderRow(_ from: IndexPath, _ proposed: IndexPath, at time: Double, duration: Double, scene: LayerScene) {
        let to = delegate?.tableView(self, targetIndexPathForMoveFromRowAt: from, toProposedIndexPath: proposed) ?? proposed
        guard to.section == from.section else {
            app.problems.append(SceneProblem(path: "table", message: "the reorder at \(time) s moves row \(from.row) of section \(from.section) into section \(to.section): a drag into another section is not simulated yet"))
            return
        }
        guard to != from else { return }
        recordedEvents.append(.reorder(at: time, from: from, to: to, duration: duration))
        scene.pending.add(time: time + duration) { [weak self] in
            guard let self, let source = self.dataSource else { return }
            source.tableView(self, moveRowAt: from, to: to)
        }
    }
}
