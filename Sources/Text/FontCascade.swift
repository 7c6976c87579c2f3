import CFontShim
import Foundation
import Synchronization

/// The fonts a text is drawn with, as a phone's font cascade: the primary face first, then
/// fallbacks tried in order for each character the primary does not have (scripts, CJK,
/// symbols), with colour emoji taken from the emoji font where the character asks for an emoji.
///
/// Everything here is a pure function of the fonts and the text: which font draws a character
/// is decided per grapheme cluster (a flag, a family emoji, a letter with its marks stay in one
/// font), and measuring or itemizing a string never depends on the order strings were seen in.
public final class FontCascade: Sendable {
    public let fonts: [Font]
    /// Index of the colour emoji font in `fonts`, if the cascade has one.
    public let emoji: Int?
    /// The primary font has every printable ASCII character: ASCII text is one run of it.
    let primaryHasASCII: Bool
    /// Which font draws each character seen so far (-1: none).
    let resolved = Mutex<[Character: Int]>([:])

    public init(_ fonts: [Font]) {
        precondition(!fonts.isEmpty, "a cascade has at least its primary font")
        self.fonts = fonts
        emoji = fonts.firstIndex { $0.hasColorBitmaps }
        primaryHasASCII = (0x20...0x7E).allSatisfy { fonts[0].glyph(for: Unicode.Scalar(UInt8($0))) != nil }
    }

    public var primary: Font { fonts[0] }

    // MARK: Which font draws a character

    /// The font for one character (a grapheme cluster), nil when no font in the cascade has it
    /// (it is then drawn with the primary font's missing-glyph box).
    public func fontIndex(for c: Character) -> Int? {
        if let known = resolved.withLock({ $0[c] }) { return known < 0 ? nil : known }
        let found = resolve(c)
        resolved.withLock {
            if $0.count >= 65_536 { $0.removeAll(keepingCapacity: true) }
            $0[c] = found ?? -1
        }
        return found
    }

