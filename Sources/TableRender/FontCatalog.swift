import Compositing
import Foundation
import Hashing
import LayerTree
import SceneModel
import Synchronization
import Raster
import Text

/// The fonts behind a scene's text: its primary fonts, the Noto fallbacks from Debian's packages
/// in the order a phone's cascade tries scripts, the colour emoji font, and SF Pro when the user
/// has it. Only the fallbacks the scene's characters need are opened.
enum FontCatalog {
    static let notoDirectories = ["/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto"]

    /// A fallback family: its regular and bold files and the face in them.
    struct Fallback {
        var regular: String
        var bold: String?
        var face = 0
    }

    /// Latin, Greek and Cyrillic beyond the primary, then the scripts, CJK (the Simplified
    /// Chinese face of Noto Sans CJK, face 2: its kana and hangul are complete too), symbols.
    static let fallbacks: [Fallback] = ["", "Hebrew", "Arabic", "Thai", "Devanagari", "Bengali", "Tamil", "Telugu", "Kannada",
                                        "Malayalam", "Gujarati", "Gurmukhi", "Sinhala", "Armenian", "Georgian", "Ethiopic",
                                        "Khmer", "Lao", "Myanmar"].map {
        Fallback(regular: "NotoSans\($0)-Regular.ttf", bold: "NotoSans\($0)-Bold.ttf")
    } + [
        Fallback(regular: "NotoSansCJK-Regular.ttc", bold: "NotoSansCJK-Bold.ttc", face: 2),
        Fallback(regular: "NotoSansSymbols-Regular.ttf", bold: "NotoSansSymbols-Bold.ttf"),
        Fallback(regular: "NotoSansSymbols2-Regular.ttf"),
        Fallback(regular: "NotoSansMath-Regular.ttf"),
    ]
    static let emojiFile = "NotoColorEmoji.ttf"

    /// Fonts opened so far, by path and face, shared by every scene the process loads (the CJK
    /// file is 20 MB); nil where the file is missing or unreadable.
    static let opened = Mutex<[String: Font?]>([:])

    static func open(_ file: String, face: Int = 0) -> Font? {
        for directory in notoDirectories {
            let path = "\(directory)/\(file)"
            let key = "\(path)#\(face)"
            if let known = opened.withLock({ $0[key] }) { if let known { return known } else { continue } }
            let font = AssetFiles.readRegular(path, maxBytes: AssetFiles.maxBytes).flatMap {
                try? Font(data: $0, faceIndex: face, origin: FontOrigin.of(path, $0, face: face))
            }
            opened.withLock { $0[key] = font }
            if let font { return font }
        }
        return nil
    }

    /// Every string the scene draws (layers' text and the table's titles), with where it is
    /// written, made only when asked for (a million rows' paths took 180 MB).
    static func eachText(_ scene: Scene, _ use: (String, () -> String) -> Void) {
        func visit(_ l: LayerModel) {
            if let t = l.text { use(t.string) { t.jsonPath.isEmpty ? "string" : t.jsonPath + ".string" } }
            l.children.forEach(visit)
        }
        scene.layers.forEach(visit)
        if let bar = scene.navigationBar {
            // The bar's title and buttons, and its search field's placeholder and text.
            use(bar.title) { "navigationBar.title" }
            for (key, text) in [("backButton", bar.backButton), ("rightButton", bar.rightButton), ("leftButton", bar.leftButton),
                                ("searchBar.placeholder", bar.searchBar?.placeholder), ("searchBar.text", bar.searchBar?.text)] {
                if let text { use(text) { "navigationBar." + key } }
            }
        }
        guard let table = scene.table else { return }
        if let title = table.header?.title {
            use(title) { "table.header.title.string" }
        }
        if let title = table.refreshControl?.title { use(title) { "table.refreshControl.title" } }
        for (i, section) in table.sections.enumerated() {
            if let t = section.title { use(t) { "table.sections[\(i)].title" } }
        }
        for e in scene.script {
            switch e.action {
            case .update(let u):
                for case .insertSections(_, let sections, _) in u.changes {
                    for s in sections { if let t = s.title { use(t) { e.jsonPath } } }
                }
            case .swipe(_, let s):
                for a in s.actions { use(a.title) { e.jsonPath + ".swipe.actions" } }
            default: break
            }
        }
        // The table's rows and those its updates bring (each row knows where it is written).
        // Footer titles and the sections' own views (those updates bring included).
        var sections = scene
        sections.mapTableSections { s in
            if let f = s.footer { use(f) { "table.sections.footer" } }
            [s.headerView, s.footerView].compactMap { $0 }.forEach(visit)
        }
        scene.forEachTableRow { row in
            row.layers.forEach(visit)
            row.accessoryView.map(visit)
            use(row.title) { row.jsonPath + ".title" }
            if let d = row.detail { use(d) { row.jsonPath + ".detail" } }
        }
    }

