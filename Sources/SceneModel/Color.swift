import LayerTree

/// Colours by name and in hex, as scenes write them.
extension Color {
    /// iOS 13+ system colours in the light appearance (reference section 6.7).
    public static let named: [String: Color] = [
        "systemBackground": Color(255, 255, 255),
        "secondarySystemBackground": Color(242, 242, 247),
        "tertiarySystemBackground": Color(255, 255, 255),
        "systemGroupedBackground": Color(242, 242, 247),
        "secondarySystemGroupedBackground": Color(255, 255, 255),
        "tertiarySystemGroupedBackground": Color(242, 242, 247),
        "label": Color(0, 0, 0),
        "secondaryLabel": Color(60, 60, 67, 0.60),
        "tertiaryLabel": Color(60, 60, 67, 0.30),
        "quaternaryLabel": Color(60, 60, 67, 0.18),
        "placeholderText": Color(60, 60, 67, 0.30),
        "separator": Color(60, 60, 67, 0.29),
        "opaqueSeparator": Color(198, 198, 200),
        "systemFill": Color(120, 120, 128, 0.20),
        "secondarySystemFill": Color(120, 120, 128, 0.16),
        "tertiarySystemFill": Color(118, 118, 128, 0.12),
        "quaternarySystemFill": Color(116, 116, 128, 0.08),
        "systemBlue": Color(0, 122, 255),
        "link": Color(0, 122, 255),
        "systemRed": Color(255, 59, 48),
        "systemGreen": Color(52, 199, 89),
        "systemOrange": Color(255, 149, 0),
        "systemYellow": Color(255, 204, 0),
        "systemIndigo": Color(88, 86, 214),
        "systemPurple": Color(175, 82, 222),
        "systemPink": Color(255, 45, 85),
        "systemTeal": Color(48, 176, 199),
        "systemMint": Color(0, 199, 190),
        "systemCyan": Color(50, 173, 230),
        "systemBrown": Color(162, 132, 94),
        "systemGray": Color(142, 142, 147),
        "systemGray2": Color(174, 174, 178),
        "systemGray3": Color(199, 199, 204),
        "systemGray4": Color(209, 209, 214),
        "systemGray5": Color(229, 229, 234),
        "systemGray6": Color(242, 242, 247),
        "clear": .clear,
        "white": .white,
        "black": .black,
    ].merging(Color.uikitFixed) { system, _ in system }

    /// UIColor's fixed colours (not adapting to the appearance), by their Objective-C names
    /// (`grayColor`, as the articles write `[UIColor grayColor]`) and their Swift names (`gray`).
    /// Values from UIColor's documentation: grayscale 0 (black), 1/3 (darkGray), 0.5 (gray),
    /// 2/3 (lightGray), 1 (white); RGB components 0, 0.5 or 1 for the hues, brown (0.6, 0.4, 0.2).
    static let uikitFixed: [String: Color] = {
        let third = 1.0 / 3.0
        let fixed: [(String, Color)] = [
            ("black", .black), ("darkGray", Color(r: third, g: third, b: third)), ("lightGray", Color(r: 2 * third, g: 2 * third, b: 2 * third)),
            ("white", .white), ("gray", Color(r: 0.5, g: 0.5, b: 0.5)), ("red", Color(r: 1, g: 0, b: 0)),
            ("green", Color(r: 0, g: 1, b: 0)), ("blue", Color(r: 0, g: 0, b: 1)), ("cyan", Color(r: 0, g: 1, b: 1)),
            ("yellow", Color(r: 1, g: 1, b: 0)), ("magenta", Color(r: 1, g: 0, b: 1)), ("orange", Color(r: 1, g: 0.5, b: 0)),
            ("purple", Color(r: 0.5, g: 0, b: 0.5)), ("brown", Color(r: 0.6, g: 0.4, b: 0.2)), ("clear", .clear),
        ]
        var out: [String: Color] = [:]
        for (name, color) in fixed {
            out[name] = color
            out[name + "Color"] = color
        }
        return out
    }()

    /// The same system colours in the dark appearance (the base variants, not elevated or of
    /// increased contrast: reference section 6.7); the fixed colours do not change.
    public static let darkNamed: [String: Color] = [
        "systemBackground": Color(0, 0, 0),
        "secondarySystemBackground": Color(28, 28, 30),
        "tertiarySystemBackground": Color(44, 44, 46),
        "systemGroupedBackground": Color(0, 0, 0),
        "secondarySystemGroupedBackground": Color(28, 28, 30),
        "tertiarySystemGroupedBackground": Color(44, 44, 46),
        "label": Color(255, 255, 255),
        "secondaryLabel": Color(235, 235, 245, 0.60),
        "tertiaryLabel": Color(235, 235, 245, 0.30),
        "quaternaryLabel": Color(235, 235, 245, 0.16),
        "placeholderText": Color(235, 235, 245, 0.30),
        "separator": Color(84, 84, 88, 0.60),
        "opaqueSeparator": Color(56, 56, 58),
        "systemFill": Color(120, 120, 128, 0.36),
        "secondarySystemFill": Color(120, 120, 128, 0.32),
        "tertiarySystemFill": Color(118, 118, 128, 0.24),
        "quaternarySystemFill": Color(118, 118, 128, 0.18),
        "systemBlue": Color(10, 132, 255),
        "link": Color(9, 132, 255),
        "systemRed": Color(255, 69, 58),
        "systemGreen": Color(48, 209, 88),
        "systemOrange": Color(255, 159, 10),
        "systemYellow": Color(255, 214, 10),
        "systemIndigo": Color(94, 92, 230),
        "systemPurple": Color(191, 90, 242),
        "systemPink": Color(255, 55, 95),
        "systemTeal": Color(64, 200, 224),
        "systemMint": Color(99, 230, 226),
        "systemCyan": Color(100, 210, 255),
        "systemBrown": Color(172, 142, 104),
        "systemGray": Color(142, 142, 147),
        "systemGray2": Color(99, 99, 102),
        "systemGray3": Color(72, 72, 74),
        "systemGray4": Color(58, 58, 60),
        "systemGray5": Color(44, 44, 46),
        "systemGray6": Color(28, 28, 30),
    ].merging(Color.named) { dark, _ in dark }

    /// The colours by name in an appearance.
    public static func names(_ appearance: Appearance) -> [String: Color] {
        appearance == .dark ? darkNamed : named
    }

    /// A colour by name in an appearance (a system colour's value there; a fixed colour's own).
    public static func named(_ name: String, _ appearance: Appearance) -> Color? {
        names(appearance)[name]
    }

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a system colour name (its value in `appearance`).
    public static func parse(_ s: String, appearance: Appearance = .light) -> Color? {
        if let c = names(appearance)[s] { return c }
        guard s.first == "#" else { return nil }
        let hex = Array(s.dropFirst())
        var digits: [Int] = []
        for ch in hex {
            guard let d = ch.hexDigitValue else { return nil }
            digits.append(d)
        }
        switch digits.count {
        case 3: return Color(digits[0] * 17, digits[1] * 17, digits[2] * 17)
        case 6, 8:
            let v = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
            return Color(v[0], v[1], v[2], v.count == 4 ? Double(v[3]) / 255 : 1)
        default: return nil
        }
    }
}
