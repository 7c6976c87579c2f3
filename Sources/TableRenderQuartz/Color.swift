import Foundation
import LayerTree
import SceneModel

/// A colour as Core Animation's layers take it (`layer.backgroundColor = UIColor.red.cgColor`):
/// sRGB with straight alpha, components in 0...1.
///
/// Frames are 8 bits per channel, so a scene written from Swift stores each component rounded
/// to 1/255, as the scene format's `#RRGGBBAA` does; a colour made from a name (``UIColor/systemBlue``,
/// ``UIColor/gray``) keeps the name and its exact value.
public struct CGColor: Hashable, Sendable {
    /// The components, 0 ... 1 (alpha straight, not premultiplied).
    public var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    /// The scene format's name for it, when it came from one (a system colour's name stands
    /// for its value in the scene's appearance).
    var name: String?
    /// A dynamic colour's value in the dark appearance (`UIColor(dynamicProvider:)`); the
    /// components are the light one's.
    var dark: [CGFloat]?

    /// A colour from its components, as `CGColor(srgbRed:green:blue:alpha:)`.
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A grey, as `CGColor(gray:alpha:)`.
    public init(gray: CGFloat, alpha: CGFloat) { self.init(srgbRed: gray, green: gray, blue: gray, alpha: alpha) }

    init(named name: String) {
        let c = Color.named[name] ?? .black
        self.init(srgbRed: CGFloat(c.r), green: CGFloat(c.g), blue: CGFloat(c.b), alpha: CGFloat(c.a))
        self.name = name
    }
}

/// UIKit's colours, for the `.cgColor` that layers take: the system colours in their light
/// appearance and UIColor's fixed colours, with the values the scene format documents.
public struct UIColor: Hashable, Sendable {
    /// The colour layers take.
    public var cgColor: CGColor

    /// The colour of a `CGColor`.
    public init(cgColor: CGColor) { self.cgColor = cgColor }
    /// `UIColor(red:green:blue:alpha:)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }
    /// `UIColor(white:alpha:)`.
    public init(white: CGFloat, alpha: CGFloat) { cgColor = CGColor(gray: white, alpha: alpha) }
    /// A colour by the scene format's name (`"systemBlue"`, `"grayColor"`, `"#FF9500"`); nil for
    /// a name it does not know.
    public init?(named name: String) {
        guard let c = Color.parse(name) else { return nil }
        if Color.named[name] != nil { cgColor = CGColor(named: name); return }
        cgColor = CGColor(srgbRed: CGFloat(c.r), green: CGFloat(c.g), blue: CGFloat(c.b), alpha: CGFloat(c.a))
    }
    init(_ name: String) { cgColor = CGColor(named: name) }

