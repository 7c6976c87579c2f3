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
        let (s, i) = place(id)
        return s < 0 ? added[i] : initial[s].rows[i]
    }

    /// Where row `id` is kept: its initial section and index there, or -1 and its index in `added`.
    private func place(_ id: Int) -> (section: Int, index: Int) {
        let n = initialCount
        guard id < n else { return (-1, id - n) }
        // The section whose rows hold `id`: the last start at or before it.
        var lo = 0, hi = initial.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= id { lo = mid } else { hi = mid - 1 }
        }
        return (lo, id - starts[lo])
    }

    /// Fields of row `id`, read where the row is kept. A layout reads a row's height (and
    /// whether it is expanded) for every row it walks; the subscript copies the whole row, its
    /// strings and arrays retained and released, which was most of a frame of a table that
    /// folds (issue 53: 100,000 rows, 64 ms a frame).
    public func height(_ id: Int) -> Double? {
        let (s, i) = place(id)
        return s < 0 ? added[i].height : initial[s].rows[i].height
    }

    /// Whether row `id` starts expanded (see ``height(_:)``).
    public func expanded(_ id: Int) -> Bool {
        let (s, i) = place(id)
        return s < 0 ? added[i].expanded : initial[s].rows[i].expanded
    }

    /// Row `id`'s own detail height (see ``height(_:)``).
    public func detailHeight(_ id: Int) -> Double? {
        let (s, i) = place(id)
        return s < 0 ? added[i].detailHeight : initial[s].rows[i].detailHeight
    }

    mutating func append(_ row: TableModel.Row) { added.append(row) }
}

extension TableModel {
    /// The text bytes `count` rowCount titles of `format` count against `--max-text-length`:
    /// each one's bytes past its first 16 (a short title is stored within its row), priced
    /// before any title is made.
    public static func rowCountTitleBytes(format: String, count: Int) -> Int {
        titleBytes(pieces: format.split(separator: "%d", omittingEmptySubsequences: false).map(String.init), count: count, over: 16)
    }

    /// What the table's made text costs before it is made: the bytes of `count` titles made of `pieces` joined by each row's number, past the first
    /// `over` bytes of each (saturating at `Int.max`).
    package static func titleBytes(pieces: [String], count: Int, over: Int) -> Int {
        let literal = pieces.reduce(0) { $0 + $1.utf8.count }
        let numbers = max(pieces.count - 1, 0)
        var total = 0
        var digits = 1, start = 0
        while start < count {
            // Rows start ..< end have numbers of `digits` digits.
            let end = min(count, start == 0 ? 10 : start * 10)
            let each = Int(saturating: Double(literal) + Double(numbers) * Double(digits))
            total = Int(saturating: Double(total) + Double(max(each - over, 0)) * Double(end - start))
            start = end
            digits += 1
        }
        return total
    }
}
