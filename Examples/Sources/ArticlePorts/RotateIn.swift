import Foundation
import TableRenderQuartz

/// Article 004, "Animating UITableView cells" (Think & Build): the table view controller's
/// `tableView:willDisplayCell:forRowAtIndexPath:`, line for line, on a table of 40 rows that
/// scrolls down once (scenes/rotate.json renders the same frames).
@MainActor
public final class RotateInTableViewController {
    public let tableView = UITableView(frame: .zero, style: .plain)

    public init() {
        tableView.rowCount = 40
        tableView.titleFormat = "Cell %d"
        // The delegate call, as UIKit makes it (the table keeps its controller, as a scene must).
        tableView.willDisplay = { tableView, cell, indexPath in
            self.tableView(tableView, willDisplay: cell, forRowAt: indexPath)
        }
    }

    // This function is where all the magic happens
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {

        // 1. Setup the CATransform3D structure
        var rotation: CATransform3D
        rotation = CATransform3DMakeRotation((90.0 * .pi) / 180, 0.0, 0.7, 0.4)
        rotation.m34 = 1.0 / -600

        // 2. Define the initial state (Before the animation)
        cell.layer.shadowColor = UIColor.black.cgColor
        cell.layer.shadowOffset = CGSize(width: 10, height: 10)
        cell.alpha = 0

        cell.layer.transform = rotation
        cell.layer.anchorPoint = CGPoint(x: 0, y: 0.5)

        // 3. Define the final state (After the animation) and commit the animation
        UIView.beginAnimations("rotation", context: nil)
        UIView.setAnimationDuration(0.8)
        cell.layer.transform = CATransform3DIdentity
        cell.alpha = 1
        cell.layer.shadowOffset = CGSize(width: 0, height: 0)
        UIView.commitAnimations()
    }

    /// The scene: an iPhone 8 screen at 2x with its status bar, 60 fps (a device records at 60),
    /// the table scrolled to 520 points at 1 s.
    public func scene(directory: String = ".") -> LayerScene {
        var scene = LayerScene(size: CGSize(width: 375, height: 667), scale: 2, fps: 60, duration: 2.8, directory: directory)
        scene.showsStatusBar = true
        scene.backgroundColor = UIColor.systemBackground.cgColor
        scene.tableView = tableView
        scene.script = [.scroll(at: 1.0, to: 520, duration: 1.0, timing: .easeInEaseOut)]
        return scene
    }
}
