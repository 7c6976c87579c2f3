import Foundation
import SceneModel
import Simulation
import TableEngine

/// What a data source's cell for a row showed: the row's content in the scene.
struct CellContent: Equatable {
    var style: UITableViewCell.CellStyle
    var title: String
    var detail: String?
    var accessory: UITableViewRowAccessory
    /// The cell's accessory view's layer (drawn in place of `accessory`).
    var accessoryView: LayerModel?
    /// The animations on the accessory view's layers (a spinner's turn), on the row's clock.
    var accessoryAnimations: [AnimationModel] = []
    /// The built-in `imageView`'s image.
    var image: UIImage?
    /// How the image is shown (rounded, at most a size), where the cell says.
    var imageLook: TableModel.ImageLook?
    /// A custom cell's own content (nil: the built-in style's labels).
    var own: Own?
    /// The cell's `backgroundColor` (nil: the table's).
    var backgroundColor: Color?
    /// The built-in labels' looks where the cell changed them from its style's.
    var labelStyles: TableModel.LabelStyles?
    /// The cell's `separatorInset.left` (nil: the table's).
    var separatorInsetLeft: Double?
    /// The highlight a tap shows (its `selectedBackgroundView`'s colour, clear for
    /// `selectionStyle = .none`; nil: the table's).
    var selectedColor: Color?
    /// The cell's own tint colour (its check mark, info button and symbol image; nil: the table's).
    var tintColor: Color?

    /// A custom cell's content view as the row's layers, and their animations as written.
    struct Own: Equatable {
        var layers: [LayerModel]
        var animations: [AnimationModel]
    }
    var custom: Bool { own != nil }

    /// The same content with its accessory view's animations.
    func with(accessoryAnimations list: [AnimationModel]) -> CellContent {
        var c = self
        c.accessoryAnimations = list
        return c
    }
}

extension UITableView {
    /// What a data source's cell shows, or a message for what cannot be drawn from it yet.
    func content(of cell: UITableViewCell, at p: IndexPath) -> CellContent {
        var content = shownContent(of: cell, at: p)
        content.separatorInsetLeft = cell.separatorInset.map { Double($0.left) }
        content.tintColor = cell.ownTintColor?.cgColor.model
        if cell.selectionStyle == UITableViewCell.SelectionStyle.none {
            content.selectedColor = .clear
        } else if let c = cell.selectedBackgroundView?.backgroundColor {
            content.selectedColor = c.cgColor.model
        }
        return content
    }

    /// What the cell's content view and labels show.
    func shownContent(of cell: UITableViewCell, at p: IndexPath) -> CellContent {
        let style = cell.style ?? .default
        let accessory: UITableViewRowAccessory
        switch cell.accessoryType {
        case .none: accessory = .none
        case .disclosureIndicator: accessory = .disclosureIndicator
        case .checkmark: accessory = .checkmark
        case .detailButton: accessory = .detailButton
        case .detailDisclosureButton: accessory = .detailDisclosureButton
        }
        // UIKit shows an accessory view in place of the accessory type.
        var view: LayerModel?
        var viewAnimations: [AnimationModel] = []
        if let v = cell.accessoryView {
            v.displayIfNeeded()
            // Its layers are named apart from the content view's, whose animations share the row's list.
            var writer = SceneWriter(namePrefix: "accessoryView-")
            view = writer.layer(v.layer, path: "accessoryView")
            for problem in writer.problems { refuse(p, "\(cellDescription(cell)): \(problem.path): \(problem.message)") }
            viewAnimations = writer.animations
        }
        let background = (cell.backgroundConfiguration?.backgroundColor ?? cell.backgroundColor).map { $0.cgColor.model }
        if let config = cell.contentConfiguration {
            // A list configuration draws as the built-in style it stands for.
            guard let list = config as? UIListContentConfiguration else {
                refuse(p, "a content configuration of type \(type(of: config)) is not drawn yet (UIListContentConfiguration is)")
                return CellContent(style: .default, title: "", detail: nil, accessory: accessory, accessoryView: view, backgroundColor: background)
                    .with(accessoryAnimations: viewAnimations)
            }
            for property in list.undrawn {
                refuse(p, "UIListContentConfiguration.\(property) for an image that is not a symbol is not drawn yet (a symbol's tint colour is, and the image's cornerRadius and maximumSize)")
            }
            var content = CellContent(style: list.style, title: list.text ?? "", detail: list.secondaryText, accessory: accessory,
                                      accessoryView: view, image: list.shownImage, backgroundColor: background)
            content.labelStyles = list.labelStyles
            content.imageLook = list.imageLook
            for name in list.fontFiles { refuse(p, "UIListContentConfiguration.\(name).font: a font file in a list cell is not drawn yet (the system font at any size and weight is)") }
            return content.with(accessoryAnimations: viewAnimations)
        }
        if UITableView.isCustom(cell) {
            return CellContent(style: .default, title: "", detail: nil, accessory: accessory, accessoryView: view,
                               own: ownContent(of: cell, at: p), backgroundColor: background).with(accessoryAnimations: viewAnimations)
        }
        var content = CellContent(style: style, title: cell.textLabel?.text ?? "", detail: cell.detailTextLabel?.text, accessory: accessory,
                                  accessoryView: view, image: cell.imageView.flatMap(UITableView.shownImage), backgroundColor: background)
        content.labelStyles = builtInLabelStyles(cell, style: style, at: p)
        // An image view rounded as avatars are (`layer.cornerRadius` with `clipsToBounds`).
        if let v = cell.imageView, v.layer.masksToBounds, v.layer.cornerRadius > 0 {
            content.imageLook = TableModel.ImageLook(cornerRadius: Double(v.layer.cornerRadius))
        }
        return content.with(accessoryAnimations: viewAnimations)
    }

    func refuse(_ p: IndexPath, _ message: String) {
        note("cellForRowAt [\(p.section), \(p.row)]: " + message)
    }
}
