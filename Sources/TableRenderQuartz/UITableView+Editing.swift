import Foundation
import SceneModel

/// Editing mode, as apps turn it on (an Edit button's `setEditing(_:animated:)`): each row shows
/// the control its data source and delegate give it (`canEditRowAt`, `editingStyleForRowAt`)
/// and the reorder control where `canMoveRowAt` says so; taps select nothing while it lasts
/// (``UITableView/allowsSelectionDuringEditing`` is false, as on iOS). Called before the scene
/// starts (in `viewDidLoad`), the table starts in editing mode; called in code at a time, it
/// animates from then.
extension UITableView {
    /// The editing style and reorder control of a data source's row, as UIKit asks for them.
    func editingOptions(_ p: IndexPath) -> (style: UITableViewCell.EditingStyle, canMove: Bool, indents: Bool) {
        guard let source = dataSource else { return (.delete, false, true) }
        let style = source.tableView(self, canEditRowAt: p) ? delegate?.tableView(self, editingStyleForRowAt: p) ?? .delete : .none
        return (style, source.tableView(self, canMoveRowAt: p), delegate?.tableView(self, shouldIndentWhileEditingRowAt: p) ?? true)
    }
}

