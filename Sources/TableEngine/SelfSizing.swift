import Geometry
import LayerTree
import SceneModel
import Simulation

/// Measures text for the table's self-sizing: the height `text` takes laid out in `width`
/// points as UILabel lays it out (its line count, breaks and truncation), or nil when it cannot
/// be measured (no font). The simulation knows no fonts; the loader hands it one made from the
/// scene's.
public protocol TextMeasuring {
    func height(of text: LayerText, width: Double) -> Double?
    /// The width of one line of `text`, unwrapped.
    func width(of text: LayerText) -> Double?
}

/// Self-sizing, as UITableView's automatic row heights: measured once the fonts are loaded.
///
/// A template's text layers with more than one line (`lines` 0 or above 1) grow to their text,
/// never shrink; what lies below a grown layer within the same parent moves down by as much,
/// and a parent grows to keep the children it held (a column of views with vertical
/// constraints, the usual storyboard cell). A `height: "auto"` template row is as tall as its
/// content plus `paddingBottom` plus the separator's device pixel (UIKit adds the separator's
/// height to the content view's fitting height). The fold's detail view is 8 pt + its 15 pt
/// label + 8 pt, rounded up to two device pixels so each half is whole pixels.
extension TableSimulation {
    /// Sizes the scene's rows once its fonts are loaded (`scale`: the canvas scale it will be
    /// rendered at). The loader calls it; a scene not sized keeps its given heights.
    public static func sizeRows(_ scene: inout Scene, scale: Double, measuring measurer: some TextMeasuring) {
        guard let table = scene.table else { return }
        let hair = 1 / scale
        // Two device pixels, so each folding half is whole pixels.
        func roundedToHalves(_ h: Double) -> Double { (h / (2 / scale)).rounded(.up) * (2 / scale) }
        func measure(_ t: TextContent, width: Double) -> Double? {
            let text = LayerText(string: t.string, font: t.font, size: t.size, color: t.color, alignment: t.alignment,
                                 lines: t.lines, truncation: t.truncation)
            return measurer.height(of: text, width: width)
        }
        let width = table.frame?.width ?? scene.canvas.width
        let footerSize = DynamicTextStyle.scaled(footerFontSize, to: scene.canvas.contentSizeCategory)
        // Footer titles wrap: each is as tall as its text.
        scene.mapTableSections { section in
            guard let title = section.footer, section.footerView == nil else { return }
            let label = TextContent(string: title, font: .system(.regular), size: footerSize,
                                    color: .black, alignment: .natural,
                                    lines: 0, truncation: .tail, jsonPath: "table")
            if let h = measure(label, width: footerTextWidth(table.style, tableWidth: width)) {
                section.footerHeight = footerHeight(table.style, text: h)
            }
        }
        measureValue1Titles(&scene, measuring: measurer)
        measureSwipeTitles(&scene, measuring: measurer)
        sizeBuiltInRows(&scene, scale: scale, measuring: measurer)
        if var control = scene.table?.refreshControl, control.hasTitle, control.titleHeight == nil {
            control.titleHeight = measurer.height(of: refreshTitleText(control, scene.canvas.contentSizeCategory), width: .infinity)
            scene.table?.refreshControl = control
        }
        let autoDetail = table.expansion.effect == .fold && table.expansion.detailHeight == nil
            || table.template?.detailView != nil
        let autoRows = table.template?.autoHeight == true
        guard autoDetail || autoRows || table.template != nil else { return }
        // The table's rows and those its updates bring (a template's row of its own "auto"
        // height too).
        scene.mapTableRows { row in
                if autoRows || row.selfSizing && table.template != nil {
                    row.layers = grow(row.layers, measure: measure)
                    if row.height == nil {
                        let bottom = row.layers.reduce(0) { max($0, frameOf($1).maxY) }
                        row.height = max(bottom + (table.template?.paddingBottom ?? 0) + hair, hair)
                    }
                }
                if var view = row.detailView {
                    view = grow([view], measure: measure)[0]
                    view.bounds.height = roundedToHalves(view.bounds.height)
                    row.detailView = view
                    row.detailHeight = view.bounds.height
                } else if autoDetail {
                    typealias E = TableModel.Expansion
                    let label = TextContent(string: row.detail ?? "", font: .system(.regular), size: E.detailFontSize, color: .black,
                                            alignment: .natural, lines: 0, truncation: .tail, jsonPath: row.jsonPath)
                    let text = row.detail == nil ? 0 : measure(label, width: width - 2 * E.detailInsetX) ?? 0
                    row.detailHeight = roundedToHalves(2 * E.detailMargin + text)
                }
        }
    }

