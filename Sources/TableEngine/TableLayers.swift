import Geometry
import LayerTree
import SceneModel
import Simulation

/// The table's layer tree at a time, built as presentation layers (what a frame shows; the
/// template's own layers are converted once, when the simulation is made): the table layer
/// scrolls by its bounds origin (contentOffset, as UIScrollView), holding only the visible cells
/// and section headers.
extension TableSimulation {
    /// A system colour in the table's appearance.
    func named(_ n: String) -> Color { Color.named(n, appearance) ?? .black }
    /// The table's tint colour (`tintColor`; systemBlue in the scene's appearance).
    var tint: Color { table.tintColor ?? named("systemBlue") }
    /// A row's tint: its cell's, else the table's.
    func tint(_ r: TableModel.Row) -> Color { r.cell?.tintColor ?? tint }

    /// The visible part of the table at `t` as a frame shows it.
    public func layers(at t: Double) -> [PresentationLayer] {
        let offset = contentOffset(at: t)
        let frame = tableFrame(at: t)
        var root = PresentationLayer()
        root.bounds = Rect(0, offset, frame.width, frame.height)
        root.position = Point(frame.x + frame.width / 2, frame.y + frame.height / 2)
        root.masksToBounds = true
        root.backgroundColor = table.backgroundColor
            ?? named(table.style == .plain ? "systemBackground" : "systemGroupedBackground")
        // `behind` is drawn in the reverse of the order it is gathered in (appended, then
        // reversed once: inserting each at the front cost the square of their number).
        var behind: [PresentationLayer] = [], cells: [PresentationLayer] = [], above: [PresentationLayer] = []
        var headers: [PresentationLayer] = []
        // The rows in the table's bounds, less those far outside the canvas (a table taller than
        // the screen draws only what can show; the margin keeps every shadow that can reach in).
        let margin = 1000.0
        let lo = offset + max(0, -frame.y - margin), hi = offset + min(frame.height, canvasHeight - frame.y + margin)
        let (sections, contentHeight) = layout(at: t, window: TableSimulation.window(offset, offset + frame.height))
        for (si, section) in sections.enumerated() {
            // The first row of the next section when nothing lies between (no footer, no header).
            let next = si + 1 < sections.count && section.footer == 0 && sections[si + 1].header == 0 ? sections[si + 1].rows.first?.key : nil
            // A row of no height (UIKit's hidden row, `heightForRowAt` 0) draws nothing: not its
            // content, accessory or separator, as a cell that clips to its bounds.
            for (i, row) in section.rows.enumerated() where row.alpha > 0 && row.height > 0 && row.y + row.height > lo && row.y < hi {
                // Inserted and deleted rows go beneath the rows that stay, a moving row above them.
                let c = cell(row, section: section.id, below: i + 1 < section.rows.count ? section.rows[i + 1].key : next, at: t)
                if row.behind { behind.append(c) } else if row.above { above.append(c) } else { cells.append(c) }
            }
            let model = timeline.sections[section.id]
            if section.header > 0, section.alpha > 0, model.title != nil || model.headerView != nil {
                // Plain headers float at the top while their section is on screen, below the
                // room above them (iOS 15's padding).
                let pad = min(headerPadding, section.header), band = section.header - pad
                var y = section.top + pad
                if table.style == .plain { y = min(max(y, offset + coveredTop(offset: offset)), section.bottom - band) }
                let floated = y - section.top - pad
                y += section.dy
                if y + band > offset && y < offset + frame.height {
                    var h = sectionViews[section.id].header.map { placed($0, y: y) } ?? header(model.title ?? "", y: y, height: band, floated: floated)
                    h.position.x += section.x
                    h.opacity = section.alpha
                    if section.behind { behind.append(h) } else { headers.append(h) }
                }
            }
            if section.footer > 0, section.alpha > 0 {
                let y = footerTop(section, offset: offset, height: frame.height) + section.dy
                if y + section.footer > offset && y < offset + frame.height, var f = footer(section.id, y: y, height: section.footer) {
                    f.position.x += section.x
                    f.opacity = section.alpha
                    if section.behind { behind.append(f) } else { headers.append(f) }
                }
            }
        }
        // The table's header and footer views scroll with the rows, beneath the floating headers.
        let views = [tableViews.header.map { placed($0, y: inset.top) },
                     tableViews.footer.map { placed($0, y: contentHeight - $0.bounds.height) }].compactMap { $0 }
        // A refresh control lies beneath everything the table scrolls.
        let refresh = refreshControlLayer(at: t, offset: offset, width: frame.width).map { [$0] } ?? []
        root.sublayers = refresh + emptyRowSeparators(below: contentHeight, offset: offset, height: frame.height) + views
            + belowContentTop(behind.reversed(), offset: offset) + cells + above + headers
        if let indicator = scrollIndicator(at: t, offset: offset, contentHeight: contentHeight, frame: frame) { root.sublayers.append(indicator) }
        if let index = sectionIndex(offset: offset, frame: frame) { root.sublayers.append(index) }
        let bar = navigationBarLayers(offset: offset, at: t)
        guard let h = table.header, let state = header?.state(at: t) else { return [root] + bar }
        return [root, collapsingHeader(h, height: state.height)] + bar
    }

