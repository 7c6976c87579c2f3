import Geometry
import LayerTree

/// A glyph placed in the layer: its font in the cascade, its outline's origin (on the baseline)
/// and the font's scale.
public struct PlacedGlyph: Equatable, Sendable {
    public var glyph: UInt32
    public var origin: Point
    /// Index of the glyph's font in the layout's cascade.
    public var font: Int = 0
    /// Points per unit of the glyph's font.
    public var scale: Double = 0
}

/// What text is measured and shaped with: the font cascade and the tracking after each glyph.
public struct Shaper: Sendable {
    public let cascade: FontCascade
    /// Primary font units after each glyph (SF Pro's size-dependent tracking, or what makes
    /// Inter as wide as SF Pro at the size).
    public let tracking: Double

    public init(cascade: FontCascade, tracking: Double = 0) {
        self.cascade = cascade
        self.tracking = tracking
    }

    public init(font: Font) { self.init(cascade: FontCascade([font])) }

    /// A tracking in 1/1000 em as the cascade's primary font units.
    public static func units(_ perMille: Double, _ cascade: FontCascade) -> Double {
        perMille.isFinite ? perMille / 1000 * Double(cascade.primary.unitsPerEm) : 0
    }

    /// Width in primary font units.
    public func advance(_ s: String) -> Double { cascade.advance(s, tracking: tracking) }
    func prefixWidths(_ chars: [Character]) -> [Double] { cascade.prefixWidths(chars, tracking: tracking) }
    var unitsPerEm: Int { cascade.primary.unitsPerEm }
}

/// Lays text out as UILabel does: lines from the primary font's hhea metrics (line height =
/// ascender - descender + line gap), lines broken where UAX #14 allows, at most `lines` lines
/// (0 = unlimited), an ellipsis where the text does not fit, each line in bidi visual order with
/// each run shaped in its font and direction, horizontal alignment (`natural` follows the
/// paragraph's direction), and the block centred vertically in the bounds (or from the top, as a
/// `CATextLayer`: `verticalAlignment`).
public struct TextLayout: Sendable {
    public let glyphs: [PlacedGlyph]
    /// Points per primary font unit.
    public let scale: Double
    /// The laid-out lines (as strings in logical order, after wrapping and truncation), for tests.
    public let lines: [String]
    /// Each line's paragraph direction.
    public let rightToLeft: [Bool]
    /// Whether a line's box reaches outside the bounds (a text taller or wider than its
    /// layer): what is drawn is then clipped to the bounds, as a layer's backing store is.
    public let overflows: Bool

    /// One line of text with its paragraph's direction.
    public struct Line: Equatable, Sendable {
        public var text: String
        public var rtl: Bool
    }

    public init(text: LayerText, font: Font, bounds: Rect) {
        self.init(text: text, shaper: Shaper(font: font), bounds: bounds)
    }

    public init(text original: LayerText, shaper: Shaper, bounds: Rect) {
        var text = original
        text.size = TextLayout.fittedSize(of: original, shaper: shaper, width: bounds.width)
        let cascade = shaper.cascade, font = cascade.primary
        let scale = text.size / Double(font.unitsPerEm)
        self.scale = scale
        let maxWidth = bounds.width / scale   // font units
        let lineHeight = Double(font.ascender - font.descender + font.lineGap) * scale
        let lines = TextLayout.breakLines(text.string, shaper: shaper, width: maxWidth,
                                          maxLines: TextLayout.linesShown(text, lineHeight: lineHeight, height: bounds.height),
                                          truncation: text.truncation)
        self.lines = lines.map(\.text)
        rightToLeft = lines.map(\.rtl)
        let blockHeight = Double(lines.count) * lineHeight
        let top = text.verticalAlignment == .top ? bounds.y : bounds.y + (bounds.height - blockHeight) / 2
        var placed: [PlacedGlyph] = []
        let slack = 1e-9 * max(1, abs(bounds.maxX) + abs(bounds.maxY))
        var overflows = lines.count > 0 && (top < bounds.y - slack || top + blockHeight > bounds.maxY + slack)
        for (i, line) in lines.enumerated() {
            let baseline = top + Double(i) * lineHeight + Double(font.ascender) * scale
            let runs = TextLayout.shapedRuns(line, shaper: shaper, size: text.size)
            let width = runs.reduce(0) { $0 + $1.width }
            let x0: Double
            switch text.alignment {
            case .left: x0 = bounds.x
            case .natural:
                // UIKit's natural (a UILabel, centred vertically) is "the default alignment for
                // the current localization of the app" (NSTextAlignment.natural): left, the apps
                // drawn here being left-to-right. Core Animation's (a CATextLayer, top-aligned)
                // is "the natural alignment of the text's script": the paragraph's start.
                x0 = line.rtl && text.verticalAlignment == .top ? bounds.x + bounds.width - width : bounds.x
            case .center: x0 = bounds.x + (bounds.width - width) / 2
            case .right: x0 = bounds.x + bounds.width - width
            }
            if x0 < bounds.x - slack || x0 + width > bounds.maxX + slack { overflows = true }
            var runX = x0
            for run in runs {
                var pen = 0.0
                for g in run.glyphs {
                    placed.append(PlacedGlyph(glyph: g.glyph, origin: Point(runX + (pen + Double(g.xOffset)) * run.scale,
                                                                             baseline - Double(g.yOffset) * run.scale),
                                              font: run.font, scale: run.scale))
                    pen += Double(g.advance) + run.tracking
                }
                runX += run.width
            }
        }
        glyphs = placed
        self.overflows = overflows
    }