    /// Measures the title of each row of the built-in value1 style with a detail (the table's
    /// rows and those its updates bring), for ``content(_:width:height:x:)``'s layout.
    static func measureValue1Titles(_ scene: inout Scene, measuring measurer: some TextMeasuring) {
        guard let table = scene.table else { return }
        let category = scene.canvas.contentSizeCategory
        guard !category.isAccessibilityCategory else { return }
        scene.mapTableRows { row in
            guard (row.style ?? table.cellStyle) == .value1, row.detail != nil, !row.title.isEmpty, row.layers.isEmpty,
                  row.cell?.ownContent != true, table.template == nil else { return }
            let style = row.labelStyles?.title
            let text = LayerText(string: row.title, font: style?.font ?? .system(.regular),
                                 size: style?.size ?? DynamicTextStyle.scaled(17, to: category), lines: 1)
            row.titleWidth = measurer.width(of: text)
        }
    }

    /// Sizes the self-sizing built-in rows (the table's rows and those its updates bring; see
    /// ``selfSizedHeight(_:style:cellWidth:category:scale:measuring:)``) and measures the
    /// subtitle style's labels that wrap. A template's rows and a row's own cell are sized by
    /// their layers, not here.
    static func sizeBuiltInRows(_ scene: inout Scene, scale: Double, measuring measurer: some TextMeasuring) {
        guard let table = scene.table, table.template == nil else { return }
        let category = scene.canvas.contentSizeCategory
        let width = table.frame?.width ?? scene.canvas.width
        var cellWidth = max(width - 2 * cellInset(table.style, tableWidth: width), 0)
        if table.sectionIndexTitles?.isEmpty == false { cellWidth -= indexWidth }
        if let card = table.card { cellWidth -= 2 * card.inset.x }
        // A card's content is inset from the row above and below.
        let cardRoom = table.card.map { 2 * $0.inset.y } ?? 0
        scene.mapTableRows { row in
            guard row.layers.isEmpty, row.cell?.ownContent != true else { return }
            let style = row.style ?? table.cellStyle
            if row.selfSizing || table.selfSizingRows && row.height == nil {
                let h = selfSizedHeight(row, style: style, cellWidth: cellWidth, category: category, scale: scale, measuring: measurer)
                row.height = min(h + cardRoom, 10_000)
                row.selfSizing = true
            }
            if let h = measuredLabelHeights(row, style: style, cellWidth: cellWidth, category: category, measuring: measurer) { row.labelHeights = h }
        }
    }

    /// Measures each swipe action's title (15 pt medium, one line), which sizes its button.
    static func measureSwipeTitles(_ scene: inout Scene, measuring measurer: some TextMeasuring) {
        var widths: [String: Double] = [:]
        for i in scene.script.indices {
            guard case .swipe(let path, var swipe) = scene.script[i].action else { continue }
            for k in swipe.actions.indices where !swipe.actions[k].title.isEmpty {
                let title = swipe.actions[k].title
                if widths[title] == nil {
                    widths[title] = measurer.width(of: LayerText(string: title, font: .system(.medium), size: 15, lines: 1))
                }
                swipe.actions[k].titleWidth = widths[title]
            }
            scene.script[i].action = .swipe(path, swipe)
        }
    }

    static func frameOf(_ l: LayerModel) -> Rect {
        Rect(l.position.x - l.anchorPoint.x * l.bounds.width, l.position.y - l.anchorPoint.y * l.bounds.height,
             l.bounds.width, l.bounds.height)
    }

    /// Grows text layers to their text and parents to their grown children, top to bottom,
    /// moving down the siblings below each grown layer.
    static func grow(_ layers: [LayerModel], measure: (TextContent, Double) -> Double?) -> [LayerModel] {
        var out = layers
        let order = out.indices.sorted { (frameOf(out[$0]).y, $0) < (frameOf(out[$1]).y, $1) }
        for i in order {
            let old = frameOf(out[i])
            let children = out[i].sublayers
            out[i].sublayers = grow(children, measure: measure)
            var needed = old.height
            for (before, after) in zip(children, out[i].sublayers) {
                let was = frameOf(before).maxY, now = frameOf(after).maxY
                if was <= old.height + 1e-9 && now > was { needed = max(needed, old.height + now - was) }
            }
            if let t = out[i].text, t.lines != 1, let h = measure(t, old.width) { needed = max(needed, h) }
            let delta = needed - old.height
            guard delta > 1e-9 else { continue }
            out[i].bounds.height += delta
            out[i].position.y += delta * out[i].anchorPoint.y
            for j in out.indices where j != i && frameOf(out[j]).y >= old.maxY - 1e-9 {
                out[j].position.y += delta
            }
        }
        return out
    }
}