    /// Rows and sections coming and going beneath the others, clipped to the content's top (the
    /// inset's edge): a block sliding in from above the first row comes out from under the bars,
    /// never drawn over the status bar's or a transparent navigation bar's area (issue 54.1).
    /// Unchanged when none reaches above it.
    func belowContentTop(_ layers: [PresentationLayer], offset: Double) -> [PresentationLayer] {
        // Pulled down past the top, the bars' edge is above the content's: a row sliding in
        // shows in the room the pull opened (over a refresh control's spinner).
        let top = inset.top + min(offset, 0)
        guard offset < top, layers.contains(where: { $0.position.y - $0.anchorPoint.y * $0.bounds.height < top }) else { return layers }
        var clip = box(Rect(0, top, frame.width, max(offset + frame.height - top, 0)), nil)
        clip.masksToBounds = true
        clip.sublayers = layers.map { var l = $0; l.position.y -= top; return l }
        return [clip]
    }

    /// The header article's view: the title's top is `-openAmount + 10` (it slides up out of the
    /// clipped header as it opens); the logo keeps its size and its distance to the header's
    /// bottom, and its alpha is the open fraction.
    func collapsingHeader(_ h: TableModel.Header, height: Double) -> PresentationLayer {
        var view = box(Rect(frame.x, frame.y, frame.width, height), h.backgroundColor)
        view.masksToBounds = true
        let range = h.maxHeight - h.minHeight
        let openAmount = height - h.minHeight
        let percentage = range > 0 ? openAmount / range : 1
        if let logo = h.logo {
            // Constrained to the header's bottom with a fixed size (the article), centred across.
            var l = box(Rect((frame.width - h.logoSize.x) / 2, height - h.logoBottom - h.logoSize.y, h.logoSize.x, h.logoSize.y), nil)
            l.image = LayerImage(logo)
            l.opacity = min(max(percentage, 0), 1)
            view.sublayers.append(l)
        }
        if let title = h.title {
            view.sublayers.append(label(Rect(0, -openAmount + 10, frame.width, 24), title, size: 17, weight: .semibold,
                                        color: h.titleColor, alignment: .center))
        }
        return view
    }

    func label(_ frame: Rect, _ string: String, size: Double, weight: FontWeight = .regular, font: FontSource? = nil, color: Color,
               lines: Int = 1, alignment: TextAlignment = .natural) -> PresentationLayer {
        var l = PresentationLayer()
        l.bounds = Rect(0, 0, frame.width, frame.height)
        l.position = Point(frame.x + frame.width / 2, frame.y + frame.height / 2)
        l.text = LayerText(string: string, font: font ?? .system(weight), size: size, color: color, alignment: alignment,
                           lines: lines, truncation: .tail)
        return l
    }

    func box(_ frame: Rect, _ color: Color?) -> PresentationLayer {
        var l = PresentationLayer()
        l.bounds = Rect(0, 0, frame.width, frame.height)
        l.position = Point(frame.x + frame.width / 2, frame.y + frame.height / 2)
        l.backgroundColor = color
        return l
    }

