/// The table's data over time: the initial sections, then each update of the script applied as
/// UITableView applies it. Rows and sections are numbered once (the initial ones in order, then
/// those each update brings, in script order), and keep their number through moves.
///
/// A batch follows UIKit's rules: deletes, reloads and a move's source are index paths before
/// the update; inserts and a move's destination are index paths after it. An index path that
/// cannot be is refused with UIKit's message (`Invalid update: attempt to insert row 5 into
/// section 0, but there are only 4 rows in section 0 after the update`).
public struct TableTimeline: Sendable {
    /// One update: the data before and after it, and how each row that comes or goes animates.
    public struct Step: Sendable {
        public var time: Double
        public var before: TableData
        public var after: TableData
        /// Rows and sections that appear, and how (by identity).
        public var inserted: [Int: TableModel.RowAnimation] = [:]
        public var deleted: [Int: TableModel.RowAnimation] = [:]
        public var insertedSections: [Int: TableModel.RowAnimation] = [:]
        public var deletedSections: [Int: TableModel.RowAnimation] = [:]
        /// A reloaded row's new identity to its old one: the old cell leaves where the new one comes.
        public var replaced: [Int: Int] = [:]
        /// Rows moved by `moveRow` (drawn above the others while they move).
        public var moved: Set<Int> = []
        /// Sections moved by `moveSection` (their rows drawn above the others while they move).
        public var movedSections: Set<Int> = []
        /// 0: at once (`reloadData`).
        public var duration: Double
        /// A reorder drag's length in seconds (see `TableUpdate.reorder`).
        public var reorder: Double?
        public var timing: TimingFunction?
    }

    /// Every row and section by identity.
    public private(set) var rows = TableRows()
    public private(set) var sections: [TableModel.Section] = []
    public private(set) var initial = TableData(sections: [])
    public private(set) var steps: [Step] = []
    /// The row each tap, swipe and scroll-to-row event of the script names, by the event's index.
    public private(set) var eventRows: [Int: Int] = [:]
    /// Content given to rows by `reconfigureRows`, in script order: from `time` the row `id`
    /// shows the content numbered `content` (an entry of ``rows`` that no section holds).
    public private(set) var reconfigures: [(time: Double, id: Int, content: Int)] = []

    /// Replays the script's updates. `report(path, message)` receives each update or event that
    /// names a row or section that is not there at its time; such an update is skipped.
    ///
    /// UIKit raises at the first invalid update, so what the script names after it is checked
    /// against data that update never changed: its mistakes may follow from the first (an
    /// insert that failed makes every later index path into the new section wrong). After the
    /// first, at most ``laterProblemsShown`` more are said, each marked so, and the rest counted.
    public init(table: TableModel, script: [ScriptEvent], report: (String, String) -> Void = { _, _ in }) {
        var firstInvalid: String?, later = 0
        func say(_ path: String, _ message: String) {
            guard let first = firstInvalid else { return report(path, message) }
            later += 1
            if later <= TableTimeline.laterProblemsShown { report(path, message + " (after the invalid update at \(first), where UIKit raises: this may follow from it)") }
        }
        defer {
            if let first = firstInvalid, later > TableTimeline.laterProblemsShown {
                let n = later - TableTimeline.laterProblemsShown
                report(first, "\(n) more problem\(n == 1 ? "" : "s") in later events, checked against the data without this invalid update (fix it first)")
            }
        }
        initial = add(table.sections, initial: true)
        var data = initial
        for (i, e) in script.enumerated() {
            switch e.action {
            case .update(let u):
                var fail: String?
                let step = apply(u, to: data, at: e.at) { fail = fail ?? $0 }
                if let fail {
                    say(e.jsonPath, "Invalid update: \(fail)")
                    firstInvalid = firstInvalid ?? e.jsonPath
                    continue
                }
                steps.append(step)
                data = step.after
            case .tap(let s, let r, _):
                if let id = resolve(RowPath(s, r), in: data, path: ModelPath.join(e.jsonPath, "tap"), say) { eventRows[i] = id }
            case .swipe(let p, _):
                if let id = resolve(p, in: data, path: ModelPath.join(e.jsonPath, "swipe"), say) { eventRows[i] = id }
            case .scrollToRow(let p, _, _):
                if let id = resolve(p, in: data, path: ModelPath.join(e.jsonPath, "scrollToRow"), say) { eventRows[i] = id }
            case let .reconfigureRows(paths, new):
                // Numbered whether or not their rows are there, as `Scene.tableRows` counts them.
                for (k, (p, row)) in zip(paths, new).enumerated() {
                    rows.append(row)
                    let at = ModelPath.index(ModelPath.join(ModelPath.join(e.jsonPath, "reconfigureRows"), "indexPaths"), k)
                    if let id = resolve(p, in: data, path: at, say) { reconfigures.append((e.at, id, rows.count - 1)) }
                }
            case .scroll, .drag, .release, .fling, .setEditing, .refreshing:
                continue
            }
        }
    }

