import Foundation
import SceneModel

/// A table view cell, as UIKit makes one: a built-in style (`init(style:reuseIdentifier:)`,
/// with its ``textLabel``, ``detailTextLabel`` and ``accessoryType``), or a prototype with custom
/// content (its `contentView`'s subviews become the scene's cell template). It is also the cell
/// `willDisplay` receives for each row (with the row's frame), whose changes become the row's
/// display effect.
///
/// A data source's cells are made by ``UITableView/dequeueReusableCell(withIdentifier:for:)``
/// from the registered class with `init(style:reuseIdentifier:)`. Swift can only make a class
/// from its type with a `required` initialiser, so a subclass that overrides it writes
/// `required init(style:reuseIdentifier:)` where UIKit code writes `override init` (the compiler
/// says so); UIKit makes it with the Objective-C runtime.
open class UITableViewCell: UIView {
    /// The built-in cell layouts (UIKit's `UITableViewCell.CellStyle`).
    public enum CellStyle: Int, Sendable {
        /// A title (`UITableViewCell.CellStyle.default`).
        case `default`
        /// A title with its detail at the trailing edge (Settings).
        case value1
        /// A small blue label before the detail (Contacts); not drawn yet (refused).
        case value2
        /// A title and a subtitle below it.
        case subtitle
    }
    /// No separators, or UIKit's hairline.
    public enum SeparatorStyle: Sendable {
        /// No separators (card tables).
        case none
        /// UIKit's hairline between rows.
        case singleLine
    }
    /// The standard accessories (UIKit's `UITableViewCell.AccessoryType`).
    public enum AccessoryType: Int, Sendable {
        /// None.
        case none
        /// The thin grey chevron.
        case disclosureIndicator
        /// An info button and a chevron.
        case detailDisclosureButton
        /// A check mark in the tint colour.
        case checkmark
        /// An info button (a circled "i" in the tint colour).
        case detailButton
    }
    /// How a selected cell looks (UIKit's `UITableViewCell.SelectionStyle`).
    public enum SelectionStyle: Int, Sendable {
        /// No highlight.
        case none
        /// The default grey (blue before iOS 7).
        case blue
        /// Grey.
        case gray
        /// The default grey.
        case `default`
    }
    /// What editing does to a row (UIKit's `UITableViewCell.EditingStyle`).
    public enum EditingStyle: Int, Sendable {
        /// No control.
        case none
        /// The red minus and Delete.
        case delete
        /// The green plus.
        case insert
    }
    /// The view a prototype cell's content goes in.
    public let contentView = UIView()
    /// The view display effects move (the cards article's `mainView`); found by its
    /// `accessibilityIdentifier` in the template.
    open var mainView: UIView?
    /// The view the fold unfolds below the rest of the cell (the fold article's yellow view),
    /// found by its `accessibilityIdentifier`.
    open var detailView: UIView?
    /// With `UITableView.automaticDimension` rows: the space below the lowest view.
    open var paddingBottom: CGFloat = 0
    /// The built-in style the cell was made with (nil: a prototype or custom cell).
    public let style: CellStyle?
    /// The identifier the cell was made and is reused under.
    public let reuseIdentifier: String?
    /// The built-in styles' title (17 pt, `label`).
    open private(set) var textLabel: UILabel?
    /// The subtitle (`subtitle`: 12 pt below the title) or the trailing detail (`value1`).
    open private(set) var detailTextLabel: UILabel?
    /// The built-in styles' image view: its image is drawn at the leading margin, the text
    /// 15 points after it.
    open private(set) var imageView: UIImageView?
    /// The standard accessory at the trailing edge.
    open var accessoryType = AccessoryType.none
    /// The table this cell is a row of (set when the table dequeues or shows it): the cell
    /// inherits its tint colour, as a cell in the table's view tree does on iOS.
    weak var shownTable: UITableView?
    /// Makes `table` the one this cell is a row of, telling the views that show its tint.
    func belong(to table: UITableView) {
        guard shownTable !== table else { return }
        changeTint { shownTable = table }
    }
    /// A custom accessory view, drawn in place of ``accessoryType`` at the trailing margin
    /// (its own animations are refused by name).
    open var accessoryView: UIView?
    /// The highlight a tap shows: `.none` shows none (and a row left selected is not highlighted).
    open var selectionStyle = SelectionStyle.default
    /// The view behind the content while the cell is selected: its `backgroundColor` is the
    /// row's highlight (its subviews are not drawn).
    open var selectedBackgroundView: UIView?
    /// The separator's inset for this row (`left` is drawn; nil: the table's `separatorInset`).
    open var separatorInset: UIEdgeInsets?
    /// Whether the cell is selected (the table sets it as rows are selected).
    open var isSelected = false
    /// Whether the cell is highlighted.
    open var isHighlighted = false
    /// Whether the cell shows its editing controls.
    open var isEditing = false
    /// What the content view shows (iOS 14): a ``UIListContentConfiguration`` in place of
    /// ``textLabel``, ``detailTextLabel`` and ``imageView``.
    open var contentConfiguration: UIContentConfiguration?
    /// The cell's background (iOS 14): its colour is drawn, in place of `backgroundColor`.
    open var backgroundConfiguration: UIBackgroundConfiguration?

