import JSONText
import SceneModel

/// A table's `rowCount`: that many plain rows in one more section, priced before they are made.
extension SceneDecoder {
    /// The rowCount's section and its titles' format, or nil (with a problem) when the count or
    /// its titles are past the budgets.
    static func decodeRowCount(_ rc: JSON, _ o: [String: JSON], _ r: Reader) -> (section: TableModel.Section, format: String)? {
        func p(_ k: String) -> String { Reader.join("table", k) }
        guard let count = r.integer(rc, p("rowCount"), min: 0, max: 10_000_000),
              r.within(\.layers, r.layerCount + count, p("rowCount"), found: "\(r.layerCount + count) with these rows") else { return nil }
        r.layerCount += count
        let format = o["titleFormat"].flatMap { r.string($0, p("titleFormat")) } ?? "Cell %d"
        let pieces = format.split(separator: "%d", omittingEmptySubsequences: false).map(String.init)
        // The titles are priced before they are made (issue 53.4): each one's bytes past the
        // first 16 (a short title is stored within its row) count as text.
        let long = TableModel.titleBytes(pieces: pieces, count: count, over: 16)
        r.textLength = Int(saturating: Double(r.textLength) + Double(long))
        guard r.within(\.textLength, r.textLength, p("titleFormat"), found: "\(r.textLength) with the rowCount's titles (\(count) rows of titleFormat, each counted past its first 16 bytes)") else { return nil }
        // `{row}` is bound into a cell template only (a value per row costs 136 bytes).
        var templated = false
        if case .object(let members)? = o["cell"], let t = members.first(where: { $0.key == "template" })?.value, t != .null {
            templated = true
        }
        let rows = (0..<count).map {
            TableModel.Row(title: pieces.joined(separator: String($0)), detail: nil, accessory: .none,
                           height: nil, expanded: false, values: templated ? ["row": String($0)] : [:], jsonPath: p("rowCount"))
        }
        return (TableModel.Section(title: nil, collapsible: false, expanded: true, rows: rows), format)
    }
}