    /// How many problems after the first invalid update are said one by one.
    public static let laterProblemsShown = 3

    /// The index of the last update at or before `t` (among the first `limit`), if any.
    public func stepIndex(at t: Double, limit: Int? = nil) -> Int? {
        let n = min(limit ?? steps.count, steps.count)
        var k: Int?
        for i in 0..<n where steps[i].time <= t { k = i }
        return k
    }

    /// The entry of ``rows`` whose content row `id` shows at `t`: its own, or the last
    /// `reconfigureRows` content given to it at or before `t`.
    public func content(of id: Int, at t: Double) -> Int {
        var out = id
        for r in reconfigures where r.id == id && r.time <= t { out = r.content }
        return out
    }

    /// The data as it is at `t` (after every update at or before it).
    public func data(at t: Double) -> TableData { stepIndex(at: t).map { steps[$0].after } ?? initial }

    func resolve(_ p: RowPath, in data: TableData, path: String, _ report: (String, String) -> Void) -> Int? {
        if data.sections.isEmpty {
            report(ModelPath.join(path, "section"), "expected a section, found \(p.section) (the table has no sections at that time)")
            return nil
        }
        if p.section >= data.sections.count {
            report(ModelPath.join(path, "section"), "expected a section index below \(data.sections.count), found \(p.section)")
            return nil
        }
        let n = data.sections[p.section].rows.count
        if n == 0 {
            report(ModelPath.join(path, "row"), "expected a row, found \(p.row) (section \(p.section) has no rows at that time)")
            return nil
        }
        if p.row >= n {
            report(ModelPath.join(path, "row"), "expected a row index below \(n), found \(p.row)")
            return nil
        }
        return data.sections[p.section].rows[p.row]
    }

    /// Numbers new sections and their rows (`initial`: the table's own, the first numbered,
    /// kept where the scene has them).
    mutating func add(_ new: [TableModel.Section], initial: Bool = false) -> TableData {
        var out: [TableData.Section] = []
        if initial { rows = TableRows(initial: new) }
        var next = 0
        for s in new {
            var entry = TableData.Section(id: sections.count, rows: [])
            if initial {
                entry.rows = Array(next ..< next + s.rows.count)
                next += s.rows.count
            } else {
                for r in s.rows { entry.rows.append(rows.count); rows.append(r) }
            }
            var bare = s
            bare.rows = []
            sections.append(bare)
            out.append(entry)
        }
        return TableData(sections: out)
    }

    /// What an update's changes ask for, gathered before the new data is made.
    struct Plan {
        var removedRows = Set<Int>(), removedSections = Set<Int>()
        var inserts: [(path: RowPath, id: Int)] = []
        var moveSources: [Int: RowPath] = [:], sectionInserts: [(index: Int, section: TableData.Section)] = []
        /// A reloaded row's old identity to its new one.
        var reloads: [Int: Int] = [:]
        /// Sections moved (`moveSection`): the section's identity and its index after the update.
        var sectionMoves: [(id: Int, to: Int)] = []
    }

    /// One update applied to `before`; `fail` receives what makes it impossible.
    mutating func apply(_ u: TableUpdate, to before: TableData, at time: Double, fail: (String) -> Void) -> Step {
        var step = Step(time: time, before: before, after: before, duration: u.duration, timing: u.timingFunction)
        step.reorder = u.reorder
        let plan = gather(u, before: before, into: &step, fail: fail)
        step.after.sections = assemble(plan, before: before, fail: fail)
        // A deleted row keeps no height of its own.
        if !step.after.heights.isEmpty {
            let present = Set(step.after.sections.flatMap(\.rows))
            step.after.heights = step.after.heights.filter { present.contains($0.key) }
        }
        return step
    }

    /// The row at `p` in the data before an update, or UIKit's message for one that is not there.
    static func row(_ p: RowPath, in before: TableData, _ verb: String, _ fail: (String) -> Void) -> Int? {
        guard p.section >= 0, p.section < before.sections.count else {
            fail("attempt to \(verb) row \(p.row) in section \(p.section), but there are only \(before.sections.count) sections before the update")
            return nil
        }
        guard let id = before.row(at: p) else {
            fail("attempt to \(verb) row \(p.row) from section \(p.section) which only contains \(before.sections[p.section].rows.count) rows before the update")
            return nil
        }
        return id
    }

