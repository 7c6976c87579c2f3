/// Every row of a table by identity (`TableTimeline`'s numbers): first the initial sections'
/// rows, read where the scene holds them, then those the script's updates bring. The initial
/// rows are not copied: a table of a million rows held them twice (about 150 bytes each).
public struct TableRows: RandomAccessCollection, Sendable {
    /// The table's initial sections, shared with the scene (copy on write: never written here).
    private var initial: [TableModel.Section] = []
    /// The identity of each initial section's first row, and past the last one the count.
    private var starts: [Int] = [0]
    /// Rows that updates and `reconfigureRows` bring, in script order.
    private var added: [TableModel.Row] = []

    public init() {}

    /// Numbers the rows of `sections` from 0 (only for a table with no rows yet).
    init(initial sections: [TableModel.Section]) {
        initial = sections
        starts.reserveCapacity(sections.count + 1)
        for s in sections { starts.append(starts[starts.count - 1] + s.rows.count) }
    }

    var initialCount: Int { starts[starts.count - 1] }
    public var startIndex: Int { 0 }
    public var endIndex: Int { initialCount + added.count }

    public subscript(id: Int) -> TableModel.Row {
        let n = initialCount
        guard id < n else { return added[id - n] }
        // The section whose rows hold `id`: the last start at or before it.
        var lo = 0, hi = initial.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= id { lo = mid } else { hi = mid - 1 }
        }
        return initial[lo].rows[id - starts[lo]]
    }

    mutating func append(_ row: TableModel.Row) { added.append(row) }
}