    /// The most lines a text shows in bounds `height` points tall: its `lines` (0, any), and a
    /// `UILabel` (centred) that truncates also no more than fit, the last truncated: "the label
    /// truncates any text that doesn't fit within the maximum number of lines and inside the
    /// bounding rectangle" (UILabel.numberOfLines). At least one (a label shorter than a line
    /// shows it clipped); clipping labels and `CATextLayer`s (from the top) show every line, cut
    /// at the bounds.
    static func linesShown(_ text: LayerText, lineHeight: Double, height: Double) -> Int {
        guard text.verticalAlignment == .center, text.truncation != .clip, lineHeight > 0, height.isFinite else { return text.lines }
        let fit = max(1, Int((min(height / lineHeight, 1e6) * (1 + 1e-9)).rounded(.down)))
        return text.lines == 0 ? fit : min(text.lines, fit)
    }

    /// The size a single line is drawn at in `width` points: its own, or, when it is wider and
    /// may shrink (`minimumScaleFactor` above 0), the size at which it just fits, but not below
    /// `size` times the factor (UILabel's `adjustsFontSizeToFitWidth`: "the label reduces the font
    /// size until the text fits or it has scaled the font down to the minimum font size"). Only
    /// a one-line label shrinks here: UIKit's shrinking across several lines is widely reported
    /// not to happen and is not documented. Advances scale with the size, so the fitting size is
    /// the width ratio; UIKit's own steps are not documented.
    public static func fittedSize(of text: LayerText, shaper: Shaper, width: Double) -> Double {
        let factor = text.minimumScaleFactor
        guard factor > 0, factor < 1, text.lines == 1, width > 0, width.isFinite else { return text.size }
        let natural = shaper.advance(text.string.replacingNewlines) * text.size / Double(shaper.unitsPerEm)
        guard natural > width, natural.isFinite else { return text.size }
        return max(text.size * factor, text.size * width / natural)
    }

    /// The height `text` takes in `width` points (its lines times the primary font's line
    /// height), as a UILabel's intrinsic content height for self-sizing cells.
    public static func height(of text: LayerText, shaper: Shaper, width: Double) -> Double {
        let (lines, scale, lineHeight) = lineBreaks(of: text, shaper: shaper, width: width)
        return Double(lines.count) * lineHeight * scale
    }

    /// The size `text` takes laid out in `width` points (unbounded with `.infinity`): its
    /// widest line's advance and its height, as `UILabel.sizeThatFits(_:)` gives it.
    public static func size(of text: LayerText, shaper: Shaper, width: Double) -> (width: Double, height: Double) {
        let (lines, scale, lineHeight) = lineBreaks(of: text, shaper: shaper, width: width)
        let widest = lines.reduce(0) { max($0, shaper.advance($1.text)) }
        return (widest * scale, Double(lines.count) * lineHeight * scale)
    }

    /// `text`'s lines in `width` points, the points per font unit, and the primary font's line
    /// height in font units.
    static func lineBreaks(of text: LayerText, shaper: Shaper, width: Double) -> (lines: [Line], scale: Double, lineHeight: Double) {
        let font = shaper.cascade.primary
        let scale = text.size / Double(font.unitsPerEm)
        let lines = breakLines(text.string, shaper: shaper, width: width / scale, maxLines: text.lines, truncation: text.truncation)
        return (lines, scale, Double(font.ascender - font.descender + font.lineGap))
    }

    /// A run of a line, shaped, in visual order.
    struct ShapedRun {
        var glyphs: [ShapedGlyph]
        var font: Int
        /// Points per unit of the run's font, and the tracking in those units.
        var scale: Double, tracking: Double
        /// Points.
        var width: Double
    }

