import Geometry
import LayerTree

/// A glyph placed in the layer: its outline's origin (on the baseline) and the font scale.
public struct PlacedGlyph: Equatable, Sendable {
    public var glyph: UInt32
    public var origin: Point
}

/// Lays text out as UILabel does: lines from the font's hhea metrics (line height = ascender -
/// descender + line gap), word wrapping, at most `lines` lines (0 = unlimited), an ellipsis where
/// the text does not fit, horizontal alignment, and the block centred vertically in the bounds.
public struct TextLayout: Sendable {
    public let glyphs: [PlacedGlyph]
    /// Points per font unit.
    public let scale: Double
    /// The laid-out lines (as strings, after wrapping and truncation), for tests.
    public let lines: [String]

    public init(text: LayerText, font: Font, bounds: Rect) {
        let scale = text.size / Double(font.unitsPerEm)
        self.scale = scale
        let maxWidth = bounds.width / scale   // font units
        let lineHeight = Double(font.ascender - font.descender + font.lineGap) * scale
        let lines = TextLayout.breakLines(text.string, font: font, width: maxWidth, maxLines: text.lines,
                                          truncation: text.truncation)
        self.lines = lines
        let blockHeight = Double(lines.count) * lineHeight
        let top = bounds.y + (bounds.height - blockHeight) / 2
        var placed: [PlacedGlyph] = []
        for (i, line) in lines.enumerated() {
            let shaped = font.shape(line)
            let width = Double(shaped.reduce(0) { $0 + $1.advance }) * scale
            let x0: Double
            switch text.alignment {
            case .left, .natural: x0 = bounds.x
            case .center: x0 = bounds.x + (bounds.width - width) / 2
            case .right: x0 = bounds.x + bounds.width - width
            }
            let baseline = top + Double(i) * lineHeight + Double(font.ascender) * scale
            var pen = 0
            for g in shaped {
                placed.append(PlacedGlyph(glyph: g.glyph, origin: Point(x0 + Double(pen + g.xOffset) * scale,
                                                                         baseline - Double(g.yOffset) * scale)))
                pen += g.advance
            }
        }
        glyphs = placed
    }

    static let ellipsis = "\u{2026}"

    /// Greedy word wrapping; a word longer than a line breaks between characters. When the
    /// wrapped text needs more than `maxLines` lines, the last allowed line takes the rest and is
    /// truncated with an ellipsis.
    static func breakLines(_ string: String, font: Font, width: Double, maxLines: Int, truncation: Truncation) -> [String] {
        let wrapped = wrap(string, font: font, width: width)
        if maxLines == 0 || wrapped.count <= maxLines { return wrapped }
        let rest = maxLines == 1
            ? string.replacingNewlines
            : wrapped[(maxLines - 1)...].joined(separator: " ")
        let last = Double(font.advance(rest)) <= width + 1e-9 ? rest : truncate(rest, font: font, width: width, mode: truncation)
        return Array(wrapped.prefix(maxLines - 1)) + [last]
    }

    /// How far a string shaped alone may differ from its share of a longer shaping, per place
    /// where it was cut or joined (a kerning pair, a ligature or a contextual form across the
    /// cut), in ems: generous, real kerning is a fraction of an em.
    static let slackEms = 2

    /// Words longer than this break by one measurement of the whole word (linear) instead of
    /// shaping each candidate prefix (which costs the cube of the length).
    static let longWord = 64