    /// The changes checked against the data before the update, and what they ask for.
    mutating func gather(_ u: TableUpdate, before: TableData, into step: inout Step, fail: (String) -> Void) -> Plan {
        var plan = Plan()
        func rowBefore(_ p: RowPath, _ verb: String) -> Int? { TableTimeline.row(p, in: before, verb, fail) }
        for change in u.changes {
            switch change {
            case let .deleteRows(paths, a):
                for p in paths {
                    guard let id = rowBefore(p, "delete") else { continue }
                    if !plan.removedRows.insert(id).inserted {
                        fail(plan.moveSources[id] != nil ? "attempt to delete and move row \(p.row) of section \(p.section) in one update"
                             : "attempt to delete row \(p.row) from section \(p.section) twice")
                    }
                    step.deleted[id] = a
                }
            case let .reloadRows(paths, new, a):
                let data = add([TableModel.Section(title: nil, collapsible: false, expanded: true, rows: new)])
                sections.removeLast()
                for (p, newID) in zip(paths, data.sections[0].rows) {
                    guard let id = rowBefore(p, "reload") else { continue }
                    if plan.reloads[id] != nil || plan.removedRows.contains(id) {
                        fail("attempt to reload row \(p.row) of section \(p.section), which is deleted, moved or reloaded in the same update")
                    }
                    plan.reloads[id] = newID
                    step.replaced[newID] = id
                    step.deleted[id] = a
                    step.inserted[newID] = a
                }
            case let .moveRow(from, to):
                guard let id = rowBefore(from, "move") else { continue }
                if !plan.removedRows.insert(id).inserted || plan.reloads[id] != nil {
                    fail("attempt to move row \(from.row) of section \(from.section), which is deleted, reloaded or moved in the same update")
                }
                step.moved.insert(id)
                plan.moveSources[id] = from
                plan.inserts.append((to, id))
            case let .insertRows(paths, new, a):
                let data = add([TableModel.Section(title: nil, collapsible: false, expanded: true, rows: new)])
                sections.removeLast()
                for (p, id) in zip(paths, data.sections[0].rows) {
                    plan.inserts.append((p, id))
                    step.inserted[id] = a
                }
            case let .deleteSections(indexes, a):
                TableTimeline.gatherSectionDeletes(indexes, a, before: before, into: &plan, &step, fail)
            case let .insertSections(indexes, new, a):
                let data = add(new)
                for (i, s) in zip(indexes, data.sections) {
                    plan.sectionInserts.append((i, s))
                    step.insertedSections[s.id] = a
                    for id in s.rows { step.inserted[id] = a }
                }
            case let .moveSection(from, to):
                TableTimeline.gatherSectionMove(from, to, before: before, into: &plan, &step, fail)
            case let .rowHeights(paths, heights):
                for (p, h) in zip(paths, heights) {
                    guard let id = rowBefore(p, "resize") else { continue }
                    step.after.heights[id] = h
                }
            case .reloadData(let new):
                plan.removedSections.formUnion(before.sections.map(\.id))
                plan.sectionInserts = add(new).sections.enumerated().map { ($0.offset, $0.element) }
                step.duration = 0
            }
        }
        // A move out of a section the same batch deletes, whichever comes first in it: UIKit
        // raises ("cannot move a row from a deleted section"); drawn, the row would land in the
        // section after it.
        for (_, from) in plan.moveSources.sorted(by: { ($0.value.section, $0.value.row) < ($1.value.section, $1.value.row) })
        where from.section >= 0 && from.section < before.sections.count && plan.removedSections.contains(before.sections[from.section].id)
            && !plan.sectionMoves.contains(where: { $0.id == before.sections[from.section].id }) {
            fail("cannot move a row from a deleted section (row \(from.row) of section \(from.section), which this update deletes)")
        }
        return plan
    }

    /// `deleteSections`: each section goes with its rows, by the animation.
    static func gatherSectionDeletes(_ indexes: [Int], _ a: TableModel.RowAnimation, before: TableData, into plan: inout Plan,
                                     _ step: inout Step, _ fail: (String) -> Void) {
        for i in indexes {
            guard i >= 0, i < before.sections.count else {
                fail("attempt to delete section \(i), but there are only \(before.sections.count) sections before the update")
                continue
            }
            let s = before.sections[i]
            if !plan.removedSections.insert(s.id).inserted { fail("attempt to delete section \(i) twice") }
            step.deletedSections[s.id] = a
            for id in s.rows { step.deleted[id] = a }
        }
    }