    /// A cell's content view's margins on an iPhone: 11 points above and below, 16 at the
    /// sides (where the built-in styles' text starts; unconfirmed, notes/design.md).
    static let contentMargins = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)

    /// A cell with no built-in content (a prototype: add views to ``contentView``).
    public override init(frame: CGRect = .zero) {
        style = nil
        reuseIdentifier = nil
        super.init(frame: frame)
        addSubview(contentView)
        contentView.layoutMargins = UITableViewCell.contentMargins
    }

    /// Made from an archive, as a storyboard makes a prototype cell on iOS (there are none
    /// here: a cell with no built-in content, as ``init(frame:)`` makes it), so a subclass's
    /// `required init?(coder:)` builds as written.
    public required init?(coder: NSCoder) {
        style = nil
        reuseIdentifier = nil
        super.init(coder: coder)
        addSubview(contentView)
        contentView.layoutMargins = UITableViewCell.contentMargins
    }

    /// `UITableViewCell()`: a cell of the default style with its ``textLabel``, as UIKit makes
    /// it (apps fill `cell.textLabel!.text`). A prototype without built-in content is
    /// `UITableViewCell(frame:)`.
    public convenience init() { self.init(style: .default, reuseIdentifier: nil) }

    /// A cell of a built-in style, reused under `reuseIdentifier`: UIKit's designated
    /// initialiser (the one ``UITableView/dequeueReusableCell(withIdentifier:for:)`` calls).
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        addSubview(contentView)
        contentView.layoutMargins = UITableViewCell.contentMargins
        contentView.frame = bounds
        let title = UILabel(frame: CGRect(x: 16, y: 0, width: 288, height: 44))
        title.font = .systemFont(ofSize: style == .value2 ? 13 : 17)
        if style == .value2 {
            // value2: a right-aligned column in the tint colour (UIKit's value2 layout).
            title.textColor = .systemBlue
            title.textAlignment = .right
        }
        contentView.addSubview(title)
        textLabel = title
        if style != .default {
            let detail = UILabel(frame: CGRect(x: 16, y: 24, width: 288, height: 16))
            detail.font = .systemFont(ofSize: style == .subtitle ? 12 : style == .value2 ? 13 : 17)
            detail.textColor = style == .value2 ? .label : .secondaryLabel
            contentView.addSubview(detail)
            detailTextLabel = detail
        }
        let image = UIImageView(frame: .zero)
        contentView.addSubview(image)
        imageView = image
    }

    /// Called before the table hands the cell out again for another row (UIKit calls it when
    /// the cell is dequeued for reuse): a subclass resets what one row changed. For
    /// `willDisplay`, whatever it and `willDisplay` change is put back after each row.
    open func prepareForReuse() {}

    /// `setSelected(_:animated:)`.
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }

    /// `setHighlighted(_:animated:)`.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
}
