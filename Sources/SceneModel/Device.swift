/// An iPhone whose screen a scene draws: its size in points and scale, its portrait safe area,
/// its status bar's height and what interrupts the top edge (a notch or the Dynamic Island,
/// which set where the status bar's items go). A screen recording shows neither the cut-out nor
/// the rounded corners, so neither is drawn. Figures with their sources: notes/devices.md.
public struct Device: Equatable, Sendable {
    public enum Cutout: Equatable, Sendable {
        /// The 20 pt status bar of the Home-button phones: the time centred.
        case none
        /// The notch: its width (centred); the status bar's items are centred in the ears.
        case notch(width: Double)
        /// The Dynamic Island: its width (centred), top and height; the items are centred
        /// vertically on it, 8 pt from it, 17 pt from the left edge and 18 pt from the right.
        case island(width: Double, top: Double, height: Double)
    }
    public var name: String
    public var width: Double, height: Double, scale: Double
    public var safeAreaTop: Double, safeAreaBottom: Double
    public var statusBarHeight: Double
    /// The display's corner radius (the notch layout's time position depends on it).
    public var cornerRadius: Double
    public var cutout: Cutout

    /// The models a scene can name (`"canvas": {"device": "iPhone 15"}`), as their marketing names.
    public static let all: [Device] = {
        func d(_ names: [String], _ w: Double, _ h: Double, _ s: Double, top: Double, bottom: Double, bar: Double, corner: Double, _ c: Cutout) -> [Device] {
            names.map { Device(name: $0, width: w, height: h, scale: s, safeAreaTop: top, safeAreaBottom: bottom, statusBarHeight: bar, cornerRadius: corner, cutout: c) }
        }
        let island = Cutout.island(width: 126, top: 11, height: 37.33)
        return d(["iPhone SE", "iPhone 8"], 375, 667, 2, top: 20, bottom: 0, bar: 20, corner: 0, .none)
            + d(["iPhone 11"], 414, 896, 2, top: 48, bottom: 34, bar: 48, corner: 41.5, .notch(width: 227))
            + d(["iPhone 12"], 390, 844, 3, top: 47, bottom: 34, bar: 47, corner: 47.33, .notch(width: 210))
            + d(["iPhone 13", "iPhone 14"], 390, 844, 3, top: 47, bottom: 34, bar: 47, corner: 47.33, .notch(width: 161.33))
            + d(["iPhone 13 mini"], 375, 812, 3, top: 50, bottom: 34, bar: 50, corner: 44, .notch(width: 174))
            + d(["iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro", "iPhone 16"], 393, 852, 3, top: 59, bottom: 34, bar: 54, corner: 55, island)
            + d(["iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 16 Plus"], 430, 932, 3, top: 59, bottom: 34, bar: 54, corner: 55, island)
            + d(["iPhone 16 Pro"], 402, 874, 3, top: 62, bottom: 34, bar: 54, corner: 62, island)
            + d(["iPhone 16 Pro Max"], 440, 956, 3, top: 62, bottom: 34, bar: 54, corner: 62, island)
    }()

    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }
}

/// The status bar a screen recording shows: the time (Apple's screenshots show 9:41), full
/// cellular bars, Wi-Fi and a full battery, in the style's colour.
extension Scene {
    /// Whether the canvas is a whole phone's screen, which gets its device's chrome (the status
    /// bar, and the home indicator where the device has one) unless the scene says `false`, as
    /// a screen recording shows it: a canvas that names its `device`, or a table on a 375 x 667
    /// canvas (the Home-button iPhones' screen, which a canvas of that size draws exactly as
    /// the device: a 20 pt status bar, no home indicator). Other sizes name no device, so they
    /// get no chrome of their own.
    public var isPhoneScreen: Bool {
        canvas.device != nil || (table != nil && canvas.width == 375 && canvas.height == 667)
    }

    /// Whether a phone screen's device shows the home indicator (the phones without a Home button).
    public var showsHomeIndicatorByDefault: Bool {
        isPhoneScreen && (canvas.device?.safeAreaBottom ?? 0) > 0
    }
}

public struct StatusBarModel: Equatable, Sendable {
    public enum Style: String, Sendable, CaseIterable {
        /// Black items, for light content below (UIKit's `.darkContent`, the default's look on a
        /// light background).
        case darkContent
        /// White items, for dark content below.
        case lightContent
    }
    public var time = "9:41"
    public var style = Style.darkContent
    public init(time: String = "9:41", style: Style = .darkContent) { self.time = time; self.style = style }
    /// The bar as UIKit's `.default` style draws it in an appearance: black items on light, white on dark.
    public init(appearance: Appearance) { self.init(style: appearance == .dark ? .lightContent : .darkContent) }
}