    /// A plain table's separators for the empty rows below its last row, one every `rowHeight`
    /// as UIKit draws them (reference 6.3), within the visible part; each is the hairline a row
    /// would have at its bottom. At most one per device pixel row of the table.
    func emptyRowSeparators(below contentHeight: Double, offset: Double, height: Double) -> [PresentationLayer] {
        guard table.style == .plain, table.emptyRowSeparators, table.card == nil, !table.separatorNone else { return [] }
        let hair = 1 / scale, step = table.rowHeight
        var out: [PresentationLayer] = []
        // The first empty row that can show: its bottom is below the visible top.
        var y = contentHeight + step * max(1, ((offset - contentHeight) / step).rounded(.down))
        // Bounded however the numbers fall: at most one separator per device pixel row of the
        // visible table (no canvas is over 10,000 points), and as many steps again (a step too
        // small to move y, `y + step == y`, ends the loop instead of spinning).
        let limit = min(height, 10_000) * scale + 2
        var steps = 0.0
        while y - hair < offset + height && Double(out.count) < limit && steps < 2 * limit + 4 {
            if y > offset {
                out.append(box(Rect(table.separatorInsetLeft, y - hair, frame.width - table.separatorInsetLeft, hair), table.separatorColor))
            }
            y += step
            steps += 1
        }
        return out
    }

    /// A card table's card for a row (`cell.card`): the rounded, shadowed box inset in the
    /// cell, holding the row's content and accessory.
    func cardContent(_ card: TableModel.Card, _ row: RowLayout, content: Int, _ model: TableModel.Row, custom: Bool,
                     width w: Double, at t: Double) -> PresentationLayer {
        var c = box(Rect(card.inset.x, card.inset.y, w - 2 * card.inset.x, row.base - 2 * card.inset.y), card.backgroundColor)
        c.cornerRadius = card.cornerRadius
        c.shadowOpacity = card.shadowOpacity
        c.shadowRadius = 6
        c.shadowOffset = Point(0, 3)
        c.sublayers = custom ? rowLayers[content] : self.content(model, width: c.bounds.width, height: c.bounds.height, x: 16)
        if let a = accessory(of: content, model, cellWidth: c.bounds.width, rowHeight: c.bounds.height, highlighted: isHighlighted(row.key, at: t)) {
            c.sublayers.append(a)
        }
        return c
    }

    /// A row's cell at `t`; `below` is the row drawn right after it (in its section, or the
    /// next section's first when no header or footer lies between), whose highlight hides this
    /// row's separator.
    func cell(_ row: RowLayout, section sid: Int, below: RowKey? = nil, at t: Double) -> PresentationLayer {
        let (content, model) = shownContent(row, section: sid, at: t)
        let w = cellWidth
        let f = fold(row.key, at: t)
        let editing = f.shown ? 0 : editingAmount(at: t)
        var cell = box(Rect(row.x + cellInset, row.y, w, row.height), nil)
        (cell.opacity, cell.masksToBounds) = (row.alpha, row.clips)
        // A row lifted by a reorder drag: a card of its own, with a shadow and no separator.
        let lifted = lift(&cell, row, at: t)
        let background = model.cell?.backgroundColor ?? table.cellBackground
            ?? named(table.style == .plain ? "systemBackground" : "secondarySystemGroupedBackground")
        // The fold article clears the cell's background while the halves move.
        cell.backgroundColor = f.animating || table.card != nil ? nil : background
        // The row's own cell (a data source's), else the table's template, else the built-in style.
        let own = model.cell?.ownContent == true
        let custom = own || table.template != nil
        var subs: [PresentationLayer] = []
        var cardLayer: PresentationLayer?
        if let card = table.card {
            cardLayer = cardContent(card, row, content: content, model, custom: custom, width: w, at: t)
        } else {
            // In editing mode a built-in cell's content narrows by the indent and the reorder
            // control's room, as UIKit's content view does (a right-aligned detail stayed at the
            // cell's edge and was cut or drawn over the controls).
            let editRoom = editing > 0 ? editingContentRoom(model) * editing : 0
            var views = custom ? rowLayers[content] : self.content(model, width: w - sectionIndexWidth - editRoom, height: row.base, x: 16)
            var a = accessory(of: content, model, cellWidth: w - sectionIndexWidth, rowHeight: row.base, highlighted: isHighlighted(row.key, at: t))
            let turn = editing > 0 ? editingControlTurn(row.key, width: w, at: t) : 0
            let controls = editRow(&views, accessory: &a, model, editing, width: w, height: row.base, turn: turn)
            subs += views + (a.map { [$0] } ?? []) + controls
        }
        // The separator is one device pixel inside the cell at its bottom, below the content view
        // (reference 6.1, 6.3): the detail view starts where the base content ends.
        let hair = 1 / scale
        if f.shown {
            subs += detailLayers(model, view: detailViews[row.key.id], top: row.base - hair, height: detailHeight(row.key), fold: f)
        }
        let lastInGroup = table.style == .insetGrouped && row.last
        if table.card == nil && !table.separatorNone && !lastInGroup && !lifted,
           let separator = separator(row, model, custom: custom, editing: editing, width: w, below: below, at: t) {
            subs.append(separator)
        }
        if table.style == .grouped && table.card == nil && !table.separatorNone && !lifted && (row.first ?? (row.path.row == 0)),
           let top = groupTopEdge(row, width: w, at: t) {
            subs.append(top)
        }
        if var c = cardLayer {
            applyDisplay(to: &c, key: row.key, at: t, target: .card)
            animateDisplay(&c, as: "card", key: row.key, at: t)
            subs.insert(c, at: 0)
        }
        let selected = selectionAlpha(row.key, at: t)
        if selected > 0 {
            // UITableViewCell's selectedBackgroundView: behind the content, fading out.
            var highlight = box(Rect(0, 0, w, row.height), model.cell?.selectedBackgroundColor ?? table.selection.color)
            highlight.opacity = selected
            subs.insert(highlight, at: 0)
        }
        if custom { animateContent(&subs, ownCell: own ? model.cell : nil, key: row.key, at: t) }
        if !own, let list = model.cell?.animations, !list.isEmpty {
            // The accessory view's animations of a row without its own content (a spinner's turn), on the row's clock.
            animateTemplate(&subs, list, key: row.key, at: t)
        }
        cell.sublayers = subs
        applySwipe(to: &cell, key: row.key, height: row.height, at: t)
        if table.style == .insetGrouped {
            // A lifted row is rounded all round; the others round by where they are drawn.
            roundGroupCorners(&cell, first: lifted || (row.first ?? (row.path.row == 0)), last: lifted || lastInGroup)
            // Its background is rounded by the corner radius alone: masking would hide its shadow, as in Core Animation.
            if lifted { cell.masksToBounds = false }
        }
        applyDisplay(to: &cell, key: row.key, at: t, target: .cell)
        animateDisplay(&cell, as: "cell", key: row.key, at: t)
        return cell
    }

