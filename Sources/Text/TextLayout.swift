import Geometry
import SceneModel

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

    public init(text: TextContent, font: Font, bounds: Rect) {
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

    static func wrap(_ string: String, font: Font, width: Double) -> [String] {
        func fits(_ s: String) -> Bool { Double(font.advance(s)) <= width + 1e-9 }
        var lines: [String] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if fits(candidate) { line = candidate; continue }
                if !line.isEmpty { lines.append(line) }
                // The word starts a new line; a word wider than a line breaks between characters.
                var chars = Array(word)
                while !fits(String(chars)) && chars.count > 1 {
                    var n = chars.count - 1
                    while n > 1 && !fits(String(chars[0..<n])) { n -= 1 }
                    lines.append(String(chars[0..<n]))
                    chars = Array(chars[n...])
                }
                line = String(chars)
            }
            lines.append(line)
        }
        return lines
    }

    /// Cuts `s` so that with an ellipsis it fits `width` (font units).
    static func truncate(_ s: String, font: Font, width: Double, mode: Truncation) -> String {
        let chars = Array(s)
        func fits(_ t: String) -> Bool { Double(font.advance(t)) <= width + 1e-9 }
        func trimmed(_ c: ArraySlice<Character>) -> String { String(c).trimmingTrailingSpaces }
        switch mode {
        case .clip:
            return s
        case .tail:
            var n = chars.count
            while n > 0 && !fits(trimmed(chars[0..<n]) + ellipsis) { n -= 1 }
            return trimmed(chars[0..<n]) + ellipsis
        case .head:
            var n = chars.count
            while n > 0 && !fits(ellipsis + String(chars[(chars.count - n)...]).trimmingLeadingSpaces) { n -= 1 }
            return ellipsis + String(chars[(chars.count - n)...]).trimmingLeadingSpaces
        case .middle:
            var n = chars.count
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
