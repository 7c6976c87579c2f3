import Foundation

/// A row's accessory: UIKit's disclosure indicator, or the sections article's chevrons.
public enum UITableViewRowAccessory: String, Sendable {
    /// None.
    case none
    /// UIKit's thin chevron (systemGray3).
    case disclosureIndicator
    /// The sections article's up chevron (`DTCustomColoredAccessory`).
    case chevronUp
    /// The sections article's down chevron.
    case chevronDown
    /// UIKit's check mark, in the tint colour (systemBlue).
    case checkmark
    /// UIKit's info button (a circled "i" in the tint colour).
    case detailButton
    /// The info button and the disclosure chevron.
    case detailDisclosureButton
}

extension UITableView {
    /// `rowHeight` for self-sizing rows: each as tall as its cell template's content.
    public static let automaticDimension: CGFloat = -1

    /// How inserted and deleted rows appear (`UITableView.RowAnimation`).
    public enum RowAnimation: String, Sendable {
        /// Fading.
        case fade
        /// Sliding from the right.
        case right
        /// Sliding from the left.
        case left
        /// Sliding down from above.
        case top
        /// Sliding up from below.
        case bottom
        /// At once.
        case none
        /// From the middle.
        case middle
        /// UIKit's choice: `bottom` at a section's start, `top` elsewhere.
        case automatic
    }

    /// How the fold's bottom half and the rows below move.
    public enum FoldJoin: String, Sendable {
        /// The article's code: rows by the table's row update, the bottom half by its own
        /// ease-out translation.
        case translation
        /// Both at the top half's projected height at every frame.
        case exact
    }

    /// What a tap on a row does.
    public enum Expansion: Sendable {
        /// The fold article (000): the row's detail view unfolds in 3D with fading shadows.
        case fold(duration: Double = 0.3, perspective: CGFloat = 500, shadow: Bool = true, join: FoldJoin = .translation,
                  detailHeight: CGFloat? = nil, detailColor: UIColor? = nil, timing: CAMediaTimingFunction? = nil)
        /// The sections article (002): a collapsible section's first row inserts or deletes the others.
        case rows(animation: RowAnimation = .top, duration: Double = 0.3, timing: CAMediaTimingFunction? = nil)
    }
}

/// The header article's collapsing header: it shrinks as the table scrolls down, grows back
/// as it scrolls up, and snaps open or closed when scrolling stops.
public struct CollapsingHeader: Sendable {
    /// The open height.
    public var maxHeight: CGFloat
    /// The collapsed height.
    public var minHeight: CGFloat
    /// The header's colour (nil: #1F3A5F).
    public var backgroundColor: UIColor?
    /// The title (17 pt semibold).
    public var title: String?
    /// The title's colour (nil: white).
    public var titleColor: UIColor?
    /// The logo, constrained to the header's bottom and centred across.
    public var logo: UIImage?
    /// The logo's size in points.
    public var logoSize: CGSize
    /// The logo's distance above the header's bottom.
    public var logoBottom: CGFloat
    /// The snap's duration.
    public var snapDuration: Double
    /// A header.
    public init(maxHeight: CGFloat = 88, minHeight: CGFloat = 44, backgroundColor: UIColor? = nil, title: String? = nil,
                titleColor: UIColor? = nil, logo: UIImage? = nil, logoSize: CGSize = CGSize(width: 44, height: 44),
                logoBottom: CGFloat = 0, snapDuration: Double = 0.2) {
        self.maxHeight = maxHeight; self.minHeight = minHeight; self.backgroundColor = backgroundColor; self.title = title
        self.titleColor = titleColor; self.logo = logo; self.logoSize = logoSize; self.logoBottom = logoBottom
        self.snapDuration = snapDuration
    }
}

/// An inset rounded card in every cell.
public struct TableCellCard: Sendable {
    /// The card's inset from the cell's edges.
    public var inset: CGPoint
    /// The card's corner radius.
    public var cornerRadius: CGFloat
    /// The card's colour (nil: white).
    public var backgroundColor: UIColor?
    /// The card's shadow opacity.
    public var shadowOpacity: Float
    /// A card.
    public init(inset: CGPoint = CGPoint(x: 16, y: 8), cornerRadius: CGFloat = 12, backgroundColor: UIColor? = nil, shadowOpacity: Float = 0.15) {
        self.inset = inset; self.cornerRadius = cornerRadius; self.backgroundColor = backgroundColor; self.shadowOpacity = shadowOpacity
    }
}