    /// A custom row's content at `t`: its own cell's animations (`ownCell`), or the
    /// template's with its `mainView`'s display effect; and a display effect's animations of
    /// the named layers.
    func animateContent(_ subs: inout [PresentationLayer], ownCell: TableModel.RowCell?, key: RowKey, at t: Double) {
        if ownCell == nil, let main = table.template?.mainView { applyDisplay(named: main, in: &subs, key: key, at: t) }
        animateTemplate(&subs, ownCell?.animations ?? table.template?.animations ?? [], key: key, at: t)
        animateDisplay(inTemplate: &subs, key: key, at: t, own: ownCell != nil)
    }

    /// The content the row's cell shows at `t` (its own, or what reconfigureRows gave it), by
    /// its entry in the timeline's rows, with the sections article's chevron flipped when its
    /// section is tapped.
    func shownContent(_ row: RowLayout, section sid: Int, at t: Double) -> (content: Int, model: TableModel.Row) {
        let content = timeline.content(of: row.key.id, at: t)
        var model = timeline.rows[content]
        if table.expansion.effect == .rows && timeline.sections[sid].collapsible && row.path.row == 0 {
            model.accessory = sectionState(sid, at: t).target ? .chevronUp : .chevronDown
        }
        return (content, model)
    }

    /// An `insetGrouped` group's rounded corners: the top ones on its first row, the bottom ones
    /// on its last; the cell clips its content, highlight and detail to them.
    /// Gives a row a reorder drag has lifted its shadow (by eye: black, 25 %, 8 pt, 2 pt down,
    /// as lifted); whether it is lifted.
    func lift(_ cell: inout PresentationLayer, _ row: RowLayout, at t: Double) -> Bool {
        guard !reorders.isEmpty, row.above else { return false }
        let lift = reorderLift(row.key, at: t)
        guard lift > 0 else { return false }
        cell.shadowOpacity = 0.25 * lift
        cell.shadowRadius = 8
        cell.shadowOffset = Point(0, 2)
        return true
    }

    func roundGroupCorners(_ cell: inout PresentationLayer, first: Bool, last: Bool) {
        var corners: CornerMask = []
        if first { corners.formUnion([.minXMinY, .maxXMinY]) }
        if last { corners.formUnion([.minXMaxY, .maxXMaxY]) }
        guard !corners.isEmpty else { return }
        cell.cornerRadius = TableSimulation.insetGroupedCornerRadius
        cell.maskedCorners = corners
        cell.masksToBounds = true
    }

