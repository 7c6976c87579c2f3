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
}
