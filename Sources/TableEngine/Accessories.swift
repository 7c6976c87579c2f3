import Geometry
import LayerTree
import SceneModel
import Simulation

/// The accessories at a cell's trailing edge: UIKit's (disclosure indicator, check mark, info
/// buttons), the sections article's chevrons, and a row's own accessory view.
extension TableSimulation {
    /// A cell's accessory at its trailing margin (16 pt), centred in the row.
    ///
    /// - `disclosureIndicator`: UIKit's, a thin filled chevron in systemGray3 (reference 6.6: the
    ///   12 x 20 polygon of Ionic's iOS emulation at 8.4 x 14 pt, arms about 2 pt thick).
    /// - `chevronUp`, `chevronDown`: the sections article's `DTCustomColoredAccessory`, a 15 x 15
    ///   view whose `drawRect:` strokes two arms of R = 4.5 pt from a tip at (maxX - 7,
    ///   minY + 5) or (maxX - 7, maxY - 5), 3 pt wide with square caps and miter joins, in the
    ///   table's accessory colour (`[UIColor grayColor]` in the article).
    /// - `checkmark`: UIKit's check mark in the tint colour (`tint`: the row's; systemBlue by default), drawn as our own
    ///   two strokes 2 pt wide with round caps in a 14 pt box (its size is by eye, unconfirmed).
    ///   While the cell is highlighted (`highlighted`), its `highlightedColor` (white unless set).
    func accessory(_ kind: TableModel.Accessory, cellWidth: Double, rowHeight: Double, highlighted: Bool = false, tint: Color? = nil) -> PresentationLayer? {
        let tint = tint ?? self.tint
        let d: [PathCommand], size: Point
        switch kind {
        case .none: return nil
        case .disclosureIndicator:
            var l = box(Rect(cellWidth - 16 - 8.4, (rowHeight - 14) / 2, 8.4, 14), nil)
            l.shape = ShapeContent(commands: TableSimulation.disclosurePath,
                                   fillColor: named("systemGray3"), strokeColor: nil, lineWidth: 0, lineCap: .butt,
                                   lineJoin: .miter, miterLimit: 10, fillRule: .nonZero)
            return l
        case .checkmark:
            var l = box(Rect(cellWidth - 16 - 14, (rowHeight - 14) / 2, 14, 14), nil)
            l.shape = ShapeContent(commands: TableSimulation.checkmarkPath, fillColor: nil,
                                   strokeColor: tint, lineWidth: 2, lineCap: .round,
                                   lineJoin: .round, miterLimit: 10, fillRule: .nonZero)
            return l
        case .detailButton:
            return infoButton(x: cellWidth - 16 - 22, rowHeight: rowHeight, tint: tint)
        case .detailDisclosureButton:
            var pair = box(Rect(0, 0, cellWidth, rowHeight), nil)
            pair.sublayers = [infoButton(x: cellWidth - 16 - 8.4 - 12 - 22, rowHeight: rowHeight, tint: tint)]
            if let chevron = accessory(.disclosureIndicator, cellWidth: cellWidth, rowHeight: rowHeight) { pair.sublayers.append(chevron) }
            return pair
        case .chevronUp: d = TableSimulation.chevronUpPath; size = Point(15, 15)
        case .chevronDown: d = TableSimulation.chevronDownPath; size = Point(15, 15)
        }
        var l = box(Rect(cellWidth - 16 - size.x, (rowHeight - size.y) / 2, size.x, size.y), nil)
        l.shape = ShapeContent(commands: d, fillColor: nil,
                               strokeColor: highlighted ? table.accessoryHighlightedColor : table.accessoryColor, lineWidth: 3, lineCap: .square,
                               lineJoin: .miter, miterLimit: 10, fillRule: .nonZero)
        return l
    }

    /// How much of the row's width an accessory takes from the text (its width and the gap).
    package static func accessoryReserve(_ a: TableModel.Accessory) -> Double {
        switch a {
        case .none: return 0
        case .detailButton: return 22 + 12
        case .detailDisclosureButton: return 8.4 + 12 + 22 + 12
        default: return 27
        }
    }

    /// The row content's accessory view at the trailing margin (16 pt), centred in the row, its
    /// own size kept (UIKit places an accessory view, keeping its size); else its `accessory`.
    func accessory(of content: Int, _ model: TableModel.Row, cellWidth: Double, rowHeight: Double, highlighted: Bool = false) -> PresentationLayer? {
        guard var view = accessoryViews[content] else {
            return accessory(model.accessory, cellWidth: cellWidth, rowHeight: rowHeight, highlighted: highlighted, tint: tint(model))
        }
        let size = view.bounds
        view.position = Point(cellWidth - 16 - size.width + view.anchorPoint.x * size.width,
                              (rowHeight - size.height) / 2 + view.anchorPoint.y * size.height)
        return view
    }

    /// UIKit's info button, as our own shapes (Apple's symbol is not shipped): a 22 pt circle
    /// stroked 1.5 pt in the tint colour (the row's; systemBlue by default) around an "i" (a dot, and a stem with a
    /// flag at its top left and a foot), its size by eye (unconfirmed).
    func infoButton(x: Double, rowHeight: Double, tint blue: Color) -> PresentationLayer {
        var l = box(Rect(x, (rowHeight - 22) / 2, 22, 22), nil)
        l.shape = ShapeContent(commands: TableSimulation.infoCirclePath, fillColor: nil, strokeColor: blue, lineWidth: 1.5, lineCap: .butt,
                               lineJoin: .miter, miterLimit: 10, fillRule: .nonZero)
        var i = box(Rect(0, 0, 22, 22), nil)
        i.shape = ShapeContent(commands: TableSimulation.infoLetterPath, fillColor: blue, strokeColor: nil, lineWidth: 0, lineCap: .butt,
                               lineJoin: .miter, miterLimit: 10, fillRule: .nonZero)
        l.sublayers = [i]
        return l
    }

    static let infoCirclePath = (try? SVGPathParser.parse("M 1.75 11 A 9.25 9.25 0 1 1 20.25 11 A 9.25 9.25 0 1 1 1.75 11 Z")) ?? []
    static let infoLetterPath = (try? SVGPathParser.parse(
        "M 9.6 6.3 A 1.45 1.45 0 1 1 12.5 6.3 A 1.45 1.45 0 1 1 9.6 6.3 Z "
        + "M 9 9.2 L 12.1 9.2 L 12.1 15.5 L 13.5 15.5 L 13.5 16.9 L 8.6 16.9 L 8.6 15.5 L 10.3 15.5 L 10.3 10.5 L 9 10.5 Z")) ?? []

    /// The accessories' outlines, parsed once.
    static let disclosurePath = (try? SVGPathParser.parse("M 1.4 14 L 0 12.6 L 5.6 7 L 0 1.4 L 1.4 0 L 8.4 7 Z")) ?? []
    /// Our own check mark (Apple's SF Symbol is not shipped): two strokes in a 14 pt box.
    static let checkmarkPath = (try? SVGPathParser.parse("M 1.5 7.5 L 5.5 11.5 L 12.5 2.5")) ?? []
    static let chevronUpPath = (try? SVGPathParser.parse("M 3.5 9.5 L 8 5 L 12.5 9.5")) ?? []
    static let chevronDownPath = (try? SVGPathParser.parse("M 3.5 5.5 L 8 10 L 12.5 5.5")) ?? []
}