    /// The cascade for a primary font: the fallbacks (for its weight) that have a character of
    /// `characters` the fonts before them lack, and the emoji font when a character asks for an
    /// emoji or only it has one. Returns the characters no font has.
    static func cascade(primary: Font, bold: Bool, characters: [Character]) -> (cascade: FontCascade, missing: Set<Character>) {
        var remaining = characters.filter { !primary.covers($0) }
        var fonts = [primary]
        for fallback in fallbacks where !remaining.isEmpty {
            guard let font = open(bold ? fallback.bold ?? fallback.regular : fallback.regular, face: fallback.face) else { continue }
            let before = remaining.count
            remaining.removeAll { font.covers($0) }
            if remaining.count < before { fonts.append(font) }
        }
        let emojiWanted = characters.contains { FontCascade.prefersEmoji($0, primary: primary) }
        if emojiWanted || !remaining.isEmpty, let emoji = open(emojiFile) {
            let before = remaining.count
            remaining.removeAll { emoji.covers($0) }
            if emojiWanted || remaining.count < before { fonts.append(emoji) }
        }
        return (FontCascade(fonts), Set(remaining))
    }
}

extension SceneLoader {
    /// Builds every font source's cascade from its loaded primary, loads the colour glyphs the
    /// text uses (within the image pixel budget) and warns once per scene for each character no
    /// font has, at the first JSON path that uses it.
    static func buildCascades(primaries: [FontSource: Font], systemDisplay: [FontWeight: Font], scene: Scene,
                              into loader: inout ResourceLoader) -> [SceneProblem] {
        var firstPath: [Character: String] = [:]
        var characters: [Character] = []
        FontCatalog.eachText(scene) { string, path in
            for c in string where firstPath[c] == nil && c != "\n" {
                firstPath[c] = path()
                characters.append(c)
            }
        }
        var missing = Set<Character>()
        func isBold(_ source: FontSource) -> Bool {
            if case .system(let w) = source { return w == .semibold || w == .bold }
            return false
        }
        var cascades: [FontCascade] = []
        for (source, primary) in primaries.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            let built = FontCatalog.cascade(primary: primary, bold: isBold(source), characters: characters)
            loader.resources.fonts[source] = built.cascade
            missing.formUnion(built.missing)
            cascades.append(built.cascade)
        }
        for (weight, primary) in systemDisplay.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let built = FontCatalog.cascade(primary: primary, bold: isBold(.system(weight)), characters: characters)
            loader.resources.systemDisplay[weight] = built.cascade
            cascades.append(built.cascade)
        }
        loader.loadColorGlyphs(characters, cascades: cascades, firstPath: firstPath)
        let ordered = characters.filter { missing.contains($0) }
        var warnings = ordered.prefix(maxMissingWarnings).map { c in
            SceneProblem(path: firstPath[c] ?? "", message: "no font has the character \(describe(c)); it draws as an empty box "
                         + "(Debian's fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji cover most scripts)")
        }
        if ordered.count > maxMissingWarnings {
            warnings.append(SceneProblem(path: "", message: "\(ordered.count - maxMissingWarnings) more characters no font has"))
        }
        return warnings
    }

    static let maxMissingWarnings = 10

    /// "U+05D0 \"א\"", the code points of a character and the character itself when printable.
    static func describe(_ c: Character) -> String {
        let codes = c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }.joined(separator: " ")
        let printable = c.unicodeScalars.allSatisfy { !$0.properties.generalCategory.isControlOrUnassigned }
        return printable ? "\(codes) \"\(c)\"" : codes
    }
}

extension SceneLoader.ResourceLoader {
    /// The bitmaps of the colour glyphs the scene's characters are drawn with, as images keyed by
    /// glyph, counted in the decoded-pixel budget like image files.
    mutating func loadColorGlyphs(_ characters: [Character], cascades: [FontCascade], firstPath: [Character: String]) {
        var reported = false
        for cascade in cascades {
            guard let e = cascade.emoji else { continue }
            let font = cascade.fonts[e]
            for c in characters where cascade.fontIndex(for: c) == e {
                for g in font.shape(String(c)) where resources.colorGlyphOffsets[g.glyph] == nil {
                    guard let bitmap = font.colorBitmap(g.glyph) else { continue }
                    let pixels = bitmap.width * bitmap.height
                    guard decodedPixels + pixels <= limits.totalImagePixels else {
                        if !reported {
                            problems.append(SceneProblem(path: firstPath[c] ?? "", message: Limits.message(
                                \.totalImagePixels, limit: limits.totalImagePixels,
                                found: "more with the colour emoji's bitmaps (\(bitmap.width)x\(bitmap.height) each) after \(decodedPixels) already decoded")))
                            reported = true
                        }
                        return
                    }
                    decodedPixels += pixels
                    resources.images[Resources.emojiKey(g.glyph)] = RasterImage(straightRGBA: bitmap.rgba, width: bitmap.width, height: bitmap.height)
                    resources.colorGlyphOffsets[g.glyph] = Resources.GlyphOffset(left: bitmap.left, top: bitmap.top)
                }
            }
        }
    }
}

extension String {
    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

extension Unicode.GeneralCategory {
    var isControlOrUnassigned: Bool {
        switch self {
        case .control, .format, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
