import Foundation
import LayerTree
import SceneModel

/// A colour as Core Animation's layers take it (`layer.backgroundColor = UIColor.red.cgColor`):
/// sRGB with straight alpha, components in 0...1.
///
/// Frames are 8 bits per channel, so a scene written from Swift stores each component rounded
/// to 1/255, as the scene format's `#RRGGBBAA` does; a colour made from a name (``UIColor/systemBlue``,
/// ``UIColor/gray``) keeps the name and its exact value.
public struct CGColor: Equatable, Sendable {
    public var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    /// The scene format's name for it, when it came from one.
    var name: String?

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

    /// How the scene format writes it: the name, or `#RRGGBBAA`. Components outside 0...1 are
    /// clamped; a component that is not a number is written as written, for the scene's
    /// validation to name.
    var sceneValue: JSON {
        if let name { return .string(name) }
        let parts = [red, green, blue, alpha].map(Double.init)
        guard parts.allSatisfy(\.isFinite) else { return .string("\(parts)") }
        let hex = parts.map { v -> String in
            let byte = Int((min(max(v, 0), 1) * 255).rounded())
            return String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return .string("#" + hex.joined())
    }
}

extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

/// UIKit's colours, for the `.cgColor` that layers take: the system colours in their light
/// appearance and UIColor's fixed colours, with the values the scene format documents.
public struct UIColor: Equatable, Sendable {
    /// The colour layers take.
    public var cgColor: CGColor

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
        c.name = nil
        c.alpha = alpha
        return UIColor(cgColor: c)
    }

    public static var black: UIColor { UIColor("black") }
    public static var darkGray: UIColor { UIColor("darkGray") }
    public static var lightGray: UIColor { UIColor("lightGray") }
    public static var white: UIColor { UIColor("white") }
    public static var gray: UIColor { UIColor("gray") }
    public static var red: UIColor { UIColor("red") }
    public static var green: UIColor { UIColor("green") }
    public static var blue: UIColor { UIColor("blue") }
    public static var cyan: UIColor { UIColor("cyan") }
    public static var yellow: UIColor { UIColor("yellow") }
    public static var magenta: UIColor { UIColor("magenta") }
    public static var orange: UIColor { UIColor("orange") }
    public static var purple: UIColor { UIColor("purple") }
    public static var brown: UIColor { UIColor("brown") }
    public static var clear: UIColor { UIColor("clear") }
    public static var systemBackground: UIColor { UIColor("systemBackground") }
    public static var secondarySystemBackground: UIColor { UIColor("secondarySystemBackground") }
    public static var systemGroupedBackground: UIColor { UIColor("systemGroupedBackground") }
    public static var label: UIColor { UIColor("label") }
    public static var secondaryLabel: UIColor { UIColor("secondaryLabel") }
    public static var separator: UIColor { UIColor("separator") }
    public static var systemBlue: UIColor { UIColor("systemBlue") }
    public static var systemRed: UIColor { UIColor("systemRed") }
    public static var systemGreen: UIColor { UIColor("systemGreen") }
    public static var systemOrange: UIColor { UIColor("systemOrange") }
    public static var systemYellow: UIColor { UIColor("systemYellow") }
    public static var systemIndigo: UIColor { UIColor("systemIndigo") }
    public static var systemPurple: UIColor { UIColor("systemPurple") }
    public static var systemPink: UIColor { UIColor("systemPink") }
    public static var systemTeal: UIColor { UIColor("systemTeal") }
    public static var systemGray: UIColor { UIColor("systemGray") }
    public static var systemGray2: UIColor { UIColor("systemGray2") }
    public static var systemGray3: UIColor { UIColor("systemGray3") }
    public static var systemGray4: UIColor { UIColor("systemGray4") }
    public static var systemGray5: UIColor { UIColor("systemGray5") }
    public static var systemGray6: UIColor { UIColor("systemGray6") }
}