    /// The same colour with another alpha, as `withAlphaComponent(_:)`.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        var c = cgColor
        // A system colour stays dynamic: its dark value with the new alpha too.
        if c.name != nil || c.dark != nil {
            let light = c.components(in: .light), dark = c.components(in: .dark)
            c = CGColor(srgbRed: light[0], green: light[1], blue: light[2], alpha: alpha)
            if dark != light { c.dark = [dark[0], dark[1], dark[2], alpha] }
            return UIColor(cgColor: c)
        }
        c.alpha = alpha
        return UIColor(cgColor: c)
    }

    /// `UIColor.black`: grey level 0.
    public static var black: UIColor { UIColor("black") }
    /// `UIColor.darkGray`: grey level 1/3.
    public static var darkGray: UIColor { UIColor("darkGray") }
    /// `UIColor.lightGray`: grey level 2/3.
    public static var lightGray: UIColor { UIColor("lightGray") }
    /// `UIColor.white`: grey level 1.
    public static var white: UIColor { UIColor("white") }
    /// `UIColor.gray`: grey level 0.5.
    public static var gray: UIColor { UIColor("gray") }
    /// `UIColor.red`: (1, 0, 0).
    public static var red: UIColor { UIColor("red") }
    /// `UIColor.green`: (0, 1, 0).
    public static var green: UIColor { UIColor("green") }
    /// `UIColor.blue`: (0, 0, 1).
    public static var blue: UIColor { UIColor("blue") }
    /// `UIColor.cyan`: (0, 1, 1).
    public static var cyan: UIColor { UIColor("cyan") }
    /// `UIColor.yellow`: (1, 1, 0).
    public static var yellow: UIColor { UIColor("yellow") }
    /// `UIColor.magenta`: (1, 0, 1).
    public static var magenta: UIColor { UIColor("magenta") }
    /// `UIColor.orange`: (1, 0.5, 0).
    public static var orange: UIColor { UIColor("orange") }
    /// `UIColor.purple`: (0.5, 0, 0.5).
    public static var purple: UIColor { UIColor("purple") }
    /// `UIColor.brown`: (0.6, 0.4, 0.2).
    public static var brown: UIColor { UIColor("brown") }
    /// `UIColor.clear`: transparent.
    public static var clear: UIColor { UIColor("clear") }
    /// `systemBackground` in the light appearance: (255, 255, 255).
    public static var systemBackground: UIColor { UIColor("systemBackground") }
    /// `secondarySystemBackground` in the light appearance: (242, 242, 247).
    public static var secondarySystemBackground: UIColor { UIColor("secondarySystemBackground") }
    /// `systemGroupedBackground` in the light appearance: (242, 242, 247).
    public static var systemGroupedBackground: UIColor { UIColor("systemGroupedBackground") }
    /// `label` in the light appearance: (0, 0, 0).
    public static var label: UIColor { UIColor("label") }
    /// `secondaryLabel` in the light appearance: (60, 60, 67, 0.60).
    public static var secondaryLabel: UIColor { UIColor("secondaryLabel") }
    /// `separator` in the light appearance: (60, 60, 67, 0.29).
    public static var separator: UIColor { UIColor("separator") }
    /// `systemBlue` in the light appearance: (0, 122, 255).
    public static var systemBlue: UIColor { UIColor("systemBlue") }
    /// `systemRed` in the light appearance: (255, 59, 48).
    public static var systemRed: UIColor { UIColor("systemRed") }
    /// `systemGreen` in the light appearance: (52, 199, 89).
    public static var systemGreen: UIColor { UIColor("systemGreen") }
    /// `systemOrange` in the light appearance: (255, 149, 0).
    public static var systemOrange: UIColor { UIColor("systemOrange") }
    /// `systemYellow` in the light appearance: (255, 204, 0).
    public static var systemYellow: UIColor { UIColor("systemYellow") }
    /// `systemIndigo` in the light appearance: (88, 86, 214).
    public static var systemIndigo: UIColor { UIColor("systemIndigo") }
    /// `systemPurple` in the light appearance: (175, 82, 222).
    public static var systemPurple: UIColor { UIColor("systemPurple") }
    /// `systemPink` in the light appearance: (255, 45, 85).
    public static var systemPink: UIColor { UIColor("systemPink") }
    /// `systemTeal` in the light appearance: (48, 176, 199).
    public static var systemTeal: UIColor { UIColor("systemTeal") }
    /// `systemMint` (iOS 15) in the light appearance: (0, 199, 190).
    public static var systemMint: UIColor { UIColor("systemMint") }
    /// `systemCyan` (iOS 15) in the light appearance: (50, 173, 230).
    public static var systemCyan: UIColor { UIColor("systemCyan") }
    /// `systemBrown` in the light appearance: (162, 132, 94).
    public static var systemBrown: UIColor { UIColor("systemBrown") }
    /// `systemGray` in the light appearance: (142, 142, 147).
    public static var systemGray: UIColor { UIColor("systemGray") }
    /// `systemGray2` in the light appearance: (174, 174, 178).
    public static var systemGray2: UIColor { UIColor("systemGray2") }
    /// `systemGray3` in the light appearance: (199, 199, 204).
    public static var systemGray3: UIColor { UIColor("systemGray3") }
    /// `systemGray4` in the light appearance: (209, 209, 214).
    public static var systemGray4: UIColor { UIColor("systemGray4") }
    /// `systemGray5` in the light appearance: (229, 229, 234).
    public static var systemGray5: UIColor { UIColor("systemGray5") }
    /// `systemGray6` in the light appearance: (242, 242, 247).
    public static var systemGray6: UIColor { UIColor("systemGray6") }
    /// `tertiarySystemBackground` in the light appearance: (255, 255, 255) (its dark value in a dark scene).
    public static var tertiarySystemBackground: UIColor { UIColor("tertiarySystemBackground") }
    /// `secondarySystemGroupedBackground` in the light appearance: (255, 255, 255) (its dark value in a dark scene).
    public static var secondarySystemGroupedBackground: UIColor { UIColor("secondarySystemGroupedBackground") }
    /// `tertiarySystemGroupedBackground` in the light appearance: (242, 242, 247) (its dark value in a dark scene).
    public static var tertiarySystemGroupedBackground: UIColor { UIColor("tertiarySystemGroupedBackground") }
    /// `tertiaryLabel` in the light appearance: (60, 60, 67, 0.30) (its dark value in a dark scene).
    public static var tertiaryLabel: UIColor { UIColor("tertiaryLabel") }
    /// `quaternaryLabel` in the light appearance: (60, 60, 67, 0.18) (its dark value in a dark scene).
    public static var quaternaryLabel: UIColor { UIColor("quaternaryLabel") }
    /// `placeholderText` in the light appearance: (60, 60, 67, 0.30) (its dark value in a dark scene).
    public static var placeholderText: UIColor { UIColor("placeholderText") }
    /// `opaqueSeparator` in the light appearance: (198, 198, 200) (its dark value in a dark scene).
    public static var opaqueSeparator: UIColor { UIColor("opaqueSeparator") }
    /// `link` in the light appearance: (0, 122, 255) (its dark value in a dark scene).
    public static var link: UIColor { UIColor("link") }
    /// `systemFill` in the light appearance: (120, 120, 128, 0.20) (its dark value in a dark scene).
    public static var systemFill: UIColor { UIColor("systemFill") }
    /// `secondarySystemFill` in the light appearance: (120, 120, 128, 0.16) (its dark value in a dark scene).
    public static var secondarySystemFill: UIColor { UIColor("secondarySystemFill") }
    /// `tertiarySystemFill` in the light appearance: (118, 118, 128, 0.12) (its dark value in a dark scene).
    public static var tertiarySystemFill: UIColor { UIColor("tertiarySystemFill") }
    /// `quaternarySystemFill` in the light appearance: (116, 116, 128, 0.08) (its dark value in a dark scene).
    public static var quaternarySystemFill: UIColor { UIColor("quaternarySystemFill") }
}