    static func wrap(_ string: String, font: Font, width: Double) -> [String] {
        func fits(_ s: String) -> Bool { Double(font.advance(s)) <= width + 1e-9 }
        let joinSlack = Double(slackEms * font.unitsPerEm)
        let spaceWidth = Double(font.advance(" "))
        var lines: [String] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            // The line's width as the sum of its words and spaces, and how many joins that sum has:
            // where the sum decides the question whatever the joins do, no shaping is needed.
            var lineSum = 0.0, joins = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                let wordWidth = Double(font.advance(word))
                let sum = line.isEmpty ? wordWidth : lineSum + spaceWidth + wordWidth
                let margin = Double(line.isEmpty ? 0 : joins + 2) * joinSlack
                let candidateFits: Bool
                if line.isEmpty { candidateFits = wordWidth <= width + 1e-9 }
                else if sum + margin <= width { candidateFits = true }
                else if sum - margin > width + 1e-9 { candidateFits = false }
                else { candidateFits = fits(candidate) }
                if candidateFits { line = candidate; lineSum = sum; joins += line == word ? 0 : 2; continue }
                if !line.isEmpty { lines.append(line) }
                // The word starts a new line; a word wider than a line breaks between characters.
                var chars = Array(word)
                if chars.count > longWord {
                    let (head, rest) = breakLongWord(chars, font: font, width: width)
                    lines.append(contentsOf: head)
                    chars = rest
                }
                while !fits(String(chars)) && chars.count > 1 {
                    var n = chars.count - 1
                    while n > 1 && !fits(String(chars[0..<n])) { n -= 1 }
                    lines.append(String(chars[0..<n]))
                    chars = Array(chars[n...])
                }
                line = String(chars)
                lineSum = Double(font.advance(line))
                joins = 0
            }
            lines.append(line)
        }
        return lines
    }

    /// Widths of the prefixes of `chars` from one shaping of the whole (font units):
    /// `widths[n]` is the advance of the glyphs whose cluster starts in the first n characters.
    static func prefixWidths(_ chars: [Character], font: Font) -> [Double] {
        var starts: [Int] = []   // UTF-8 offset of each character
        starts.reserveCapacity(chars.count + 1)
        var offset = 0
        for c in chars { starts.append(offset); offset += c.utf8.count }
        var perChar = [Double](repeating: 0, count: chars.count)
        for g in font.shape(String(chars)) {
            // The character holding the glyph's cluster (binary search: clusters are offsets).
            var lo = 0, hi = chars.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= g.cluster { lo = mid } else { hi = mid - 1 }
            }
            if !perChar.isEmpty { perChar[lo] += Double(g.advance) }
        }
        var widths = [0.0]
        widths.reserveCapacity(chars.count + 1)
        for w in perChar { widths.append(widths[widths.count - 1] + w) }
        return widths
    }

    /// A long word broken into lines as the plain loop in `wrap` breaks it (each line the
    /// longest prefix of the rest that fits, at least one character), found from one
    /// measurement: the measured break is then moved by exact shaping of line-long candidates
    /// until it is the longest that fits. Linear in the word instead of cubic. Returns the full
    /// lines and the rest, which the plain loop finishes (at most a line).
    static func breakLongWord(_ chars: [Character], font: Font, width: Double) -> (lines: [String], rest: [Character]) {
        let widths = prefixWidths(chars, font: font)
        let slack = Double(2 * slackEms * font.unitsPerEm)
        func fits(_ a: Int, _ b: Int) -> Bool { Double(font.advance(String(chars[a..<b]))) <= width + 1e-9 }
        /// Whether chars[a..<b] fits: by measurement when it is clear, else by shaping.
        func restFits(_ a: Int) -> Bool {
            let w = widths[chars.count] - widths[a]
            if w > width + slack { return false }
            if w + slack <= width { return true }
            return fits(a, chars.count)
        }
        var lines: [String] = []
        var start = 0
        while chars.count - start > 1 && !restFits(start) {
            // The measured break, then exact: grow while the next fits, shrink while it does not
            // (the plain loop takes the longest fitting prefix of at most count - 1 characters).
            var end = start + 1
            while end < chars.count - 1 && widths[end + 1] - widths[start] <= width + 1e-9 { end += 1 }
            while end < chars.count - 1 && fits(start, end + 1) { end += 1 }
            while end > start + 1 && !fits(start, end) { end -= 1 }
            lines.append(String(chars[start..<end]))
            start = end
        }
        return (lines, Array(chars[start...]))
    }

    /// Cuts `s` so that with an ellipsis it fits `width` (font units).
    static func truncate(_ s: String, font: Font, width: Double, mode: Truncation) -> String {
        let chars = Array(s)
        func fits(_ t: String) -> Bool { Double(font.advance(t)) <= width + 1e-9 }
        // Long text: the exact search below starts where one measurement says a candidate can
        // still fit (each candidate has at most two cuts), instead of at the whole text.
        var start = chars.count
        if chars.count > longWord * 4, mode != .clip {
            let widths = prefixWidths(chars, font: font)
            let limit = width + Double(2 * slackEms * font.unitsPerEm)
            func estimate(_ n: Int) -> Double {
                switch mode {
                case .tail: return widths[n]
                case .head: return widths[chars.count] - widths[chars.count - n]
                default: return widths[(n + 1) / 2] + widths[chars.count] - widths[chars.count - n / 2]
                }
            }
            var n = 0
            while n < chars.count && estimate(n + 1) <= limit { n += 1 }
            start = n
        }
        func trimmed(_ c: ArraySlice<Character>) -> String { String(c).trimmingTrailingSpaces }
        switch mode {
        case .clip:
            return s
        case .tail:
            var n = start
            while n > 0 && !fits(trimmed(chars[0..<n]) + ellipsis) { n -= 1 }
            return trimmed(chars[0..<n]) + ellipsis
        case .head:
            var n = start
            while n > 0 && !fits(ellipsis + String(chars[(chars.count - n)...]).trimmingLeadingSpaces) { n -= 1 }
            return ellipsis + String(chars[(chars.count - n)...]).trimmingLeadingSpaces
        case .middle:
            var n = start
            func candidate(_ n: Int) -> String {
                let head = (n + 1) / 2, tail = n / 2
                return trimmed(chars[0..<head]) + ellipsis + String(chars[(chars.count - tail)...]).trimmingLeadingSpaces
            }
            while n > 0 && !fits(candidate(n)) { n -= 1 }
            return candidate(n)
        }
    }
}

extension String {
    var replacingNewlines: String { split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") }
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
    var trimmingLeadingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        return String(s)
    }
}
