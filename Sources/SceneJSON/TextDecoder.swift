import Geometry
import JSONText
import LayerTree
import SceneModel

extension SceneDecoder {
    /// A layer's `text`: UILabel-style text (or CATextLayer's, from the top).
    static func decodeText(_ v: JSON, _ path: String, _ r: Reader, directory: String) -> TextContent? {
        guard let o = r.object(v, path, known: ["string", "font", "color", "alignment", "lines", "truncation", "verticalAlignment",
                                                  "minimumScaleFactor"]) else { return nil }
        func p(_ k: String) -> String { Reader.join(path, k) }
        var string = ""
        if let s = o["string"] { string = r.string(s, p("string")) ?? "" } else { r.report(p("string"), "expected the text, found nothing") }
        let (source, written) = o["font"].map { decodeFont($0, p("font"), r, directory: directory) } ?? (nil, nil)
        let font = source ?? .system(.regular), size = written ?? 17
        let color = o["color"].flatMap { r.color($0, p("color")) } ?? .black
        let alignment = o["alignment"].flatMap {
            r.oneOf($0, p("alignment"), [("left", TextAlignment.left), ("center", .center), ("right", .right), ("natural", .natural)])
        } ?? .natural
        let lines = o["lines"].flatMap { r.integer($0, p("lines"), min: 0, max: 10_000) } ?? 1
        let truncation = o["truncation"].flatMap {
            r.oneOf($0, p("truncation"), [("tail", Truncation.tail), ("head", .head), ("middle", .middle), ("clip", .clip)])
        } ?? .tail
        var text = TextContent(string: string, font: font, size: size, color: color, alignment: alignment, lines: lines,
                               truncation: truncation, jsonPath: path)
        if let v = o["verticalAlignment"] {
            text.verticalAlignment = r.oneOf(v, p("verticalAlignment"), TextVerticalAlignment.allCases.map { ($0.rawValue, $0) }) ?? .center
        }
        if let v = o["minimumScaleFactor"] { text.minimumScaleFactor = r.number(v, p("minimumScaleFactor"), min: 0, max: 1) ?? 0 }
        return text
    }

    /// A font object (`size`, `weight` or `file`): its face and its size, each nil when not
    /// written (or not readable).
    static func decodeFont(_ f: JSON, _ fp: String, _ r: Reader, directory: String) -> (font: FontSource?, size: Double?) {
        guard let fo = r.object(f, fp, known: ["size", "weight", "file"]) else { return (nil, nil) }
        var font: FontSource?, size: Double?
        if let s = fo["size"] { size = r.number(s, Reader.join(fp, "size"), above: 0, max: 1000) }
        if let w = fo["weight"] {
            font = .system(r.oneOf(w, Reader.join(fp, "weight"), FontWeight.allCases.map { ($0.rawValue, $0) }) ?? .regular)
        }
        if let file = fo["file"], let name = r.string(file, Reader.join(fp, "file")) {
            if fo["weight"] != nil { r.report(Reader.join(fp, "file"), "expected either a font file or a weight, found both") }
            font = .file(path: resolve(name, directory: directory), written: name)
        }
        return (font, size)
    }
}