    /// A `moveSection`: the section leaves with its identity and rows, to come back at `to`.
    static func gatherSectionMove(_ from: Int, _ to: Int, before: TableData, into plan: inout Plan, _ step: inout Step, _ fail: (String) -> Void) {
        guard from >= 0, from < before.sections.count else {
            fail("attempt to move section \(from), but there are only \(before.sections.count) sections before the update")
            return
        }
        let id = before.sections[from].id
        if !plan.removedSections.insert(id).inserted {
            fail(plan.sectionMoves.contains { $0.id == id } ? "attempt to move section \(from) twice in one update"
                 : "attempt to delete and move section \(from) in one update")
        }
        plan.sectionMoves.append((id, to))
        step.movedSections.insert(id)
    }

    /// The data after the update: deletes, reloads and moves' sources first, by the data before
    /// it; then the inserted sections and rows in index order, by the data after it.
    func assemble(_ plan: Plan, before: TableData, fail: (String) -> Void) -> [TableData.Section] {
        let (removedRows, removedSections, inserts, moveSources, reloads) =
            (plan.removedRows, plan.removedSections, plan.inserts, plan.moveSources, plan.reloads)
        func kept(_ s: TableData.Section) -> TableData.Section {
            TableData.Section(id: s.id, rows: s.rows.compactMap { id in
                if let new = reloads[id] { return new }
                return removedRows.contains(id) ? nil : id
            })
        }
        var sectionsAfter: [TableData.Section] = before.sections.filter { !removedSections.contains($0.id) }.map(kept)
        // A moved section comes back at its index after the update, with its rows (by identity,
        // so they slide there), as an inserted section does.
        var sectionInserts = plan.sectionInserts
        for move in plan.sectionMoves {
            guard let s = before.sections.first(where: { $0.id == move.id }) else { continue }
            sectionInserts.append((move.to, kept(s)))
        }
        var seenSections = Set<Int>()
        for (i, _) in sectionInserts where !seenSections.insert(i).inserted {
            fail(plan.sectionMoves.contains { $0.to == i } ? "attempt to move a section to section \(i), where another section is inserted or moved in the same update"
                 : "attempt to insert section \(i) twice")
        }
        var seenPaths: [RowPath: Int] = [:]
        for (p, id) in inserts {
            if let other = seenPaths[p] {
                let moves = [other, id].filter { moveSources[$0] != nil }.count
                fail(moves == 0 ? "attempt to insert row \(p.row) into section \(p.section) twice"
                     : moves == 1 ? "attempt to perform an insert and a move to the same index path (row \(p.row) of section \(p.section))"
                     : "attempt to move two rows to the same index path (row \(p.row) of section \(p.section))")
            }
            seenPaths[p] = id
        }
        let sectionsTotal = sectionsAfter.count + sectionInserts.count
        for (i, s) in sectionInserts.sorted(by: { $0.index < $1.index }) {
            guard i >= 0, i <= sectionsAfter.count else {
                if let from = before.sections.firstIndex(where: { $0.id == s.id }) {
                    fail("attempt to move section \(from) to section \(i), but there are only \(sectionsTotal) sections after the update")
                } else {
                    fail("attempt to insert section \(i) but there are only \(sectionsTotal) sections after the update")
                }
                continue
            }
            sectionsAfter.insert(s, at: i)
        }
        func rowsTotal(_ s: Int) -> Int { sectionsAfter[s].rows.count + inserts.filter { $0.path.section == s }.count }
        let totals = sectionsAfter.indices.map(rowsTotal)
        for (p, id) in inserts.sorted(by: { $0.path < $1.path }) {
            let what = moveSources[id].map { "move row \($0.row) of section \($0.section) to row \(p.row) of section \(p.section)" }
                ?? "insert row \(p.row) into section \(p.section)"
            guard p.section >= 0, p.section < sectionsAfter.count else {
                fail("attempt to \(what), but there are only \(sectionsAfter.count) sections after the update")
                continue
            }
            guard p.row >= 0, p.row <= sectionsAfter[p.section].rows.count else {
                fail("attempt to \(what), but there are only \(totals[p.section]) rows in section \(p.section) after the update")
                continue
            }
            sectionsAfter[p.section].rows.insert(id, at: p.row)
        }
        return sectionsAfter
    }
}
