import LayerTree

/// How iOS sets its system font, SF Pro, at a size: the Text design below 20 pt and the Display
/// design from 20 pt, and a tracking that depends on the size (Apple's Human Interface
/// Guidelines, "Typography", the SF Pro tracking table; see notes/scene-support.md).
public enum SystemFont {
    /// Sizes from this on use SF Pro Display.
    public static let displaySwitch = 20.0

    /// Tracking in 1/1000 em for whole point sizes 6 to 80 (the HIG table); sizes between are
    /// interpolated, sizes outside take the nearest end.
    static let table: [(size: Double, tracking: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -25), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12),
        (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8),
        (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6),
        (56, 6), (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 3), (70, 2), (72, 2), (76, 1), (80, 0),
    ]

    /// The tracking at `size` points, in 1/1000 em.
    public static func tracking(size: Double) -> Double {
        guard size.isFinite, let first = table.first, let last = table.last else { return 0 }
        if size <= first.size { return first.tracking }
        if size >= last.size { return last.tracking }
        var i = 1
        while table[i].size < size { i += 1 }
        let a = table[i - 1], b = table[i]
        return a.tracking + (b.tracking - a.tracking) * (size - a.size) / (b.size - a.size)
    }

    /// How far iOS's system font is along from SF Pro's Text design to its Display design at
    /// `size` (0 Text, 1 Display): iOS 14 and later draw the variable SF Pro with its optical
    /// size at the point size, from 17 pt (Text) to 28 pt (Display) along the font's `avar`
    /// curve (read from SF Pro 22.0's; notes/scene-support.md), clamped outside.
    public static func displayShare(size: Double) -> Double {
        guard size.isFinite, size > 17 else { return 0 }
        guard size < 28 else { return 1 }
        let points: [Double] = [0, 0.045, 0.091, 0.236, 0.382, 0.527, 0.673, 0.818, 0.864, 0.909, 0.955, 1]
        let i = min(max(Int(size) - 17, 0), points.count - 2)
        let t = size - Double(17 + i)
        return points[i] + (points[i + 1] - points[i]) * t
    }

    /// What Inter needs beyond Apple's tracking to be as wide as SF Pro's Text and Display
    /// designs (1/1000 em), by weight: fitted over 42 table strings shaped with HarfBuzz in SF Pro
    /// 17.0 and Inter 3.19 (notes/scene-support.md, "Text as wide as on a device").
    static func interExtra(_ weight: FontWeight) -> (text: Double, display: Double) {
        switch weight {
        case .regular: return (-1.5, -58.2)
        case .medium: return (4.4, -50.5)
        case .semibold: return (7.1, -46.2)
        case .bold: return (13.2, -38.3)
        }
    }

    /// The tracking (1/1000 em) that makes Inter, standing in for the system font, as wide as
    /// iOS's SF Pro at `size` in `weight` with its own tracking: Apple's tracking, plus Inter's
    /// extra for the Text and Display designs in the share iOS's optical size gives each.
    public static func interTracking(size: Double, weight: FontWeight) -> Double {
        let f = displayShare(size: size), extra = interExtra(weight)
        return tracking(size: size) + (1 - f) * extra.text + f * extra.display
    }
}
