import Geometry
import LayerTree
import SceneModel

/// `UISearchController`'s search bar in the navigation bar, as iOS 15 to 17 draw it (figures
/// from the decompiled iOS 26.1 UIKitCore's pre-iOS 26 branches: notes/uikit-table-research.md):
/// a 52 pt band under the title whose 36 pt field (corners 10 pt, `tertiarySystemFill`) sits
/// 1 pt below the band's top and 16 pt in from each side; in it the magnifying glass in
/// `secondaryLabel` 6 pt from its leading edge and the placeholder, 17 pt in `secondaryLabel`,
/// 5 pt after the glass (text typed in its place, in `label`). As the band collapses (a search bar that hides when scrolling, before
/// a large title) the field shrinks from its bottom, its glass and text fading out over the
/// first 20 % of its height and its fill between 80 % and 95 % (`_UISearchBarSearchContainerLayout`).
extension TableSimulation {
    static let searchFieldHeight = 36.0, searchFieldRadius = 10.0, searchFieldInset = 16.0
    static let searchIconInset = 6.0, searchTextGap = 5.0

    /// The band at `top` (in the bar's coordinates), `shown` points of its 52 showing.
    func searchBarLayer(_ bar: NavigationBarModel.SearchBar, top: Double, shown: Double) -> PresentationLayer {
        let full = TableSimulation.searchFieldHeight
        let shrink = min(max(NavigationBarModel.searchBandHeight - shown, 0), full)
        let height = full - shrink, gone = shrink / full
        var band = box(Rect(0, top, frame.width, shown), nil)
        band.masksToBounds = true
        var field = box(Rect(TableSimulation.searchFieldInset, 1, frame.width - 2 * TableSimulation.searchFieldInset, height),
                        named("tertiarySystemFill"))
        field.cornerRadius = min(TableSimulation.searchFieldRadius, height / 2)
        field.cornerCurve = .continuous
        field.masksToBounds = true
        field.opacity = 1 - min(max((gone - 0.8) / 0.15, 0), 1)
        let foreground = 1 - min(max(gone / 0.2, 0), 1)
        if foreground > 0 {
            let symbol = SymbolImage(name: "magnifyingglass")
            let size = symbol.size
            var icon = PresentationLayer(symbol.layer(color: named("secondaryLabel")))
            icon.position = Point(TableSimulation.searchIconInset + size.x / 2, full / 2)
            icon.opacity = foreground
            let textX = TableSimulation.searchIconInset + size.x + TableSimulation.searchTextGap
            var text = label(Rect(textX, 0, max(field.bounds.width - textX - 8, 0), full), bar.text ?? bar.placeholder, size: 17,
                             color: named(bar.text == nil ? "secondaryLabel" : "label"))
            text.opacity = foreground
            field.sublayers = [icon, text]
        }
        if field.opacity > 0 { band.sublayers = [field] }
        return band
    }
}