    /// An `insetGrouped` table's sections are inset by the table's layout margin: 20 pt on
    /// tables 414 pt wide or more, 16 pt below (UIKit's system margins on iPhone; unconfirmed for
    /// insetGrouped, see notes/uikit-table-research.md).
    var cellInset: Double { TableSimulation.cellInset(table.style, tableWidth: frame.width) }
    /// An inset-grouped table's cells start this far in from each side (0 for the others).
    package static func cellInset(_ style: TableModel.Style, tableWidth: Double) -> Double {
        style == .insetGrouped ? (tableWidth >= 414 ? 20 : 16) : 0
    }

    /// The width of a cell: the table's, less an `insetGrouped` table's insets.
    var cellWidth: Double { max(frame.width - 2 * cellInset, 0) }

    /// The corner radius of an `insetGrouped` section (10 pt, as TOInsetGroupedTableView copied
    /// from iOS 13; unconfirmed).
    static let insetGroupedCornerRadius = 10.0

    /// The detail view: whole when at rest, split into two folding halves while animating.
    func detailLayers(_ model: TableModel.Row, view: PresentationLayer?, top: Double, height d: Double, fold f: FoldState) -> [PresentationLayer] {
        let w = cellWidth
        func detailView() -> PresentationLayer {
            if var v = view {
                // The template's detail view, at the top of the detail area.
                v.bounds.height = d
                v.position.y = v.anchorPoint.y * d
                return v
            }
            var v = box(Rect(0, 0, w, d), table.expansion.detailColor)
            if let text = model.detail {
                let x = TableModel.Expansion.detailInsetX, m = TableModel.Expansion.detailMargin
                v.sublayers = [label(Rect(x, m, w - 2 * x, d - 2 * m), text, size: TableModel.Expansion.detailFontSize,
                                     color: named("label"), lines: 0)]
            }
            return v
        }
        guard f.animating else {
            var v = detailView()
            v.position.y += top
            return [v]
        }
        let perspective = TransformValue.ops([.set(entry: 11, value: -1 / table.expansion.perspective)]).matrix
        // Top half: rotates about its top edge (anchor (0.5, 0)), from -90 degrees to 0.
        var upper = PresentationLayer()
        upper.bounds = Rect(0, 0, w, d / 2)
        upper.anchorPoint = Point(0.5, 0)
        upper.position = Point(w / 2, top)
        upper.transform = perspective.rotated(degrees: f.theta, 1, 0, 0)
        upper.masksToBounds = true
        upper.sublayers = [detailView()]
        // Bottom half: rotates about its bottom edge (anchor (0.5, 1)) the other way; its bounds
        // origin shows the lower half of the same detail view. Its anchor sits exactly at the
        // visible height, so its top edge meets the top half's lower edge. It reaches two device
        // pixels past the fold line, under the top half (drawn after it): two separately
        // antialiased edges meeting in one pixel would let the background show through there as a
        // light seam; this way the top half's edge blends over the same detail content instead.
        // Past the fold the bottom plane lies further back, so the extra strip projects inside
        // the top half's outline.
        let overlap = 2 / scale
        var lower = PresentationLayer()
        lower.bounds = Rect(0, d / 2 - overlap, w, d / 2 + overlap)
        lower.anchorPoint = Point(0.5, 1)
        lower.position = Point(w / 2, top + f.bottom)
        lower.transform = perspective.rotated(degrees: -f.theta, 1, 0, 0)
        lower.masksToBounds = true
        lower.sublayers = [detailView()]
        if table.expansion.shadow {
            // Each shadow reaches past the half's clipped edges (the gradient holds its end
            // colour there): a shadow exactly the half's size would be antialiased twice at the
            // edges, by its own coverage and by the clip, and its edge pixels would come out
            // lighter than the content under them, a light line along the fold.
            var s1 = box(Rect(-overlap, 0, w + 2 * overlap, d / 2 + overlap), nil)
            s1.gradient = Gradient(colors: [.clear, .black], endPoint: Point(0.5, (d / 2) / (d / 2 + overlap)))
            s1.opacity = f.shadow
            upper.sublayers.append(s1)
            var s2 = box(Rect(-overlap, d / 2 - overlap, w + 2 * overlap, d / 2 + overlap), nil)
            s2.gradient = Gradient(colors: [.black, .clear])
            s2.opacity = f.shadow
            lower.sublayers.append(s2)
        }
        return [lower, upper]
    }
}
