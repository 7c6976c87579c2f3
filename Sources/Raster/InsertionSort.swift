/// The insertion sort the sweeps use for their short, nearly sorted lists (a row's cuts, its
/// active edges, a group's edges): stable, in place, no allocation. One definition, so every
/// list is ordered by the same rule: an element moves left past those it comes `before`, never
/// past an equal one.
enum InsertionSort {
    /// Puts `item` into the sorted `p[0..<count]` (which must have room at `p[count]`), after
    /// every element it does not come before. Returns how many elements moved (the work).
    @inline(__always) @discardableResult
    static func insert<T>(_ item: T, into p: UnsafeMutablePointer<T>, count: Int, by before: (T, T) -> Bool) -> Int {
        var j = count - 1
        while j >= 0 && before(item, p[j]) { p[j + 1] = p[j]; j -= 1 }
        p[j + 1] = item
        return count - 1 - j
    }

    /// Sorts `p[0..<count]` by `before`.
    @inline(__always)
    static func sort<T>(_ p: UnsafeMutablePointer<T>, count: Int, by before: (T, T) -> Bool) {
        var k = 1
        while k < count {
            insert(p[k], into: p, count: k, by: before)
            k += 1
        }
    }
}
