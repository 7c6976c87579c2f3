import Geometry
import LayerTree
import SceneModel

/// UITableView's section index (`sectionIndexTitles(for:)`), as the decompiled UIKitCore of
/// iOS 26.1 draws it on a phone (`UITableViewIndex`, `UITableViewIndexVisualStyle_iOS`,
/// `UIIndexBarVisualStyle_Base`; notes/uikit-table-research.md): the titles in the bold system
/// font at 11 pt, in `sectionIndexColor` or the tint colour, one below the other, each as tall
/// as its glyphs (a capital's height, 8 pt in Inter) and 6 pt apart, the block centred in the
/// table's visible height (below the bars, above the bottom inset), each title centred in the
/// strip, no background (the current SDK's). Titles that do not fit give way to dots between
/// the ones kept, first and last included, as UIKit does. The strip is 15 pt wide (by eye:
/// UIKit's `_UIDefaultIndexBarWidthForTraitCollection` was not found) and built-in cells' content
/// and accessories keep clear of it.
extension TableSimulation {
    package static let indexFontSize = 11.0, indexLineSpacing = 6.0, indexWidth = 15.0
    /// A title's glyph height: the capital height of the font at 11 pt (Inter's 0.727 em).
    static let indexEntryHeight = 8.0

    /// The strip's width: 0 without an index. A built-in cell's content is laid out this much
    /// narrower and its accessory moved in by it (`cell(_:section:below:at:)`).
    var sectionIndexWidth: Double { (table.sectionIndexTitles?.isEmpty ?? true) ? 0 : TableSimulation.indexWidth }

    /// The titles shown in `height` points: all, or, when they do not fit, the first, the last
    /// and evenly spaced ones between with a dot between each two (an odd count that fits).
    static func shownIndexTitles(_ titles: [String], height: Double) -> [String] {
        let pitch = indexEntryHeight + indexLineSpacing
        let fits = Int(((height + indexLineSpacing) / pitch).rounded(.down).clamped(to: 0...1e6))
        guard titles.count > fits else { return titles }
        let slots = fits % 2 == 1 ? fits : fits - 1
        guard slots >= 3 else { return Array(titles.prefix(max(slots, 0))) }
        let kept = (slots + 1) / 2
        var out: [String] = []
        for i in 0..<kept {
            let index = Int((Double(i) * Double(titles.count - 1) / Double(kept - 1)).rounded())
            if i > 0 { out.append("•") }
            out.append(titles[min(max(index, 0), titles.count - 1)])
        }
        return out
    }

    /// The index in the table layer's (content) coordinates, or nil without one.
    func sectionIndex(offset: Double, frame: Rect) -> PresentationLayer? {
        guard let titles = table.sectionIndexTitles, !titles.isEmpty, frame.height > 0 else { return nil }
        let top = coveredTop(offset: offset)
        let height = frame.height - top - inset.bottom
        guard height > 0 else { return nil }
        let shown = TableSimulation.shownIndexTitles(titles, height: height)
        let pitch = TableSimulation.indexEntryHeight + TableSimulation.indexLineSpacing
        let total = Double(shown.count) * pitch - TableSimulation.indexLineSpacing
        let w = TableSimulation.indexWidth
        var strip = box(Rect(frame.width - w, offset + top + max((height - total) / 2, 0), w, total), nil)
        let color = table.sectionIndexColor ?? tint
        // Each title's line box centred on its glyphs' 8 pt.
        let line = TableSimulation.indexFontSize * 1.3
        strip.sublayers = shown.enumerated().map { i, title in
            let y = Double(i) * pitch + TableSimulation.indexEntryHeight / 2 - line / 2
            return label(Rect(0, y, w, line), title, size: TableSimulation.indexFontSize, weight: .bold, color: color, alignment: .center)
        }
        return strip
    }
}

private extension Double {
    func clamped(to r: ClosedRange<Double>) -> Double { isNaN ? r.lowerBound : Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}