    /// The line's runs left to right (bidi rule L2), each shaped in its font and direction.
    static func shapedRuns(_ line: Line, shaper: Shaper, size: Double) -> [ShapedRun] {
        let cascade = shaper.cascade
        func shaped(_ text: String, font: Int, rtl: Bool) -> ShapedRun {
            let f = cascade.fonts[font]
            let scale = size / Double(f.unitsPerEm)
            // The shaper's tracking is in primary units; `unitScale` turns this font's units into
            // primary ones, so primary units are divided by it (multiplying drew a fallback
            // font's runs with the tracking times the square of the ratio: Hebrew and CJK under
            // Inter, 2816 units to Noto's 1000, collapsed).
            let tracking = shaper.tracking / cascade.unitScale(font)
            let glyphs = f.shape(text, rtl: rtl)
            let advance = Double(glyphs.reduce(0) { $0 + $1.advance }) + tracking * Double(glyphs.count)
            return ShapedRun(glyphs: glyphs, font: font, scale: scale, tracking: tracking, width: advance * scale)
        }
        if !line.rtl && cascade.isSimple(line.text) { return [shaped(line.text, font: 0, rtl: false)] }
        let chars = Array(line.text)
        let runs = cascade.runs(chars, rtl: line.rtl).runs
        return FontCascade.visualOrder(runs.map(\.level)).map {
            shaped(String(chars[runs[$0].start..<runs[$0].end]), font: runs[$0].font, rtl: runs[$0].rtl)
        }
    }

    static let ellipsis = "\u{2026}"

    /// Wrapped lines; when the text needs more than `maxLines` lines, the last allowed line takes
    /// the rest and is truncated with an ellipsis.
    static func breakLines(_ string: String, shaper: Shaper, width: Double, maxLines: Int, truncation: Truncation) -> [Line] {
        let paragraphs = string.split(separator: "\n", omittingEmptySubsequences: false).map { Paragraph(String($0)) }
        var wrapped: [(line: Line, paragraph: Int, start: Int)] = []
        for (p, paragraph) in paragraphs.enumerated() {
            for piece in wrap(paragraph, shaper: shaper, width: width) {
                wrapped.append((Line(text: String(paragraph.text[piece]), rtl: paragraph.rtl), p, piece.lowerBound))
            }
        }
        if maxLines == 0 || wrapped.count <= maxLines { return wrapped.map(\.line) }
        // The rest: the text from the last allowed line's start, paragraphs joined by spaces.
        let cut = wrapped[maxLines - 1]
        let rest = maxLines == 1
            ? string.replacingNewlines
            : ([String(paragraphs[cut.paragraph].text[cut.start...])] + paragraphs[(cut.paragraph + 1)...].map { String($0.text) })
                .joined(separator: " ")
        let last = shaper.advance(rest) <= width + 1e-9 ? rest : truncate(rest, shaper: shaper, width: width, mode: truncation)
        return wrapped.prefix(maxLines - 1).map(\.line) + [Line(text: last, rtl: maxLines == 1 ? paragraphs[0].rtl : cut.line.rtl)]
    }

    /// How far a string shaped alone may differ from its share of a longer shaping, per place
    /// where it was cut (a kerning pair, a ligature or a contextual form across the cut), in ems:
    /// generous, real kerning is a fraction of an em.
    static let slackEms = 2

    /// Words longer than this break by one measurement of the whole word (linear) instead of
    /// shaping each candidate prefix (which costs the cube of the length).
    static let longWord = 64

    /// A paragraph as the line breaker sees it: its text as written, and the pieces between
    /// break opportunities (UAX #14) without their trailing spaces. A line runs from one piece's
    /// start to a later piece's end, so the spaces inside it are drawn as written (UILabel keeps
    /// "a  b"'s two) and the spaces where it breaks hang past its end. The first piece starts at
    /// the paragraph's start: leading spaces are drawn too ("  3" is not "3").
    struct Paragraph {
        /// The text as written.
        var text: [Character] = []
        /// The pieces, as character ranges of `text`.
        var pieces: [Range<Int>] = []
        var rtl: Bool

        init(_ string: String) {
            let chars = Array(string)
            text = chars
            rtl = FontCascade.bidiLevels(chars, rtl: nil).rtl
            let allowed = FontCascade.breakOpportunities(chars)
            var start = 0
            for i in chars.indices where allowed[i] || i == chars.count - 1 {
                var end = i + 1
                while end > start && chars[end - 1] == " " { end -= 1 }
                if start < end { pieces.append((pieces.isEmpty ? 0 : start)..<end) }
                start = i + 1
            }
        }
    }

