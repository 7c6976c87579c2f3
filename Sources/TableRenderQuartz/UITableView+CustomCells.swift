import Foundation
import JSONText
import SceneModel

/// A data source's custom cells (a subclass whose content view has views of its own) drawn as
/// the scene's cell template: the first cell shown is the template, its labels' texts become
/// `{v0}`, `{v1}`, ... and its image views' images `{i0}`, `{i1}`, ... (depth first), and each
/// row's cell gives their values. Cells that differ in anything but those texts and images are
/// refused with a message, never drawn wrongly.
extension UITableView {
    /// Whether a cell has content of its own beyond the built-in style's labels and image view.
    static func isCustom(_ cell: UITableViewCell) -> Bool {
        let builtIn: [UIView?] = [cell.textLabel, cell.detailTextLabel, cell.imageView]
        return cell.style == nil || cell.contentView.subviews.contains { v in !builtIn.contains { $0 === v } }
    }

    /// The labels of a cell's own content, depth first (the built-in ones left out).
    static func ownLabels(_ cell: UITableViewCell) -> [UILabel] {
        let builtIn: [UIView?] = [cell.textLabel, cell.detailTextLabel, cell.imageView]
        func walk(_ v: UIView) -> [UILabel] {
            v.subviews.filter { s in !builtIn.contains { $0 === s } }.flatMap { s in ((s as? UILabel).map { [$0] } ?? []) + walk(s) }
        }
        return walk(cell.contentView)
    }

    /// The image views of a cell's own content that show an image, depth first.
    static func ownImageViews(_ cell: UITableViewCell) -> [UIImageView] {
        let builtIn: [UIView?] = [cell.textLabel, cell.detailTextLabel, cell.imageView]
        func walk(_ v: UIView) -> [UIImageView] {
            v.subviews.filter { s in !builtIn.contains { $0 === s } }.flatMap { s in
                ((s as? UIImageView).flatMap { $0.image?.cgImage == nil ? nil : [$0] } ?? []) + walk(s)
            }
        }
        return walk(cell.contentView)
    }

    /// `body` run with the cell's labels' texts and images set to their placeholders (`{v0}`,
    /// ..., `{i0}`, ...), then put back; and the texts and image files, by placeholder name.
    static func withPlaceholders<T>(_ cell: UITableViewCell, _ body: () -> T) -> (result: T, values: [String: String]) {
        let labels = ownLabels(cell)
        let texts = labels.map(\.text)
        var values: [String: String] = [:]
        for (i, l) in labels.enumerated() {
            values["v\(i)"] = l.text ?? ""
            l.text = "{v\(i)}"
        }
        let images = ownImageViews(cell)
        let files = images.map(\.image)
        for (i, v) in images.enumerated() {
            values["i\(i)"] = v.image?.cgImage?.file ?? ""
            v.image = UIImage(named: "{i\(i)}")
        }
        let result = body()
        for (l, t) in zip(labels, texts) { l.text = t }
        for (v, f) in zip(images, files) { v.image = f }
        return (result, values)
    }

    /// The cell's template as JSON with its labels' texts as placeholders, and the texts.
    static func placeholderTemplate(_ cell: UITableViewCell) -> (json: String, values: [String: String]) {
        let (json, values) = withPlaceholders(cell) {
            var writer = SceneWriter()
            return JSONWriter.write(writer.template(cell, automatic: false))
        }
        return (json, values)
    }

    /// A custom cell's row content: the values of its labels, checked against the first cell's
    /// template.
    func customContent(of cell: UITableViewCell, at p: IndexPath, accessory: UITableViewRowAccessory) -> CellContent {
        let (json, values) = UITableView.placeholderTemplate(cell)
        if let first = app.template {
            if first.json != json {
                app.problems.append(SceneProblem(path: "table", message: "cellForRowAt [\(p.section), \(p.row)]: custom cells that differ in more than their labels' texts and images are not drawn yet (only those vary from row to row; the cell at [\(first.path.section), \(first.path.row)] is the template)"))
            }
        } else {
            app.template = (json, cell, p, values.keys.sorted())
        }
        return CellContent(style: .default, title: "", detail: nil, accessory: accessory, values: values, custom: true)
    }
}