/// The navigation bar of a `UINavigationController` showing the table's view controller: its
/// title, standard (44 pt) or with a large title (96 pt, collapsing into the standard bar as
/// the table scrolls), below the status bar.
public struct NavigationBarModel: Equatable, Sendable {
    public var title: String
    /// `navigationBar.prefersLargeTitles`.
    public var prefersLargeTitles = false
    /// The back button's title (a pushed controller's bar: the chevron and the previous
    /// controller's title; "" the chevron alone); nil: no back button.
    public var backButton: String?
    /// A button at the trailing end (`rightBarButtonItem`): its title.
    public var rightButton: String?
    /// Whether that button has the `done` style (semibold).
    public var rightButtonDone = false
    /// UIKit's `editButtonItem` at the trailing end: "Edit", and "Done" (semibold) while the
    /// table is editing.
    public var editButton = false
    /// A trailing button that is a symbol (`rightBarButtonItem` with an image, or a system item
    /// such as `.add`: "plus"), in place of a title.
    public var rightButtonSymbol: String?
    /// A button at the leading end (`leftBarButtonItem`): its title, or its symbol; not with a
    /// back button, which is there.
    public var leftButton: String?
    public var leftButtonDone = false
    public var leftButtonSymbol: String?
    /// Whether the trailing and leading buttons are enabled (`isEnabled`): a disabled one is
    /// drawn in `placeholderText`, as Flutter's CupertinoButton draws a disabled one.
    public var rightButtonEnabled = true, leftButtonEnabled = true
    /// The buttons' colour (`navigationBar.tintColor`, or the tint the bar inherits); nil:
    /// systemBlue in the scene's appearance.
    public var tintColor: Color?
    /// The bar's background once content scrolls under it (`standardAppearance.backgroundColor`,
    /// `barTintColor`); nil: the material (a blur under #F9F9F9 at 94 %). A colour not opaque
    /// lies over the blur.
    public var barColor: Color?
    /// The bar's background at rest over the content's top (`scrollEdgeAppearance`); nil:
    /// none (iOS 15's transparent scroll edge).
    public var scrollEdgeBarColor: Color?
    /// The hairline under the bar (`shadowColor`; clear: none); nil: UIKit's.
    public var shadowColor: Color?
    /// The title's and the large title's colours (`titleTextAttributes` and
    /// `largeTitleTextAttributes` `.foregroundColor`); nil: `label`.
    public var titleColor: Color?, largeTitleColor: Color?
    /// A button's own colour (`UIBarButtonItem.tintColor`, or its normal title attributes'
    /// `.foregroundColor`); nil: the bar's tint.
    public var rightButtonColor: Color?, leftButtonColor: Color?
    /// A search controller's search bar under the title (`navigationItem.searchController`).
    public var searchBar: SearchBar?
    public init(title: String, prefersLargeTitles: Bool = false) { self.title = title; self.prefersLargeTitles = prefersLargeTitles }
    /// The standard bar's height and what a large title adds.
    public static let height = 44.0, largeTitleHeight = 52.0
    /// What a search bar adds: its band (a 36 pt field 1 pt below its top, 15 pt above its bottom).
    public static let searchBandHeight = 52.0

    /// `UISearchController`'s search bar in the bar, at rest: "Search" in a rounded field.
    public struct SearchBar: Equatable, Sendable {
        /// The placeholder (`searchBar.placeholder`; UIKit's "Search" when not set).
        public var placeholder = "Search"
        /// Text in the field (`searchBar.text`), drawn in `label` in place of the placeholder.
        public var text: String?
        /// `navigationItem.hidesSearchBarWhenScrolling` (true by default): the band collapses
        /// as the content scrolls up, before a large title does, and comes back at the top.
        public var hidesWhenScrolling = true
        public init(placeholder: String = "Search", hidesWhenScrolling: Bool = true) {
            self.placeholder = placeholder; self.hidesWhenScrolling = hidesWhenScrolling
        }
    }

    /// How much of the bar collapses as the content scrolls up: a search bar that hides, then
    /// the large title.
    public var collapsibleHeight: Double {
        (prefersLargeTitles ? NavigationBarModel.largeTitleHeight : 0)
            + (searchBar?.hidesWhenScrolling == true ? NavigationBarModel.searchBandHeight : 0)
    }

    /// The bar's height at rest over the content's top: the standard bar, a large title, a search bar.
    public var restingHeight: Double {
        NavigationBarModel.height + (prefersLargeTitles ? NavigationBarModel.largeTitleHeight : 0)
            + (searchBar != nil ? NavigationBarModel.searchBandHeight : 0)
    }
    /// How far the large title's baseline sits above the bar's bottom.
    public static let largeTitleBaselineInset = 8.0
}