    /// Greedy line breaking: each line the longest run of pieces that fits; a piece wider than a
    /// line breaks between characters. A candidate's width comes from one shaping of the
    /// paragraph; it is shaped alone only when that measurement is within the slack of the
    /// width at its two cuts, so a line costs a few shapings, not one per piece.
    static func wrap(_ paragraph: Paragraph, shaper: Shaper, width: Double) -> [Range<Int>] {
        let chars = paragraph.text
        guard !paragraph.pieces.isEmpty else { return [0..<0] }
        func fits(_ r: Range<Int>) -> Bool { shaper.advance(String(chars[r])) <= width + 1e-9 }
        let widths = shaper.prefixWidths(chars)
        let margin = Double(2 * slackEms * shaper.unitsPerEm)
        var lines: [Range<Int>] = []
        var line: Range<Int>?
        for piece in paragraph.pieces {
            if let current = line {
                let candidate = current.lowerBound..<piece.upperBound
                let estimate = widths[candidate.upperBound] - widths[candidate.lowerBound]
                let candidateFits: Bool
                if estimate + margin <= width { candidateFits = true }
                else if estimate - margin > width + 1e-9 { candidateFits = false }
                else { candidateFits = fits(candidate) }
                if candidateFits { line = candidate; continue }
                lines.append(current)
            }
            // The piece starts a new line; a piece wider than a line breaks between characters.
            var start = piece.lowerBound
            if piece.count > longWord {
                let (head, rest) = breakLongWord(Array(chars[piece]), shaper: shaper, width: width)
                for h in head { lines.append(start..<(start + h)); start += h }
                start = piece.upperBound - rest
            }
            while !fits(start..<piece.upperBound) && piece.upperBound - start > 1 {
                var n = piece.upperBound - start - 1
                while n > 1 && !fits(start..<(start + n)) { n -= 1 }
                lines.append(start..<(start + n))
                start += n
            }
            line = start..<piece.upperBound
        }
        if let line { lines.append(line) }
        return lines
    }

    /// The plain definition `wrap` keeps to, as strings (for tests): every candidate shaped.
    static func wrap(_ string: String, shaper: Shaper, width: Double) -> [String] {
        string.split(separator: "\n", omittingEmptySubsequences: false).flatMap { p -> [String] in
            let paragraph = Paragraph(String(p))
            return wrap(paragraph, shaper: shaper, width: width).map { String(paragraph.text[$0]) }
        }
    }

    /// A long word broken into lines as the plain loop in `wrap` breaks it (each line the
    /// longest prefix of the rest that fits, at least one character), found from one
    /// measurement: the measured break is then moved by exact shaping of line-long candidates
    /// until it is the longest that fits. Linear in the word instead of cubic. Returns the full
    /// lines' lengths and the length of the rest, which the plain loop finishes (at most a line).
    static func breakLongWord(_ chars: [Character], shaper: Shaper, width: Double) -> (lines: [Int], rest: Int) {
        let widths = shaper.prefixWidths(chars)
        let slack = Double(2 * slackEms * shaper.unitsPerEm)
        func fits(_ a: Int, _ b: Int) -> Bool { shaper.advance(String(chars[a..<b])) <= width + 1e-9 }
        /// Whether chars[a..<b] fits: by measurement when it is clear, else by shaping.
        func restFits(_ a: Int) -> Bool {
            let w = widths[chars.count] - widths[a]
            if w > width + slack { return false }
            if w + slack <= width { return true }
            return fits(a, chars.count)
        }
        var lines: [Int] = []
        var start = 0
        while chars.count - start > 1 && !restFits(start) {
            // The measured break, then exact: grow while the next fits, shrink while it does not
            // (the plain loop takes the longest fitting prefix of at most count - 1 characters).
            var end = start + 1
            while end < chars.count - 1 && widths[end + 1] - widths[start] <= width + 1e-9 { end += 1 }
            while end < chars.count - 1 && fits(start, end + 1) { end += 1 }
            while end > start + 1 && !fits(start, end) { end -= 1 }
            lines.append(end - start)
            start = end
        }
        return (lines, chars.count - start)
    }

    /// Cuts `s` so that with an ellipsis it fits `width` (font units).
    static func truncate(_ s: String, shaper: Shaper, width: Double, mode: Truncation) -> String {
        let chars = Array(s)
        func fits(_ t: String) -> Bool { shaper.advance(t) <= width + 1e-9 }
        // Long text: the exact search below starts where one measurement says a candidate can
        // still fit (each candidate has at most two cuts), instead of at the whole text.
        var start = chars.count
        if chars.count > longWord * 4, mode != .clip {
            let widths = shaper.prefixWidths(chars)
            let limit = width + Double(2 * slackEms * shaper.unitsPerEm)
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