    /// Scalars that select or join rather than draw: a font need not have them.
    public static func isFormat(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
        default: return false
        }
    }

    /// Whether the character asks for a colour emoji: an emoji presentation selector or keycap,
    /// an emoji-presentation character, a modifier or joiner sequence, or (as iOS does) an
    /// emoji character beyond Latin-1 that the primary font does not draw as text.
    public func prefersEmoji(_ c: Character) -> Bool { FontCascade.prefersEmoji(c, primary: fonts[0]) }

    public static func prefersEmoji(_ c: Character, primary: Font) -> Bool {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return false }
        if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return true }
        let p = first.properties
        if p.isEmojiPresentation { return true }
        guard p.isEmoji, first.value > 0xFF else { return false }
        if scalars.contains(where: { $0.properties.isEmojiModifier || $0.value == 0x200D }) { return true }
        return primary.glyph(for: first) == nil
    }

    func resolve(_ c: Character) -> Int? {
        if let e = emoji, prefersEmoji(c), fonts[e].covers(c) { return e }
        for (i, f) in fonts.enumerated() where i != emoji && f.covers(c) { return i }
        // No font has the whole cluster: the first with its base character.
        guard let base = c.unicodeScalars.first else { return nil }
        return fonts.indices.first { $0 != emoji && fonts[$0].glyph(for: base) != nil }
            ?? emoji.flatMap { fonts[$0].glyph(for: base) != nil ? $0 : nil }
    }

    /// Spaces and ASCII punctuation and digits stay in the font of the text around them when it
    /// has them (a space between two Hebrew words is shaped with the Hebrew).
    static func isCommon(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        if s == " " || s.value == 0xA0 || s.value == 0x3000 { return true }
        return s.value < 0x80 && !s.properties.isAlphabetic
    }

    // MARK: Runs

    /// A stretch of characters drawn with one font in one direction.
    public struct Run: Equatable, Sendable {
        /// Character offsets into the itemized text.
        public var start: Int, end: Int
        public var font: Int
        /// The bidi embedding level: odd is right to left.
        public var level: UInt8
        public var rtl: Bool { level & 1 == 1 }
    }

    /// Whether the text is plain ASCII the primary font has: one left-to-right run.
    public func isSimple(_ s: String) -> Bool {
        primaryHasASCII && s.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
    }

    /// The text's runs in logical order, with the paragraph's direction (`base`: nil finds it
    /// from the first strong character).
    public func runs(_ chars: [Character], rtl base: Bool? = nil) -> (runs: [Run], rtl: Bool) {
        guard !chars.isEmpty else { return ([], base ?? false) }
        let (levels, rtl) = FontCascade.bidiLevels(chars, rtl: base)
        var fontOf = [Int](repeating: 0, count: chars.count)
        for (i, c) in chars.enumerated() {
            let own = fontIndex(for: c) ?? 0
            if i > 0, FontCascade.isCommon(c), own != fontOf[i - 1], fontOf[i - 1] != emoji, fonts[fontOf[i - 1]].covers(c) {
                fontOf[i] = fontOf[i - 1]
            } else {
                fontOf[i] = own
            }
        }
        var runs: [Run] = []
        var start = 0
        for i in 1...chars.count where i == chars.count || fontOf[i] != fontOf[start] || levels[i] != levels[start] {
            runs.append(Run(start: start, end: i, font: fontOf[start], level: levels[start]))
            start = i
        }
        return (runs, rtl)
    }

    /// Each character's bidi embedding level (of its first scalar) by the Unicode algorithm, and
    /// the paragraph's direction. Text with no right-to-left character in a left-to-right
    /// paragraph is all level 0 without asking FriBidi.
    public static func bidiLevels(_ chars: [Character], rtl base: Bool?) -> (levels: [UInt8], rtl: Bool) {
        let scalars = chars.flatMap { $0.unicodeScalars.map(\.value) }
        if base != true, scalars.allSatisfy({ $0 < 0x0590 }) {
            return ([UInt8](repeating: 0, count: chars.count), false)
        }
        var levels = [UInt8](repeating: 0, count: scalars.count)
        let dir = scalars.withUnsafeBufferPointer {
            tr_bidi_levels($0.baseAddress, Int32(clamping: $0.count), base == nil ? 0 : base == true ? 2 : 1, &levels)
        }
        let rtl = dir == 2 || (dir == 0 && base == true)
        if dir == 0 { return ([UInt8](repeating: rtl ? 1 : 0, count: chars.count), rtl) }
        var perChar: [UInt8] = []
        perChar.reserveCapacity(chars.count)
        var k = 0
        for c in chars {
            perChar.append(levels[k])
            k += c.unicodeScalars.count
        }
        return (perChar, rtl)
    }

    /// The order runs are shown in, left to right (rule L2: from the highest level down to the
    /// lowest odd level, every stretch at that level or higher is reversed).
    public static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var k = highest
        while k >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= k else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= k { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            k -= 1
        }
        return order
    }

    // MARK: Measuring

    /// Font units of font `i` per primary font unit.
    public func unitScale(_ i: Int) -> Double {
        i == 0 ? 1 : Double(fonts[0].unitsPerEm) / Double(fonts[i].unitsPerEm)
    }

    /// The width of `s` in primary font units, with `tracking` primary units after each glyph.
    public func advance(_ s: String, tracking: Double = 0) -> Double {
        if isSimple(s) {
            let shaped = fonts[0].shape(s)
            return Double(shaped.reduce(0) { $0 + $1.advance }) + tracking * Double(shaped.count)
        }
        let chars = Array(s)
        var total = 0.0
        for run in runs(chars).runs {
            let shaped = fonts[run.font].shape(String(chars[run.start..<run.end]), rtl: run.rtl)
            total += Double(shaped.reduce(0) { $0 + $1.advance }) * unitScale(run.font) + tracking * Double(shaped.count)
        }
        return total
    }

    /// Widths of the prefixes of `chars` (primary font units) from one shaping of each run:
    /// `widths[n]` is the advance of the glyphs whose cluster starts in the first n characters.
    public func prefixWidths(_ chars: [Character], tracking: Double = 0) -> [Double] {
        var perChar = [Double](repeating: 0, count: chars.count)
        let items: [Run] = isSimple(String(chars)) ? [Run(start: 0, end: chars.count, font: 0, level: 0)] : runs(chars).runs
        for run in items {
            let slice = chars[run.start..<run.end]
            var starts: [Int] = []   // UTF-8 offset of each character in the run
            starts.reserveCapacity(slice.count)
            var offset = 0
            for c in slice { starts.append(offset); offset += c.utf8.count }
            let k = unitScale(run.font)
            for g in fonts[run.font].shape(String(slice), rtl: run.rtl) {
                var lo = 0, hi = starts.count - 1
                while lo < hi {
                    let mid = (lo + hi + 1) / 2
                    if starts[mid] <= g.cluster { lo = mid } else { hi = mid - 1 }
                }
                if !starts.isEmpty { perChar[run.start + lo] += Double(g.advance) * k + tracking }
            }
        }
        var widths = [0.0]
        widths.reserveCapacity(chars.count + 1)
        for w in perChar { widths.append(widths[widths.count - 1] + w) }
        return widths
    }

    // MARK: Line breaks

    /// Where a line may end by UAX #14: `allowed[i]` says a break may follow character i.
    public static func breakOpportunities(_ chars: [Character]) -> [Bool] {
        let scalars = chars.flatMap { $0.unicodeScalars.map(\.value) }
        guard !scalars.isEmpty else { return [] }
        var breaks = [CChar](repeating: 2, count: scalars.count)
        scalars.withUnsafeBufferPointer { tr_line_breaks($0.baseAddress, Int32(clamping: $0.count), &breaks) }
        var allowed: [Bool] = []
        allowed.reserveCapacity(chars.count)
        var k = 0
        for c in chars {
            k += c.unicodeScalars.count
            allowed.append(breaks[k - 1] == 0 || breaks[k - 1] == 1)
        }
        return allowed
    }
}
